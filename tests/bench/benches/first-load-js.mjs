// First-load JavaScript of the home, booking (routes & schedules), cart (one line) and payment-details
// pages: the scripts the server-rendered HTML makes the browser fetch before the page is interactive,
// each gzipped at level 9 (as the build's .gz copies are), summed. Compared with the React Router
// runtime every page carries (the floor) and, for home and booking, with the 100 KB budget (the runtime
// alone is over it) and the site's own code over the runtime with its 20 KB budget.
// Lazily loaded chunks (the tracker, the date picker) are not counted. See tests/bench/pages.mjs.
import { ratioOf } from "../figures.mjs";
import { BUDGETS, budgetPages, firstLoadJs } from "../pages.mjs";

export const name = "first-load-js";
export const title = "First-load JavaScript (gzip)";

/** @param {import("../run.mjs").BenchContext} ctx */
export async function run(ctx) {
  const server = await ctx.server("pglite");
  if (!server) throw new Error("the PGlite server did not start");
  const figures = [];
  const notes = [];
  for (const page of await budgetPages(server.origin)) {
    const js = await firstLoadJs(server.origin, ctx.buildDir, page);
    figures.push({
      label: `${page.label} ${page.path}`,
      value: js.totalKb,
      unit: "KB",
      baseline: { label: "React Router runtime", value: js.runtimeKb, unit: "KB" },
      ratio: ratioOf(js.totalKb, js.runtimeKb),
      ...(page.jsBudget ? { budget: { value: BUDGETS.firstLoadKb, ok: js.totalKb <= BUDGETS.firstLoadKb } } : {}),
    });
    if (page.jsBudget) {
      const ownKb = Math.round((js.totalKb - js.runtimeKb) * 10) / 10;
      figures.push({
        label: `${page.label}: the site's own code over the runtime`,
        value: ownKb,
        unit: "KB",
        budget: { value: BUDGETS.ownCodeKb, ok: ownKb <= BUDGETS.ownCodeKb },
      });
    }
    notes.push(
      `${page.path}: ${js.scripts.length} scripts — ${js.scripts.map((script) => `${script.name} ${script.kb}`).join(", ")}.`,
    );
  }
  notes.push(
    "1 KB = 1,024 bytes of gzip (level 9). The runtime (client entry, React, React DOM, React Router) is the floor no page goes below.",
  );
  return { backend: "pglite", figures, notes };
}
