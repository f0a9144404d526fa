// Per-file helpers of the `server` tier: each test file works in a database of its own, created here
// and dropped after, so runs (and files running in parallel) never collide.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

export interface TestDatabase {
  name: string;
  url: string;
  /** Runs SQL as the administrator, outside the test database (drop, terminate, inspect). */
  admin: <T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<pg.QueryResult<T>>;
  drop: () => Promise<void>;
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject("pgAdminUrl");
  const name = `travesia_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  let dropped = false;
  return {
    name,
    url: databaseUrl(adminUrl, name),
    admin: (text, values) => admin.query(text, values),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** A client connected to the test database, for direct checks; end it in the test. */
export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}
