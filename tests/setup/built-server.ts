// Starts the production build (the same `node <build>/server/index.js` operators run) as a child
// process on a free port, keeps its JSON log lines, and stops it with a signal.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { inject } from "vitest";
import { TEST_PRODUCTION_SECRETS } from "./production-secrets.mjs";
import { freePort } from "./free-port.mjs";

export interface LogLine {
  level: string;
  msg: string;
  requestId?: string;
  [key: string]: unknown;
}

export interface BuiltServer {
  origin: string;
  port: number;
  process: ChildProcess;
  logs: LogLine[];
  stderr: string[];
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export async function startBuiltServer(env: Record<string, string>, timeoutMs = 30_000): Promise<BuiltServer> {
  const port = await freePort();
  const entry = path.join(inject("buildDir"), "server/index.js");
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      ...TEST_PRODUCTION_SECRETS,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "info",
      // Production refuses to start without its public origin: by default, the address it is reached at.
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      // Tests that fire requests at once are not a sale-day crowd: admission control (ADR 0053) is
      // tested where a test sets its limits itself (server/admission.pg.test.ts).
      ADMISSION_CONCURRENCY: "1000",
      ADMISSION_BUYER_CONCURRENCY: "1000",
      // One worker unless a test asks for more: suites count per-process limits (ADR 0052).
      WEB_CONCURRENCY: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: LogLine[] = [];
  const stderr: string[] = [];
  let pending = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        logs.push({ level: "raw", msg: line });
      }
    }
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => stderr.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const origin = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + timeoutMs;
  let ready = false;
  while (!ready) {
    if (child.exitCode !== null) {
      throw new Error(`the built server exited with ${child.exitCode} before listening:\n${stderr.join("")}`);
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      // Its last log lines say where start-up stopped (migrations, seed, reconciliation, listening).
      const lastLogs = logs
        .slice(-15)
        .map((line) => JSON.stringify(line))
        .join("\n");
      throw new Error(
        `the built server did not answer /healthz within ${timeoutMs} ms:\n${stderr.join("")}\nlast log lines:\n${lastLogs}`,
      );
    }
    ready = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    origin,
    port,
    process: child,
    logs,
    stderr,
    exited,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
