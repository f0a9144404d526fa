// The front process and its workers (ADR 0052). The front owns the public port and the page cache, so
// that one cache serves every core and a page is rendered once however many workers there are; workers
// are child processes on unix sockets in a private directory, the first started alone (it migrates and
// seeds), the rest after it. A worker that dies is started again; SIGTERM drains the front, then the
// workers, within SHUTDOWN_TIMEOUT_MS.
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { ConfigError, missingProductionSettings, parseConfig, type Config } from "../lib/config.ts";
import { createLogger, type Logger } from "../lib/logger.ts";
import { badRequestForClientError } from "./client-error.ts";
import { AdmissionGate } from "./admission.ts";
import { createFront, PageStore, type Worker } from "./page-cache/index.ts";
import { startWorker } from "./worker.ts";
import { closeConnectionsAsTheyIdle } from "./drain.ts";

/** A worker that dies sooner than this after starting is restarted after a pause, not at once. */
const CRASH_LOOP_MS = 5_000;
/**
 * Workers run at a lower CPU priority than the front (Unix niceness, 0 to 19). Past what the machine
 * can render, the workers want every core; at equal priority the front then waits its turn behind
 * them, and so does every refusal and cache hit it answers. Lowered, the workers still get every cycle
 * the front leaves, and the front answers from an event loop the renders cannot starve.
 */
const WORKER_NICENESS = 5;

export async function runFront(staticRoot: string): Promise<void> {
  const env: Record<string, string | undefined> = { NODE_ENV: "production", ...process.env };
  const config = parseConfig(env);
  // Before any worker touches the database: a production server never builds its links from a Host header.
  const missing = missingProductionSettings(config);
  if (missing.length > 0)
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required in production`).join("\n")}`,
    );
  const logger = createLogger(config.LOG_LEVEL);
  const count = workerCount(config);
  const socketDir = mkdtempSync(path.join(os.tmpdir(), "travesia-"));
  const workers: Array<Worker & { child: ChildProcess | null }> = [];
  const store = new PageStore(config.PAGE_CACHE_BYTES);
  const handle = createFront({
    store,
    keys: {
      publicHosts: publicHostsOf(config),
      geoCountryHeaders: config.GEO_COUNTRY_HEADERS,
      geoStateHeaders: config.GEO_STATE_HEADERS,
    },
    workers: () => workers.filter((worker) => worker.ready),
    logger,
    cacheEnabled: config.PAGE_CACHE_BYTES > 0,
    production: true,
    ...frontAdmission(config, count),
  });
  const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      logger.error({ err: error }, "front failed to answer");
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  server.on("clientError", badRequestForClientError);
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const address = server.address();
  const frontPort = typeof address === "object" && address ? address.port : config.PORT;

  let stopping = false;
  let stopInProcessWorker: ((signal: string) => void) | null = null;
  const frontClosed = new Promise<void>((resolve) => server.once("close", resolve));

  function maybeFinish(): void {
    if (workers.every((worker) => worker.child === null)) void frontClosed.finally(() => finish(0));
  }

  function finish(code: number): void {
    rmSync(socketDir, { recursive: true, force: true });
    logger.info("front stopped");
    process.exit(code);
  }

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: front stops accepting, workers drain");
    server.close();
    closeConnectionsAsTheyIdle(server);
    const force = setTimeout(() => {
      logger.warn("shutdown timeout: closing remaining connections");
      server.closeAllConnections();
      for (const worker of workers) worker.child?.kill("SIGKILL");
      setTimeout(() => finish(1), 1_000).unref();
    }, config.SHUTDOWN_TIMEOUT_MS + 1_000);
    force.unref();
    if (stopInProcessWorker) return stopInProcessWorker(signal);
    for (const worker of workers) worker.child?.kill("SIGTERM");
    maybeFinish();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  if (count === 1) {
    const worker = { socketPath: path.join(socketDir, "worker-0.sock"), inFlight: 0, ready: false, child: null };
    workers.push(worker);
    stopInProcessWorker = await startWorker({
      socketPath: worker.socketPath,
      staticRoot,
      frontPort,
      deliversWebhooks: true,
      onListening: () => (worker.ready = true),
      onStopped: () => void frontClosed.finally(() => finish(0)),
    });
  } else {
    for (let index = 0; index < count; index++) {
      workers.push({
        socketPath: path.join(socketDir, `worker-${index}.sock`),
        inFlight: 0,
        ready: false,
        child: null,
      });
    }
    const spawnWorker = (index: number): Promise<void> => {
      if (stopping) return Promise.resolve();
      const worker = workers[index] as (typeof workers)[number];
      const startedAt = Date.now();
      const child = fork(process.argv[1] as string, [], {
        env: {
          ...env,
          TRAVESIA_WORKER_SOCKET: worker.socketPath,
          TRAVESIA_WORKER_INDEX: String(index),
          TRAVESIA_WORKER_COUNT: String(config.ADMISSION_CONCURRENCY > 0 ? count : 0),
          TRAVESIA_FRONT_PORT: String(frontPort),
        },
        stdio: "inherit",
      });
      worker.child = child;
      lowerPriority(child, logger);
      const listening = new Promise<void>((resolve) => {
        child.on("message", (message) => {
          if (message === "listening") {
            worker.ready = true;
            resolve();
          }
        });
        child.once("exit", () => resolve());
      });
      child.once("exit", (code, signal) => {
        worker.ready = false;
        worker.inFlight = 0;
        worker.child = null;
        if (stopping) return maybeFinish();
        const pause = Date.now() - startedAt < CRASH_LOOP_MS ? 1_000 : 0;
        logger.error({ worker: index, code, signal, restartInMs: pause }, "worker exited; starting another");
        setTimeout(() => void spawnWorker(index), pause).unref();
      });
      return listening;
    };
    // The first worker migrates and seeds alone; the others start once it listens.
    await spawnWorker(0);
    await Promise.all(workers.slice(1).map((_, offset) => spawnWorker(offset + 1)));
  }
  logger.info({ port: frontPort, workers: count, pageCacheBytes: config.PAGE_CACHE_BYTES }, "listening");
}

/** A child process started by the front: one worker on the socket it was given. */
export async function runWorkerChild(staticRoot: string): Promise<void> {
  const stop = await startWorker({
    socketPath: process.env.TRAVESIA_WORKER_SOCKET as string,
    staticRoot,
    frontPort: Number(process.env.TRAVESIA_FRONT_PORT),
    deliversWebhooks: process.env.TRAVESIA_WORKER_INDEX === "0",
    // A child exists only beside others, and then the front holds their gate (frontAdmission below).
    behindFrontGateOf: Number(process.env.TRAVESIA_WORKER_COUNT ?? 0),
    onListening: () => process.send?.("listening"),
    onStopped: () => process.exit(0),
  });
  process.on("SIGTERM", () => stop("SIGTERM"));
  // Ctrl-C reaches the whole process group: the front decides, and sends SIGTERM.
  process.on("SIGINT", () => undefined);
  // A front that died (SIGKILL) leaves no one to send requests or SIGTERM: the worker goes too.
  process.on("disconnect", () => process.exit(1));
}

export function workerCount(config: Pick<Config, "WEB_CONCURRENCY" | "DATABASE_URL">): number {
  if (!config.DATABASE_URL) {
    if ((config.WEB_CONCURRENCY ?? 1) > 1)
      throw new ConfigError(
        "Invalid configuration:\n  WEB_CONCURRENCY: more than 1 needs DATABASE_URL (PGlite belongs to one process)",
      );
    return 1;
  }
  return config.WEB_CONCURRENCY ?? os.availableParallelism();
}

/**
 * The gate of every worker together, held by the front (ADR 0078): the per-process limits times the
 * workers. A worker behind a busy render cannot answer even a refusal until that render yields, so
 * refusals come from the front, whose event loop only passes bytes along. With one worker the front and
 * the worker share a process and its event loop: the worker's own gate is enough.
 */
function frontAdmission(
  config: Pick<
    Config,
    "ADMISSION_CONCURRENCY" | "ADMISSION_BUYER_CONCURRENCY" | "ADMISSION_QUEUE" | "ADMISSION_WAIT_BUDGET_MS"
  >,
  workers: number,
): { admission?: AdmissionGate } {
  if (config.ADMISSION_CONCURRENCY === 0 || workers < 2) return {};
  return {
    admission: new AdmissionGate({
      concurrency: config.ADMISSION_CONCURRENCY * workers,
      buyerConcurrency: Math.max(config.ADMISSION_BUYER_CONCURRENCY, config.ADMISSION_CONCURRENCY) * workers,
      queue: config.ADMISSION_QUEUE * workers,
      waitBudgetMs: config.ADMISSION_WAIT_BUDGET_MS,
    }),
  };
}

/** The Host values the cache answers for: the public origin's, else this server's own on loopback. */
function publicHostsOf(config: Pick<Config, "PUBLIC_ORIGIN" | "PORT">): string[] {
  if (config.PUBLIC_ORIGIN) return [new URL(config.PUBLIC_ORIGIN).host.toLowerCase()];
  return [`localhost:${config.PORT}`, `127.0.0.1:${config.PORT}`];
}

/** Lowers a worker's CPU priority; where the system refuses, the worker runs at the front's. */
function lowerPriority(child: ChildProcess, logger: Logger): void {
  if (child.pid === undefined) return;
  try {
    os.setPriority(child.pid, Math.min(19, os.getPriority(process.pid) + WORKER_NICENESS));
  } catch (error) {
    logger.warn({ err: error }, "could not lower a worker's CPU priority");
  }
}
