// Accounts, the journey in es, en and pt: a booking bought as a guest (over HTTP: buying in
// the browser is cart.spec.ts's and checkout.spec.ts's), then an account with
// the same e-mail — registered, confirmed from the mail a real SMTP server received, signed in on the
// auth page — greets its owner in the header, lists that booking in the account, and signs out. Along
// the way each language shows some of the sign-in refusals, from real accounts where a
// visitor can cause them: es USER_ALREADY_EXISTS; en USER_NOT_CONFIRMED, INVALID_EMAIL,
// PASSWORD_REQUIRED and INCORRECT_LOGIN; pt RATE_LIMITED, and USER_INACTIVE and GENERAL_ERROR (only an
// operator or a failing server can cause them: the test answers them to the browser). The server's
// side of every code is tested in server/accounts.db.test.ts and server/account-pages.pg.test.ts.
import type { Page } from "@playwright/test";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import { checkA11y, DESKTOP_ONLY, expect, test } from "./fixtures.ts";
import { tokenLinkOf, waitForMail } from "./mailbox.ts";
import { buyFerrySeatOverHttp, dismissNotices, MESSAGES, type Language } from "./shop.ts";

const PASSWORD = "laguna-turquesa-en-marzo";
const CONFIRM_SUBJECT: Record<Language, RegExp> = {
  es: /^Confirma tu correo/,
  en: /^Confirm your e-mail/,
  pt: /^Confirme seu e-mail/,
};

interface Person {
  firstName: string;
  lastName: string;
  email: string;
}

async function register(page: Page, language: Language, person: Person) {
  const t = MESSAGES[language];
  await page.goto(pathOf("register", language));
  const form = page.getByTestId("register-form");
  await form.getByLabel(t["account.field.email"]).fill(person.email);
  await form.getByLabel(t["account.field.password"], { exact: true }).fill(PASSWORD);
  await form.getByLabel(t["account.field.firstName"], { exact: true }).fill(person.firstName);
  await form.getByLabel(t["account.field.lastName"], { exact: true }).fill(person.lastName);
  await form.getByLabel(t["account.field.country"]).selectOption("MX");
  await form.getByLabel(t["account.field.state"]).selectOption("MX-ROO");
  await form.locator('input[name="privacy"]').check();
  await page.getByTestId("register-submit").click();
}

async function confirmFromMail(page: Page, language: Language, person: Person) {
  const link = tokenLinkOf(await waitForMail(person.email, CONFIRM_SUBJECT[language]));
  expect(new URL(link).pathname).toBe(pathOf("confirmEmail", language));
  await page.goto(link);
  await expect(page.getByTestId("email-confirmed")).toContainText(person.firstName);
}

function loginForm(page: Page, language: Language) {
  const t = MESSAGES[language];
  const form = page.getByTestId("login-form");
  return {
    email: form.getByLabel(t["login.email"]),
    password: form.getByLabel(t["login.password"]),
    submit: form.getByRole("button", { name: t["login.submit"] }),
    error: page.getByTestId("login-error"),
  };
}

async function signIn(page: Page, language: Language, person: Person) {
  const form = loginForm(page, language);
  await form.email.fill(person.email);
  await form.password.fill(PASSWORD);
  await form.submit.click();
}

/** Signed in: the header greets, the account lists the booking, signing out ends the session. */
async function greetedWithBookingThenSignOut(page: Page, language: Language, person: Person, reference: string) {
  const t = MESSAGES[language];
  await expect(page.getByTestId("header-greeting")).toHaveText(
    t["account.greeting"].replace("{name}", person.firstName),
  );
  await page.getByTestId("header-greeting").click();
  await page.getByTestId("header-account").click();
  await expect(page).toHaveURL(new RegExp(pathOf("account", language)));
  // My trips: the ferry crossing still to come, with its status, tickets, calendar and what may change.
  const trip = page.getByTestId("trips-upcoming").getByTestId("account-booking").filter({ hasText: reference });
  await expect(trip.getByTestId("trip-status")).toHaveText(t["manage.status.ticketed"]);
  await expect(trip.getByTestId("trip-changes")).toContainText(t["account.trips.nonRefundable"]);
  await expect(trip.getByTestId("trip-tickets")).toBeVisible();
  await expect(trip.getByTestId("trip-calendar")).toBeVisible();
  await expect(page.getByTestId("trips-past")).not.toContainText(reference);
  await page.getByTestId("account-sign-out").click();
  await expect(page).toHaveURL(new RegExp(`${pathOf("home", language)}$`));
  await expect(page.getByTestId("header-sign-in")).toBeVisible();
  expect((await page.context().cookies()).some((cookie) => /travesia_(session|social)$/.test(cookie.name))).toBe(false);
}

test(
  "es: bought as a guest, registered (twice: the second is refused), confirmed by mail, signed in, the booking in Mi cuenta, signed out",
  DESKTOP_ONLY,
  async ({ page, context, allowConsoleError }) => {
    allowConsoleError(/status of 409/); // the second registration's refusal
    const t = MESSAGES.es;
    const person = { firstName: "Lucía", lastName: "Hernández", email: `cuenta-es-${Date.now()}@example.mx` };
    await dismissNotices(context);

    // Bought as a guest with the e-mail the account will have, typed in another case.
    const reference = await buyFerrySeatOverHttp(
      page,
      "es",
      { name: "Lucía Hernández", email: person.email.toUpperCase() },
      25,
    );

    await register(page, "es", person);
    await expect(page.getByTestId("register-sent")).toContainText(person.email);
    await checkA11y(page);
    // The same address again, in capitals: one account per address, whatever its case.
    await register(page, "es", { ...person, email: person.email.toUpperCase() });
    await expect(page.getByTestId("account-email-error")).toHaveText(t["account.error.USER_ALREADY_EXISTS"]);

    await confirmFromMail(page, "es", person);
    await page.getByTestId("confirmed-sign-in").click();
    await expect(page).toHaveURL(new RegExp(pathOf("auth", "es")));
    await signIn(page, "es", person);
    await greetedWithBookingThenSignOut(page, "es", person, reference);
  },
);

test(
  "en: not confirmed yet, the form's own refusals and a wrong password, then signed in with the booking in My account",
  DESKTOP_ONLY,
  async ({ page, context, allowConsoleError }) => {
    allowConsoleError(/status of (401|403)/);
    const t = MESSAGES.en;
    const person = { firstName: "Emily", lastName: "Carter", email: `account-en-${Date.now()}@example.com` };
    await dismissNotices(context);
    const reference = await buyFerrySeatOverHttp(page, "en", { name: "Emily Carter", email: person.email }, 26);
    await register(page, "en", person);
    await expect(page.getByTestId("register-sent")).toContainText(person.email);

    // Before the mail's link is opened, the right password says the account must be confirmed.
    await page.goto(pathOf("auth", "en"));
    await signIn(page, "en", person);
    const form = loginForm(page, "en");
    await expect(form.error).toHaveText(t["login.error.USER_NOT_CONFIRMED"]);

    await confirmFromMail(page, "en", person);
    await page.goto(pathOf("auth", "en"));
    // Nothing typed: both fields say why, and nothing is sent.
    await form.submit.click();
    await expect(page.getByTestId("email-error")).toHaveText(t["login.error.INVALID_EMAIL"]);
    await expect(page.getByTestId("password-error")).toHaveText(t["login.error.PASSWORD_REQUIRED"]);
    await expect(form.email).toBeFocused();
    await checkA11y(page);
    // A wrong password reads like an unknown address.
    await form.email.fill(person.email);
    await form.password.fill("not-the-password");
    await form.submit.click();
    await expect(form.error).toHaveText(t["login.error.INCORRECT_LOGIN"]);

    await signIn(page, "en", person);
    await expect(page).toHaveURL(new RegExp(pathOf("account", "en")));
    await greetedWithBookingThenSignOut(page, "en", person, reference);
  },
);

test(
  "pt: the throttle's wait and the codes only an operator or a failing server cause, then signed in with the booking in Minha conta",
  DESKTOP_ONLY,
  async ({ page, context, allowConsoleError }) => {
    allowConsoleError(/status of (401|403|429|500)/);
    const t = MESSAGES.pt;
    const person = { firstName: "Beatriz", lastName: "Souza", email: `conta-pt-${Date.now()}@example.com.br` };
    await dismissNotices(context);
    const reference = await buyFerrySeatOverHttp(page, "pt", { name: "Beatriz Souza", email: person.email }, 27);
    await register(page, "pt", person);
    await confirmFromMail(page, "pt", person);

    await page.goto(pathOf("auth", "pt"));
    const form = loginForm(page, "pt");
    // Someone hammering another address: past five failures each try waits longer (1 s, 2 s, 4 s…), so
    // however slow the round trip, a try soon lands inside a wait, and says for how long.
    await form.email.fill(`outra-${Date.now()}@example.com`);
    await form.password.fill("chute-errado");
    let code: string | null = null;
    for (let attempt = 0; attempt < 12 && code !== "RATE_LIMITED"; attempt += 1) {
      const answered = page.waitForResponse((response) => response.url().endsWith("/login"));
      await form.submit.click();
      await answered;
      code = await form.error.getAttribute("data-code");
      expect(code).toMatch(/^(INCORRECT_LOGIN|RATE_LIMITED)$/);
    }
    expect(code).toBe("RATE_LIMITED");
    await expect(form.error).toContainText(/\d+ s/);

    // The codes no visitor can cause on purpose, as the server would answer them.
    for (const [refusal, status] of [
      ["USER_INACTIVE", 403],
      ["GENERAL_ERROR", 500],
    ] as const) {
      await page.route("**/login", (route) =>
        route.fulfill({ status, contentType: "application/json", body: JSON.stringify({ error: { code: refusal } }) }),
      );
      await form.submit.click();
      await expect(form.error).toHaveText(t[`login.error.${refusal}`]);
      await page.unroute("**/login");
    }

    // The account's own address is not throttled by someone else's failures.
    await signIn(page, "pt", person);
    await expect(page).toHaveURL(new RegExp(pathOf("account", "pt")));
    await greetedWithBookingThenSignOut(page, "pt", person, reference);
  },
);
