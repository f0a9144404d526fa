// Choosing the currency: the switcher in the header (desktop) and in the mobile menu
// changes every price on the home page to the new currency's own format without a document load; the
// first visit follows the edge country, else the language; the no-JavaScript form works; failures
// show their labels ("Error obteniendo divisas" and the payment-methods one); and the open switcher passes axe.
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { APP_BANNER_STORAGE_KEY } from "../../app/components/shell/app-banner-storage.ts";
import { en } from "../../lib/i18n/messages/en.ts";
import { es } from "../../lib/i18n/messages/es.ts";
import { pt } from "../../lib/i18n/messages/pt.ts";
import { test, expect, checkA11y, DESKTOP_ONLY } from "./fixtures.ts";

const MESSAGES = { es, en, pt } as const;
type Language = keyof typeof MESSAGES;

/** How each currency writes a price (its Currency entity: symbol, position, separators, decimals). */
const FORMAT: Record<string, RegExp> = {
  MXN: /^\$\d{1,3}(,\d{3})*\.\d{2}$/,
  USD: /^US\$\d{1,3}(,\d{3})*\.\d{2}$/,
  EUR: /^\d{1,3}(\.\d{3})*,\d{2}\u00a0€$/,
  JPY: /^¥\d{1,3}(,\d{3})*$/,
  GBP: /^£\d{1,3}(,\d{3})*\.\d{2}$/,
};

async function dismissNotices(context: BrowserContext) {
  await context.addCookies([{ name: "cookie_notice", value: "1", url: "http://127.0.0.1" }]);
  await context.addInitScript((key) => {
    if (window.location.protocol.startsWith("http")) window.localStorage.setItem(key, "1");
  }, APP_BANNER_STORAGE_KEY);
}

/** Every price the home page shows: the six "from" prices and the hero's ferry price. */
async function homePrices(page: Page, language: Language): Promise<string[]> {
  const amounts = await page.getByTestId("price-amount").allTextContents();
  const [before, after] = MESSAGES[language]["home.hero.fromPrice"].split("{price}") as [string, string];
  const hero = (await page.getByTestId("hero-price").textContent()) ?? "";
  expect(hero.startsWith(before) && hero.endsWith(after), `hero price "${hero}"`).toBe(true);
  return [...amounts, hero.slice(before.length, hero.length - after.length)];
}

async function expectPricesIn(page: Page, language: Language, code: string) {
  const format = FORMAT[code];
  if (!format) throw new Error(`no format for ${code}`);
  await expect(page.getByTestId("price-amount")).toHaveCount(6);
  await expect
    .poll(async () => (await homePrices(page, language)).every((price) => format.test(price)), {
      message: `every price in ${code}`,
    })
    .toBe(true);
}

/** Marks the document: a full reload would lose the mark. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
}

async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

async function currencyCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  return {
    currency: cookies.find((c) => c.name === "currency")?.value,
    id: cookies.find((c) => c.name === "currency_id")?.value,
  };
}

/** The switcher's button: in the header on desktop, in the (opened) mobile menu on mobile. */
async function openSwitcherArea(
  page: Page,
  isMobile: boolean,
  language: Language,
): Promise<{ scope: Locator | Page; trigger: Locator }> {
  const t = MESSAGES[language];
  if (isMobile) {
    await page.getByRole("button", { name: t["a11y.openMenu"] }).click();
    const menu = page.getByRole("dialog", { name: t["nav.menu"] });
    return { scope: menu, trigger: menu.getByRole("button", { name: new RegExp(`^${t["currency.label"]}: `) }) };
  }
  return {
    scope: page,
    trigger: page.getByRole("banner").getByRole("button", { name: new RegExp(`^${t["currency.label"]}: `) }),
  };
}

async function closeMobileMenu(page: Page, language: Language) {
  await page.getByRole("button", { name: MESSAGES[language]["a11y.closeMenu"] }).click();
  await expect(page.getByRole("dialog", { name: MESSAGES[language]["nav.menu"] })).toBeHidden();
}

// Several steps each, on a machine that may be busy: give them room.
test.describe.configure({ timeout: 90_000 });

test.describe("the currency switcher", () => {
  test.beforeEach(async ({ context }) => dismissNotices(context));

  // Desktop only: on phones the cart's journey changes the currency from the mobile menu.
  test(
    "changes every price on the home page, by search and by pointer, without reloading",
    DESKTOP_ONLY,
    async ({ page, context, isMobile }) => {
      test.slow(); // two changes and an axe run on the longest page
      const language: Language = "es";
      const t = MESSAGES[language];
      await page.goto("/es/");
      await expectPricesIn(page, language, "MXN"); // es without geolocation: Mexico
      const mxn = await homePrices(page, language);
      await markDocument(page);

      // 1. Search "eur" and press Enter.
      let { scope, trigger } = await openSwitcherArea(page, isMobile, language);
      await expect(trigger).toHaveAccessibleName(/: MXN \$/);
      await trigger.click();
      await expect(trigger).toHaveAttribute("aria-expanded", "true");
      const search = scope.getByRole("searchbox", { name: t["currency.search"] });
      await expect(search).toBeFocused({ timeout: 15_000 }); // the list's code loads on first use
      const list = scope.getByRole("listbox", { name: t["currency.list"] });
      await expect(list.getByRole("option")).toHaveCount(17);
      await expect(list.getByRole("option", { name: /MXN/ })).toHaveAttribute("aria-selected", "true");
      await checkA11y(page); // with the switcher open
      await search.fill("eur");
      await expect(list.getByRole("option")).toHaveCount(1);
      const put = page.waitForResponse(
        (response) => response.url().includes("/api/currency") && response.request().method() === "PUT",
      );
      await search.press("Enter");
      expect((await put).status()).toBe(200);
      await expect(trigger).toHaveAccessibleName(/: EUR €/);
      await expect(trigger).toHaveAttribute("aria-expanded", "false");
      await expect(scope.getByRole("status").filter({ hasText: "EUR" })).toHaveText(
        t["currency.changed"].replace("{name}", "Euro").replace("{code}", "EUR"),
      );
      if (isMobile) await closeMobileMenu(page, language);
      await expectPricesIn(page, language, "EUR");
      const eur = await homePrices(page, language);
      expect(eur).not.toEqual(mxn);
      expect(await currencyCookies(context)).toEqual({ currency: "EUR", id: "3" });

      // 2. Search by name, accent left out, and click the option.
      ({ scope, trigger } = await openSwitcherArea(page, isMobile, language));
      await trigger.click();
      await scope.getByRole("searchbox", { name: t["currency.search"] }).fill("yen japones");
      await scope.getByRole("option", { name: /JPY/ }).click();
      await expect(trigger).toHaveAccessibleName(/: JPY ¥/);
      if (isMobile) await closeMobileMenu(page, language);
      await expectPricesIn(page, language, "JPY");
      expect(await homePrices(page, language)).not.toEqual(eur);
      expect(await currencyCookies(context)).toEqual({ currency: "JPY", id: "11" });

      await expectSameDocument(page);

      // The cookies decide from now on: a fresh load stays in yen.
      await page.reload();
      await expectPricesIn(page, language, "JPY");
    },
  );

  test("lists by code and name in the page's language, and says when nothing matches", async ({ page, isMobile }) => {
    const language: Language = "pt";
    const t = MESSAGES[language];
    await page.goto("/pt/");
    const { scope, trigger } = await openSwitcherArea(page, isMobile, language);
    await trigger.click();
    const search = scope.getByRole("searchbox", { name: t["currency.search"] });
    // The list's own options: the home's booking widget has <select> options of its own.
    const options = scope.getByRole("listbox", { name: t["currency.list"] }).getByRole("option");
    await search.fill("iene");
    await expect(options).toHaveText([/JPY\s*Iene japonês/]);
    await search.fill("dolar");
    await expect(options).toHaveCount(3);
    await search.fill("bitcoin");
    // React Aria announces the empty state as the listbox's only row.
    await expect(options).toHaveText([t["currency.noResults"]]);
    await search.press("Escape"); // clears the search
    await expect(options).toHaveCount(17);
    if (!isMobile) {
      await search.press("Escape"); // closes the popover, focus back on the button
      await expect(trigger).toHaveAttribute("aria-expanded", "false");
      await expect(trigger).toBeFocused();
    }
  });

  test(
    "keeps the prices and says so when the change fails",
    DESKTOP_ONLY,
    async ({ page, isMobile, allowConsoleError }) => {
      // the switcher's logic; its place in the mobile menu is the journey above.
      allowConsoleError(/status of 503/);
      const language: Language = "en";
      const t = MESSAGES[language];
      await page.route(
        (url) => url.pathname === "/api/currency",
        (route) =>
          route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({ error: { code: "INTERNAL_ERROR" } }),
          }),
      );
      await page.goto("/en/");
      await expectPricesIn(page, language, "USD");
      const before = await homePrices(page, language);
      const { scope, trigger } = await openSwitcherArea(page, isMobile, language);
      await trigger.click();
      await scope.getByRole("searchbox", { name: t["currency.search"] }).fill("GBP");
      await scope.getByRole("option", { name: /GBP/ }).click();
      await expect(scope.getByRole("alert")).toHaveText(t["currency.changeError"]);
      await expect(trigger).toHaveAccessibleName(/: USD \$/);
      expect(await homePrices(page, language)).toEqual(before);
    },
  );

  test(
    "says “Error obteniendo divisas” when the list cannot be loaded, and recovers",
    DESKTOP_ONLY,
    async ({ page, isMobile, allowConsoleError }) => {
      // the switcher's logic; its place in the mobile menu is the journey above.
      allowConsoleError(/Failed to load resource|Failed to fetch dynamically imported module/);
      const language: Language = "es";
      const t = MESSAGES[language];
      let blocked = true;
      await page.route("**/assets/currency-picker-*.js", (route) =>
        blocked ? route.abort("failed") : route.continue(),
      );
      await page.goto("/es/");
      const { scope, trigger } = await openSwitcherArea(page, isMobile, language);
      await trigger.click();
      const alert = scope.getByRole("alert");
      await expect(alert).toContainText("Error obteniendo divisas");
      blocked = false;
      await alert.getByRole("button", { name: t["currency.retry"] }).click();
      await expect(scope.getByRole("listbox", { name: t["currency.list"] }).getByRole("option")).toHaveCount(17);
    },
  );
});

test.describe("the first visit", () => {
  test.beforeEach(async ({ context }) => dismissNotices(context));

  test.describe("from Great Britain (CF-IPCountry: GB)", () => {
    test.use({ extraHTTPHeaders: { "CF-IPCountry": "GB" } });

    test("shows pounds sterling", DESKTOP_ONLY, async ({ page, context, isMobile }) => {
      // the server's choice; the mobile menu's switcher is the journey above.
      await page.goto("/en/");
      await expectPricesIn(page, "en", "GBP");
      expect(await currencyCookies(context)).toEqual({ currency: undefined, id: undefined }); // chosen, not stored
      const { trigger } = await openSwitcherArea(page, isMobile, "en");
      await expect(trigger).toHaveAccessibleName(/^Currency: GBP £/);
    });
  });

  test.describe("in Spanish without geolocation", () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": "es" }, locale: "es-MX" });

    test("goes to /es/ and shows Mexican pesos", DESKTOP_ONLY, async ({ page, isMobile }) => {
      // the server's choice; the mobile menu's switcher is the journey above.
      await page.goto("/");
      await expect(page).toHaveURL(/\/es\/$/);
      await expectPricesIn(page, "es", "MXN");
      const { trigger } = await openSwitcherArea(page, isMobile, "es");
      await expect(trigger).toHaveAccessibleName(/^Divisa: MXN \$/);
    });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.beforeEach(async ({ context }) => dismissNotices(context));

  test("the header form changes the currency and comes back to the page", DESKTOP_ONLY, async ({ page, context }) => {
    // the mobile menu needs JavaScript; the header form is the desktop fallback.
    await page.goto("/en/");
    await expectPricesIn(page, "en", "USD");
    const switcher = page.locator('details[data-currency-switcher="header"]');
    await switcher.locator("summary").click();
    await expect(switcher.locator("summary")).toHaveAccessibleName(/^Currency: USD \$/);
    await switcher.getByLabel(en["currency.label"], { exact: true }).selectOption("EUR");
    await switcher.getByRole("button", { name: en["currency.apply"] }).click();
    await expect(page).toHaveURL(/\/en\/$/);
    await expectPricesIn(page, "en", "EUR");
    expect(await currencyCookies(context)).toEqual({ currency: "EUR", id: "3" });
  });
});
