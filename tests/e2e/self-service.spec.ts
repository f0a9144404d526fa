// Self-service after a purchase. In English on a desktop: two parks for the same two people, the
// second line's names copied from the first; the policy shown before paying; the calendar file from
// the thank-you page; manage booking's cancellation with the policy's fee; then an account with the
// buyer's e-mail lists the booking under upcoming trips with its tickets and calendar links. In
// Spanish on a phone, signed in: names copied and the travellers saved, the calendar and the tickets
// from the thank-you page, Mis viajes, a cancellation with a full refund and its e-mail, and the saved
// travellers offered on the next purchase. Portuguese cancels, downloads and lists its trips in
// checkout.spec.ts (3-D Secure) and accounts.spec.ts.
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import { DESKTOP_ONLY, expect, MOBILE_ONLY, test } from "./fixtures.ts";
import { tokenLinkOf, waitForMail } from "./mailbox.ts";
import {
  addPark,
  BUYER,
  dismissNotices,
  expectThankYou,
  MESSAGES,
  parkDay,
  parkDays,
  payByCard,
  submitPayment,
} from "./shop.ts";
import { registerStaffAccount, STAFF_PASSWORD } from "./staff.ts";

const SHOTS = process.env.E2E_SHOTS;

/** Desktop and phone screenshots for a reviewer, when E2E_SHOTS names a folder. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test(
  "en: names typed once, policy before paying, calendar, cancel with the fee, my trips",
  DESKTOP_ONLY,
  async ({ page, context }) => {
    const t = MESSAGES.en;
    const email = `trips-${Date.now()}@example.com`;
    await dismissNotices(context);
    const [first, second] = parkDays(5, 2);
    await addPark(page, "en", "xcaret", first!);
    await addPark(page, "en", "xplor", second!);

    await page.goto(pathOf("paymentDetails", "en"));
    await page.getByLabel(t["checkout.buyer.name"]).fill(BUYER.en.name);
    await page.getByLabel(t["checkout.buyer.email"]).fill(email);
    await page.getByLabel(t["checkout.buyer.phone"]).fill(BUYER.en.phone);
    await page.getByLabel(t["checkout.buyer.country"]).selectOption({ label: BUYER.en.country });
    const names = page.locator('input[name^="names."]');
    await expect(names).toHaveCount(4);
    await names.nth(0).fill("Emily Carter");
    await names.nth(1).fill("Noah Carter");
    await page.getByTestId("copy-names").click();
    await expect(names.nth(2)).toHaveValue("Emily Carter");
    await expect(names.nth(3)).toHaveValue("Noah Carter");
    await expect(page.getByTestId("checkout-policies")).toContainText(t["policy.late"]);
    await page.locator('input[name="acceptTerms"]').check();
    await shoot(page, "payment-details");
    await submitPayment(page);
    await payByCard(page, "4242424242424242");
    const reference = await expectThankYou(page, "en");

    const calendar = await page.request.get(
      await page
        .getByTestId("download-calendar")
        .getAttribute("href")
        .then((href) => href!),
    );
    expect(calendar.headers()["content-type"]).toContain("text/calendar");
    expect(await calendar.text()).toContain("BEGIN:VEVENT");

    await page.goto(pathOf("manageBooking", "en"));
    const xcaret = page.getByTestId("booking-line").first();
    await expect(xcaret.getByTestId("cancel-offer")).toBeVisible();
    await shoot(page, "manage-booking-cancel-offer");
    await xcaret.getByTestId("cancel-start").click();
    await expect(xcaret.getByTestId("cancel-confirm")).toBeVisible();
    await xcaret.getByTestId("cancel-submit").click();
    await expect(page.getByTestId("cancelled")).toBeVisible();
    await expect(page.getByTestId("booking-line").first().getByTestId("line-cancelled")).toBeVisible();
    await expect(page.getByTestId("history")).toContainText(t["manage.history.refunded"].replace(" {amount}", ""));

    // An account with the buyer's e-mail: the booking is an upcoming trip (the other park is still to come).
    await page.goto(pathOf("register", "en"));
    const form = page.getByTestId("register-form");
    await form.getByLabel(t["account.field.email"]).fill(email);
    await form.getByLabel(t["account.field.password"], { exact: true }).fill("laguna-turquesa-en-marzo");
    await form.getByLabel(t["account.field.firstName"], { exact: true }).fill("Emily");
    await form.getByLabel(t["account.field.lastName"], { exact: true }).fill("Carter");
    await form.locator('input[name="privacy"]').check();
    await page.getByTestId("register-submit").click();
    await page.goto(tokenLinkOf(await waitForMail(email, /^Confirm your e-mail/)));
    await page.getByTestId("confirmed-sign-in").click();
    const login = page.getByTestId("login-form");
    await login.getByLabel(t["login.email"]).fill(email);
    await login.getByLabel(t["login.password"]).fill("laguna-turquesa-en-marzo");
    await login.getByRole("button", { name: t["login.submit"] }).click();
    await expect(page.getByTestId("header-greeting")).toBeVisible();
    await page.goto(pathOf("account", "en"));
    const trip = page.getByTestId("trips-upcoming").getByTestId("account-booking").filter({ hasText: reference });
    await expect(trip.getByTestId("trip-calendar")).toBeVisible();
    await expect(trip.getByTestId("trip-tickets")).toBeVisible();
    await expect(page.locator("#account-country")).toHaveValue("");
    await shoot(page, "my-trips");
  },
);

test(
  "es on a phone, signed in: travellers copied and saved, calendar and tickets, Mis viajes, a cancellation refunded and e-mailed",
  MOBILE_ONLY,
  async ({ page, context }) => {
    test.slow();
    const t = MESSAGES.es;
    await dismissNotices(context);
    // A confirmed account without a role, signed in in this context (its pages are accounts.spec.ts's).
    const email = await registerStaffAccount(context.request, null, "es");
    const login = await context.request.post("/login", { data: { Username: email, Password: STAFF_PASSWORD } });
    const { sessionId } = (await login.json()) as { sessionId: string };
    expect((await context.request.post("/user-session/", { data: { sessionId, remember: false } })).status()).toBe(200);

    // More than 7 days ahead: a park's cancellation gives everything back.
    const [first, second] = parkDays(12, 2);
    await addPark(page, "es", "xcaret", first!);
    await addPark(page, "es", "xplor", second!);
    await page.getByRole("link", { name: t["cart.proceed"] }).click();
    await expect(page).toHaveURL(new RegExp(pathOf("paymentDetails", "es")));
    await page.getByLabel(t["checkout.buyer.name"]).fill("Sofía Ramírez");
    await page.getByLabel(t["checkout.buyer.email"]).fill(email);
    await page.getByLabel(t["checkout.buyer.phone"]).fill(BUYER.es.phone);
    await page.getByLabel(t["checkout.buyer.country"]).selectOption({ label: BUYER.es.country });
    const names = page.locator('input[name^="names."]');
    await expect(names).toHaveCount(4);
    await names.nth(0).fill("Sofía Ramírez");
    await names.nth(1).fill("Diego Ramírez");
    await page.getByTestId("copy-names").click();
    await expect(page.getByText(t["checkout.passengers.copied"])).toBeVisible();
    await expect(names.nth(2)).toHaveValue("Sofía Ramírez");
    await expect(names.nth(3)).toHaveValue("Diego Ramírez");
    await page.getByTestId("save-travellers").check();
    await expect(page.getByTestId("checkout-policies")).toContainText(t["policy.late"]);
    await page.locator('input[name="acceptTerms"]').check();
    await shoot(page, "es-payment-details");
    await submitPayment(page);
    await payByCard(page, "4242424242424242");
    const reference = await expectThankYou(page, "es");

    // The calendar and the tickets from the thank-you page, with the booking's cookie.
    const calendar = await page.request.get((await page.getByTestId("download-calendar").getAttribute("href"))!);
    expect(calendar.headers()["content-type"]).toContain("text/calendar");
    expect(await calendar.text()).toContain("BEGIN:VEVENT");
    const tickets = await page.request.get((await page.getByTestId("download-tickets").getAttribute("href"))!);
    expect(tickets.headers()["content-type"]).toContain("application/pdf");

    // Mis viajes: upcoming, with its tickets, its calendar and until when it may be cancelled.
    await page.goto(pathOf("account", "es"));
    const trip = page.getByTestId("trips-upcoming").getByTestId("account-booking").filter({ hasText: reference });
    await expect(trip.getByTestId("trip-status")).toHaveText(t["manage.status.ticketed"]);
    await expect(trip.getByTestId("trip-changes")).toContainText(t["account.trips.canCancel"].split("{")[0]!.trim());
    await expect(trip.getByTestId("trip-calendar")).toBeVisible();
    await expect(trip.getByTestId("trip-tickets")).toBeVisible();
    await shoot(page, "es-my-trips");

    // The second park cancelled from manage booking: everything back, said on the page and by e-mail.
    await trip.getByRole("link", { name: new RegExp(`^${t["account.bookings.manage"]}`) }).click();
    const xplor = page.getByTestId("booking-line").nth(1);
    await xplor.getByTestId("cancel-start").click();
    await expect(xplor.getByTestId("cancel-offer")).toContainText(t["manage.cancel.offerFull"].split("{")[0]!.trim());
    await xplor.getByTestId("cancel-submit").click();
    await expect(page.getByTestId("cancelled")).toBeVisible();
    await expect(page.getByTestId("booking-line").nth(1).getByTestId("line-cancelled")).toBeVisible();
    await expect(page.getByTestId("booking-line").first().getByTestId("line-cancelled")).toHaveCount(0);
    await waitForMail(email, new RegExp(`^Reembolso de tu reserva Travesía ${reference}$`));

    // The next purchase offers the saved travellers on every name field.
    await addPark(page, "es", "xenses", parkDay(30));
    await page.getByRole("link", { name: t["cart.proceed"] }).click();
    await expect(page.getByTestId("saved-travellers-hint")).toBeVisible();
    await expect(page.getByTestId("saved-travellers").locator("option")).toHaveCount(2);
    await expect(page.locator('input[name^="names."]').first()).toHaveAttribute("list", "saved-travellers");
    expect(
      await page
        .getByTestId("saved-travellers")
        .locator("option")
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).sort()),
    ).toEqual(["Diego Ramírez", "Sofía Ramírez"]);
  },
);
