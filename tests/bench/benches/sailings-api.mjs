// Server time of GET /api/sailings (a round trip for three passengers: both legs with seats left and
// prices in USD), one request at a time, against GET /healthz measured the same way just before.
import { operatorDate, ratioOf } from "../figures.mjs";

export const name = "sailings-api";
export const title = "Sailings API server time";

/** @param {import("../run.mjs").BenchContext} ctx */
export async function run(ctx) {
  const query = new URLSearchParams({
    crossing: "cancun-isla-mujeres",
    trip: "round_trip",
    date: operatorDate(10),
    returnDate: operatorDate(12),
    adults: "2",
    children: "1",
    currency: "USD",
    language: "en",
  });
  const outcomes = [];
  for (const backend of /** @type {const} */ (["pglite", "postgresql"])) {
    const server = await ctx.server(backend);
    if (!server) {
      ctx.log(`  no PostgreSQL server answers: ${backend} skipped`);
      continue;
    }
    const health = await ctx.measureServerTime({ url: `${server.origin}/healthz`, seconds: ctx.seconds / 2 });
    const sailings = await ctx.measureServerTime({
      url: `${server.origin}/api/sailings?${query}`,
      seconds: ctx.seconds,
    });
    const baseline = (/** @type {"p50" | "p99"} */ p) => ({ label: `/healthz ${p}`, value: health[p], unit: "ms" });
    outcomes.push({
      backend,
      figures: [
        {
          label: "p50 server time",
          value: sailings.p50,
          unit: "ms",
          baseline: baseline("p50"),
          ratio: ratioOf(sailings.p50, health.p50),
        },
        {
          label: "p99 server time",
          value: sailings.p99,
          unit: "ms",
          baseline: baseline("p99"),
          ratio: ratioOf(sailings.p99, health.p99),
        },
        {
          label: "p50 round trip (client)",
          value: sailings.roundTripP50,
          unit: "ms",
          baseline: { label: "/healthz p50 round trip", value: health.roundTripP50, unit: "ms" },
          ratio: ratioOf(sailings.roundTripP50, health.roundTripP50),
        },
      ],
      notes: [
        `GET /api/sailings?${query}: ${sailings.samples} sequential requests; /healthz: ${health.samples}.`,
        "Server time is the Server-Timing header (server/app.ts): from the first middleware to the response headers.",
      ],
    });
  }
  return outcomes;
}
