// Global setup of the `db` tier: migrate and seed an in-memory PGlite once, dump its data directory to
// a temporary file, and hand the path to every test file (which loads it in well under 2 s instead of
// paying PGlite's cold migrate + seed).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import { seed } from "../../db/seed.ts";
import type { Database } from "../../lib/db.ts";
import { MIGRATIONS_FOLDER } from "../../server/db.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of a tar dump of a migrated, seeded PGlite data directory. */
    pgliteSnapshot: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "tv-tests-db-"));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  const client = await PGlite.create();
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    await seed(drizzle(client) as unknown as Database);
    const dump = await client.dumpDataDir("none");
    const file = path.join(dir, "snapshot.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide("pgliteSnapshot", file);
  } catch (error) {
    removeDir();
    throw error;
  } finally {
    await client.close();
  }
  return removeDir;
}
