// The four pages with budgets (home, booking, cart with a line, payment details), how to reach
// them as a visitor would, and what a browser loads first on each: shared by the first-load JS and
// Lighthouse benches and by scripts/check-budgets.mjs, so the bench and the CI check measure the same.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { firstLoadScripts, frameworkScripts, medianRun, operatorDate } from "./figures.mjs";
import { CART_API_HEADERS, json } from "./http.mjs";

/**
 * The round-trip search on routes & schedules the render benches and the profiler measure: ten days
 * ahead and back two days later, two adults and a child, in English.
 */
export function roundTripSearchPage() {
  const search = new URLSearchParams({
    trip: "round_trip",
    crossing: "cancun-isla-mujeres",
    date: operatorDate(10),
    return: operatorDate(12),
    adults: "2",
    children: "1",
    step: "search",
  });
  return `/en/routes-schedules/?${search}`;
}

/**
 * The budgets. `ownCodeKb`: the site's own first-load code over the runtime on home and booking, half
 * of the about 40 KB it was before the sale-day work (the runtime itself stays, and is over the older
 * 100 KB total on its own: ADR 0043).
 */
export const BUDGETS = { firstLoadKb: 100, ownCodeKb: 20, lighthousePerformance: 98, cls: 0.02 };

/**
 * A cart with one ferry seat, made through the public cart API as the booking widget makes it.
 * @param {string} origin
 * @returns {Promise<string>} the Cookie header that carries it
 */
export async function cartWithLine(origin) {
  const date = operatorDate(14);
  const day = await json(
    await fetch(`${origin}/api/sailings?crossing=cancun-isla-mujeres&date=${date}&adults=1&currency=USD&language=en`),
  );
  const sailing = day.outbound.find((candidate) => candidate.selectable);
  if (!sailing) throw new Error(`no sailing to put in a cart on ${date}`);
  const item = {
    type: "ferry",
    crossing: "cancun-isla-mujeres",
    trip: "one_way",
    date,
    outboundSailingId: sailing.id,
    passengers: { adult: 1 },
  };
  const cart = await json(
    await fetch(`${origin}/xapi/shopping-cart?Language=EN`, {
      method: "POST",
      headers: CART_API_HEADERS,
      body: JSON.stringify({ action: "add", currency: "USD", item }),
    }),
  );
  return `cart_session=${cart.SessionId}`;
}

/**
 * @typedef {{ label: string; path: string; cookie?: string; jsBudget: boolean }} BudgetPage
 */

/**
 * Home and booking are anonymous; cart and payment details carry a cart with a line. `jsBudget`: the
 * 100 KB first-load budget holds for home and booking.
 * @param {string} origin
 * @returns {Promise<BudgetPage[]>}
 */
export async function budgetPages(origin) {
  const cookie = await cartWithLine(origin);
  return [
    { label: "home", path: "/en/", jsBudget: true },
    { label: "booking (routes & schedules)", path: "/en/routes-schedules/", jsBudget: true },
    { label: "cart (one line)", path: "/en/carrito/", cookie, jsBudget: false },
    { label: "payment details", path: "/en/carrito/payment-details/", cookie, jsBudget: false },
  ];
}

/**
 * The first-load JavaScript of a page, gzipped at level 9 as the build's .gz copies are, from the
 * build's files: total, the React Router runtime part, and each script's size.
 * @param {string} origin
 * @param {string} buildDir
 * @param {BudgetPage} page
 */
export async function firstLoadJs(origin, buildDir, page) {
  const response = await fetch(`${origin}${page.path}`, { headers: page.cookie ? { Cookie: page.cookie } : {} });
  if (!response.ok) throw new Error(`${page.path} answered ${response.status}`);
  const html = await response.text();
  const scripts = firstLoadScripts(html);
  // The route manifest is inlined with lazy route discovery; shipped whole (ADR 0078) it is the asset
  // the page imports, and the runtime's entry is read from there.
  const manifest = scripts.find((url) => /\/manifest-[^/]+\.js$/.test(url));
  const manifestText = manifest
    ? await readFile(path.join(buildDir, "client", decodeURIComponent(manifest)), "utf8")
    : "";
  const floor = new Set(frameworkScripts(html).length > 0 ? frameworkScripts(html) : frameworkScripts(manifestText));
  if (scripts.length === 0 || floor.size === 0) throw new Error(`${page.path}: no module scripts found in the HTML`);
  /** @type {{ url: string; bytes: number }[]} */
  const sizes = [];
  for (const url of scripts) {
    const file = path.join(buildDir, "client", decodeURIComponent(url));
    sizes.push({ url, bytes: gzipSync(await readFile(file), { level: 9 }).length });
  }
  const kb = (/** @type {number} */ bytes) => Number((bytes / 1024).toFixed(1));
  const total = sizes.reduce((sum, entry) => sum + entry.bytes, 0);
  const runtime = sizes.filter((entry) => floor.has(entry.url)).reduce((sum, entry) => sum + entry.bytes, 0);
  return {
    totalKb: kb(total),
    runtimeKb: kb(runtime),
    scripts: sizes.map((entry) => ({ name: path.basename(entry.url), kb: kb(entry.bytes) })),
  };
}

const LIGHTHOUSE = "lighthouse@12.8.2";
const CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking";

/**
 * Lighthouse mobile (its default: Moto G Power emulation, simulated slow 4G and 4× CPU slowdown),
 * performance category only, through `npx lighthouse@12.8.2` and Debian's Chromium.
 * @param {string} url
 * @param {{ cookie?: string }} [options]
 * @returns {Promise<LighthouseRun>}
 */
async function lighthouseMobile(url, { cookie } = {}) {
  // Chromium under load now and then loses the trace (NO_NAVSTART, NO_FCP): such a run says nothing
  // about the page, so it is run again, up to ATTEMPTS times in all.
  const ATTEMPTS = 3;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, cookie);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
    }
  }
}

/**
 * @typedef {{ performance: number; cls: number; tbt: number; lcp: number; fcp: number; tti: number }} LighthouseRun
 */

/**
 * Lighthouse mobile `runs` times on one page, one run after another: the representative run (nearest
 * the median first paint and time to interactive, as Lighthouse chooses it) and every run's figures.
 * One audit's score moves by several points with the machine's load and the browser's own timing;
 * Lighthouse's guidance on variability is to run it several times and report the median run.
 * @param {string} url
 * @param {{ cookie?: string; runs: number }} options
 * @returns {Promise<{ median: LighthouseRun; runs: LighthouseRun[] }>}
 */
export async function lighthouseMedian(url, { cookie, runs }) {
  /** @type {LighthouseRun[]} */
  const audits = [];
  for (let run = 0; run < runs; run += 1) audits.push(await lighthouseMobile(url, { cookie }));
  const median = medianRun(audits);
  if (!median) throw new Error(`lighthouse ${url}: no run`);
  return { median, runs: audits };
}

/**
 * @param {string} url
 * @param {string | undefined} cookie
 * @returns {Promise<LighthouseRun>}
 */
async function lighthouseOnce(url, cookie) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "tv-lighthouse-"));
  const output = path.join(dir, "report.json");
  const args = [
    "--yes",
    LIGHTHOUSE,
    url,
    "--only-categories=performance",
    "--output=json",
    `--output-path=${output}`,
    "--quiet",
    `--chrome-path=${process.env.CHROME_PATH ?? "/usr/bin/chromium"}`,
    `--chrome-flags=${CHROME_FLAGS}`,
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  try {
    await new Promise((resolve, reject) => {
      const child = spawn("npx", args, { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, TMPDIR: dir } });
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
      child.once("error", reject);
      child.once("exit", (code) =>
        code === 0
          ? resolve(undefined)
          : reject(new Error(`lighthouse ${url} exited with ${code}: ${stderr.slice(-600)}`)),
      );
    });
    const report = JSON.parse(readFileSync(output, "utf8"));
    if (report.runtimeError)
      throw new Error(`lighthouse ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
    const audit = (/** @type {string} */ id) => Number(report.audits[id]?.numericValue);
    return {
      performance: Math.round(Number(report.categories.performance.score) * 100),
      cls: Number(audit("cumulative-layout-shift").toFixed(3)),
      tbt: Math.round(audit("total-blocking-time")),
      lcp: Math.round(audit("largest-contentful-paint")),
      fcp: Math.round(audit("first-contentful-paint")),
      tti: Math.round(audit("interactive")),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
