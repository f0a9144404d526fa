// Per-file helpers of the `server` tier: each test file works in a database of its own, created here
// and dropped after, so runs (and files running in parallel) never collide.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

export interface TestDatabase {
  name: string;
  url: string;
  /** Runs SQL as the administrator, outside the test database (drop, terminate, inspect). */
  admin: <T extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ) => Promise<pg.QueryResult<T>>;
  drop: () => Promise<void>;
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** PostgreSQL refuses to copy a template while another copy of it is being made: try again. */
const TEMPLATE_IN_USE = "55006";

/**
 * A database of the file's own: a copy of the tier's migrated, seeded template, or with `empty`, a
 * database with nothing in it (for the tests of migrations and of importers).
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = inject("pgAdminUrl");
  const name = `travesia_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const create = options.empty ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${inject("pgTemplate")}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(create);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== TEMPLATE_IN_USE || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
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
