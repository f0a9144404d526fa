// Lighthouse mobile (`npx lighthouse@12.8.2` with Debian's Chromium; its default Moto G Power
// emulation, simulated slow 4G and 4× CPU slowdown) on the home, booking, cart (one line) and
// payment-details pages: performance score, CLS, TBT and LCP, against the budgets (score ≥ 98,
// CLS ≤ 0.02). Each page is audited LIGHTHOUSE_RUNS times (default 5: Lighthouse's guidance is that the
// median of five runs about halves the spread of one) and the figures are those of its median run, as
// Lighthouse chooses one; every run's score is printed beside it. The baseline is
// the same audit of the site's static offline page (/offline/en.html: no JavaScript, one small
// document) in the same run: what this machine scores when the page costs nothing, so a low score from
// a loaded machine shows as a ratio near 1.
import { ratioOf } from "../figures.mjs";
import { BUDGETS, budgetPages, lighthouseMedian } from "../pages.mjs";

export const name = "lighthouse";
export const title = "Lighthouse mobile (performance, CLS, TBT, LCP)";

/** @param {import("../run.mjs").BenchContext} ctx */
export async function run(ctx) {
  const server = await ctx.server("pglite");
  if (!server) throw new Error("the PGlite server did not start");
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
  const { median: floor } = await lighthouseMedian(`${server.origin}/offline/en.html`, { runs });
  const figures = [];
  const spreads = [];
  for (const page of await budgetPages(server.origin)) {
    ctx.log(`  auditing ${page.path} ${runs} times…`);
    const { median: audit, runs: all } = await lighthouseMedian(`${server.origin}${page.path}`, {
      cookie: page.cookie,
      runs,
    });
    spreads.push(
      `${page.label}, every run: performance ${all.map((run) => run.performance).join(" / ")}; ` +
        `TBT ${all.map((run) => run.tbt).join(" / ")} ms; LCP ${all.map((run) => run.lcp).join(" / ")} ms.`,
    );
    figures.push(
      {
        label: `${page.label}: performance`,
        value: audit.performance,
        unit: "/100",
        baseline: { label: "static offline page", value: floor.performance, unit: "/100" },
        ratio: ratioOf(audit.performance, floor.performance),
        budget: { value: BUDGETS.lighthousePerformance, ok: audit.performance >= BUDGETS.lighthousePerformance },
      },
      {
        label: `${page.label}: CLS`,
        value: audit.cls,
        unit: "",
        budget: { value: BUDGETS.cls, ok: audit.cls <= BUDGETS.cls },
      },
      {
        label: `${page.label}: TBT`,
        value: audit.tbt,
        unit: "ms",
        baseline: { label: "static offline page", value: floor.tbt, unit: "ms" },
      },
      {
        label: `${page.label}: LCP`,
        value: audit.lcp,
        unit: "ms",
        baseline: { label: "static offline page", value: floor.lcp, unit: "ms" },
        ratio: ratioOf(audit.lcp, floor.lcp),
      },
    );
  }
  return {
    backend: "pglite",
    figures,
    notes: [
      `Each page's figures are those of its median run of ${runs} (nearest the median first paint and time to interactive).`,
      ...spreads,
      "Performance ≥ 98 is a minimum (the Budget column says within when the score reaches it); CLS ≤ 0.02 a maximum.",
      "TBT and LCP are simulated by Lighthouse from the trace (Lantern), so a busy machine inflates them: compare runs by the ratio to the static page.",
    ],
  };
}
