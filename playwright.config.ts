// End-to-end journeys in Debian's Chromium, desktop and mobile, against the production build on a fresh
// database (tests/setup/e2e-server.mjs: the local PostgreSQL, else the embedded PGlite). E2E_PORT and
// BUILD_DIR let parallel checkouts run side by side.
import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const BUILD_DIR = process.env.BUILD_DIR ?? ".tmp/build-test";
const baseURL = `http://127.0.0.1:${PORT}`;
// A second server whose holds last seconds, for the test that watches a hold expire; the workers
// inherit these variables from this process.
const SHORT_HOLD_SECONDS = 15;
const SHORT_HOLD_ORIGIN = `http://127.0.0.1:${PORT + 1}`;
process.env.E2E_SHORT_HOLD_ORIGIN = SHORT_HOLD_ORIGIN;
process.env.E2E_SHORT_HOLD_SECONDS = String(SHORT_HOLD_SECONDS);
// The mail server the app sends through (a real SMTP server), and where tests read what it received.
const SMTP_PORT = PORT + 2;
const MAILBOX_ORIGIN = `http://127.0.0.1:${PORT + 3}`;
process.env.E2E_MAILBOX_ORIGIN = MAILBOX_ORIGIN;
// The upstream social provider of the social sign-in test (a second oidc-provider standing in for
// Google, tests/setup/upstream-idp.mjs), and the one entry of SOCIAL_PROVIDERS that names it.
const UPSTREAM_IDP_PORT = PORT + 4;
// The admin API's token on the e2e server: tests grant staff roles with it (tests/e2e/staff.ts).
const ADMIN_API_TOKEN = "e2e-admin-api-token-0123456789abcdef";
process.env.E2E_ADMIN_TOKEN = ADMIN_API_TOKEN;
const SOCIAL_PROVIDERS = JSON.stringify([
  {
    id: "upstream",
    name: "Upstream",
    issuer: `http://127.0.0.1:${UPSTREAM_IDP_PORT}`,
    clientId: "travesia-idp",
    clientSecret: "upstream-test-client-secret-0123456789abcdef",
  },
]);

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
  timeout: 30_000,
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
  webServer: [
    {
      command: "node tests/setup/e2e-smtp.mjs",
      url: `${MAILBOX_ORIGIN}/healthz`,
      reuseExistingServer: false,
      env: { SMTP_PORT: String(SMTP_PORT), HTTP_PORT: String(PORT + 3) },
    },
    {
      command: "node tests/setup/e2e-server.mjs",
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      // The server drains and closes its database; the wrapper then removes the temporary DATA_DIR.
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
      timeout: 240_000,
      stdout: "pipe",
      stderr: "pipe",
      // No Uplift key: the default deployment offers paying monthly through Uplift's sandbox (ADR 0050).
      env: {
        PORT: String(PORT),
        BUILD_DIR,
        LOG_LEVEL: "warn",
        ENABLE_FAULT_ROUTES: "true",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // Links in mails point where the browser is, so following one keeps this host's cookies; and the
        // identity provider's issuer and redirect URIs are on the origin the browser uses.
        PUBLIC_ORIGIN: baseURL,
        SOCIAL_PROVIDERS,
        ADMIN_API_TOKEN,
      },
    },
    {
      command: `node tests/setup/upstream-idp.mjs ${UPSTREAM_IDP_PORT} ${baseURL}/idp/social/upstream/callback`,
      url: `http://127.0.0.1:${UPSTREAM_IDP_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command: "node tests/setup/e2e-server.mjs",
      url: `${SHORT_HOLD_ORIGIN}/healthz`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
      timeout: 240_000,
      stdout: "pipe",
      stderr: "pipe",
      // Mail and links too: the waiting-list journey watches a hold expire and follows the offer's mail.
      env: {
        PORT: String(PORT + 1),
        BUILD_DIR,
        LOG_LEVEL: "warn",
        CART_HOLD_SECONDS: String(SHORT_HOLD_SECONDS),
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        PUBLIC_ORIGIN: SHORT_HOLD_ORIGIN,
      },
    },
  ],
});
