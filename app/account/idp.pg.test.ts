// The identity provider's scenarios (idp.db.test.ts) on a PostgreSQL server: its storage, keys, codes
// and grants through the `pg` driver and a pool of connections instead of the embedded PGlite.
import { runScenariosOnPostgres } from "../../tests/setup/either-database.ts";

runScenariosOnPostgres();
await import("./idp.db.test.ts");
