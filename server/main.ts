// Production entry (the SSR build's input). The process started by `npm start` is the front: it listens
// on PORT, answers anonymous pages from the shared page cache and hands everything else to application
// workers over unix sockets — WEB_CONCURRENCY child processes, or with one worker, a worker inside this
// same process (ADR 0052). A child started by the front runs a worker only.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError } from "../lib/config.ts";
import { runFront, runWorkerChild } from "./cluster.ts";

// This file runs as <build>/server/index.js; the browser assets sit beside it in <build>/client.
const staticRoot = path.relative(process.cwd(), path.join(path.dirname(fileURLToPath(import.meta.url)), "../client"));

(process.env.TRAVESIA_WORKER_SOCKET ? runWorkerChild(staticRoot) : runFront(staticRoot)).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Travesía failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
