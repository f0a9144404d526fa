// Scenarios written once for both databases (the embedded default and PostgreSQL):
// a `*.db.test.ts` boots with `bootTestRuntime`, which is a PGlite snapshot, unless a `*.pg.test.ts`
// twin set the flag and imported it, in which case it is a fresh database on the PostgreSQL server.
import { createLogger } from "../../lib/logger.ts";
import { boot, type Runtime } from "../../server/boot.ts";
import { bootSnapshot } from "./db.ts";
import { withTestSecrets } from "./production-secrets.mjs";
import { createTestDatabase, type TestDatabase } from "./pg.ts";

const FLAG = "travesiaScenariosOnPostgres";

/** Called by a `*.pg.test.ts` twin before it imports the scenarios. */
export function runScenariosOnPostgres(): void {
  (globalThis as Record<string, unknown>)[FLAG] = true;
}

export function scenariosOnPostgres(): boolean {
  return (globalThis as Record<string, unknown>)[FLAG] === true;
}

const databases = new WeakMap<Runtime, TestDatabase>();

/** A booted runtime on the scenario's database; `closeTestRuntime` closes it (and drops a PostgreSQL one). */
export async function bootTestRuntime(env: Record<string, string | undefined> = {}): Promise<Runtime> {
  if (!scenariosOnPostgres()) return bootSnapshot(env);
  const database = await createTestDatabase();
  const runtime = await boot(
    withTestSecrets({ NODE_ENV: "test", ...env, DATABASE_URL: database.url, LOG_LEVEL: "silent" }),
    { logger: createLogger("silent") },
  );
  databases.set(runtime, database);
  return runtime;
}

export async function closeTestRuntime(runtime: Runtime | undefined): Promise<void> {
  if (!runtime) return;
  await runtime.database.close();
  await databases.get(runtime)?.drop();
}
