// End-to-end journeys in Debian's Chromium, desktop and mobile, against the production build on a fresh
// database (tests/setup/e2e-servers.ts starts it: the local PostgreSQL, else the embedded PGlite). E2E_PORT and
// BUILD_DIR let parallel checkouts run side by side.
import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { BASE_URL as baseURL, E2E_ENV, PORT } from "./tests/setup/e2e-servers.ts";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

// The workers inherit these from this process: the short-hold server, the mailbox, the admin token.
Object.assign(process.env, E2E_ENV);

// Debian's chromium-headless-shell: the same Blink and V8 as the chromium package without the full
// browser around them, the build Playwright itself runs headless tests on. A new browser context
// with a page costs it about a third of the CPU, and a page load less than half (session 7, ADR 0026
// addendum 4), and the e2e tier is bound by CPU on two cores. Chromium itself where it is missing.
export const CHROMIUM_PATH = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  // Per port: Playwright empties its output directory when it starts, which would pull the traces
  // from under another checkout's run.
  outputDir: `.tmp/test-results/${PORT}`,
  // Tests, not files, are spread over the workers: no worker sits idle behind a long file.
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Three on two cores: part of the tier's test time is waiting (holds that expire, debounces,
  // mail), and a third worker fills it. The tier's 161 tests took 441 CPU-s; three workers finished
  // in 238 s where two took 297 s (ADR 0062).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // A hang guard, not a speed check: the longest journeys (a purchase, then the booking managed) take
  // 20-25 s on a quiet machine and went past 30 s on a machine half as fast. Journeys that do more set
  // their own, longer limit.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  // `npm test` asks for a JSON report to count the tests; the list reporter shows progress either way.
  reporter:
    process.env.E2E_REPORTER === "json"
      ? [["json", { outputFile: process.env.E2E_REPORT_FILE ?? ".tmp/test-reports/e2e.json" }], ["list"]]
      : [["list"]],
  use: {
    baseURL,
    browserName: "chromium",
    // axe-core is injected into pages whose CSP would otherwise refuse it.
    bypassCSP: true,
    // The offline service worker installs in every new context (its script, then the three offline
    // pages fetched and cached) and stands in every navigation. Only the files that test it, and the
    // cart's purchase (a whole journey under the worker), let it in (ADR 0026, addendum 3).
    serviceWorkers: "block",
    // A failed test keeps its trace: actions, network, console and sources. DOM snapshots and the
    // screencast are left out: recorded for every test, they cost about an eighth of the tier's CPU
    // (session 7: 130 → 114 CPU-s on 51 tests), and the failure's own screenshot stays.
    trace: { mode: "retain-on-failure", snapshots: false, screenshots: false },
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // Tests tagged for one viewport (tests/e2e/fixtures.ts DESKTOP_ONLY, MOBILE_ONLY) are left out of
    // the other project, rather than skipped inside it after a browser context was opened for them.
    {
      name: "desktop",
      grepInvert: /@mobile-only/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: "mobile",
      grepInvert: /@desktop-only/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  // The mail server, the app, the upstream identity provider and the short-hold app, started side by
  // side (Playwright's own webServer list starts them one after another) and stopped when the run ends.
  globalSetup: "./tests/setup/e2e-servers.ts",
});
