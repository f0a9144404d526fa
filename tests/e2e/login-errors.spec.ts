// Every sign-in refusal of spec §8 shown on the auth page, in the visitor's language: the two the
// browser catches before sending (INVALID_EMAIL, PASSWORD_REQUIRED), the server's INCORRECT_LOGIN and
// the throttle's RATE_LIMITED from real requests, and the two no visitor can cause on purpose here —
// USER_INACTIVE (an operator deactivates) and GENERAL_ERROR (the server fails) — answered to the
// browser by the test. USER_NOT_CONFIRMED and USER_ALREADY_EXISTS come from real accounts in
// accounts.spec.ts. The server's side of each code is tested in server/accounts.db.test.ts.
import { pathOf } from "../../app/routing/localized-paths.ts";
import { test, expect, checkA11y, DESKTOP_ONLY } from "./fixtures.ts";
import { dismissNotices, MESSAGES, type Language } from "./shop.ts";

test("the auth page shows every sign-in refusal (es and en: the form's own and the server's; pt: all)", DESKTOP_ONLY, async ({ page, context, allowConsoleError }) => {
  allowConsoleError(/status of (401|403|429|500)/);
  await dismissNotices(context);
  for (const language of ["es", "en", "pt"] as const satisfies readonly Language[]) {
    const t = MESSAGES[language];
    await page.goto(pathOf("auth", language));
    const form = page.getByTestId("login-form");
    const email = form.getByLabel(t["login.email"]);
    const password = form.getByLabel(t["login.password"]);
    const submit = form.getByRole("button", { name: t["login.submit"] });

    // Nothing typed: both fields say why, the e-mail first, and nothing is sent.
    let sent = 0;
    const count = () => (sent += 1);
    page.on("request", (request) => request.url().endsWith("/login") && count());
    await submit.click();
    await expect(form.getByTestId("email-error")).toHaveText(t["login.error.INVALID_EMAIL"]);
    await expect(form.getByTestId("password-error")).toHaveText(t["login.error.PASSWORD_REQUIRED"]);
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    expect(sent).toBe(0);
    if (language === "es") await checkA11y(page);
    page.removeAllListeners("request");

    // An address nobody registered: the same words as a wrong password.
    const address = `nadie.${language}.${Date.now()}@example.com`;
    await email.fill(address);
    await password.fill("una-clave-cualquiera");
    await submit.click();
    await expect(page.getByTestId("login-error")).toHaveText(t["login.error.INCORRECT_LOGIN"]);

    if (language === "pt") {
      // Five more failures for the same account: the sixth try waits, and says for how long.
      for (let failure = 0; failure < 5; failure += 1) {
        await submit.click();
        await expect(page.getByTestId("login-error")).toHaveAttribute("data-code", /INCORRECT_LOGIN|RATE_LIMITED/);
      }
      await submit.click();
      await expect(page.getByTestId("login-error")).toHaveAttribute("data-code", "RATE_LIMITED");
      await expect(page.getByTestId("login-error")).toContainText(/\d+ s/);
    }

    // The codes only an operator or a failing server can cause, as the server would answer them: one
    // language is enough, the words of the others are the catalogues' (messages.test.ts).
    if (language !== "pt") continue;
    for (const [code, status] of [
      ["USER_INACTIVE", 403],
      ["GENERAL_ERROR", 500],
    ] as const) {
      await page.route("**/login", (route) => route.fulfill({ status, contentType: "application/json", body: JSON.stringify({ error: { code } }) }));
      await email.fill(`otra.${language}@example.com`);
      await submit.click();
      await expect(page.getByTestId("login-error")).toHaveText(t[`login.error.${code}`]);
      await page.unroute("**/login");
    }
  }
});
