// The overload bench's load, driven from a process of its own. The refusals a visitor meets are timed by
// a prober in the bench's process; when the same event loop also drives 200 connections at hundreds of
// requests a second, the prober's clock runs late by however long the load tool kept the loop busy, and
// the figure measures the tool, not the server. A separate process has its own loop (and the kernel
// shares the cores between the two as it would between a visitor's browser and the crowd).
import { fork } from "node:child_process";
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
 * `drive` in a child process of its own; resolves with its result.
 * @param {DriveOptions} options
 * @returns {Promise<DriveResult>}
 */
export function driveApart(options) {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ["--drive"], { stdio: "inherit" });
    let settled = false;
    child.once(
      "message",
      (
        /** @type {{ error?: string } & Omit<DriveResult, "byStatus"> & { byStatus: [number, number[]][] }} */ answer,
      ) => {
        settled = true;
        child.disconnect();
        if (answer.error) reject(new Error(answer.error));
        else resolve({ ...answer, byStatus: new Map(answer.byStatus) });
      },
    );
    child.once("error", reject);
    child.once("exit", (code) => {
      if (!settled) reject(new Error(`the load driver exited (${code}) without a result`));
    });
    child.send(options);
  });
}

if (process.argv.includes("--drive") && process.send) {
  process.once("message", (/** @type {DriveOptions} */ options) => {
    drive(options).then(
      (result) => process.send?.({ ...result, byStatus: [...result.byStatus] }),
      (error) => process.send?.({ error: String(error?.stack ?? error) }),
    );
  });
}
