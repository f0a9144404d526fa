// An application worker behind the front (server/main.ts, ADR 0052): boot, listen on its unix socket,
// run the job runner and the sandbox PSP's webhook delivery beside the server, and shut down gracefully
// when asked — stop accepting, let in-flight requests finish, stop the delivery loop and the job runner,
// close the database, exit.
import { rmSync } from "node:fs";
import type { Server } from "node:http";
import { createAdaptorServer } from "@hono/node-server";
import { startWebhookDelivery, webhookTargetOf } from "../sandbox-psp/index.ts";
import type { AdmissionLimits } from "../lib/admission.ts";
import type { Config } from "../lib/config.ts";
import { createApp } from "./app.ts";
import { boot } from "./boot.ts";
import { badRequestForClientError } from "./client-error.ts";
import { jobHandlers, startJobRunner } from "./jobs.ts";
import { assertEveryJobHandled } from "../modules/jobs/index.ts";
import { HostedIdentityProvider } from "./idp/index.ts";
import { closeConnectionsAsTheyIdle } from "./drain.ts";

const startedAt = performance.now();

export interface WorkerOptions {
  socketPath: string;
  staticRoot: string;
  /** The front's TCP port: where the site reaches itself (its identity provider's calls). */
  frontPort: number;
  /** Only one worker delivers the sandbox PSP's webhooks. */
  deliversWebhooks: boolean;
  /**
   * How many workers' admission gate the front holds (several workers, ADR 0078): this worker's own
   * gate then takes as much as the front admits in all, and no wait budget, so that it never refuses
   * what the front admitted (a worker's refusal waits behind its renders); it stays as a last bound.
   */
  behindFrontGateOf?: number;
  onListening: () => void;
  /** After the drain: the process exits (a child), or the front finishes its own (one process). */
  onStopped: () => void;
}

/** Starts the worker; the returned function drains it and exits the process. */
export async function startWorker(options: WorkerOptions): Promise<(signal: string) => void> {
  const runtime = await boot({ NODE_ENV: "production", ...process.env });
  const { config, logger, database } = runtime;
  // A kind of job without a handler would queue work nobody does: refuse to start before listening.
  const handlers = jobHandlers(runtime.services);
  assertEveryJobHandled(handlers);
  let accepting = true;
  // Imported once and handed to React Router as an object: given a function, it rebuilds its route
  // table on every request.
  const build = await import("virtual:react-router/server-build");
  const app = createApp(runtime.services, {
    build,
    staticRoot: options.staticRoot,
    isAcceptingTraffic: () => accepting,
    ping: database.ping,
    ...(config.ADMISSION_CONCURRENCY > 0 ? { admission: workerAdmission(config, options.behindFrontGateOf ?? 0) } : {}),
  });
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  // Only the front connects, and keeps its connections for reuse: a worker that closed an idle one
  // just as the front sent on it would reset a request for nothing.
  server.keepAliveTimeout = 10 * 60_000;
  // A worker killed outright leaves its socket file behind; its successor takes the same path.
  rmSync(options.socketPath, { force: true });
  server.listen(options.socketPath, () => {
    logger.info(
      { socket: options.socketPath, pid: process.pid, ms: Math.round(performance.now() - startedAt) },
      "worker listening",
    );
    // The site's calls to its own identity provider (code exchange, keys) go over loopback, through the front.
    if (runtime.services.identityProvider instanceof HostedIdentityProvider)
      runtime.services.identityProvider.setInternalOrigin(loopbackOrigin(config.HOST, options.frontPort));
    options.onListening();
  });
  server.on("clientError", badRequestForClientError);
  const jobRunner = startJobRunner(runtime, handlers);
  // The in-process sandbox PSP posts its webhooks like a real provider would, from its own loop.
  const webhooks =
    config.SANDBOX_PSP_WEBHOOKS_ENABLED && options.deliversWebhooks
      ? startWebhookDelivery({
          db: runtime.services.sandboxPspDb ?? runtime.services.db,
          target: webhookTargetOf(config),
          now: () => runtime.services.clock.now(),
          logger,
        })
      : null;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    accepting = false;
    // No new webhook rounds; the one in flight finishes before the database closes.
    const webhooksStopped = webhooks?.stop();
    logger.info({ signal }, "shutting down: draining requests");
    const force = setTimeout(() => {
      logger.warn("shutdown timeout: closing remaining connections");
      server.closeAllConnections();
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    server.close(() => {
      // Running jobs finish (or their lease lets another node retry them) before the database closes.
      Promise.resolve(webhooksStopped)
        .then(() => jobRunner?.stop())
        .catch((error: unknown) => logger.error({ err: error }, "stopping the job runner failed"))
        .then(() => {
          runtime.services.mailer.close();
          return database.close();
        })
        .catch((error: unknown) => logger.error({ err: error }, "closing the database failed"))
        .finally(() => {
          logger.info("stopped");
          options.onStopped();
        });
    });
    closeConnectionsAsTheyIdle(server);
  };
  return stop;
}

/** This process's admission limits: its own, or, behind the front's gate, all the workers' together. */
function workerAdmission(
  config: Pick<
    Config,
    "ADMISSION_CONCURRENCY" | "ADMISSION_BUYER_CONCURRENCY" | "ADMISSION_QUEUE" | "ADMISSION_WAIT_BUDGET_MS"
  >,
  frontGateWorkers: number,
): AdmissionLimits {
  const behindFrontGate = frontGateWorkers > 1;
  const scale = behindFrontGate ? frontGateWorkers : 1;
  return {
    concurrency: config.ADMISSION_CONCURRENCY * scale,
    buyerConcurrency: Math.max(config.ADMISSION_BUYER_CONCURRENCY, config.ADMISSION_CONCURRENCY) * scale,
    queue: config.ADMISSION_QUEUE * scale,
    waitBudgetMs: behindFrontGate ? 0 : config.ADMISSION_WAIT_BUDGET_MS,
  };
}

/** Where this process can reach itself: the bound address, or loopback when bound to every address. */
function loopbackOrigin(host: string, port: number): string {
  if (host === "0.0.0.0" || host === "::" || host === "") return `http://127.0.0.1:${port}`;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}
