// The imperative half of `npm run bench`: starts the production build on a fresh embedded database
// (and on a fresh PostgreSQL database when a server answers), drives load with autocannon, and samples
// the server time each response reports in its Server-Timing header.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import pg from "pg";
import { percentile, serverTimingMs } from "./figures.mjs";
import { postgresAnswers as answers } from "../setup/pg-answers.mjs";
import { TEST_PRODUCTION_SECRETS } from "../setup/production-secrets.mjs";
import { freePort } from "../setup/free-port.mjs";

const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/test";
/** The bench plays the Prometheus scraper: /metrics answers only this token's bearer. */
export const BENCH_METRICS_TOKEN = "bench-metrics-scraper-token-0123456789abcdef";
const START_TIMEOUT_MS = 120_000;

/** @returns {Promise<number>} */

/**
 * @typedef {{ pid: number; role: string; rssKb: number; peakKb: number }} ProcessMemory
 * @typedef {{
 *   backend: string; origin: string; pid: number; stop: () => Promise<void>; kill: (signal: NodeJS.Signals) => void;
 *   idleMemory: ProcessMemory[]; memory: () => ProcessMemory[]; cpuMs: () => number;
 * }} BenchServer
 */

/** The parent of each live process, from /proc (Linux); empty elsewhere. */
function parentsOfProcesses() {
  /** @type {Map<number, number>} */
  const parents = new Map();
  let entries = [];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return parents;
  }
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parents.set(Number(name), Number(fields[1]));
    } catch {
      // gone meanwhile
    }
  }
  return parents;
}

/** A process and its descendants, the process first. */
function processTree(/** @type {number} */ rootPid) {
  const parents = parentsOfProcesses();
  const tree = [rootPid];
  for (let index = 0; index < tree.length; index++) {
    for (const [pid, parent] of parents) if (parent === tree[index]) tree.push(pid);
  }
  return tree;
}

/**
 * Resident memory of a server's processes (the front and its workers), now and at their peak
 * (VmRSS, VmHWM of /proc/<pid>/status), in kB.
 * @returns {ProcessMemory[]}
 */
export function processMemory(/** @type {number} */ rootPid) {
  return processTree(rootPid).flatMap((pid, index) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const kb = (/** @type {string} */ field) =>
        Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
      return [{ pid, role: index === 0 ? "front" : `worker ${index}`, rssKb: kb("VmRSS"), peakKb: kb("VmHWM") }];
    } catch {
      return [];
    }
  });
}

/** CPU time (user + system) a server's processes have used so far, in milliseconds (10 ms resolution). */
export function processCpuMs(/** @type {number} */ rootPid) {
  let ticks = 0;
  for (const pid of processTree(rootPid)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks * 10;
}

/**
 * Each process's peak resident memory beside its idle one (just after it was ready), as figures.
 * @param {BenchServer} server
 * @param {string} what the runs the peak covers
 * @returns {import("./figures.mjs").Figure[]}
 */
export function memoryFigures(server, what) {
  const mb = (/** @type {number} */ kb) => Number((kb / 1024).toFixed(1));
  return server.memory().map((process) => {
    const idle = server.idleMemory.find((candidate) => candidate.pid === process.pid);
    return {
      label: `peak RSS, ${process.role} (${what})`,
      value: mb(process.peakKb),
      unit: "MB",
      baseline: { label: "idle RSS after start", value: idle ? mb(idle.rssKb) : null, unit: "MB" },
      ratio: idle ? Number((process.peakKb / idle.rssKb).toPrecision(3)) : null,
    };
  });
}

/**
 * How a server other than `node <build>/server/index.js` is started: `program args…` in `cwd` (another
 * checkout's own `npm start`, say).
 * @typedef {{ program: string; args: string[]; cwd: string }} ServerCommand
 */

/**
 * Runs `node <build>/server/index.js` (or `command`) on a free port and waits until /readyz answers
 * (migrated, seeded).
 * @param {{ buildDir: string; backend: string; env: Record<string, string>; onStop?: () => Promise<void> | void; command?: ServerCommand }} options
 * @returns {Promise<BenchServer>}
 */
export async function startServer({ buildDir, backend, env, onStop, command }) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // A command runs in a process group of its own: a launcher such as npm or a start script that waits
  // on its server dies at SIGTERM without passing it on, and the server would be left running.
  const child = spawn(command?.program ?? process.execPath, command?.args ?? [path.join(buildDir, "server/index.js")], {
    cwd: command?.cwd,
    detached: command !== undefined,
    env: {
      PATH: process.env.PATH ?? "",
      ...(command ? { HOME: process.env.HOME ?? os.homedir(), npm_config_update_notifier: "false" } : {}),
      NODE_ENV: "production",
      ...TEST_PRODUCTION_SECRETS,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_ORIGIN: origin,
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  /** @type {string[]} */
  const stderr = [];
  child.stderr.setEncoding("utf8").on("data", (chunk) => stderr.push(chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  /** @param {NodeJS.Signals} signal */
  const signal = (signal) => {
    if (command && child.pid !== undefined) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // the group is gone
      }
    } else child.kill(signal);
  };
  // The group is empty once every process in it has exited (kill(-pgid, 0) fails then).
  const groupGone = async () => {
    if (!command || child.pid === undefined) return;
    for (;;) {
      try {
        process.kill(-child.pid, 0);
      } catch {
        return;
      }
      await sleep(100);
    }
  };
  const stop = async () => {
    // With a command, even a launcher that is gone may have left its server running in the group.
    if ((child.exitCode === null && child.signalCode === null) || command) {
      signal("SIGTERM");
      const killed = await Promise.race([
        Promise.all([exited, groupGone()]).then(() => false),
        sleep(15_000).then(() => true),
      ]);
      if (killed) signal("SIGKILL");
    }
    await exited;
    await groupGone();
    await onStop?.();
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the ${backend} server exited with ${child.exitCode} before it was ready:\n${stderr.join("")}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the ${backend} server was not ready within ${START_TIMEOUT_MS / 1000} s:\n${stderr.join("")}`);
    }
    const ready = await fetch(`${origin}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) {
      const pid = child.pid ?? -1;
      await sleep(500);
      return {
        backend,
        origin,
        pid,
        stop,
        kill: signal,
        idleMemory: processMemory(pid),
        memory: () => processMemory(pid),
        cpuMs: () => processCpuMs(pid),
      };
    }
    await sleep(200);
  }
}

/** The production server on a throwaway PGlite data directory, removed when it stops. */
export function startPgliteServer(/** @type {string} */ buildDir, /** @type {Record<string, string>} */ env = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "tv-bench-"));
  return startServer({
    buildDir,
    backend: "pglite",
    env: { ...env, DATA_DIR: dataDir },
    onStop: () => rmSync(dataDir, { recursive: true, force: true }),
  });
}

let postgresServers = 0;

/**
 * The production server on a database of its own (bench_<pid>_<n>) on DATABASE_URL's server, else on
 * 127.0.0.1:5432; the database is dropped when the server stops. Null when no server answers.
 * @param {string} buildDir
 * @param {Record<string, string>} [env]
 * @param {ServerCommand} [command] started instead of `node <buildDir>/server/index.js`
 * @returns {Promise<BenchServer | null>}
 */
export async function startPostgresServer(buildDir, env = {}, command = undefined) {
  // A bench may run a second server beside the first (a before and an after): each its own database.
  const database = await scratchDatabase(`bench_${process.pid}_${++postgresServers}`);
  if (!database) return null;
  try {
    return await startServer({
      buildDir,
      backend: "postgresql",
      env: { ...env, DATABASE_URL: database.url },
      onStop: database.drop,
      command,
    });
  } catch (error) {
    await database.drop().catch(() => {});
    throw error;
  }
}

/**
 * A new, empty database of the bench's PostgreSQL server (DATABASE_URL, else the local one), or null
 * when none answers; `drop` removes it and closes the admin connection.
 * @param {string} name
 * @returns {Promise<{ url: string; adminUrl: string; drop: () => Promise<void> } | null>}
 */
export async function scratchDatabase(name) {
  const adminUrl = process.env.DATABASE_URL ?? LOCAL_POSTGRES;
  if (!(await answers(adminUrl))) return null;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
  return { url: url.toString(), adminUrl, drop };
}

/**
 * @typedef {{ requestsPerSecond: number; latencyP50: number; latencyP99: number; requests: number; timeouts: number }} LoadResult
 */

/** A request still unanswered after this long counts as timed out (autocannon's default is 10 s). */
const LOAD_TIMEOUT_SECONDS = 30;

/**
 * autocannon against one URL: a short warm-up (JIT, caches, pool), then the measured run. Fails when
 * any response is not 2xx or a connection fails, so a broken page cannot pass for a fast one; requests
 * slower than LOAD_TIMEOUT_SECONDS are counted, not fatal: an overloaded server is a figure too.
 * `paths` (optional): each connection asks for these paths of `url`'s origin in turn (a mix of pages).
 * @param {{ url: string; connections: number; seconds: number; warmupSeconds?: number; headers?: Record<string, string>; paths?: string[] }} options
 * @returns {Promise<LoadResult>}
 */
export async function measureLoad({ url, connections, seconds, warmupSeconds = 2, headers = {}, paths }) {
  const requests = paths?.map((target) => ({ method: /** @type {const} */ ("GET"), path: target }));
  const run = (/** @type {number} */ duration) =>
    autocannon({
      url,
      connections,
      duration,
      headers,
      timeout: LOAD_TIMEOUT_SECONDS,
      ...(requests ? { requests } : {}),
    });
  if (warmupSeconds > 0) await run(warmupSeconds);
  const result = await run(seconds);
  // autocannon counts a timeout as an error too.
  const failures = result.errors - result.timeouts;
  if (result.non2xx > 0 || failures > 0) {
    throw new Error(
      `${url}: ${result.non2xx} non-2xx answers and ${failures} failed requests out of ${result.requests.total}`,
    );
  }
  return {
    requestsPerSecond: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    requests: result.requests.total,
    timeouts: result.timeouts,
  };
}

/**
 * @typedef {{ p50: number; p99: number; samples: number; roundTripP50: number }} ServerTime
 */

/**
 * Server time of one request at a time, from the Server-Timing header, over `seconds` after a warm-up:
 * the cost of the request itself, without the queueing that concurrency adds.
 * @param {{ url: string; seconds: number; warmupSeconds?: number }} options
 * @returns {Promise<ServerTime>}
 */
export async function measureServerTime({ url, seconds, warmupSeconds = 1 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  /** @returns {Promise<{ server: number; roundTrip: number }>} */
  const once = () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const request = http.get(url, { agent }, (response) => {
        response.resume();
        response.on("end", () => {
          const server = serverTimingMs(/** @type {string | undefined} */ (response.headers["server-timing"]));
          if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
          else if (server === null) reject(new Error(`${url} sent no Server-Timing header (server/app.ts sets it)`));
          else resolve({ server, roundTrip: performance.now() - started });
        });
      });
      request.on("error", reject);
    });
  try {
    const warmUntil = performance.now() + warmupSeconds * 1000;
    while (performance.now() < warmUntil) await once();
    /** @type {number[]} */
    const server = [];
    /** @type {number[]} */
    const roundTrip = [];
    const until = performance.now() + seconds * 1000;
    while (performance.now() < until) {
      const sample = await once();
      server.push(sample.server);
      roundTrip.push(sample.roundTrip);
    }
    const round = (/** @type {number} */ ms) => Number(ms.toFixed(3));
    return {
      p50: round(percentile(server, 50)),
      p99: round(percentile(server, 99)),
      samples: server.length,
      roundTripP50: round(percentile(roundTrip, 50)),
    };
  } finally {
    agent.destroy();
  }
}
