// The cart, in Chromium, desktop and mobile: a round trip, a complement and a park admission
// added from the booking widgets and the cart's upsell; the currency changed (the cart re-priced);
// a line removed; the sixth product refused with the limit message; a hold that expires marked and
// held again — in es, en and pt, with the header's badge counting on every page.
import type { Page } from "@playwright/test";
import { es } from "../../lib/i18n/messages/es.ts";
import { pt } from "../../lib/i18n/messages/pt.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import { test, expect, checkA11y, DESKTOP_ONLY } from "./fixtures.ts";
import {
  addPark,
  cancunDate,
  dismissNotices,
  expectThankYou,
  fillPaymentDetails,
  MESSAGES,
  parkDay,
  parkDays,
  payByCard,
  submitPayment,
  type Language,
} from "./shop.ts";

// The purchase runs with the offline service worker in every navigation, as visitors have it (the
// other journeys block it: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

/** Picks a round trip on routes & schedules (the widget's GET form, as a shared link) and adds it. */
async function addRoundTrip(page: Page, language: Language, date: string, origin = "") {
  const t = MESSAGES[language];
  await page.goto(
    `${origin}${pathOf("routesSchedules", language)}?trip=round_trip&crossing=cancun-isla-mujeres&date=${date}&return=${date}&adults=2&infants=1&step=search`,
  );
  const widget = page.getByTestId("ferry-booking");
  await widget.getByTestId("leg-out").locator('li[data-sailing-status="available"] input').nth(1).check();
  await widget.getByTestId("leg-back").locator('li[data-sailing-status="available"] input').last().check();
  await widget.getByRole("button", { name: t["booking.continue"] }).click();
  await widget.getByRole("button", { name: t["cart.add"] }).click();
  await expect(page).toHaveURL(new RegExp(`${pathOf("cart", language)}\\?updated=1`));
  await expect(page.getByTestId("cart-notice")).toHaveText(t["cart.updated"]);
}

function badge(page: Page) {
  return page.getByRole("banner").getByTestId("cart-count");
}

async function changeCurrencyTo(page: Page, language: Language, code: string, isMobile: boolean) {
  const t = MESSAGES[language];
  let scope: Page | ReturnType<Page["getByRole"]> = page;
  if (isMobile) {
    await page.getByRole("button", { name: t["a11y.openMenu"] }).click();
    scope = page.getByRole("dialog", { name: t["nav.menu"] });
  }
  const trigger = (isMobile ? scope : page.getByRole("banner")).getByRole("button", {
    name: new RegExp(`^${t["currency.label"]}: `),
  });
  await trigger.click();
  const search = scope.getByRole("searchbox", { name: t["currency.search"] });
  await expect(search).toBeFocused({ timeout: 15_000 });
  await search.fill(code);
  const repriced = page.waitForResponse(
    (response) => response.url().includes("/xapi/shopping-cart/currency") && response.request().method() === "PUT",
  );
  await search.press("Enter");
  expect((await repriced).status()).toBe(200);
  if (isMobile) await page.getByRole("button", { name: t["a11y.closeMenu"] }).click();
}

test.describe.configure({ timeout: 90_000 });

// One language, on both viewports: en and pt fill and pay their carts in checkout.spec.ts (Uplift in en,
// 3-D Secure and PayPal in pt) through the same cart page (ADR 0026, its addendum).
for (const language of ["es"] as const) {
  const t = MESSAGES[language];
  test(`a visitor fills a cart in ${language}: round trip, complement, park, currency, remove, and pays by card`, async ({
    page,
    context,
    isMobile,
  }) => {
    test.slow();
    await dismissNotices(context);
    const day = cancunDate(12);
    await addRoundTrip(page, language, day);

    const line = page.getByTestId("cart-line");
    await expect(line).toHaveCount(1);
    await expect(line.first()).toHaveAttribute("data-hold", "held");
    await expect(line.first().getByTestId("hold-countdown")).toContainText(/1[45]:\d\d/);
    await expect(badge(page)).toHaveText("1");
    await expect(page.getByTestId("payment-methods").getByRole("listitem").first()).toHaveText("Visa");
    // axe once: the cart is one component whatever the language.
    if (language === "es") await checkA11y(page);

    // A complement from its card: the tour version, on the crossing's date.
    const card = page.getByTestId("complement-card").first();
    await card.getByRole("button").last().click();
    await expect(page.getByTestId("cart-notice")).toHaveText(t["cart.updated"]);
    await expect(page.getByTestId("complement-card").first()).toHaveAttribute("data-added", "true");
    await expect(page.getByTestId("complement-added")).toContainText(/\d/);

    // A park admission on another day, from its page.
    await addPark(page, language, "xplor", parkDay(20));
    await expect(line).toHaveCount(3);
    await expect(badge(page)).toHaveText("3");

    // The currency changes: every amount of the cart is written in euros.
    const before = await page.getByTestId("cart-total").innerText();
    await changeCurrencyTo(page, language, "EUR", isMobile);
    await expect(page.getByTestId("cart-total")).not.toHaveText(before);
    await expect(page.getByTestId("cart-total")).toContainText("€");
    // The payment methods follow the currency: JCB is offered in euros only.
    await expect(page.getByTestId("payment-methods")).toContainText("JCB");

    // Removing the crossing takes its complement with it and frees their seats.
    await line
      .first()
      .getByRole("button", {
        name: t["cart.removeLine"].replace("{name}", await line.first().getByRole("heading").innerText()),
      })
      .click();
    await expect(page.getByTestId("cart-notice")).toHaveText(t["cart.updated"]);
    await expect(line).toHaveCount(1);

    // Proceed to payment: the payment details of this cart, in its currency, with the countdown.
    await page.getByRole("link", { name: t["cart.proceed"] }).click();
    await expect(page).toHaveURL(new RegExp(pathOf("paymentDetails", language)));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t["checkout.title"]);
    await expect(page.getByTestId("checkout-total")).toContainText("€");
    await expect(page.getByTestId("hold-countdown")).toBeVisible();

    // Paid with the sandbox's success card: the thank-you page has the reference and the euro total,
    // and the paid cart is gone from the header.
    await fillPaymentDetails(page, language);
    await submitPayment(page);
    await payByCard(page, "4242424242424242");
    await expectThankYou(page, language);
    await expect(page.getByTestId("thank-you-total")).toContainText("€");
    await page.goto(pathOf("home", language));
    await expect(badge(page)).toHaveCount(0);
  });
}

// The rules and the hold's clock do not depend on the viewport; the journey above holds and counts on a phone.
test(
  "the sixth product of a package is refused with the limit message; a failed payment-method call says so",
  DESKTOP_ONLY,
  async ({ page, context, allowConsoleError }) => {
    await dismissNotices(context);
    allowConsoleError(/status of 503/);
    await page.route("**/api/currencies/*/payment-methods", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: '{"error":{"code":"SERVICE_UNAVAILABLE"}}' }),
    );
    const language = "es";
    // Five products on five days (a sixth for the refused one), posted as the park pages' forms do.
    const days = parkDays(30, 6);
    const parks = [101, 102, 103, 104, 106] as const;
    for (const [index, product] of parks.entries()) {
      const response = await page.request.post(pathOf("cart", language), {
        form: { intent: "add-activity", product, date: days[index]!, adults: 2 },
        maxRedirects: 0,
      });
      expect(response.headers()["location"]).toContain("updated=1");
    }
    await addPark(page, language, "xenotes", days[5]!);
    await expect(page.getByTestId("cart-notice")).toContainText(es["cart.updateError"]);
    await expect(page.getByTestId("cart-notice")).toContainText(es["cart.error.LIMIT_PASSED"]);
    await expect(page.getByTestId("cart-line")).toHaveCount(5);
    await expect(badge(page)).toHaveText("5");
    await expect(page.getByTestId("payment-methods").getByRole("alert")).toHaveText(es["currency.paymentMethodsError"]);
  },
);

test(
  "a hold that expires is marked, leaves the total, and can be held again",
  DESKTOP_ONLY,
  async ({ page, context }) => {
    // It waits out a 15 s hold on the short-hold server.
    test.setTimeout(120_000);
    const origin = process.env.E2E_SHORT_HOLD_ORIGIN ?? "";
    const seconds = Number(process.env.E2E_SHORT_HOLD_SECONDS ?? "8");
    await dismissNotices(context, origin);
    const language = "pt";
    await page.goto(`${origin}${pathOf("xcaret", language)}?date=${cancunDate(15)}&adults=1&step=search`);
    await page.getByTestId("activity-booking").getByRole("button", { name: pt["cart.add"] }).click();
    const line = page.getByTestId("cart-line");
    await expect(line).toHaveAttribute("data-hold", "held");
    // The countdown reaches zero in the browser, the page asks the server again, and the line is expired.
    await expect(line).toHaveAttribute("data-hold", "expired", { timeout: (seconds + 10) * 1000 });
    await expect(line.getByTestId("hold-expired")).toHaveText(pt["cart.holdExpired"]);
    await expect(page.getByTestId("cart-total")).toHaveText("US$0.00");
    await line.getByRole("button", { name: pt["cart.holdAgain"] }).click();
    await expect(page.getByTestId("cart-line")).toHaveAttribute("data-hold", "held");
    await expect(page.getByTestId("hold-countdown")).toBeVisible();
  },
);
