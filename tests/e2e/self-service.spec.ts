// Self-service after a purchase, in English on a desktop (the words are tested per language in the
// catalogues; the flows do not depend on the language): two parks for the same two people, the second
// line's names copied from the first; the policy shown before paying; the calendar file from the
// thank-you page; manage booking's cancellation with the policy's fee; then an account with the
// buyer's e-mail lists the booking under upcoming trips with its tickets and calendar links.
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { pathOf } from "../../app/routing/localized-paths.ts";
import { DESKTOP_ONLY, expect, test } from "./fixtures.ts";
import { tokenLinkOf, waitForMail } from "./mailbox.ts";
import { addPark, BUYER, dismissNotices, expectThankYou, MESSAGES, parkDays, payByCard, submitPayment } from "./shop.ts";

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

test("en: names typed once, policy before paying, calendar, cancel with the fee, my trips", DESKTOP_ONLY, async ({ page, context }) => {
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

  const calendar = await page.request.get(await page.getByTestId("download-calendar").getAttribute("href").then((href) => href!));
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
});
