// Per-file helpers of the `db` tier: a fresh in-memory database loaded from the global snapshot.
import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { boot, type Runtime } from "../../server/boot.ts";
import { openDatabase, type DatabaseHandle } from "../../server/db.ts";
import { createLogger, type Logger } from "../../lib/logger.ts";
import { withTestSecrets } from "./production-secrets.mjs";

export type { DatabaseHandle };

async function snapshot(): Promise<Blob> {
  return new Blob([await readFile(inject("pgliteSnapshot"))]);
}

/** A migrated, seeded database of this file's own (in memory, nothing shared with other files). */
export async function openSnapshot(): Promise<DatabaseHandle> {
  return openDatabase({ dataDir: ":memory:", poolSize: 1, loadDataDir: await snapshot() });
}

/** The whole runtime (config, logger, services) over a fresh copy of the snapshot. */
export async function bootSnapshot(env: Record<string, string | undefined> = {}, logger?: Logger): Promise<Runtime> {
  return boot(withTestSecrets({ NODE_ENV: "test", LOG_LEVEL: "silent", ...env, DATA_DIR: ":memory:" }), {
    prepared: true,
    loadDataDir: await snapshot(),
    logger: logger ?? createLogger("silent"),
  });
}
