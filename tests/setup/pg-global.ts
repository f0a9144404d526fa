// Global setup of the `server` tier: a PostgreSQL server to create per-file databases on, and a fresh
// production build. Uses 127.0.0.1:5432 (trust auth, user postgres, database `test`) when it answers;
// otherwise starts a throwaway cluster from the installed binaries on a free port and removes it after.
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import pg from "pg";
import { createLogger } from "../../lib/logger.ts";
import { prepareDatabase } from "../../server/boot.ts";
import { openDatabase } from "../../server/db.ts";
import { ensureBuild } from "./ensure-build.mjs";
import { databaseUrl } from "./pg.ts";
import { postgresAnswers as answers } from "./pg-answers.mjs";
import { freePort } from "./free-port.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** Connection string of a database on which `CREATE DATABASE` works. */
    pgAdminUrl: string;
    /** Directory of the production build the server tier starts. */
    buildDir: string;
    /** A migrated, seeded database that per-file databases are copied from. */
    pgTemplate: string;
  }
}

const LOCAL_URL = "postgres://postgres@127.0.0.1:5432/test";

function postgresBinDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(root, version, "bin");
    if (existsSync(path.join(bin, "initdb"))) return bin;
  }
  throw new Error(
    "No PostgreSQL server answers on 127.0.0.1:5432 and no initdb is installed under /usr/lib/postgresql",
  );
}

/** initdb refuses to run as root: as root, run the cluster as the `postgres` system user. */
function asClusterUser(bin: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  const [command, commandArgs] = root ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  const result = spawnSync(command, commandArgs, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${path.basename(bin)} failed: ${result.stderr || result.stdout}`);
}

async function startThrowawayCluster(): Promise<{ url: string; stop: () => void }> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), "tv-tests-pg-"));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  asClusterUser(path.join(bin, "initdb"), ["-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  asClusterUser(path.join(bin, "pg_ctl"), [
    "-D",
    dataDir,
    "-l",
    path.join(dir, "postgres.log"),
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    "-w",
    "start",
  ]);
  const stop = () => {
    try {
      asClusterUser(path.join(bin, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

export default async function setup(project: TestProject) {
  project.provide("buildDir", ensureBuild());
  const useLocal = process.env.TEST_PG_THROWAWAY !== "true" && (await answers(LOCAL_URL));
  const cluster = useLocal ? null : await startThrowawayCluster();
  if (cluster) process.stdout.write(`server tier: throwaway PostgreSQL cluster at ${cluster.url}\n`);
  const adminUrl = cluster?.url ?? LOCAL_URL;
  project.provide("pgAdminUrl", adminUrl);
  const template = await createSeededTemplate(adminUrl);
  project.provide("pgTemplate", template.name);
  return async () => {
    await template.drop();
    cluster?.stop();
  };
}

/**
 * Migrations and the seed once for the whole tier: a file's database is a copy of this one (a file
 * copy inside PostgreSQL), and the servers it starts find the migrations applied and the seed in
 * place, as a restarted production server does. Each start still runs both, as a no-op.
 */
async function createSeededTemplate(adminUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `travesia_template_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir: "", poolSize: 2 });
  try {
    await prepareDatabase(database, { seed: true, siteCode: "travesia" }, new Date(), createLogger("silent"));
  } finally {
    await database.close();
  }
  return {
    name,
    drop: async () => {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}
