// Lighthouse mobile (`npx lighthouse@12.8.2` with Debian's Chromium; its default Moto G Power
// emulation, simulated slow 4G and 4× CPU slowdown) on the home, booking, cart (one line) and
// payment-details pages: performance score, CLS, TBT and LCP, against the budgets (score ≥ 98,
// CLS ≤ 0.02). The baseline is the same audit of the site's static offline page (/offline/en.html:
// no JavaScript, one small document) in the same run: what this machine scores when the page costs
// nothing, so a low score from a loaded machine shows as a ratio near 1.
import { ratioOf } from "../figures.mjs";
import { BUDGETS, budgetPages, lighthouseMobile } from "../pages.mjs";

export const name = "lighthouse";
export const title = "Lighthouse mobile (performance, CLS, TBT, LCP)";

/** @param {import("../run.mjs").BenchContext} ctx */
export async function run(ctx) {
  const server = await ctx.server("pglite");
  if (!server) throw new Error("the PGlite server did not start");
  const floor = await lighthouseMobile(`${server.origin}/offline/en.html`);
  const figures = [];
  for (const page of await budgetPages(server.origin)) {
    ctx.log(`  auditing ${page.path}…`);
    const audit = await lighthouseMobile(`${server.origin}${page.path}`, { cookie: page.cookie });
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
      "Performance ≥ 98 is a minimum (the Budget column says within when the score reaches it); CLS ≤ 0.02 a maximum.",
      "TBT and LCP are simulated by Lighthouse from the trace (Lantern), so a busy machine inflates them: compare runs by the ratio to the static page.",
    ],
  };
}
