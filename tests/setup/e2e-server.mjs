// One app of the e2e tier (tests/setup/e2e-servers.ts starts two): the production build on a fresh
// database, removed when the server stops.
// The database is a new one on the local PostgreSQL server (127.0.0.1:5432, trust auth, as the server
// tier uses) when it answers, else the embedded PGlite in a temporary DATA_DIR (ADR 0026, addendum 3:
// PostgreSQL boots the two e2e servers about three times faster and answers both Playwright workers at
// once, where PGlite's one connection queues them). E2E_DATABASE=pglite keeps PGlite anyway.
// Builds first when the build is missing or older than the sources (`npm test` builds once before;
// TEST_SKIP_BUILD=true skips the check when the build exists).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ensureBuild } from "./ensure-build.mjs";
import { postgresAnswers } from "./pg-answers.mjs";
import { TEST_PRODUCTION_SECRETS } from "./production-secrets.mjs";

const ENTRY = path.join(ensureBuild(), "server/index.js");
const ADMIN_URL = process.env.E2E_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** As the admin, one statement on a connection of its own. */
async function admin(statement) {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database, or null when none can be had (then PGlite). */
async function freshPostgresDatabase() {
  if (process.env.E2E_DATABASE === "pglite" || !(await postgresAnswers(ADMIN_URL))) return null;
  const name = `travesia_e2e_${randomBytes(6).toString("hex")}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

const database = await freshPostgresDatabase();
const dataDir = database ? null : mkdtempSync(path.join(os.tmpdir(), "tv-tests-e2e-"));
const child = spawn(process.execPath, [ENTRY], {
  stdio: "inherit",
  env: {
    ...TEST_PRODUCTION_SECRETS,
    ...process.env,
    NODE_ENV: "production",
    ...(database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir }),
    ENABLE_FAULT_ROUTES: "true",
    // Every browser of the suite is one address: the hold limit per address (ADR 0033) would count the
    // whole suite as one visitor. The per-cart limit stays.
    HOLD_LIMIT_PER_ADDRESS: "1000000",
    // The same for the seats one address may hold of a departure at once (ADR 0047); a cart's own ceiling stays.
    HOLD_SEATS_PER_ADDRESS_PERCENT: "100",
    HOLD_SEATS_PER_ADDRESS_MAX: "1000000",
    // Parallel browsers on a busy machine are not a sale-day crowd: admission control (ADR 0053) has
    // its own server-tier test, and must not turn a slow run into refused pages here.
    ADMISSION_CONCURRENCY: "1000",
    ADMISSION_BUYER_CONCURRENCY: "1000",
    // One worker: the suite counts per-process limits (ADR 0052).
    WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "1",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  },
});

let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (database) await admin(`DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`).catch(() => {});
}
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) {
  process.on(signal, () => child.kill("SIGTERM"));
}
child.on("exit", async (code, signal) => {
  await cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});
