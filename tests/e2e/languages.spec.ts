// Language journeys: fallback to English, `/` by Accept-Language then by the redirect
// cookie. <html lang> and axe on the home of every language (on phones, of Spanish) are in home.spec.ts.
import { test, expect, DESKTOP_ONLY } from "./fixtures.ts";

// Redirects and cookies are decided by the server: the viewport changes nothing, so desktop only.

test("a path in a language the site does not have falls back to English", DESKTOP_ONLY, async ({ page }) => {
  const response = await page.goto("/fr/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/en\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test(
  "a regional or capitalised prefix goes to its language; an unknown one to English",
  DESKTOP_ONLY,
  async ({ page }) => {
    await page.goto("/fr-ca/");
    await expect(page).toHaveURL(/\/en\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/pt-BR/busca/?q=xcaret");
    await expect(page).toHaveURL(/\/pt\/busca\/\?q=xcaret$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "pt");
    await page.goto("/ES/");
    await expect(page).toHaveURL(/\/es\/$/);
  },
);

test.describe("with a Portuguese browser", DESKTOP_ONLY, () => {
  test.use({ locale: "pt-BR" }); // Chromium sends Accept-Language: pt-BR,pt;q=0.9

  test("/ goes to the Portuguese home", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/pt\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "pt");
  });

  test("the redirect cookie of a later visit wins over Accept-Language", async ({ page, context }) => {
    await page.goto("/es/");
    // The browser writes it once its script runs (ADR 0052): the page itself sets no cookie.
    await expect
      .poll(async () => (await context.cookies()).find((cookie) => cookie.name === "travesia_lang")?.value)
      .toBe("es");
    await page.goto("/");
    await expect(page).toHaveURL(/\/es\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  });
});
