// The console's selling half in a browser (ADR 0039): an operator finds a paid booking, makes
// a partial refund through the payment provider — it shows on the booking and at the sandbox provider's
// own API — and a refund above what is left is refused with the amount left; the sales page nets it and
// its CSV opens in Excel. Spanish in full, English and Portuguese the refund itself. The breadth (ticket
// cancellation, seats, races, every refusal) is in flows/refunds.db.test.ts and server/refund-race.pg.test.ts.
import { consolePathOf } from "../../app/console/console-pages.ts";
import { en } from "../../lib/i18n/console/en.ts";
import { es } from "../../lib/i18n/console/es.ts";
import { pt } from "../../lib/i18n/console/pt.ts";
import { checkA11y, DESKTOP_ONLY, expect, MOBILE_ONLY, test } from "./fixtures.ts";
import { buyFerrySeatOverHttp, dismissNotices, type Language } from "./shop.ts";
import { signInAsStaff } from "./staff.ts";
import { TEST_PRODUCTION_SECRETS } from "../setup/production-secrets.mjs";

const CONSOLE_MESSAGES = { es, en, pt } as const;
// The e2e server runs the in-process sandbox provider with the development key (lib/config.ts default):
// the test reads the sandbox's own API with it, as the merchant's back office would.
const SANDBOX_KEY = TEST_PRODUCTION_SECRETS.SANDBOX_PSP_SECRET_KEY;

test.beforeEach(async ({ context }) => {
  await dismissNotices(context);
});

async function refundsAtSandbox(request: import("@playwright/test").APIRequestContext, intentId: string) {
  const answer = await request.get(`/sandbox-psp/v1/payment-intents/${intentId}/refunds`, {
    headers: { Authorization: `Bearer ${SANDBOX_KEY}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { refunds: { id: string; amountMinor: number; currency: string }[] }).refunds;
}

test(
  "an operator finds a paid booking, refunds part of it, and is refused more than is left (es)",
  DESKTOP_ONLY,
  async ({ page }) => {
    // A purchase, a staff account by mail, three console pages with axe and a CSV.
    test.setTimeout(90_000);
    const t = es;
    const buyer = { name: "Rosa Canul", email: `rosa.canul.${Date.now().toString(36)}@travesia.test` };
    const reference = await buyFerrySeatOverHttp(page, "es", buyer, 28);
    await signInAsStaff(page, "operator", "es");

    await page.goto(consolePathOf("consoleHome", "es"));
    await page
      .getByRole("navigation", { name: t["console.nav"] })
      .getByRole("link", { name: t["console.bookings.title"] })
      .click();
    await expect(page).toHaveURL(consolePathOf("consoleBookings", "es"));
    await page.getByTestId("console").getByLabel(t["console.bookings.search"]).fill(buyer.email.toUpperCase());
    await page.getByTestId("console").getByRole("button", { name: t["console.bookings.find"] }).click();
    const results = page.getByTestId("bookings-results");
    await expect(results.locator("tbody tr")).toHaveCount(1);
    await checkA11y(page);
    await results.getByRole("link", { name: reference }).click();

    const detail = page.getByTestId("booking-detail");
    await expect(detail).toHaveAttribute("data-reference", reference);
    await expect(page.getByTestId("booking-status")).toHaveAttribute("data-status", "ticketed");
    await expect(page.getByTestId("booking-tickets").locator("tbody tr")).toHaveCount(1);
    await checkA11y(page);

    // A partial, amount-only refund: the ticket stays valid.
    const form = page.getByTestId("refund-form");
    await form.getByLabel(t["console.refund.amount"].replace("{currency}", "MXN")).fill("50");
    await form.getByLabel(t["console.refund.reason"]).fill("Retraso de 40 minutos en la salida");
    await form.getByRole("button", { name: t["console.refund.submit"] }).click();
    await expect(page.getByTestId("refund-done")).toContainText("$50.00");
    await expect(page.getByTestId("booking-refunded")).toContainText("$50.00");
    await expect(page.getByTestId("refund-state")).toHaveAttribute("data-state", "partial");
    await expect(page.getByTestId("booking-tickets").locator('tr[data-state="valid"]')).toHaveCount(1);
    const given = page.getByTestId("booking-refunds").locator('li[data-status="succeeded"]');
    await expect(given).toHaveCount(1);
    await expect(given).toContainText("Retraso de 40 minutos");

    // At the sandbox provider, through its own API: the same refund, once.
    const providerRefundId = await given.getAttribute("data-provider-refund");
    const intentId = (await detail.getByText(/^pi_/).first().textContent())!.trim();
    expect(await refundsAtSandbox(page.context().request, intentId)).toEqual([
      expect.objectContaining({ id: providerRefundId, amountMinor: 5_000, currency: "MXN" }),
    ]);

    // More than is left: refused with the amount left, nothing moves, and the refusal is in the history.
    const left = (await page.getByTestId("booking-refundable").textContent())!.trim();
    await form.getByLabel(t["console.refund.amount"].replace("{currency}", "MXN")).fill("99999");
    await form.getByRole("button", { name: t["console.refund.submit"] }).click();
    const refusal = page.getByTestId("refund-error");
    await expect(refusal).toHaveAttribute("data-code", "REFUND_EXCEEDS_PAID");
    await expect(refusal).toHaveText(t["error.REFUND_EXCEEDS_PAID"].replace("{left}", left));
    await expect(page.getByTestId("booking-history").locator('[data-outcome="refused"]')).toContainText(
      "REFUND_EXCEEDS_PAID",
    );
    expect(await refundsAtSandbox(page.context().request, intentId)).toHaveLength(1);
    await checkA11y(page);

    // The sales page nets the refund; its CSV is for Excel.
    await page
      .getByRole("navigation", { name: t["console.nav"] })
      .getByRole("link", { name: t["console.sales.title"] })
      .click();
    // Other journeys sell in other currencies the same day (a booth sale in euros): read the peso rows.
    const pesoRefunds = page.locator(
      '[data-testid="sales-rows"] tr[data-currency="MXN"] [data-testid="sales-refunded"]',
    );
    await expect(pesoRefunds.filter({ hasNotText: /^\$0\.00$/ }).first()).toContainText("$");
    await checkA11y(page);
    const csv = await page.context().request.get((await page.getByTestId("sales-csv").getAttribute("href"))!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const body = await csv.text();
    expect(body.startsWith("\uFEFFDía,Producto,Moneda,")).toBe(true);
    expect(body).toMatch(/\r\n\d{4}-\d{2}-\d{2},[^\r\n]*,MXN,\d+,\d+\.\d{2},\d+\.\d{2},/);
  },
);

// One viewport each (English on a desktop, Portuguese on a phone): the page is the same in both.
for (const language of ["en", "pt"] as const satisfies readonly Language[]) {
  test(
    `an operator refunds part of a booking (${language})`,
    language === "en" ? DESKTOP_ONLY : MOBILE_ONLY,
    async ({ page }) => {
      // A purchase and a staff account by mail before the console.
      test.setTimeout(120_000);
      const t = CONSOLE_MESSAGES[language];
      const reference = await buyFerrySeatOverHttp(
        page,
        language,
        { name: "Sam Lee", email: `sam.lee.${language}.${Date.now().toString(36)}@travesia.test` },
        language === "en" ? 29 : 30,
      );
      await signInAsStaff(page, "operator", language);
      await page.goto(`${consolePathOf("consoleBookings", language)}?ref=${reference}`);
      const form = page.getByTestId("refund-form");
      await form.getByLabel(t["console.refund.amount"].replace("{currency}", "MXN")).fill("20.5");
      await form.getByRole("button", { name: t["console.refund.submit"] }).click();
      await expect(page.getByTestId("refund-done")).toContainText("$20.50");
      await expect(page.getByTestId("refund-state")).toHaveAttribute("data-state", "partial");
      await checkA11y(page);
    },
  );
}
