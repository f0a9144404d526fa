// The overload bench's load, driven from a process of its own, and the way to run a bench task apart. The
// refusals a visitor meets are timed by a prober; when the same event loop also drives 200 connections at
// hundreds of requests a second, or the purchases in progress, the prober's clock runs late by however
// long they kept the loop busy, and the figure measures the bench, not the server. A separate process has
// its own loop (and the kernel shares the cores between them as it would between a visitor's browser and
// the crowd).
import { fork } from "node:child_process";
import { setImmediate } from "node:timers";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

/**
 * @typedef {{ method: "GET"; path: string; headers: Record<string, string> }} DriverRequest
 * @typedef {{ origin: string; connections: number; seconds: number; rate?: number; requests: DriverRequest[] }} DriveOptions
 * @typedef {{ byStatus: Map<number, number[]>; errors: number; timeouts: number; average: number; sent: number }} DriveResult
 */

/**
 * autocannon at `rate` requests per second (or as fast as `connections` go), every answer's time kept by
 * status.
 * @param {DriveOptions} options
 * @returns {Promise<DriveResult>}
 */
export function drive({ origin, connections, seconds, rate, requests }) {
  /** @type {Map<number, number[]>} */
  const byStatus = new Map();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: origin, connections, duration: seconds, timeout: 10, requests, ...(rate ? { overallRate: rate } : {}) },
      (error, result) => {
        if (error) reject(error);
        else
          resolve({
            byStatus,
            errors: result.errors - result.timeouts,
            timeouts: result.timeouts,
            average: result.requests.average,
            sent: result.requests.sent,
          });
      },
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      const list = byStatus.get(status) ?? [];
      list.push(ms);
      byStatus.set(status, list);
    });
  });
}

/**
 * The load driver's process, started and ready: `run` drives the load once. `niceness` lowers its CPU
 * priority by that much (Unix niceness), so that it takes only the cycles the server leaves.
 * @param {{ niceness?: number }} [options]
 */
export function startDriver({ niceness = 0 } = {}) {
  return /** @type {Promise<{ run: (options: DriveOptions) => Promise<DriveResult> }>} */ (
    startApart(fileURLToPath(import.meta.url), "--drive", { niceness })
  );
}

answerApart("--drive", drive);

/**
 * Starts a bench module's task in a child process of its own (`node <file> <flag>`, the module answering
 * with `answerApart(flag, …)`): its own event loop, so that what the bench's process does meanwhile
 * cannot make the task's clock run late. Resolves once the process has loaded, so that its start-up (a
 * Node process importing its modules: a core's worth for a fraction of a second) is over before any
 * measurement; `run` then runs the task once and resolves with its result, structured-cloned (a Map stays
 * a Map), and the process exits.
 * @param {string} file
 * @param {string} flag
 * @param {{ niceness?: number }} [options] how much lower than this process's the child's CPU priority is
 * @returns {Promise<{ run: (options: unknown) => Promise<any> }>}
 */
export function startApart(file, flag, { niceness = 0 } = {}) {
  return new Promise((resolveStarted, rejectStarted) => {
    const child = fork(file, [flag], { stdio: "inherit", serialization: "advanced" });
    if (niceness > 0 && child.pid !== undefined)
      os.setPriority(child.pid, Math.min(19, os.getPriority(process.pid) + niceness));
    /** @type {{ resolve: (value: unknown) => void; reject: (error: Error) => void } | null} */
    let waiting = null;
    let answered = false;
    // Before `ready` the start fails; after it, the run (a promise settles once: the later call is a no-op).
    const fail = (/** @type {Error} */ error) => (waiting ? waiting.reject(error) : rejectStarted(error));
    child.on("message", (/** @type {{ ready?: true; error?: string; result?: unknown }} */ answer) => {
      if (answer.ready) {
        resolveStarted({
          run: (options) =>
            new Promise((resolve, reject) => {
              waiting = { resolve, reject };
              child.send(options);
            }),
        });
        return;
      }
      answered = true;
      child.disconnect();
      if (answer.error) waiting?.reject(new Error(answer.error));
      else waiting?.resolve(answer.result);
      waiting = null;
    });
    child.once("error", fail);
    child.once("exit", (code) => {
      if (!answered) fail(new Error(`${path.basename(file)} ${flag} exited (${code}) without a result`));
    });
  });
}

/**
 * The child's side of `startApart`: in a process started with `flag`, says it is ready, runs `task` on
 * the options sent and sends back its result or its error.
 * @param {string} flag
 * @param {(options: any) => Promise<unknown>} task
 */
export function answerApart(flag, task) {
  if (!process.argv.includes(flag) || !process.send) return;
  process.once("message", (options) => {
    task(options).then(
      (result) => process.send?.({ result }),
      (error) => process.send?.({ error: String(error?.stack ?? error) }),
    );
  });
  // Once every module is evaluated: the parent's measurement starts after this process's start-up.
  setImmediate(() => process.send?.({ ready: true }));
}
