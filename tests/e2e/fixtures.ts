// Shared Playwright fixtures: every test fails on an uncaught page error or an unexpected console
// error, and `checkA11y(page)` fails listing every axe violation (WCAG 2.1 A and AA, none allowed).
//
//   import { test, expect, checkA11y } from "./fixtures.ts";
//   test("…", async ({ page, allowConsoleError }) => {
//     allowConsoleError(/status of 404/); // this test expects the browser to log a failed load
//     …
//     await checkA11y(page);
//   });
//
// A whole file can declare expected console errors with `test.use({ expectedConsoleErrors: [/…/] })`.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test as base, expect, type Page } from "@playwright/test";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] as const;

interface Fixtures {
  /** Console errors matching one of these do not fail the test. */
  expectedConsoleErrors: RegExp[];
  /** Declares, inside a test, a console error the test expects (e.g. a deliberate 404 or 500). */
  allowConsoleError: (pattern: RegExp) => void;
  /** Console errors and uncaught page errors seen so far, for tests that assert on them. */
  browserErrors: string[];
}

export const test = base.extend<Fixtures & { allowedConsoleErrors: RegExp[] }>({
  expectedConsoleErrors: [[], { option: true }],
  allowedConsoleErrors: async ({ expectedConsoleErrors }, use) => {
    await use([...expectedConsoleErrors]);
  },
  allowConsoleError: async ({ allowedConsoleErrors }, use) => {
    await use((pattern) => {
      allowedConsoleErrors.push(pattern);
    });
  },
  // Playwright requires an object pattern even when a fixture depends on nothing.
  // eslint-disable-next-line no-empty-pattern
  browserErrors: async ({}, use) => {
    await use([]);
  },
  // The browser context watches itself: context-wide, so pages a test opens itself (popups,
  // context.newPage()) are watched too. On the context rather than an automatic fixture, so a test
  // that speaks HTTP only (the `request` fixture) opens no browser context at all.
  context: async ({ context, allowedConsoleErrors, browserErrors }, use) => {
    const pageErrors: string[] = [];
    const consoleErrors: string[] = [];
    context.on("weberror", (webError) => {
      const error = webError.error();
      const text = `${error.name}: ${error.message}`;
      pageErrors.push(text);
      browserErrors.push(`pageerror: ${text}`);
    });
    context.on("console", (message) => {
      if (message.type() !== "error") return;
      const location = message.location();
      const text = `${message.text()}${location.url ? ` (${location.url})` : ""}`;
      consoleErrors.push(text);
      browserErrors.push(`console.error: ${text}`);
    });
    await use(context);
    const unexpected = consoleErrors.filter((text) => !allowedConsoleErrors.some((pattern) => pattern.test(text)));
    const problems = [
      ...pageErrors.map((text) => `uncaught page error: ${text}`),
      ...unexpected.map((text) => `console error: ${text}`),
    ];
    if (problems.length > 0) {
      throw new Error(
        `The page reported ${problems.length} error(s):\n${problems.map((line) => `  - ${line}`).join("\n")}`,
      );
    }
  },
});

export { expect };

/**
 * Tests tagged so run on desktop only, or on phones only: playwright.config.ts leaves them out of the
 * other project, so they cost nothing there (a skip inside the test would still open a browser context).
 */
export const DESKTOP_ONLY = { tag: "@desktop-only" } as const;
export const MOBILE_ONLY = { tag: "@mobile-only" } as const;

/** On both viewports when `onPhones`, else on desktop only: for journeys sampled on phones. */
export function sampledOnPhones(onPhones: boolean): { tag?: string } {
  return onPhones ? {} : DESKTOP_ONLY;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Runs axe-core on the current page; fails with every violation listed (0 allowed). */
export async function checkA11y(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  const hasAxe = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== "undefined");
  if (!hasAxe) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(
    async ({ tags, exclude }) => {
      const axe = (
        window as unknown as {
          axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> };
        }
      ).axe;
      const context =
        exclude.length > 0 ? { include: [["html"]], exclude: exclude.map((selector) => [selector]) } : document;
      const result = await axe.run(context, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
      return result.violations;
    },
    { tags: [...WCAG_TAGS], exclude: options.exclude ?? [] },
  );
  const list = violations as AxeViolation[];
  if (list.length === 0) return;
  const lines = list.flatMap((violation) => [
    `${violation.id} (${violation.impact ?? "n/a"}): ${violation.help} — ${violation.helpUrl}`,
    ...violation.nodes.map(
      (node) =>
        `    - element ${JSON.stringify(node.target)}${node.failureSummary ? `: ${node.failureSummary.replace(/\s+/g, " ")}` : ""}`,
    ),
  ]);
  throw new Error(`axe found ${list.length} accessibility violation(s) on ${page.url()}:\n${lines.join("\n")}`);
}
