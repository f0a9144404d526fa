// Server-side rendering of the routes & schedules page with a round-trip search (both legs with live
// seats and prices, and the day's timetable), uncached, at 50 connections, against GET /healthz at 50
// connections measured just before: requests per second and latency; and the server time of one page
// at a time, which says how much of the latency is the page's own work rather than queueing.
// Its own servers run with the page cache off: on the shared ones every answer after the first came
// from the front's cache (no render, and no Server-Timing header, which only a worker sets).
// render-cpu measures the CPU of one such render alone; this measures what a crowd of them gets.
import { ratioOf } from "../figures.mjs";
import { roundTripSearchPage } from "../pages.mjs";
import { startPgliteServer, startPostgresServer } from "../harness.mjs";

export const name = "ssr-routes-schedules";
export const title = "SSR of routes & schedules (round-trip search), 50 connections";

const CONNECTIONS = 50;
/** Every request renders: no page cache, no admission control (the overload bench has its own server). */
const UNCACHED = { PAGE_CACHE_BYTES: "0", ADMISSION_CONCURRENCY: "0" };

/** @param {import("../run.mjs").BenchContext} ctx */
export async function run(ctx) {
  const page = roundTripSearchPage();
  const outcomes = [];
  for (const backend of /** @type {const} */ (["pglite", "postgresql"])) {
    const server =
      backend === "pglite"
        ? await startPgliteServer(ctx.buildDir, UNCACHED)
        : await startPostgresServer(ctx.buildDir, UNCACHED);
    if (!server) {
      ctx.log(`  no PostgreSQL server answers: ${backend} skipped`);
      continue;
    }
    try {
      const health = await ctx.measureLoad({
        url: `${server.origin}/healthz`,
        connections: CONNECTIONS,
        seconds: ctx.seconds,
      });
      const ssr = await ctx.measureLoad({
        url: `${server.origin}${page}`,
        connections: CONNECTIONS,
        seconds: ctx.seconds,
      });
      const alone = await ctx.measureServerTime({ url: `${server.origin}${page}`, seconds: ctx.seconds / 2 });
      const healthAlone = await ctx.measureServerTime({ url: `${server.origin}/healthz`, seconds: ctx.seconds / 4 });
      outcomes.push({
        backend,
        figures: [
          {
            label: "requests per second",
            value: Math.round(ssr.requestsPerSecond),
            unit: "req/s",
            baseline: { label: "/healthz", value: Math.round(health.requestsPerSecond), unit: "req/s" },
            ratio: ratioOf(ssr.requestsPerSecond, health.requestsPerSecond),
          },
          {
            label: "p50 latency",
            value: ssr.latencyP50,
            unit: "ms",
            baseline: { label: "/healthz p50", value: health.latencyP50, unit: "ms" },
            ratio: ratioOf(ssr.latencyP50, health.latencyP50),
          },
          {
            label: "p99 latency",
            value: ssr.latencyP99,
            unit: "ms",
            baseline: { label: "/healthz p99", value: health.latencyP99, unit: "ms" },
            ratio: ratioOf(ssr.latencyP99, health.latencyP99),
          },
          {
            label: "p50 server time, one request at a time",
            value: alone.p50,
            unit: "ms",
            baseline: { label: "/healthz p50", value: healthAlone.p50, unit: "ms" },
            ratio: ratioOf(alone.p50, healthAlone.p50),
          },
        ],
        notes: [
          `GET ${page}: ${ssr.requests} requests in ${ctx.seconds} s after a 2 s warm-up; /healthz: ${health.requests}. Latency resolution is 1 ms (autocannon).`,
          ...(ssr.timeouts > 0 ? [`${ssr.timeouts} page requests were still unanswered after 30 s.`] : []),
          "Page cache off (PAGE_CACHE_BYTES=0): every answer is a render.",
        ],
      });
    } finally {
      await server.stop();
    }
  }
  return outcomes;
}
