// The page shell: language switcher, desktop disclosure menus, the mobile off-canvas menu
// and hide-on-scroll header, footer tabs, the cookie notice and the app-store banner.
import type { BrowserContext, Page } from "@playwright/test";
import { en } from "../../lib/i18n/messages/en.ts";
import { es } from "../../lib/i18n/messages/es.ts";
import { pt } from "../../lib/i18n/messages/pt.ts";
import { buildMainMenu } from "../../app/components/shell/navigation.ts";
import { APP_BANNER_STORAGE_KEY } from "../../app/components/shell/app-banner-storage.ts";
import { COUNTRY_PHONES } from "../../app/components/shell/contact-data.ts";
import { isPageLive, pathOf } from "../../lib/routing/localized-paths.ts";
import { test, expect, checkA11y, DESKTOP_ONLY, MOBILE_ONLY } from "./fixtures.ts";

// Keyboard journeys are many small steps; give them room on a busy machine.
test.describe.configure({ timeout: 120_000 });

async function dismissCookieNotice(context: BrowserContext) {
  await context.addCookies([{ name: "cookie_notice", value: "1", url: "http://127.0.0.1" }]);
}

async function dismissAppBanner(context: BrowserContext) {
  await context.addInitScript((key) => {
    // Init scripts also run in about:blank, where storage is off limits.
    if (window.location.protocol.startsWith("http")) window.localStorage.setItem(key, "1");
  }, APP_BANNER_STORAGE_KEY);
}

async function dismissNotices(context: BrowserContext) {
  await dismissCookieNotice(context);
  await dismissAppBanner(context);
}

/** The main bar of the header (the part that sticks and hides): the page's banner landmark. */
const header = (page: Page) => page.getByRole("banner");

test.describe("language switcher", () => {
  test.beforeEach(async ({ context }) => dismissNotices(context));

  test("on desktop it goes to the same page in the other language", DESKTOP_ONLY, async ({ page }) => {
    const target = isPageLive("ferry") ? "ferry" : "home";
    await page.goto(pathOf(target, "es"));
    const button = page.getByRole("button", { name: `${es["a11y.languageSwitcher"]}: ${es["language.es"]}` });
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const english = page.getByRole("link", { name: es["language.en"] });
    await expect(english).toHaveAttribute("hreflang", "en");
    await expect(english).toHaveAttribute("lang", "en");
    await expect(page.getByRole("link", { name: es["language.es"] })).toHaveAttribute("aria-current", "true");
    await english.click();
    await expect(page).toHaveURL(new RegExp(`${pathOf(target, "en")}$`));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect
      .poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === "travesia_lang")?.value)
      .toBe("en");
  });

  test("in the mobile menu it goes to the same page in the other language", MOBILE_ONLY, async ({ page }) => {
    await page.goto("/en/");
    await page.getByRole("button", { name: en["a11y.openMenu"] }).click();
    const dialog = page.getByRole("dialog", { name: en["nav.menu"] });
    const portuguese = dialog.getByRole("link", { name: en["language.pt"] });
    await expect(portuguese).toHaveAttribute("hreflang", "pt");
    await expect(portuguese).toHaveAttribute("lang", "pt");
    await portuguese.click();
    await expect(page).toHaveURL(/\/pt\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "pt");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      pt["home.hero.title.other"].replace("{count}", "25"),
    );
  });
});

test.describe("desktop menu", DESKTOP_ONLY, () => {
  test.beforeEach(async ({ context }) => dismissNotices(context));

  const menu = buildMainMenu("en");
  const disclosure = menu.find((group) => !group.single && group.links.length >= 1);

  test("shows only groups with live pages, each link in the visitor's language", async ({ page }) => {
    await page.goto("/en/");
    const nav = page.getByRole("navigation", { name: en["a11y.mainNavigation"] });
    for (const group of menu) {
      const name = en[group.label];
      if (group.single)
        await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", group.links[0]!.href);
      else await expect(nav.getByRole("button", { name, exact: true })).toBeVisible();
    }
    for (const label of ["nav.aboutUs", "nav.destinations", "nav.ferries", "nav.promotions"] as const) {
      if (!menu.some((group) => group.label === label))
        await expect(nav.getByText(en[label], { exact: true })).toHaveCount(0);
    }
  });

  test("a group opens and closes with the keyboard", async ({ page }) => {
    test.skip(!disclosure, "no menu group has two pages yet");
    await page.goto("/en/");
    const nav = page.getByRole("navigation", { name: en["a11y.mainNavigation"] });
    const button = nav.getByRole("button", { name: en[disclosure!.label], exact: true });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    const panel = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
    await expect(panel).toBeHidden();

    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();

    await page.keyboard.press("ArrowDown");
    const links = panel.getByRole("link");
    await expect(links.first()).toBeFocused();
    await expect(links.first()).toHaveAttribute("href", disclosure!.links[0]!.href);
    if (disclosure!.links.length > 1) {
      await page.keyboard.press("ArrowDown");
      await expect(links.nth(1)).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await expect(links.first()).toBeFocused();
    }

    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();

    // ArrowDown on the closed button opens it straight onto its first link; Tab out closes it.
    await page.keyboard.press("ArrowDown");
    await expect(links.first()).toBeFocused();
    for (let index = 0; index < disclosure!.links.length; index += 1) await page.keyboard.press("Tab");
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("Left and Right arrows move between the top-level items, and a click outside closes a group", async ({
    page,
  }) => {
    test.skip(menu.length < 2 || !disclosure, "the menu has a single item");
    await page.goto("/en/");
    // Keys pressed before the page has any script are the browser's alone: wait for it to be hydrated.
    await page.waitForLoadState("networkidle");
    const nav = page.getByRole("navigation", { name: en["a11y.mainNavigation"] });
    const items = nav.locator("[data-menubar-item]");
    await items.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("End");
    await expect(items.last()).toBeFocused();

    const button = nav.getByRole("button", { name: en[disclosure!.label], exact: true });
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("heading", { level: 1 }).click();
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("the header stays in view while scrolling", async ({ page }) => {
    await page.goto("/en/");
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.waitForTimeout(150);
    await expect(page.getByRole("navigation", { name: en["a11y.mainNavigation"] })).toBeInViewport();
    await expect(header(page).getByRole("link", { name: en["site.name"] })).toBeInViewport();
  });
});

test.describe("mobile menu", MOBILE_ONLY, () => {
  test.beforeEach(async ({ context }) => dismissNotices(context));

  test("opens as a modal dialog, keeps focus inside, closes with Escape and returns focus", async ({ page }) => {
    test.slow(); // runs axe on the home page
    await page.goto("/es/");
    const open = page.getByRole("button", { name: es["a11y.openMenu"] });
    await expect(open).toHaveAttribute("aria-expanded", "false");
    await open.click();

    const dialog = page.getByRole("dialog", { name: es["nav.menu"] });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    await expect(open).toHaveAttribute("aria-expanded", "true");
    const close = dialog.getByRole("button", { name: es["a11y.closeMenu"] });
    await expect(close).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    await checkA11y(page);

    // Tab through every control and beyond: focus never leaves the dialog, and wraps to the start.
    const focusables = await dialog.locator("a[href], button").count();
    for (let index = 0; index < focusables + 2; index += 1) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    const controls = dialog.locator("a[href], button");
    await controls.first().focus();
    await page.keyboard.press("Shift+Tab");
    await expect(controls.last()).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    await expect(open).toHaveAttribute("aria-expanded", "false");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
  });

  test("lists the live pages and closes when one is followed", async ({ page }) => {
    const menu = buildMainMenu("es");
    const first = menu[0]?.links[0];
    test.skip(!first, "no content page is live yet");
    await page.goto("/es/");
    await page.getByRole("button", { name: es["a11y.openMenu"] }).click();
    const dialog = page.getByRole("dialog", { name: es["nav.menu"] });
    const link = dialog.locator(`a[href="${first!.href}"]`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${first!.href}$`));
    await expect(dialog).toBeHidden();
  });

  test("the header hides on scroll down and comes back on scroll up", async ({ page }) => {
    await page.goto("/en/");
    const bar = header(page);
    await expect(bar).toBeInViewport();
    for (const y of [200, 400, 700]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(50);
    }
    await expect(bar).toHaveAttribute("data-hidden", "true");
    await expect(bar).not.toBeInViewport();

    await page.evaluate(() => window.scrollTo(0, 560));
    await expect(bar).toHaveAttribute("data-hidden", "false");
    await expect(bar).toBeInViewport();
  });
});

test.describe("footer", () => {
  test.beforeEach(async ({ context }) => dismissNotices(context));

  test("tabs switch with the arrow keys and show contacts and pages", async ({ page }) => {
    test.slow(); // runs axe on the home page
    await page.goto("/en/");
    const footer = page.getByRole("contentinfo");
    const tablist = footer.getByRole("tablist", { name: en["footer.tabs"] });
    const contact = tablist.getByRole("tab", { name: en["footer.contactUs"] });
    const discover = tablist.getByRole("tab", { name: en["footer.discover"] });
    await expect(contact).toHaveAttribute("aria-selected", "true");
    await expect(discover).toHaveAttribute("tabindex", "-1");

    const contactPanel = footer.getByRole("tabpanel", { name: en["footer.contactUs"] });
    await expect(contactPanel.locator('a[href^="tel:"]')).toHaveCount(COUNTRY_PHONES.length + 1);
    await expect(contactPanel.getByText(en["footer.country.BR"])).toBeVisible();
    await expect(contactPanel.getByText("7:00–24:00")).toBeVisible();
    await expect(contactPanel.getByText("7:00–22:00")).toBeVisible();
    await expect(contactPanel.getByText("9:00–20:00")).toBeVisible();
    await expect(contactPanel.getByRole("link", { name: en["footer.chatWhatsApp"] })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\//,
    );
    await expect(contactPanel.getByRole("link", { name: en["footer.chatMessenger"] })).toHaveAttribute(
      "href",
      /^https:\/\/m\.me\//,
    );

    await contact.focus();
    await page.keyboard.press("ArrowRight");
    await expect(discover).toBeFocused();
    await expect(discover).toHaveAttribute("aria-selected", "true");
    await expect(contactPanel).toBeHidden();
    const discoverPanel = footer.getByRole("tabpanel", { name: en["footer.discover"] });
    await expect(discoverPanel.getByRole("link", { name: en["page.home"] })).toHaveAttribute("href", "/en/");
    if (isPageLive("faq"))
      await expect(discoverPanel.getByRole("link", { name: en["page.faq"] })).toHaveAttribute(
        "href",
        pathOf("faq", "en"),
      );

    await page.keyboard.press("ArrowRight");
    await expect(contact).toBeFocused();
    await page.keyboard.press("End");
    await expect(discover).toBeFocused();
    await page.keyboard.press("Home");
    await expect(contact).toHaveAttribute("aria-selected", "true");
    await checkA11y(page);
  });

  test(
    "is the server's HTML until its code arrives, not in the first load, and a click meanwhile is not lost",
    DESKTOP_ONLY,
    async ({ page }) => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/site-footer-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      // The page's first JavaScript does not name the footer's code.
      expect(await (await page.request.get("/en/")).text()).not.toContain("site-footer");
      await page.goto("/en/");
      const footer = page.getByRole("contentinfo");
      await footer.evaluate((element) => Object.assign(window, { serverFooter: element }));
      const discover = footer.getByRole("tab", { name: en["footer.discover"] });
      await discover.click();
      // The rest of the shell has hydrated (the currency form became the switcher's button) around the
      // footer, whose code is held back: its HTML is still the server's, the click waits.
      await expect(page.locator('div[data-currency-switcher="header"]')).toHaveCount(1);
      await page.waitForTimeout(300);
      await expect(discover).toHaveAttribute("aria-selected", "false");
      expect(
        await footer.evaluate((element) => element === (window as unknown as { serverFooter: Element }).serverFooter),
      ).toBe(true);

      release();
      await expect(discover).toHaveAttribute("aria-selected", "true");
      expect(
        await footer.evaluate((element) => element === (window as unknown as { serverFooter: Element }).serverFooter),
      ).toBe(true);
    },
  );

  test("legal links appear for live legal pages", DESKTOP_ONLY, async ({ page }) => {
    // the same links on both viewports.
    await page.goto("/es/");
    const legal = page.getByRole("navigation", { name: es["footer.legal"] });
    if (!isPageLive("privacyNotice") && !isPageLive("termsOfUse")) {
      await expect(legal).toHaveCount(0);
      return;
    }
    if (isPageLive("privacyNotice"))
      await expect(legal.getByRole("link", { name: es["page.privacyNotice"] })).toHaveAttribute(
        "href",
        pathOf("privacyNotice", "es"),
      );
    if (isPageLive("termsOfUse"))
      await expect(legal.getByRole("link", { name: es["page.termsOfUse"] })).toHaveAttribute(
        "href",
        pathOf("termsOfUse", "es"),
      );
  });
});

test.describe("cookie notice", () => {
  test.beforeEach(async ({ context }) => dismissAppBanner(context));

  // Desktop only: the server's answer and the cookie do not depend on the viewport.
  test("stays dismissed across reloads, and the server stops sending it", DESKTOP_ONLY, async ({ page, context }) => {
    test.slow(); // runs axe on the home page
    await page.goto("/pt/");
    const notice = page.getByRole("region", { name: pt["cookies.title"] });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(pt["cookies.message"]);
    await checkA11y(page);

    await notice.getByRole("button", { name: pt["cookies.accept"] }).click();
    await expect(notice).toHaveCount(0);
    const cookie = (await context.cookies()).find((entry) => entry.name === "cookie_notice");
    expect(cookie?.value).toBe("1");
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.path).toBe("/");
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(366);

    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: pt["cookies.title"] })).toHaveCount(0);
    const html = await (await page.request.get("/pt/")).text();
    expect(html).toContain("<main");
    expect(html).not.toContain(`data-testid="cookie-notice"`);
  });
});

test.describe("app banner", () => {
  test(
    "on phones it waits for the cookie notice, links to both stores and stays closed once dismissed",
    MOBILE_ONLY,
    async ({ page }) => {
      test.slow(); // runs axe on the home page
      await page.goto("/es/");
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("region", { name: es["appBanner.title"] })).toHaveCount(0);
      await page.getByRole("button", { name: es["cookies.accept"] }).click();

      const banner = page.getByRole("region", { name: es["appBanner.title"] });
      await expect(banner).toBeVisible();
      await expect(banner.getByRole("link", { name: es["appBanner.appStore"] })).toHaveAttribute(
        "href",
        /^https:\/\/apps\.apple\.com\//,
      );
      await expect(banner.getByRole("link", { name: es["appBanner.googlePlay"] })).toHaveAttribute(
        "href",
        /^https:\/\/play\.google\.com\//,
      );
      await checkA11y(page);

      await banner.getByRole("button", { name: es["appBanner.dismiss"] }).click();
      await expect(banner).toHaveCount(0);
      expect(await page.evaluate((key) => window.localStorage.getItem(key), APP_BANNER_STORAGE_KEY)).toBe("1");
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("region", { name: es["appBanner.title"] })).toHaveCount(0);
    },
  );

  test("is not shown on desktop", DESKTOP_ONLY, async ({ page, context }) => {
    await dismissCookieNotice(context);
    await page.goto("/es/");
    await page.waitForLoadState("networkidle");
    await expect(page.getByTestId("app-banner")).toBeHidden();
  });
});

test("the skip link is the first stop and jumps to the content", async ({ page, context }) => {
  await dismissNotices(context);
  await page.goto("/en/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: en["a11y.skipToContent"] });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
});

// Each page ships only its own messages (ADR 0045): the root's data is asked for again on a
// client-side navigation, so the next page finds its words. Without that, the pages below would show
// message keys and log errors (the fixture fails the test on either console error).
test(
  "links navigate in the browser and each page brings its own words (es)",
  DESKTOP_ONLY,
  async ({ page, context }) => {
    await dismissNotices(context);
    let documents = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents += 1;
    });
    await page.goto("/es/");
    // Hydrated: React has taken over the header's links (their props are on the elements).
    await page.waitForFunction(() => {
      const link = document.querySelector("header a[href]");
      return link !== null && Object.keys(link).some((key) => key.startsWith("__reactProps"));
    });
    const steps: [string, string][] = [
      [pathOf("routesSchedules", "es"), es["schedules.title"]],
      [pathOf("cart", "es"), es["cart.title"]],
      [pathOf("auth", "es"), es["login.title"]],
      [pathOf("home", "es"), es["home.hero.title.other"].replace("{count}", "25")],
    ];
    for (const [path, heading] of steps) {
      await page.locator(`a[href="${path}"]`).filter({ visible: true }).first().click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    }
    await expect(page.locator("body")).not.toContainText(/\b(?:schedules|cart|login|home|booking)\.[a-z]+[A-Za-z.]*\b/);
    expect(documents).toBe(1);
  },
);
