// `npm run budgets`: issue 10's performance budgets, checked against the production build; exits 1
// when one is exceeded. Run by .ci/run after the test suite (not inside it: Lighthouse alone takes a
// minute). Checks, in order of cost:
//   1. every script and style of the build has a brotli and a gzip copy (precompressed at build time);
//   2. cache headers: assets immutable and served precompressed, anonymous pages shareable with the
//      right Vary (prices and seats for one second), with an ETag, 304 and no Set-Cookie, a visitor's
//      cart page not shareable;
//   3. first-load JavaScript (gzip) of home and booking;
//   4. Lighthouse mobile on home, booking, cart and payment details: performance score and CLS.
// Where the code cannot reach an issue budget yet, the check holds a ceiling at today's figure so that
// nothing gets worse, and prints the budget as not met (ADR 0035 says why and what it takes).
// BUDGETS_STRICT=true checks the budgets only. BUDGETS_SKIP_LIGHTHOUSE=true skips step 4.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { ensureBuild } from "../tests/setup/ensure-build.mjs";
import { startPgliteServer } from "../tests/bench/harness.mjs";
import { BUDGETS, budgetPages, firstLoadJs, lighthouseMobile } from "../tests/bench/pages.mjs";

const STRICT = process.env.BUDGETS_STRICT === "true";

/**
 * Where today's code stands against a budget it cannot meet yet: the ceiling CI holds it to.
 * First-load JS: the React Router runtime (client entry, React, React DOM, React Router) alone is
 * 109 KB gzip, above the 100 KB budget (ADR 0043); pages are at ~149 KB since the search box's
 * statechart loads after hydration (ADR 0045), and the ceiling leaves ~5 % for merges.
 * Lighthouse: 92–94 on a quiet machine before ADR 0045, 95–99 after; the floor leaves room for a
 * noisy run without letting a real regression through.
 */
const CEILINGS = { firstLoadKb: 156, lighthousePerformance: 85 };

/** @type {{ check: string; value: string; budget: string; ok: boolean; met: boolean }[]} */
const rows = [];
const record = (/** @type {string} */ check, /** @type {string} */ value, /** @type {string} */ budget, /** @type {boolean} */ met, /** @type {boolean} */ ok = met) =>
  rows.push({ check, value, budget, ok: STRICT ? met : ok, met });

/** A cacheable answer: an ETag, 304 to If-None-Match with it, and no Set-Cookie. */
async function revalidates(/** @type {string} */ origin, /** @type {string} */ path, /** @type {Response} */ answer) {
  const etag = answer.headers.get("ETag");
  if (!etag || answer.headers.getSetCookie().length > 0) return false;
  const again = await fetch(`${origin}${path}`, { headers: { "If-None-Match": etag } });
  await again.arrayBuffer();
  return again.status === 304;
}

function checkPrecompressed(/** @type {string} */ buildDir) {
  const assets = path.join(buildDir, "client/assets");
  // scripts/vite-precompress.ts leaves files under 1 KB alone: the encoding header would eat the gain.
  const files = readdirSync(assets).filter((file) => /\.(js|css)$/.test(file) && statSync(path.join(assets, file)).size >= 1024);
  const missing = files.filter((file) => !existsSync(path.join(assets, `${file}.br`)) || !existsSync(path.join(assets, `${file}.gz`)));
  record("assets precompressed (.br and .gz)", `${files.length - missing.length} of ${files.length}`, "all", missing.length === 0);
  if (missing.length > 0) console.log(`  without copies: ${missing.slice(0, 5).join(", ")}`);
}

async function checkHeaders(/** @type {string} */ origin, /** @type {string} */ buildDir) {
  const asset = readdirSync(path.join(buildDir, "client/assets")).find((file) => file.startsWith("entry.client") && file.endsWith(".js"));
  const assetAnswer = await fetch(`${origin}/assets/${asset}`, { headers: { "Accept-Encoding": "br, gzip" } });
  await assetAnswer.arrayBuffer();
  const assetCache = assetAnswer.headers.get("Cache-Control") ?? "";
  record("asset Cache-Control", assetCache, "public, immutable, a year", /\bpublic\b/.test(assetCache) && /\bimmutable\b/.test(assetCache) && /max-age=31536000/.test(assetCache));
  record("asset Content-Encoding (br accepted)", assetAnswer.headers.get("Content-Encoding") ?? "none", "br", assetAnswer.headers.get("Content-Encoding") === "br");

  const shared = (/** @type {string | null} */ value) => /\bpublic\b/.test(value ?? "") && /max-age=\d+/.test(value ?? "") && /stale-while-revalidate=\d+/.test(value ?? "");
  const page = await fetch(`${origin}/en/faqs/`, { headers: { "Accept-Encoding": "gzip" } });
  await page.arrayBuffer();
  const vary = page.headers.get("Vary") ?? "";
  record("anonymous content page Cache-Control", page.headers.get("Cache-Control") ?? "none", "public, max-age, stale-while-revalidate", shared(page.headers.get("Cache-Control")));
  record("anonymous content page Vary", vary, "Cookie, Accept-Encoding", /\bCookie\b/i.test(vary) && /\bAccept-Encoding\b/i.test(vary));
  record("HTML compressed", page.headers.get("Content-Encoding") ?? "none", "gzip", page.headers.get("Content-Encoding") === "gzip");

  record("anonymous content page: ETag, 304, no Set-Cookie", `${page.headers.get("ETag") ?? "no ETag"}, ${page.headers.getSetCookie().length} Set-Cookie`, "ETag, 304 on If-None-Match, no Set-Cookie", await revalidates(origin, "/en/faqs/", page));

  // Prices (home) and live seats (routes & schedules) are shared for one second only (ADR 0052).
  const oneSecond = (/** @type {string | null} */ value) => value === "public, max-age=1";
  const home = await fetch(`${origin}/en/`, { headers: { "Sec-CH-UA-Mobile": "?1" } });
  await home.arrayBuffer();
  const homeVary = home.headers.get("Vary") ?? "";
  record("anonymous home (banner, prices) Cache-Control", home.headers.get("Cache-Control") ?? "none", "public, max-age=1", oneSecond(home.headers.get("Cache-Control")));
  record("anonymous home Vary names the device hint", homeVary, "… Sec-CH-UA-Mobile", /Sec-CH-UA-Mobile/i.test(homeVary));
  record("anonymous home sets no cookie", String(home.headers.getSetCookie().length), "0", home.headers.getSetCookie().length === 0);
  const seats = await fetch(`${origin}/en/routes-schedules/`);
  await seats.arrayBuffer();
  record("anonymous routes & schedules (live seats) Cache-Control", seats.headers.get("Cache-Control") ?? "none", "public, max-age=1", oneSecond(seats.headers.get("Cache-Control")));

  const pages = await budgetPages(origin);
  const cart = pages.find((entry) => entry.path === "/en/carrito/");
  const cartAnswer = await fetch(`${origin}${cart?.path}`, { headers: { Cookie: cart?.cookie ?? "" } });
  await cartAnswer.arrayBuffer();
  record("a visitor's cart page is not shared", cartAnswer.headers.get("Cache-Control") ?? "none", "no public", !/\bpublic\b/.test(cartAnswer.headers.get("Cache-Control") ?? ""));
  return pages;
}

async function checkFirstLoad(/** @type {string} */ origin, /** @type {string} */ buildDir, /** @type {import("../tests/bench/pages.mjs").BudgetPage[]} */ pages) {
  for (const page of pages.filter((entry) => entry.jsBudget)) {
    const js = await firstLoadJs(origin, buildDir, page);
    record(`first-load JS ${page.path}`, `${js.totalKb} KB (runtime ${js.runtimeKb})`, `≤ ${BUDGETS.firstLoadKb} KB (ceiling ${CEILINGS.firstLoadKb})`, js.totalKb <= BUDGETS.firstLoadKb, js.totalKb <= CEILINGS.firstLoadKb);
  }
}

async function checkLighthouse(/** @type {string} */ origin, /** @type {import("../tests/bench/pages.mjs").BudgetPage[]} */ pages) {
  for (const page of pages) {
    const audit = await lighthouseMobile(`${origin}${page.path}`, { cookie: page.cookie });
    record(
      `Lighthouse performance ${page.path}`,
      String(audit.performance),
      `≥ ${BUDGETS.lighthousePerformance} (floor ${CEILINGS.lighthousePerformance})`,
      audit.performance >= BUDGETS.lighthousePerformance,
      audit.performance >= CEILINGS.lighthousePerformance,
    );
    record(`Lighthouse CLS ${page.path}`, String(audit.cls), `≤ ${BUDGETS.cls}`, audit.cls <= BUDGETS.cls);
  }
}

async function main() {
  const started = performance.now();
  const buildDir = ensureBuild();
  checkPrecompressed(buildDir);
  const server = await startPgliteServer(buildDir);
  try {
    const pages = await checkHeaders(server.origin, buildDir);
    await checkFirstLoad(server.origin, buildDir, pages);
    if (process.env.BUDGETS_SKIP_LIGHTHOUSE !== "true") await checkLighthouse(server.origin, pages);
  } finally {
    await server.stop();
  }
  for (const row of rows) {
    const mark = row.ok ? (row.met ? "ok  " : "held") : "FAIL";
    console.log(`${mark}  ${row.check}: ${row.value}  (budget ${row.budget})`);
  }
  const unmet = rows.filter((row) => !row.met);
  if (unmet.length > 0 && !STRICT) console.log(`\n${unmet.length} issue budget(s) not met yet, held at today's figure (ADR 0035).`);
  console.log(`budgets checked in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (rows.some((row) => !row.ok)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
