// The "database unchanged" check of the fuzzer: a row trigger on every table of the test database
// writes what changed into fuzz_change_log, inside the same transaction. A write that is rolled back
// leaves no entry, so "no new entries" means exactly "nothing committed" — cheaper and stricter than
// comparing row counts and timestamps, and blind to no table added later (they are listed at install).
import { sql } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import { queryRows } from "../setup/sql.ts";

export interface ChangeLog {
  /** A mark to compare against: the last entry so far. */
  mark(): Promise<number>;
  /** The changes committed since `mark`, as "table:OPERATION" → rows. */
  since(mark: number): Promise<Record<string, number>>;
  tables: string[];
}

export async function installChangeLog(db: Database): Promise<ChangeLog> {
  const tables = (
    await queryRows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((row) => row.table_name);
  await db.execute(
    sql`create table fuzz_change_log (id bigserial primary key, table_name text not null, operation text not null)`,
  );
  await db.execute(
    sql.raw(`create function fuzz_log_change() returns trigger language plpgsql as $$
      begin insert into fuzz_change_log (table_name, operation) values (TG_TABLE_NAME, TG_OP); return null; end $$`),
  );
  for (const table of tables) {
    await db.execute(
      sql`create trigger fuzz_log_change after insert or update or delete on ${sql.identifier(table)} for each row execute function fuzz_log_change()`,
    );
  }
  return {
    tables,
    async mark() {
      const [row] = await queryRows<{ id: string | number }>(
        db,
        sql`select coalesce(max(id), 0) as id from fuzz_change_log`,
      );
      return Number(row?.id ?? 0);
    },
    async since(mark) {
      const rows = await queryRows<{ table_name: string; operation: string; n: number }>(
        db,
        sql`select table_name, operation, count(*)::int as n from fuzz_change_log where id > ${mark} group by 1, 2 order by 1, 2`,
      );
      return Object.fromEntries(rows.map((row) => [`${row.table_name}:${row.operation}`, row.n]));
    },
  };
}
