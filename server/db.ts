// Opens the database this process runs on: PostgreSQL when DATABASE_URL is set, otherwise the
// embedded PGlite in DATA_DIR. Both run the same migrations and the same queries.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Database } from "../lib/db.ts";

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "db/migrations");

export interface DatabaseHandle {
  kind: "pglite" | "postgres";
  db: Database;
  migrate(): Promise<void>;
  /** Answers quickly whether a query can run now (readiness). */
  ping(): Promise<void>;
  /**
   * The database through connections of their own (a second pool of `poolSize`, closed with this
   * handle), for a party that must not queue behind this process's requests; PGlite has one
   * connection, and gives the same database.
   */
  ownPool(poolSize: number): Database;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize: number;
  /** A PGlite data-dir dump to start from (tests load a migrated snapshot instead of migrating). */
  loadDataDir?: Blob | File | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize) : openPglite(options);
}

/** Any fixed number: several app nodes starting at once migrate one after the other. */
const MIGRATION_LOCK_KEY = 74_617_265;

async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** A new connection to the server must open within this; a server that does not answer fails fast. */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * How long a query may wait for a connection of the pool, opening included. A burst (250 buyers at
 * once) queues for the pool's connections for seconds while the CPU catches up; with the
 * connect timeout as the whole wait, as pg-pool has it by default, most of that burst was answered 500
 * after 5 s (found by `npm run load`, ADR 0034). Waiting is the answer a buyer wants; past this, a
 * request has waited long enough to fail.
 */
const POOL_WAIT_MS = 60_000;

/** pg's client with its own connect timeout: the pool's connectionTimeoutMillis is then only the wait for the pool. */
class TimedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({
      ...(typeof config === "string" ? { connectionString: config } : config),
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
  }
}

function openPostgres(connectionString: string, poolSize: number): DatabaseHandle {
  const pool = openPool(connectionString, poolSize);
  const db = drizzleNodePg(pool) as unknown as Database;
  const ownPools: pg.Pool[] = [];
  return {
    kind: "postgres",
    db,
    migrate: () => migrateUnderLock(pool),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    ownPool: (size) => {
      const own = openPool(connectionString, size);
      ownPools.push(own);
      return drizzleNodePg(own) as unknown as Database;
    },
    close: async () => {
      await Promise.all(ownPools.map((own) => own.end()));
      await pool.end();
    },
  };
}

function openPool(connectionString: string, poolSize: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: POOL_WAIT_MS,
    Client: TimedClient,
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  // Nor one lent out: a connection terminated mid-transaction (pg_terminate_backend, a failover) fails
  // its query and then emits "error" on the client, which the pool only listens to while the client is
  // idle — unheard, it was an uncaught exception that killed the process (found by the fault tests,
  // ADR 0034). The failed query already answers the request; the pool drops the dead client on release.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  return pool;
}

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  const inMemory = options.dataDir === ":memory:";
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : options.dataDir, {
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  return pgliteHandle(client);
}

/** The handle of an open PGlite; `close` ends it unless told otherwise (tests lend databases from a pool). */
export function pgliteHandle(client: PGlite, close: () => Promise<void> = () => client.close()): DatabaseHandle {
  const db = drizzlePglite(client) as unknown as Database;
  return {
    kind: "pglite",
    db,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await client.query("select 1");
    },
    ownPool: () => db,
    close,
  };
}
