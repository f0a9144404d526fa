// The identity provider's scenarios (idp.db.test.ts) on a PostgreSQL server: its storage, keys, codes
// and grants through the `pg` driver and a pool of connections instead of the embedded PGlite.
(globalThis as { travesiaIdpOnPostgres?: boolean }).travesiaIdpOnPostgres = true;
await import("./idp.db.test.ts");

export {};
