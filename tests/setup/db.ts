// Per-file helpers of the `db` tier: a database of the file's own, in the state of the global snapshot
// (migrated and seeded). Starting PGlite from the snapshot costs about a second of CPU, paid by every
// file; so a database a file has closed goes back to its worker's pool, put back in the snapshot's
// state, and the next file of that worker borrows it (ADR 0068). One whose schema a test changed is
// closed instead, and DB_TEST_FRESH=true gives every file a new one.
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { createLogger, type Logger } from "../../lib/logger.ts";
import { boot, type Runtime } from "../../server/boot.ts";
import { type DatabaseHandle, pgliteHandle } from "../../server/db.ts";
import { withTestSecrets } from "./production-secrets.mjs";

export type { DatabaseHandle };

/** A database started from the snapshot, with the statements that put it back in that state. */
interface Pristine {
  client: PGlite;
  reset: string;
  schema: string;
}

/** Idle databases of this worker (files of a worker share this module), each in the snapshot's state. */
const idle: Pristine[] = [];
const MOST_IDLE = 2;
const FRESH_ONLY = process.env.DB_TEST_FRESH === "true";
/** Where a pooled database keeps the snapshot's rows, out of the application's schemas. */
const KEPT = "tv_pristine";

async function snapshot(): Promise<Blob> {
  return new Blob([await readFile(inject("pgliteSnapshot"))]);
}

/** What a test could change about the database besides its rows: tables, columns, constraints, triggers, functions. */
const SCHEMA_FINGERPRINT = `
  with app_namespaces as (
    select oid from pg_namespace
    where nspname not in ('pg_catalog', 'information_schema', '${KEPT}') and nspname not like 'pg_toast%' and nspname not like 'pg_temp%'
  ), parts as (
    select 'r ' || c.oid::regclass::text || ' ' || c.relkind::text as part from pg_class c where c.relnamespace in (select oid from app_namespaces)
    union all select 'a ' || a.attrelid::regclass::text || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      from pg_attribute a join pg_class c on c.oid = a.attrelid left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where c.relnamespace in (select oid from app_namespaces) and a.attnum > 0 and not a.attisdropped
    union all select 'k ' || conrelid::regclass::text || ' ' || pg_get_constraintdef(oid) from pg_constraint where connamespace in (select oid from app_namespaces)
    union all select 't ' || tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text from pg_trigger where not tgisinternal
    union all select 'f ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc) from pg_proc p where p.pronamespace in (select oid from app_namespaces)
    union all select 'e ' || enumtypid::regtype::text || ' ' || enumlabel from pg_enum
    union all select 'x ' || extname from pg_extension
  )
  select md5(string_agg(part, E'\\n' order by part)) as fingerprint from parts`;

/** Keeps a copy of every table's rows and writes the statements that restore them and the sequences. */
async function keepSnapshotState(client: PGlite): Promise<string> {
  const tables = await client.query<{ id: number; name: string; columns: string[] }>(
    `select c.oid::int as id, c.oid::regclass::text as name,
       array_agg(quote_ident(a.attname) order by a.attnum) filter (where a.attgenerated = '') as columns
     from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
     group by c.oid`,
  );
  const sequences = await client.query<{ name: string; value: string; called: boolean }>(
    `select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value)::text as value, last_value is not null as called from pg_sequences`,
  );
  await client.exec(
    `create schema ${KEPT}; ${tables.rows.map((table) => `create table ${KEPT}.t${table.id} as table ${table.name};`).join("\n")}`,
  );
  const names = tables.rows.map((table) => table.name).join(", ");
  return [
    "set session_replication_role = replica;",
    `truncate table ${names};`,
    ...tables.rows.map((table) => {
      const columns = table.columns.join(", ");
      return `insert into ${table.name} (${columns}) overriding system value select ${columns} from ${KEPT}.t${table.id};`;
    }),
    ...sequences.rows.map(
      (sequence) =>
        `select setval('${sequence.name.replaceAll("'", "''")}'::regclass, ${sequence.value}, ${sequence.called});`,
    ),
    "set session_replication_role = default;",
  ].join("\n");
}

async function fingerprintOf(client: PGlite): Promise<string> {
  const result = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  return result.rows[0]!.fingerprint;
}

async function startFromSnapshot(): Promise<Pristine> {
  const client = await PGlite.create({ loadDataDir: await snapshot() });
  if (FRESH_ONLY) return { client, reset: "", schema: "" };
  const schema = await fingerprintOf(client);
  return { client, reset: await keepSnapshotState(client), schema };
}

/** Back in the pool in the snapshot's state, or closed when a test changed more than rows. */
async function giveBack(database: Pristine): Promise<void> {
  if (FRESH_ONLY || idle.length >= MOST_IDLE) return database.client.close();
  try {
    // Session settings, advisory locks, prepared statements, temporary tables: gone (inside an
    // abandoned transaction this fails, and the database is closed).
    await database.client.exec("discard all;");
    if ((await fingerprintOf(database.client)) !== database.schema) return await database.client.close();
    await database.client.exec(database.reset);
    idle.push(database);
  } catch {
    await database.client.close().catch(() => {});
  }
}

/** A PGlite that, once its borrower closed it, answers every call as a closed PGlite does. */
function borrowed(client: PGlite, isOpen: () => boolean): PGlite {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return property === "closed" ? !isOpen() || target.closed : value;
      if (!isOpen()) return () => Promise.reject(new Error("PGlite is closed"));
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
}

async function borrow(): Promise<DatabaseHandle> {
  const database = idle.pop() ?? (await startFromSnapshot());
  let open = true;
  return pgliteHandle(
    borrowed(database.client, () => open),
    async () => {
      if (!open) return;
      open = false;
      await giveBack(database);
    },
  );
}

/** A migrated, seeded database of this file's own (nothing shared with another file while it is open). */
export async function openSnapshot(): Promise<DatabaseHandle> {
  return borrow();
}

/** The whole runtime (config, logger, services) over a database of the file's own. */
export async function bootSnapshot(env: Record<string, string | undefined> = {}, logger?: Logger): Promise<Runtime> {
  return boot(withTestSecrets({ NODE_ENV: "test", LOG_LEVEL: "silent", ...env, DATA_DIR: ":memory:" }), {
    prepared: true,
    database: await borrow(),
    logger: logger ?? createLogger("silent"),
  });
}
