// CPU per uncached render of routes & schedules (a round-trip search), measured as the research did:
// the server's CPU time (user + system, from /proc, every process of it) over a run of requests, divided
// by the requests served. One process, page cache off, admission off, PostgreSQL. The page a search was
// before ADR 0061 (seats, states and the passengers' price rendered by the server: what `nojs=1` still
// asks for) beside the live page every search with JavaScript now gets, and /healthz for the floor.
// Uncompressed, as the front asks a worker for a page it will cache (it compresses the pieces itself,
// ADR 0052) and as the research's load tool asked: gzip on the fly would add 4-5 ms to each figure.
import { ratioOf } from "../figures.mjs";
import { roundTripSearchPage } from "../pages.mjs";
import { startPostgresServer } from "../harness.mjs";

export const name = "render-cpu";
export const title = "CPU per uncached render of routes & schedules (round-trip search)";

/** @param {import("../run.mjs").BenchContext} ctx */
export async function run(ctx) {
  const server = await startPostgresServer(ctx.buildDir, {
    WEB_CONCURRENCY: "1",
    PAGE_CACHE_BYTES: "0",
    ADMISSION_CONCURRENCY: "0",
  });
  if (!server) {
    ctx.log("  no PostgreSQL server answers: skipped");
    return { figures: [], notes: ["Skipped: no PostgreSQL server answers."] };
  }
  const page = roundTripSearchPage();
  /** CPU milliseconds per request of `path`, one request at a time (a loaded machine starves a crowd). */
  const cpuPerRequest = async (/** @type {string} */ path) => {
    const once = async () => {
      const response = await fetch(`${server.origin}${path}`, { headers: { "Accept-Encoding": "identity" } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    };
    for (let warm = performance.now(); performance.now() - warm < 2_000; ) await once();
    const before = server.cpuMs();
    let requests = 0;
    for (const started = performance.now(); performance.now() - started < ctx.seconds * 1000; requests++) await once();
    return { ms: Number(((server.cpuMs() - before) / requests).toFixed(2)), requests };
  };
  try {
    const whole = await cpuPerRequest(`${page}&nojs=1`);
    const live = await cpuPerRequest(page);
    const health = await cpuPerRequest("/healthz");
    return {
      backend: "postgresql",
      figures: [
        {
          label: "CPU per render, live page (seat-free, counts read in the browser)",
          value: live.ms,
          unit: "ms",
          baseline: { label: "rendered whole (seats and price, as before)", value: whole.ms, unit: "ms" },
          ratio: ratioOf(live.ms, whole.ms),
        },
        {
          label: "CPU per render, rendered whole",
          value: whole.ms,
          unit: "ms",
          baseline: { label: "/healthz", value: health.ms, unit: "ms" },
          ratio: ratioOf(whole.ms, health.ms),
        },
      ],
      notes: [
        `GET ${page} (live) and with &nojs=1 (whole): ${live.requests} and ${whole.requests} requests one at a time over ${ctx.seconds} s each; /healthz ${health.requests}. CPU from /proc/<pid>/stat (10 ms ticks) of the server and its workers. Asked uncompressed (Accept-Encoding: identity), as the front asks for a page it caches.`,
        "The research's figure for the same page before the page cache and the cheaper misses (the build given a function, no cache of the country list): 24.1 ms per request on this machine.",
      ],
    };
  } finally {
    await server.stop();
  }
}
