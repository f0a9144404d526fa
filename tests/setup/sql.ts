// Raw SQL in tests: `db.execute` answers a driver-specific result (PGlite and node-postgres both carry
// `rows`), typed as unknown on the shared Database type.
import { sql } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";

export async function queryRows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Row counts of every table in the public schema, so that tables added later are covered too. */
export async function tableCounts(db: Database): Promise<Record<string, number>> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
    counts[table] = row?.n ?? -1;
  }
  return counts;
}
