// `npm run bench [-- name …]`: builds when the sources are newer than the build, runs every bench of
// tests/bench/benches/ (or those named) against the production server, and writes bench/report.json
// and bench/report.md. Each figure sits beside a baseline measured in the same run, so the ratios hold
// on a noisy 2-core machine where the absolute numbers do not. Not part of `npm test`.
//
// A bench is one file in tests/bench/benches/ exporting `name`, `title` and `run(ctx)`; it returns
// `{ figures, notes? }` (see Figure in figures.mjs). `ctx.server("pglite" | "postgresql")` starts that
// server on first use (null when no PostgreSQL answers); the runner stops them all at the end.
//
// Environment: BUILD_DIR (default .tmp/build-test), BENCH_SECONDS (measured seconds per figure,
// default 10), DATABASE_URL (a PostgreSQL server to create the bench database on; else 127.0.0.1:5432).
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ensureBuild } from "../setup/ensure-build.mjs";
import { renderMarkdown } from "./figures.mjs";
import { measureLoad, measureServerTime, startPgliteServer, startPostgresServer } from "./harness.mjs";
import { startMailbox } from "./mailbox.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "../..");
const OUT_DIR = path.join(ROOT, "bench");

/**
 * @typedef {import("./figures.mjs").BenchResult} BenchResult
 * @typedef {import("./harness.mjs").BenchServer} BenchServer
 * @typedef {{ figures: import("./figures.mjs").Figure[]; notes?: string[]; backend?: string }} BenchOutcome
 * @typedef {{ name: string; title: string; run: (ctx: BenchContext) => Promise<BenchOutcome | BenchOutcome[]> }} Bench
 * @typedef {{
 *   buildDir: string;
 *   seconds: number;
 *   server: (backend: "pglite" | "postgresql") => Promise<BenchServer | null>;
 *   measureLoad: typeof measureLoad;
 *   measureServerTime: typeof measureServerTime;
 *   log: (message: string) => void;
 *   loadAverage: () => string;
 *   mailbox: Awaited<ReturnType<typeof startMailbox>>;
 * }} BenchContext
 */

/** @returns {Promise<Bench[]>} every bench file, in file-name order */
async function loadBenches() {
  const dir = path.join(HERE, "benches");
  const files = readdirSync(dir)
    .filter((file) => file.endsWith(".mjs"))
    .sort();
  /** @type {Bench[]} */
  const benches = [];
  for (const file of files) {
    const bench = await import(pathToFileURL(path.join(dir, file)).href);
    if (typeof bench.name !== "string" || typeof bench.title !== "string" || typeof bench.run !== "function") {
      throw new Error(`tests/bench/benches/${file} must export name, title and run(ctx)`);
    }
    benches.push({ name: bench.name, title: bench.title, run: bench.run });
  }
  return benches;
}

function commitOf() {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

async function main() {
  const wanted = process.argv.slice(2);
  const all = await loadBenches();
  const unknown = wanted.filter((name) => !all.some((bench) => bench.name === name));
  if (unknown.length > 0)
    throw new Error(`unknown bench(es): ${unknown.join(", ")}; known: ${all.map((bench) => bench.name).join(", ")}`);
  const benches = wanted.length > 0 ? all.filter((bench) => wanted.includes(bench.name)) : all;
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  if (!(seconds > 0)) throw new Error("BENCH_SECONDS must be a positive number");

  const buildDir = ensureBuild();
  const startedAt = new Date().toISOString();
  const loadBefore = loadAverage();
  /** @type {Map<string, Promise<BenchServer | null>>} */
  const servers = new Map();
  const log = (/** @type {string} */ message) => process.stdout.write(`${message}\n`);
  // Every bench server mails through this one, so a bench can follow a mailed link on either backend.
  const mailbox = await startMailbox();
  // Every bench client is one address: the hold limit per address (ADR 0033) would stop the holds bench.
  // Admission control is off on these shared servers: their benches measure the renderer at 50
  // connections, which a limited server would partly refuse; the overload bench starts its own (ADR 0053).
  const serverEnv = {
    SMTP_URL: mailbox.url,
    HOLD_LIMIT_PER_ADDRESS: "1000000",
    HOLD_SEATS_PER_ADDRESS_PERCENT: "100",
    HOLD_SEATS_PER_ADDRESS_MAX: "1000000",
    ADMISSION_CONCURRENCY: "0",
  };
  /** @type {BenchContext} */
  const ctx = {
    buildDir,
    seconds,
    server: (backend) => {
      let server = servers.get(backend);
      if (!server) {
        log(`starting the ${backend} server…`);
        server =
          backend === "pglite" ? startPgliteServer(buildDir, serverEnv) : startPostgresServer(buildDir, serverEnv);
        servers.set(backend, server);
      }
      return server;
    },
    measureLoad,
    measureServerTime,
    log,
    loadAverage,
    mailbox,
  };

  /** @type {BenchResult[]} */
  const results = [];
  try {
    for (const bench of benches) {
      log(`\n▶ ${bench.name}: ${bench.title}`);
      const started = performance.now();
      try {
        const outcome = await bench.run(ctx);
        const elapsed = Number(((performance.now() - started) / 1000).toFixed(1));
        for (const part of Array.isArray(outcome) ? outcome : [outcome]) {
          results.push({ name: bench.name, title: bench.title, ...part, seconds: elapsed });
          for (const figure of part.figures) {
            const ratio = figure.ratio == null ? "" : `  (${figure.ratio}× ${figure.baseline?.label ?? "baseline"})`;
            log(`  ${part.backend ? `[${part.backend}] ` : ""}${figure.label}: ${figure.value} ${figure.unit}${ratio}`);
          }
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log(`  failed: ${message}`);
        results.push({
          name: bench.name,
          title: bench.title,
          figures: [],
          error: message,
          seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
        });
      }
    }
  } finally {
    for (const server of servers.values()) await server.then((started) => started?.stop()).catch(() => {});
    await mailbox.close();
  }

  const report = {
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      loadBefore,
      loadAfter: loadAverage(),
      commit: commitOf(),
      seconds,
    },
    results,
  };
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(path.join(OUT_DIR, "report.json"), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(OUT_DIR, "report.md"), renderMarkdown(report));
  log(`\nwrote bench/report.json and bench/report.md`);
  if (results.some((result) => result.error)) process.exitCode = 1;
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
