// Site search: in es/en/pt, desktop (header box) and mobile (the box
// in the off-canvas menu), typing suggests once 500 ms pass without typing, Enter lands on the results
// page with q, a misspelling still finds; the results page answers an FAQ question, sends the clicked
// result's position to analytics, and serves its alias path with the main path as canonical.
import type { Page } from "@playwright/test";
import { ESSENTIAL } from "../../lib/i18n/messages/essential.ts";
import { en } from "../../lib/i18n/messages/en.ts";
import { es } from "../../lib/i18n/messages/es.ts";
import { pt } from "../../lib/i18n/messages/pt.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import { LANGUAGES, type Language } from "../../lib/language.ts";
import { test, expect, checkA11y, DESKTOP_ONLY } from "./fixtures.ts";

const MAIN = { es, en, pt } as const;

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie_notice", value: "1", url: "http://127.0.0.1" }]);
});

const CASES: Record<Language, { misspelt: string; finds: string; question: string; answer: string }> = {
  es: {
    misspelt: "isla mujers",
    finds: "Isla Mujeres",
    question: "¿cuánto tiempo es válido un boleto abierto?",
    answer: "6 meses",
  },
  en: { misspelt: "xplr", finds: "Xplor", question: "how long is an open ticket valid", answer: "6 months" },
  pt: {
    misspelt: "isla mujers",
    finds: "Isla Mujeres",
    question: "por quanto tempo vale o bilhete aberto",
    answer: "6 meses",
  },
};

/** The search box of the header: in the main bar on desktop, in the off-canvas menu on mobile. */
async function headerSearchBox(page: Page, language: Language, isMobile: boolean) {
  const label = ESSENTIAL[language]["search.label"];
  if (!isMobile) return page.getByRole("banner").getByRole("combobox", { name: label });
  await page.getByRole("button", { name: MAIN[language]["a11y.openMenu"] }).click();
  return page.getByRole("dialog").getByRole("combobox", { name: label });
}

test("the header box suggests after 500 ms without typing, and Enter lands on the results, misspelt or not", async ({
  page,
  isMobile,
}) => {
  // On phones the box is in the menu; one language shows it there.
  for (const language of isMobile ? (["pt"] as const) : LANGUAGES) {
    const { misspelt, finds } = CASES[language];
    const asked: { body: string }[] = [];
    let tokens = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/google-enterprise/autocomplete")) asked.push({ body: request.postData() ?? "" });
      if (request.url().endsWith("/google-enterprise/token")) tokens += 1;
    });
    await page.goto(pathOf("home", language));
    await page.waitForLoadState("networkidle"); // hydrated, the header's parts loaded
    // A page view without a search makes no search token: the box's statechart waits for the visitor.
    expect(tokens).toBe(0);
    const box = await headerSearchBox(page, language, isMobile);
    await box.click();
    await expect.poll(() => tokens).toBe(1);
    // The page's own clock, so a loaded machine's round trips to the test cannot shorten the measure.
    await page.evaluate(() => {
      const marks = window as unknown as { lastInputAt?: number };
      document.addEventListener("input", () => (marks.lastInputAt = performance.now()), true);
    });
    await box.pressSequentially(misspelt, { delay: 40 });

    const listbox = page.getByRole("listbox", { name: ESSENTIAL[language]["search.suggestions"] });
    await expect(listbox.getByRole("option", { name: finds, exact: true })).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    // One request, for the whole word, no sooner than the debounce allows.
    expect(asked).toHaveLength(1);
    expect(JSON.parse(asked[0]!.body)).toMatchObject({ query: misspelt, dataStore: `travesia-${language}` });
    const waited = await page.evaluate(() => {
      const request = performance
        .getEntriesByType("resource")
        .find((entry) => entry.name.endsWith("/google-enterprise/autocomplete"));
      return request ? request.startTime - (window as unknown as { lastInputAt: number }).lastInputAt : null;
    });
    expect(waited).toBeGreaterThanOrEqual(480);

    // Arrows move through the suggestions; Escape closes them; Enter searches what was typed.
    await box.press("ArrowDown");
    await expect(box).toHaveAttribute("aria-activedescendant", /.+/);
    await box.press("Escape");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await box.press("Enter");
    await expect(page).toHaveURL(`${pathOf("search", language)}?${new URLSearchParams({ q: misspelt })}`);
    const results = page.getByRole("main");
    await expect(results.getByRole("heading", { level: 1 })).toContainText(misspelt);
    await expect(results.getByRole("link", { name: finds, exact: true }).first()).toBeVisible();
    page.removeAllListeners("request");
  }
});

test(
  "the results page answers an FAQ question and reports the clicked result's position",
  DESKTOP_ONLY,
  async ({ page }) => {
    for (const language of LANGUAGES) {
      const { question, answer } = CASES[language];
      await page.goto(`${pathOf("search", language)}?${new URLSearchParams({ q: question })}`);
      await page.waitForLoadState("networkidle");
      const main = page.getByRole("main");
      await expect(page).toHaveTitle(MAIN[language]["search.meta.title"].replace("{query}", question));
      await expect(main.getByRole("combobox", { name: ESSENTIAL[language]["search.label"] })).toHaveValue(question);
      const answerBox = main.getByRole("region", { name: MAIN[language]["search.answer.title"] });
      await expect(answerBox).toContainText(answer);
      await expect(answerBox.getByRole("link").first()).toHaveAttribute(
        "href",
        new RegExp(`^${pathOf("faq", language)}#`),
      );
      if (language === "en") await checkA11y(page);

      // A result clicked: analytics get its position and the attribution token, and name the results page
      // even when the token arrives once the result's own page shows (it is held until then).
      const second = main.locator("li[data-position='2'] h3 a");
      const searchPath = pathOf("search", language);
      await page.route("**/google-enterprise/token", async (route) => {
        await page.waitForURL((url) => !url.pathname.startsWith(searchPath));
        await route.continue();
      });
      const analytics = page.waitForRequest((request) => request.url().endsWith("/google-enterprise/analytics"));
      await second.click();
      const sent = JSON.parse((await analytics).postData() ?? "{}") as Record<string, unknown>;
      expect(sent).toMatchObject({
        dataStore: `travesia-${language}`,
        searchQuery: question,
        eventType: "search",
        selectedPosition: 2,
      });
      expect(sent.attributionToken).toEqual(expect.any(String));
      expect((await analytics).headers()["x-host-path"]).toContain(searchPath);
      await page.unroute("**/google-enterprise/token");
    }
  },
);

test(
  "an alias path with a hostile query: canonical main path, markup as text, popular searches",
  DESKTOP_ONLY,
  async ({ page }) => {
    // the alias and the empty state are the same page on both viewports.
    // The alias path serves the page; its canonical link is the main path, without q. Nothing matches
    // the hostile query: the empty state offers popular searches.
    const hostile = '<qqzz onclick="xxqq()">';
    const alias = await page.goto(`/en/search-results/?${new URLSearchParams({ q: hostile })}`);
    expect(alias?.status()).toBe(200);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/en\/search\/$/);
    // Markup in q is text, never markup.
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
      en["search.heading"].replace("{query}", hostile),
    );
    expect(await page.locator("qqzz").count()).toBe(0);
    await expect(page.getByTestId("search-empty")).toBeVisible();
    await expect(page.getByRole("navigation", { name: en["search.popular"] }).getByRole("link")).toHaveCount(6);
    await checkA11y(page);
  },
);
