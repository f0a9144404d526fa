// Home pages: the hero, featured products with their "from" price per adult, title and
// description per language, no layout shift, and no accessibility violation — in es, en and pt.
import type { BrowserContext } from "@playwright/test";
import { en } from "../../lib/i18n/messages/en.ts";
import { es } from "../../lib/i18n/messages/es.ts";
import { pt } from "../../lib/i18n/messages/pt.ts";
import { APP_BANNER_STORAGE_KEY } from "../../app/components/shell/app-banner-storage.ts";
import { isPageLive, pathOf } from "../../lib/routing/localized-paths.ts";
import { test, expect, checkA11y, DESKTOP_ONLY, sampledOnPhones } from "./fixtures.ts";

const HOMES = [
  {
    language: "es",
    messages: es,
    ferry: "Ferry Cancún – Isla Mujeres",
    catamaran: "Catamarán a Isla Mujeres",
  },
  {
    language: "en",
    messages: en,
    ferry: "Cancún – Isla Mujeres ferry",
    catamaran: "Catamaran to Isla Mujeres",
  },
  {
    language: "pt",
    messages: pt,
    ferry: "Ferry Cancún – Isla Mujeres",
    catamaran: "Catamarã para Isla Mujeres",
  },
] as const;

/** The notices float over the page bottom; tests about the page itself start with them dismissed. */
async function dismissNotices(context: BrowserContext) {
  await context.addCookies([{ name: "cookie_notice", value: "1", url: "http://127.0.0.1" }]);
  await context.addInitScript((key) => {
    // Init scripts also run in about:blank, where storage is off limits.
    if (window.location.protocol.startsWith("http")) window.localStorage.setItem(key, "1");
  }, APP_BANNER_STORAGE_KEY);
}

for (const home of HOMES) {
  test.describe(`home in ${home.language}`, () => {
    // Every language on desktop; on phones, Spanish (the layout is one component whatever the language).
    test(
      "shows the hero, the featured products with prices per adult, and its own title",
      sampledOnPhones(home.language === "es"),
      async ({ page, context, baseURL }) => {
        test.slow(); // axe on the longest page of the site
        await dismissNotices(context);
        // Prices are converted to the visitor's currency (tests/e2e/currency.spec.ts); here, the pesos they are set in.
        await context.addCookies([
          { name: "currency", value: "MXN", url: "http://127.0.0.1" },
          { name: "currency_id", value: "2", url: "http://127.0.0.1" },
        ]);
        await page.goto(`/${home.language}/`);
        const t = home.messages;

        await expect(page.locator("html")).toHaveAttribute("lang", home.language);
        await expect(page).toHaveTitle(t["meta.home.title"]);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", t["meta.home.description"]);
        await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
          "content",
          `${baseURL}/${home.language}/`,
        );
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          t["home.hero.title.other"].replace("{count}", "25"),
        );

        const cards = page.getByTestId("product-card");
        await expect(cards).toHaveCount(6);
        const ferry = cards.filter({ has: page.getByRole("heading", { name: home.ferry }) });
        await expect(ferry.getByTestId("product-price")).toHaveText(
          `${t["home.featured.from"]} $254.00 ${t["home.featured.perAdult"]}`,
        );
        const catamaran = cards.filter({ has: page.getByRole("heading", { name: home.catamaran }) });
        await expect(catamaran.getByTestId("product-price")).toContainText("$1,790.00");
        await expect(cards.first().getByRole("img")).toHaveCount(0); // decorative: alt="" takes it out of the tree
        // Intrinsic sizes reserve the space before the images load (no layout shift).
        const sizes = await cards
          .locator("img")
          .evaluateAll((images) => images.map((image) => [image.getAttribute("width"), image.getAttribute("height")]));
        expect(sizes).toEqual(Array.from({ length: 6 }, () => ["640", "400"]));

        // The hero's ticket card advertises the ferry's own "from" price.
        await expect(page.getByText(t["home.hero.fromPrice"].replace("{price}", "$254.00"))).toBeVisible();
        await checkA11y(page);
      },
    );
  });
}

test("the hero's call to action leads to the ferry page, or to the products while it does not exist", async ({
  page,
  context,
}) => {
  await dismissNotices(context);
  await page.goto("/en/");
  if (isPageLive("ferry")) {
    await page.getByRole("link", { name: en["home.hero.cta"] }).click();
    await expect(page).toHaveURL(new RegExp(`${pathOf("ferry", "en")}$`));
  } else {
    await page.getByRole("link", { name: en["home.hero.secondaryCta"] }).click();
    await expect(page).toHaveURL(/#featured$/);
  }
});

test("every product illustration loads", DESKTOP_ONLY, async ({ page, context }) => {
  // the same files on both viewports.
  await dismissNotices(context);
  await page.goto("/es/");
  const images = page.locator("main img");
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
      .toBe(true);
  }
});

test("the page does not shift while it loads and hydrates", async ({ page, context }) => {
  await dismissNotices(context);
  await page.goto("/pt/", { waitUntil: "networkidle" });
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
  expect(shift).toBeLessThan(0.02);
});

// Desktop only: the facts come from the server's data, whatever the viewport.
test(
  "the home states the crossing time, frequency and hours of today's timetable",
  DESKTOP_ONLY,
  async ({ page, context }) => {
    await dismissNotices(context);
    await page.goto(pathOf("routesSchedules", "en"));
    const times = await page
      .locator('[data-testid="timetable"] [data-crossing="cancun-isla-mujeres"] tr[data-sailing-time]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-sailing-time") ?? ""));
    const minutes = times.map((time) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)));
    const gaps = [...new Set(minutes.slice(1).map((minute, index) => minute - minutes[index]!))].sort((a, b) => a - b);
    const frequency =
      gaps.length === 0
        ? en["home.crossing.frequencyDaily"]
        : gaps.length === 1
          ? en["home.crossing.frequencyValue.other"].replace("{count}", String(gaps[0]))
          : en["home.crossing.frequencyRange"]
              .replace("{shortest}", String(gaps[0]))
              .replace("{longest}", String(gaps.at(-1)));

    await page.goto(pathOf("home", "en"));
    // The seed's crossing takes 25 minutes (the timetable says "About 25 minutes").
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cross to Isla Mujeres in 25 minutes");
    const facts = page.getByTestId("crossing-facts");
    await expect(facts).toContainText("about 25 minutes");
    await expect(facts).toContainText(frequency);
    await expect(page.locator("main")).toContainText(`Ferries from Cancún ${frequency},`);
    if (times.length > 0) await expect(facts).toContainText(`${times[0]} to ${times.at(-1)}`);
  },
);
