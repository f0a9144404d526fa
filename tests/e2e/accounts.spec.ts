// Accounts (issue 7), one journey in Spanish: a booking bought as a guest, then an account with the
// same e-mail — registered, confirmed from its mail, signed in on /es/auth/ — greets its owner in the
// header, lists that booking in "Mi cuenta", and signs out. The rest (every refusal, es/en/pt words,
// no enumeration) is checked in the server tier (server/account-pages.pg.test.ts).
import { pathOf } from "../../app/routing/localized-paths.ts";
import { DESKTOP_ONLY, expect, test } from "./fixtures.ts";
import { tokenLinkOf, waitForMail } from "./mailbox.ts";
import { addPark, dismissNotices, expectThankYou, fillPaymentDetails, MESSAGES, parkDay, payByCard, submitPayment } from "./shop.ts";

test("a buyer makes an account in es, confirms it from the mail, signs in and finds the booking", DESKTOP_ONLY, async ({ page, context }) => {
  const t = MESSAGES.es;
  const email = `cuenta-${Date.now()}@example.mx`;
  const password = "laguna-turquesa-en-marzo";
  await dismissNotices(context);

  // Bought as a guest with the e-mail the account will have (typed in another case).
  await addPark(page, "es", "xcaret", parkDay(25), 1);
  await page.getByRole("link", { name: t["cart.proceed"] }).click();
  await fillPaymentDetails(page, "es", { name: "Lucía Hernández", email: email.toUpperCase(), phone: "+52 998 123 4567", country: "México" });
  await submitPayment(page);
  await payByCard(page, "4242424242424242");
  const reference = await expectThankYou(page, "es");

  // Register: the password policy is in view; Mexico offers its states.
  await page.goto(pathOf("register", "es"));
  await expect(page.getByTestId("password-policy")).toHaveText(t["account.password.policy"].replace("{min}", "8").replace("{max}", "128"));
  const form = page.getByTestId("register-form");
  await form.getByLabel(t["account.field.email"]).fill(email);
  await form.getByLabel(t["account.field.password"], { exact: true }).fill(password);
  await form.getByLabel(t["account.field.firstName"]).fill("Lucía");
  await form.getByLabel(t["account.field.lastName"]).fill("Hernández");
  await form.getByLabel(t["account.field.country"]).selectOption("MX");
  await form.getByLabel(t["account.field.state"]).selectOption("MX-ROO");
  await form.locator('input[name="privacy"]').check();
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("register-sent")).toContainText(email);

  // The mail's link confirms the address.
  const mail = await waitForMail(email, /^Confirma tu correo/);
  const link = tokenLinkOf(mail);
  expect(new URL(link).pathname).toBe(pathOf("confirmEmail", "es"));
  await page.goto(link);
  await expect(page.getByTestId("email-confirmed")).toContainText("Lucía");
  await page.getByTestId("confirmed-sign-in").click();

  // Sign in on the auth page; the header greets, and the account lists the guest booking.
  await expect(page).toHaveURL(new RegExp(pathOf("auth", "es")));
  const login = page.getByTestId("login-form");
  await login.locator('input[name="email"]').fill(email);
  await login.locator('input[name="password"]').fill(password);
  await login.locator('button[type="submit"]').click();
  await expect(page.getByTestId("header-greeting")).toHaveText(t["account.greeting"].replace("{name}", "Lucía"));
  await page.getByTestId("header-greeting").click();
  await page.getByTestId("header-account").click();
  await expect(page).toHaveURL(new RegExp(pathOf("account", "es")));
  const booking = page.getByTestId("account-booking").filter({ hasText: reference });
  await expect(booking).toContainText(t["manage.status.ticketed"]);

  // Sign out: home, and the header offers to sign in again.
  await page.getByTestId("account-sign-out").click();
  await expect(page).toHaveURL(new RegExp(`${pathOf("home", "es")}$`));
  await expect(page.getByTestId("header-sign-in")).toBeVisible();
  expect((await context.cookies()).some((cookie) => cookie.name.endsWith("travesia_session"))).toBe(false);
});
