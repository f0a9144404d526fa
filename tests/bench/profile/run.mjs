// `node tests/bench/profile/run.mjs [requests]`: a CPU profile of uncached renders of routes & schedules
// (the live round-trip search render-cpu measures), one request at a time, on PostgreSQL, page cache and
// admission off. The server runs with the node:inspector preload beside this file; the profile covers
// only the measured requests, then aggregate.mjs prints self time by package and by function.
// Environment: BUILD_DIR, CPU_PROFILE_OUT (default .tmp/render.cpuprofile), PROFILE_PATH (another page).
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { roundTripSearchPage } from "../pages.mjs";
import { startPostgresServer } from "../harness.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const buildDir = process.env.BUILD_DIR ?? ".tmp/build-test";
const out = path.resolve(process.env.CPU_PROFILE_OUT ?? ".tmp/render.cpuprofile");
const requests = Number(process.argv[2] ?? 300);
const page = process.env.PROFILE_PATH ?? roundTripSearchPage();

rmSync(out, { force: true });
const server = await startPostgresServer(buildDir, {
  WEB_CONCURRENCY: "1",
  PAGE_CACHE_BYTES: "0",
  ADMISSION_CONCURRENCY: "0",
  NODE_OPTIONS: `--import ${path.join(HERE, "preload.mjs")}`,
  CPU_PROFILE_OUT: out,
});
if (!server) throw new Error("no PostgreSQL answers");
try {
  const once = async () => {
    const response = await fetch(`${server.origin}${page}`, { headers: { "Accept-Encoding": "identity" } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${page} answered ${response.status}`);
  };
  for (let warm = performance.now(); performance.now() - warm < 3_000; ) await once();
  server.kill("SIGUSR2");
  await sleep(200);
  const before = server.cpuMs();
  for (let index = 0; index < requests; index++) await once();
  const cpu = (server.cpuMs() - before) / requests;
  server.kill("SIGUSR2");
  for (let waited = 0; !existsSync(out) && waited < 100; waited++) await sleep(100);
  process.stdout.write(`${requests} × GET ${page}: ${cpu.toFixed(2)} ms CPU each (profiler on)\n`);
} finally {
  await server.stop();
}
spawnSync(process.execPath, [path.join(HERE, "aggregate.mjs"), out, "60"], { stdio: "inherit" });
