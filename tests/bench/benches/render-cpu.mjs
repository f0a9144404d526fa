// CPU per uncached render of routes & schedules (a round-trip search), measured as the research did:
// the server's CPU time (user + system, from /proc, every process of it) over a load run, divided by
// the requests served. One process, page cache off, admission off, PostgreSQL. The page a search was
// before ADR 0061 (seats, states and the passengers' price rendered by the server: what `nojs=1` still
// asks for) beside the live page every search with JavaScript now gets, and /healthz for the floor.
import { operatorDate, ratioOf } from "../figures.mjs";
import { startPostgresServer } from "../harness.mjs";

export const name = "render-cpu";
export const title = "CPU per uncached render of routes & schedules (round-trip search)";

const CONNECTIONS = 4;

/** @param {import("../run.mjs").BenchContext} ctx */
export async function run(ctx) {
  const server = await startPostgresServer(ctx.buildDir, { WEB_CONCURRENCY: "1", PAGE_CACHE_BYTES: "0", ADMISSION_CONCURRENCY: "0" });
  if (!server) {
    ctx.log("  no PostgreSQL server answers: skipped");
    return { figures: [], notes: ["Skipped: no PostgreSQL server answers."] };
  }
  const search = new URLSearchParams({ trip: "round_trip", crossing: "cancun-isla-mujeres", date: operatorDate(10), return: operatorDate(12), adults: "2", children: "1", step: "search" });
  const page = `/en/routes-schedules/?${search}`;
  /** CPU milliseconds per request of `path` under a short load. */
  const cpuPerRequest = async (/** @type {string} */ path) => {
    await ctx.measureLoad({ url: `${server.origin}${path}`, connections: CONNECTIONS, seconds: 2, warmupSeconds: 0 });
    const before = server.cpuMs();
    const load = await ctx.measureLoad({ url: `${server.origin}${path}`, connections: CONNECTIONS, seconds: ctx.seconds, warmupSeconds: 0 });
    return { ms: Number(((server.cpuMs() - before) / load.requests).toFixed(2)), requests: load.requests };
  };
  try {
    const whole = await cpuPerRequest(`${page}&nojs=1`);
    const live = await cpuPerRequest(page);
    const health = await cpuPerRequest("/healthz");
    return {
      backend: "postgresql",
      figures: [
        { label: "CPU per render, live page (seat-free, counts read in the browser)", value: live.ms, unit: "ms", baseline: { label: "rendered whole (seats and price, as before)", value: whole.ms, unit: "ms" }, ratio: ratioOf(live.ms, whole.ms) },
        { label: "CPU per render, rendered whole", value: whole.ms, unit: "ms", baseline: { label: "/healthz", value: health.ms, unit: "ms" }, ratio: ratioOf(whole.ms, health.ms) },
      ],
      notes: [
        `GET ${page} (live) and with &nojs=1 (whole): ${live.requests} and ${whole.requests} requests at ${CONNECTIONS} connections over ${ctx.seconds} s; /healthz ${health.requests}. CPU from /proc/<pid>/stat (10 ms ticks) of the server and its workers.`,
        "The research's figure for the same page before issue 20 (the build given a function, no cache of the country list): 24.1 ms per request on this machine.",
      ],
    };
  } finally {
    await server.stop();
  }
}
