// First-load JavaScript of the home and the booking page (routes & schedules): the scripts the
// server-rendered HTML makes the browser fetch before the page is interactive, each gzipped at level 9
// as a precompressing server would send it, summed. Compared with the React Router runtime every page
// carries (the floor) and with the 100 KB budget of issue 10. Lazily loaded chunks are not counted.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { firstLoadScripts, frameworkScripts, ratioOf } from "../figures.mjs";

export const name = "first-load-js";
export const title = "First-load JavaScript (gzip)";

const BUDGET_KB = 100;
const PAGES = [
  { label: "home", path: "/en/" },
  { label: "booking (routes & schedules)", path: "/en/routes-schedules/" },
];

/** @param {import("../run.mjs").BenchContext} ctx */
export async function run(ctx) {
  const server = await ctx.server("pglite");
  if (!server) throw new Error("the PGlite server did not start");
  /** @type {Map<string, number>} */
  const sizes = new Map();
  const gzipKb = async (/** @type {string[]} */ urls) => {
    let bytes = 0;
    for (const url of urls) {
      if (!sizes.has(url)) {
        const file = path.join(ctx.buildDir, "client", decodeURIComponent(url));
        sizes.set(url, gzipSync(await readFile(file), { level: 9 }).length);
      }
      bytes += sizes.get(url) ?? 0;
    }
    return Number((bytes / 1024).toFixed(1));
  };
  const figures = [];
  const notes = [];
  for (const page of PAGES) {
    const response = await fetch(`${server.origin}${page.path}`);
    if (!response.ok) throw new Error(`${page.path} answered ${response.status}`);
    const html = await response.text();
    const scripts = firstLoadScripts(html);
    const floor = frameworkScripts(html);
    if (scripts.length === 0 || floor.length === 0) throw new Error(`${page.path}: no module scripts found in the HTML`);
    const total = await gzipKb(scripts);
    const runtime = await gzipKb(floor);
    figures.push({
      label: `${page.label} ${page.path}`,
      value: total,
      unit: "KB",
      baseline: { label: "React Router runtime", value: runtime, unit: "KB" },
      ratio: ratioOf(total, runtime),
      budget: { value: BUDGET_KB, ok: total <= BUDGET_KB },
    });
    notes.push(`${page.path}: ${scripts.length} scripts — ${scripts.map((url) => `${path.basename(url)} ${((sizes.get(url) ?? 0) / 1024).toFixed(1)}`).join(", ")}.`);
  }
  notes.push("1 KB = 1,024 bytes of gzip (level 9).");
  return { figures, notes };
}
