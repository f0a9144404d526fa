// Production entry (the SSR build's input): boot, listen, run the job runner and the sandbox PSP's
// webhook delivery beside the server, and shut down gracefully on SIGTERM/SIGINT — stop accepting, let
// in-flight requests finish, stop the delivery loop and the job runner, close the database, exit.
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { ConfigError, missingProductionSettings, parseConfig } from "../lib/config.ts";
import { startWebhookDelivery, webhookTargetOf } from "../modules/sandbox-psp/index.ts";
import { createApp } from "./app.ts";
import { boot } from "./boot.ts";
import { badRequestForClientError } from "./client-error.ts";
import { jobHandlers, startJobRunner } from "./jobs.ts";
import { assertEveryJobHandled } from "../modules/jobs/index.ts";
import { HostedIdentityProvider } from "./idp/index.ts";

const startedAt = performance.now();

async function main() {
  const env = { NODE_ENV: "production", ...process.env };
  // Before the database is touched: a production server never builds its links from a Host header.
  const missing = missingProductionSettings(parseConfig(env));
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.map((name) => `  ${name}: required in production`).join("\n")}`);
  const runtime = await boot(env);
  const { config, logger, database } = runtime;
  // A kind of job without a handler would queue work nobody does: refuse to start before listening.
  const handlers = jobHandlers(runtime.services);
  assertEveryJobHandled(handlers);
  let accepting = true;
  const app = createApp(runtime.services, {
    // This file runs as <build>/server/index.js; the browser assets sit beside it in <build>/client.
    staticRoot: path.relative(process.cwd(), path.join(path.dirname(fileURLToPath(import.meta.url)), "../client")),
    isAcceptingTraffic: () => accepting,
    ping: database.ping,
    ...(config.ADMISSION_CONCURRENCY > 0
      ? { admission: { concurrency: config.ADMISSION_CONCURRENCY, buyerConcurrency: Math.max(config.ADMISSION_BUYER_CONCURRENCY, config.ADMISSION_CONCURRENCY), queue: config.ADMISSION_QUEUE } }
      : {}),
  });
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    logger.info({ port: info.port, ms: Math.round(performance.now() - startedAt) }, "listening");
    // The site's calls to its own identity provider (code exchange, keys) go over loopback.
    if (runtime.services.identityProvider instanceof HostedIdentityProvider) runtime.services.identityProvider.setInternalOrigin(loopbackOrigin(config.HOST, info.port));
  }) as Server;
  server.on("clientError", badRequestForClientError);
  const jobRunner = startJobRunner(runtime, handlers);
  // The in-process sandbox PSP posts its webhooks like a real provider would, from its own loop.
  const webhooks = config.SANDBOX_PSP_WEBHOOKS_ENABLED
    ? startWebhookDelivery({ db: runtime.services.sandboxPspDb ?? runtime.services.db, target: webhookTargetOf(config), now: () => runtime.services.clock.now(), logger })
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
          process.exit(0);
        });
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/** Where this process can reach itself: the bound address, or loopback when bound to every address. */
function loopbackOrigin(host: string, port: number): string {
  if (host === "0.0.0.0" || host === "::" || host === "") return `http://127.0.0.1:${port}`;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Travesía failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
