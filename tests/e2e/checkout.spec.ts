// Paying, in Chromium against the sandbox payment provider: a declined card sent back with
// its reason and paid on the second try; a 3-D Secure challenge; months without interest on a Mexican
// card in MXN; PayPal in MXN; Uplift's pay-monthly offer only in English with an allowed currency;
// a prepaid coupon on its own payment page; a paid visit moved to another day from "manage booking",
// then cancelled there under its policy (pt); the thank-you page's tickets and calendar.
// The full purchase with the success card in es, en and pt is the cart's journey (cart.spec.ts).
// The provider's pages do not change with the viewport, so these run on desktop only.
import { test, expect, checkA11y, DESKTOP_ONLY } from "./fixtures.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import { waitForMail } from "./mailbox.ts";
import {
  addPark,
  BUYER,
  cancunDate,
  chooseCurrency,
  dismissNotices,
  expectThankYou,
  fillPaymentDetails,
  MESSAGES,
  parkDay,
  payByCard,
  submitPayment,
} from "./shop.ts";

// The provider's pages and ours are the same on phones, where the cart's journey pays: desktop only.
test.beforeEach(async ({ context }) => {
  await dismissNotices(context);
});

const DECLINED_PARK = { es: ["xcaret", 21], en: ["xenotes", 25], pt: ["xavage", 26] } as const;

for (const language of ["es", "en", "pt"] as const) {
  test(
    `a declined card comes back with its reason and everything typed but the card, in ${language}`,
    DESKTOP_ONLY,
    async ({ page }) => {
      const t = MESSAGES[language];
      const buyer = BUYER[language];
      const [park, days] = DECLINED_PARK[language];
      await addPark(page, language, park, parkDay(days), 2);
      await page.getByRole("link", { name: t["cart.proceed"] }).click();
      await fillPaymentDetails(page, language);
      const typedNames = await page
        .locator('input[name^="names."]')
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
      expect(typedNames).toHaveLength(2);
      await submitPayment(page);
      await payByCard(page, "4000000000000002");
      await expect(page).toHaveURL(new RegExp(`${pathOf("paymentDetails", language)}\\?declined=card_declined`));
      const declined = page.getByTestId("payment-declined");
      await expect(declined).toContainText(t["checkout.declined.title"]);
      await expect(declined).toContainText(t["payment.error.card_declined"]);

      await expect(page.getByLabel(t["checkout.buyer.name"])).toHaveValue(buyer.name);
      await expect(page.getByLabel(t["checkout.buyer.email"])).toHaveValue(buyer.email);
      await expect(page.getByLabel(t["checkout.buyer.phone"])).toHaveValue(buyer.phone);
      await expect(page.getByLabel(t["checkout.buyer.country"]).locator("option:checked")).toHaveText(buyer.country);
      for (const [index, name] of typedNames.entries())
        await expect(page.locator('input[name^="names."]').nth(index)).toHaveValue(name);
      await expect(page.locator('input[name="acceptTerms"]')).toBeChecked();
      if (language !== "es") return;
      await checkA11y(page);

      // Nothing to type again: the next card pays the same booking.
      await submitPayment(page);
      await payByCard(page, "4242424242424242");
      await expectThankYou(page, "es");
    },
  );
}

test("a 3-D Secure challenge approved at the bank pays, in pt", DESKTOP_ONLY, async ({ page, allowConsoleError }) => {
  // The refused date change at the end answers 409, which the browser logs.
  allowConsoleError(/status of 409/);
  const t = MESSAGES.pt;
  await addPark(page, "pt", "xenses", parkDay(22), 1);
  await page.getByRole("link", { name: t["cart.proceed"] }).click();
  await fillPaymentDetails(page, "pt");
  await submitPayment(page);
  await payByCard(page, "4000002760003184");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Aprovar" }).click();
  const reference = await expectThankYou(page, "pt");
  // The calendar entry and the tickets from the thank-you page.
  const calendar = await page.request.get((await page.getByTestId("download-calendar").getAttribute("href"))!);
  expect(calendar.headers()["content-type"]).toContain("text/calendar");
  expect(await calendar.text()).toContain("BEGIN:VEVENT");
  const tickets = await page.request.get((await page.getByTestId("download-tickets").getAttribute("href"))!);
  expect(tickets.headers()["content-type"]).toContain("application/pdf");

  // Managing it: the weather guarantee moves the visit to another day, the ticket codes stay.
  await page.getByRole("link", { name: t["thanks.manage"] }).click();
  await expect(page).toHaveURL(new RegExp(pathOf("manageBooking", "pt")));
  await expect(page.getByTestId("booking-reference")).toHaveText(reference);
  // The thank-you page shows the same reference: wait for the manage page's own tickets.
  await expect(page.getByTestId("ticket-code").first()).toHaveText(new RegExp(`^${reference}-`));
  const codes = await page.getByTestId("ticket-code").allTextContents();
  const newDay = parkDay(40);
  await page.getByLabel(t["manage.change.date"]).fill(newDay);
  await page.getByRole("button", { name: t["manage.change.submit"] }).click();
  await expect(page.getByTestId("date-changed")).toHaveText(t["manage.notice.dateChanged"]);
  await expect(page.getByTestId("ticket-code")).toHaveText(codes);
  await checkA11y(page);

  // A second change the server refuses (today: as a browser that ignores the field's minimum sends
  // it): the refusal shows, and the earlier success no longer does.
  await page
    .getByTestId("date-change")
    .locator('form[method="post"]')
    .evaluate((form) => ((form as HTMLFormElement).noValidate = true));
  await page.getByLabel(t["manage.change.date"]).fill(cancunDate(0));
  await page.getByRole("button", { name: t["manage.change.submit"] }).click();
  await expect(page.getByTestId("date-change-error")).toBeVisible();
  // A refused change leaves the focus on the refusal, not on the page's body.
  await expect(page.getByTestId("date-change-error")).toBeFocused();
  await expect(page.getByTestId("date-changed")).toHaveCount(0);

  // Cancelled by the buyer more than 7 days ahead: the whole fare back, in the history and by e-mail.
  const line = page.getByTestId("booking-line").first();
  await line.getByTestId("cancel-start").click();
  await expect(line.getByTestId("cancel-offer")).toContainText(t["manage.cancel.offerFull"].split("{")[0]!.trim());
  await line.getByTestId("cancel-submit").click();
  await expect(page.getByTestId("cancelled")).toBeVisible();
  await expect(page.getByTestId("booking-line").first().getByTestId("line-cancelled")).toHaveText(
    t["manage.cancel.cancelled"],
  );
  await expect(page.getByTestId("history")).toContainText(
    t["manage.history.status"].replace("{status}", t["manage.status.refunded"]),
  );
  await waitForMail(BUYER.pt.email, new RegExp(`^Reembolso da sua reserva Travesía ${reference}$`));
});

test(
  "months without interest on a Mexican card in MXN: the plan is offered, charged and shown, in es",
  DESKTOP_ONLY,
  async ({ page, allowConsoleError }) => {
    const t = MESSAGES.es;
    // The provider's page refuses the first card with 422, which the browser logs.
    allowConsoleError(/status of 422/);
    // Spanish pages price in pesos by default.
    await addPark(page, "es", "xplor", parkDay(23), 2);
    await page.getByRole("link", { name: t["cart.proceed"] }).click();
    await fillPaymentDetails(page, "es");
    await page.getByLabel(t["checkout.instalments.label"]).selectOption("12");
    await submitPayment(page);
    // The provider's page says the plan, and checks the card's bank offers it.
    await expect(page.locator(".instalments")).toContainText("12");
    await payByCard(page, "4242424242424242");
    await expect(page.locator("#number-error")).toBeVisible();
    await payByCard(page, "4152313800000007");
    await expectThankYou(page, "es");
    await expect(page.getByTestId("thank-you-payment")).toContainText("12");
  },
);

test(
  "months without interest refused for a foreign card: the provider's page leads back to a single payment with the form kept, in es",
  DESKTOP_ONLY,
  async ({ page, allowConsoleError }) => {
    const t = MESSAGES.es;
    allowConsoleError(/status of 422/);
    await addPark(page, "es", "xcaret", parkDay(27), 1);
    await page.getByRole("link", { name: t["cart.proceed"] }).click();
    await fillPaymentDetails(page, "es");
    await page.getByLabel(t["checkout.instalments.label"]).selectOption("6");
    await submitPayment(page);
    // A card issued outside Mexico cannot pay months without interest.
    await payByCard(page, "4242424242424242");
    await expect(page.locator("#number-error")).toBeVisible();
    await page.getByRole("link", { name: "Pagar en una sola exhibición" }).click();

    await expect(page).toHaveURL(new RegExp(`${pathOf("paymentDetails", "es")}\\?payment=single$`));
    await expect(page.getByLabel(t["checkout.instalments.label"])).toHaveValue("");
    await expect(page.getByLabel(t["checkout.buyer.name"])).toHaveValue(BUYER.es.name);
    await expect(page.getByLabel(t["checkout.buyer.email"])).toHaveValue(BUYER.es.email);
    await expect(page.locator('input[name="acceptTerms"]')).toBeChecked();
    await submitPayment(page);
    await expect(page.locator(".instalments")).toHaveCount(0);
    await payByCard(page, "4242424242424242");
    await expectThankYou(page, "es");
    await expect(page.getByTestId("thank-you-payment")).not.toContainText("meses");
  },
);

test(
  "PayPal in MXN: approved on PayPal's page, back to the thank-you page, in pt",
  DESKTOP_ONLY,
  async ({ page, context }) => {
    const t = MESSAGES.pt;
    await chooseCurrency(context, "MXN");
    await addPark(page, "pt", "xoximilco", parkDay(24), 1);
    await page.getByRole("link", { name: t["cart.proceed"] }).click();
    await fillPaymentDetails(page, "pt");
    await page.getByLabel(t["checkout.method.paypal"]).check();
    await page.getByTestId("pay").click();
    await expect(page).toHaveURL(/\/sandbox-psp\/paypal\//);
    await page.getByRole("button", { name: /^Pagar agora/ }).click();
    await expectThankYou(page, "pt");
    await expect(page.getByTestId("thank-you-payment")).toContainText("PayPal");
  },
);

test(
  "Uplift's offer loads in English in dollars and pays monthly, the tickets download, the e-mail is resent; in Spanish its script is never requested",
  DESKTOP_ONLY,
  async ({ page, context }) => {
    const t = MESSAGES.en;
    const upliftRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/sandbox-uplift/")) upliftRequests.push(request.url());
    });

    // Spanish, in dollars too: no offer, no script.
    await chooseCurrency(context, "USD");
    await addPark(page, "es", "xavage", parkDay(25), 1);
    await page.getByRole("link", { name: MESSAGES.es["cart.proceed"] }).click();
    await expect(page.locator("form[data-uplift-initialized]")).toHaveAttribute("data-uplift-initialized", "false");
    await expect(page.getByTestId("uplift-offer")).toHaveCount(0);
    expect(upliftRequests).toEqual([]);

    // The same cart in English: the offer initialises; choosing it hides our pay button.
    await page.goto(pathOf("paymentDetails", "en"));
    await expect(page.locator("form[data-uplift-initialized]")).toHaveAttribute("data-uplift-initialized", "true");
    expect(upliftRequests.some((url) => url.includes("/sandbox-uplift/v1/up.js"))).toBe(true);
    await fillPaymentDetails(page, "en");
    await expect(page.getByTestId("pay")).toBeVisible();
    await page.getByRole("checkbox", { name: "Pay monthly" }).check();
    await expect(page.getByTestId("pay")).toHaveCount(0);
    await expect(page.getByTestId("pay-with-uplift")).toHaveText(t["checkout.uplift.continue"]);
    await page.getByRole("button", { name: "Continue with Uplift" }).click();
    await page.getByRole("button", { name: "Approve plan" }).click();
    const reference = await expectThankYou(page, "en");
    await expect(page.getByTestId("thank-you-total")).toContainText("US$");
    // Paying monthly is what the buyer did: not the digits of Uplift's single-use card.
    await expect(page.getByTestId("thank-you-payment")).toHaveText(t["thanks.paidWithUplift"]);

    // The tickets download from the thank-you page with the cookie set when the booking was placed.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-tickets").click()]);
    expect(download.suggestedFilename()).toBe(`travesia-${reference}.pdf`);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe("%PDF-");

    // Manage booking resends the e-mail and says so.
    await page.getByRole("link", { name: t["thanks.manage"] }).click();
    await expect(page.getByTestId("booking")).toHaveAttribute("data-reference", reference);
    await page.getByTestId("resend-email").click();
    await expect(page).toHaveURL(new RegExp(`${pathOf("manageBooking", "en")}\\?ref=${reference}&resent=1$`));
    await expect(page.getByTestId("email-resent")).toBeVisible();
    await checkA11y(page);
  },
);

test("a prepaid coupon: no date, no countdown, paid on the coupon page, in es", DESKTOP_ONLY, async ({ page }) => {
  const t = MESSAGES.es;
  await page.goto(pathOf("xcaret", "es"));
  const widget = page.getByTestId("activity-booking");
  await widget.getByTestId("activity-when-coupon").check();
  await widget.getByRole("button", { name: t["booking.coupon.search"] }).click();
  await expect(widget.getByTestId("coupon-result")).toContainText(t["booking.coupon.validUntil"].split("{")[0]!.trim());
  await widget.getByTestId("add-coupon").click();
  await expect(page).toHaveURL(new RegExp(pathOf("cart", "es")));
  await expect(page.getByTestId("coupon-validity")).toBeVisible();
  await expect(page.getByTestId("hold-countdown")).toHaveCount(0);
  await page.getByRole("link", { name: t["cart.proceed"] }).click();
  await expect(page).toHaveURL(new RegExp(pathOf("paymentDetailsCoupon", "es")));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t["checkout.couponTitle"]);
  await expect(page.getByTestId("coupon-until")).toBeVisible();
  await expect(page.locator('input[name^="names."]')).toHaveCount(0);
  await checkA11y(page);
  await fillPaymentDetails(page, "es", undefined, "paymentDetailsCoupon");
  await submitPayment(page);
  await payByCard(page, "4242424242424242");
  await expectThankYou(page, "es");
  // What comes next is the coupon's exchange, not boarding at the pier.
  await expect(page.getByText(t["thanks.next.coupon"])).toBeVisible();
  await expect(page.getByText(t["thanks.next.qr"])).toHaveCount(0);
});
