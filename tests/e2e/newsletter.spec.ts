// The footer's newsletter form in a browser: each field's message on an empty send,
// with focus on the first field to fix; a subscription answered in place; the same address again is
// "Correo registrado". Field rules, every server error, the mail and its links are checked in
// app/newsletter/newsletter.db.test.ts; this only proves the browser wiring and accessibility.
import { APP_BANNER_STORAGE_KEY } from "../../app/components/shell/app-banner-storage.ts";
import { en } from "../../lib/i18n/messages/en.ts";
import { es } from "../../lib/i18n/messages/es.ts";
import { pt } from "../../lib/i18n/messages/pt.ts";
import type { Page } from "@playwright/test";
import type { Messages } from "../../app/i18n/translate.ts";
import { test, expect, checkA11y, DESKTOP_ONLY } from "./fixtures.ts";

/** React has taken over the footer form (its props are on the element): its check runs before sending. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const form = document.querySelector("[data-testid=footer-newsletter-form]");
    return form !== null && Object.keys(form).some((key) => key.startsWith("__reactProps"));
  });
}

/** The footer form of a home page, filled in and sent. */
async function subscribeFromHome(page: Page, path: string, t: Messages, address: string) {
  await page.goto(path);
  await hydrated(page);
  const form = page.getByTestId("footer-newsletter-form");
  await form.getByLabel(t["newsletter.name"], { exact: true }).fill("Lía");
  await form.getByLabel(t["newsletter.lastname"]).fill("Canul");
  await form.getByLabel(t["newsletter.email"], { exact: true }).fill(address);
  // The country field takes a code as well as a name.
  await form.getByLabel(t["newsletter.country"], { exact: true }).fill("MX");
  await form.getByLabel(t["newsletter.acceptance"]).check();
  await form.getByLabel(t["newsletter.permission"]).check();
  await form.getByRole("button", { name: t["newsletter.submit"] }).click();
  return form;
}

test(
  "subscribing from the footer: errors and success in en, that address again in es (duplicate), a new one in pt",
  DESKTOP_ONLY,
  async ({ page, context, allowConsoleError }) => {
    // The second subscription is answered 409 (duplicateKey), which the browser logs as a failed load.
    allowConsoleError(/status of 409/);
    await context.addCookies([{ name: "cookie_notice", value: "1", url: "http://127.0.0.1" }]);
    await context.addInitScript((key) => {
      if (window.location.protocol.startsWith("http")) window.localStorage.setItem(key, "1");
    }, APP_BANNER_STORAGE_KEY);
    await page.goto("/en/");
    await hydrated(page);
    const form = page.getByTestId("footer-newsletter-form");
    const email = form.getByLabel(en["newsletter.email"], { exact: true });

    await form.getByRole("button", { name: en["newsletter.submit"] }).click();
    await expect(form.getByLabel(en["newsletter.name"], { exact: true })).toBeFocused();
    await expect(form.getByLabel(en["newsletter.name"], { exact: true })).toHaveAccessibleDescription(
      "Name is a required field",
    );
    await expect(form.getByText("Lastname is a required field")).toBeVisible();
    await expect(email).toHaveAccessibleDescription("Email is a required field");
    await expect(form.getByText("Country is a required field")).toBeVisible();
    await expect(form.getByText("This field is mandatory")).toHaveCount(2);
    await checkA11y(page);

    const address = `e2e.${Date.now()}@example.com`;
    async function fillAndSend() {
      await form.getByLabel(en["newsletter.name"], { exact: true }).fill("Ana");
      await form.getByLabel(en["newsletter.lastname"]).fill("Pérez");
      await email.fill(address);
      const country = form.getByLabel(en["newsletter.country"], { exact: true });
      await country.focus();
      // The suggestions are built when the field is first focused, not sent with the page.
      await expect(form.locator("datalist option[value='Mexico']")).toHaveCount(1);
      await country.fill("Mexico");
      await form.getByLabel(en["newsletter.acceptance"]).check();
      await form.getByLabel(en["newsletter.permission"]).check();
      await form.getByRole("button", { name: en["newsletter.submit"] }).click();
    }
    await fillAndSend();
    const result = page.getByTestId("footer-newsletter-result");
    await expect(result).toHaveAttribute("data-outcome", "subscribed");
    await expect(result).toContainText(address);

    // The same address from the Spanish home page: "Correo registrado", in Spanish, the
    // fields kept as typed; then a new address subscribes from the Portuguese one.
    const spanish = await subscribeFromHome(page, "/es/", es, address);
    await expect(page.getByRole("alert").filter({ hasText: es["newsletter.error.duplicate"] })).toBeVisible();
    await expect(spanish.getByLabel(es["newsletter.email"], { exact: true })).toHaveValue(address);
    await subscribeFromHome(page, "/pt/", pt, `e2e.pt.${Date.now()}@example.com`);
    await expect(page.getByTestId("footer-newsletter-result")).toHaveAttribute("data-outcome", "subscribed");
  },
);
