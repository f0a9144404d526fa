// Social sign-in in a real browser (ADR 0031): from the Spanish auth page through our
// identity provider to the upstream provider (a second oidc-provider standing in for Google, started by
// Playwright), back through the code flow, signed in. The flows' refusals are tested below the browser
// (app/account/idp.db.test.ts); this is the one journey that needs the redirects, cookies and forms of
// a browser.
import { es } from "../../lib/i18n/messages/es.ts";
import { test, expect, DESKTOP_ONLY } from "./fixtures.ts";

test(
  "signs in with the social provider from /es/auth/ and lands signed in",
  DESKTOP_ONLY,
  async ({ page, context, baseURL, allowConsoleError }) => {
    // The upstream stand-in's development pages have no favicon, and import a web font from the internet,
    // which tests have not.
    allowConsoleError(/127\.0\.0\.1:\d+\/favicon\.ico/);
    allowConsoleError(/fonts\.googleapis\.com/);
    const site = new URL(baseURL!).origin;
    const login = `viajera.${Date.now()}`;
    await page.goto("/es/auth/?social=upstream");
    // The upstream provider's own development login page.
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill("cualquiera");
    await page.locator('button[type="submit"]').click();
    // Its consent page (our provider is a third-party client there), then back to the site.
    await expect(page.locator('input[name="prompt"][value="consent"]')).toBeAttached();
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(
      (url) => url.origin === site && !url.pathname.startsWith("/idp/") && !url.pathname.startsWith("/es/auth/"),
    );
    expect(new URL(page.url()).pathname).toBe("/es/mi-cuenta/");
    // The header greets the account the upstream provider described.
    await expect(page.getByTestId("header-greeting")).toHaveText(es["account.greeting"].replace("{name}", "Ana"));

    const cookies = await context.cookies();
    const userInfo = cookies.find((cookie) => cookie.name === "userInfo");
    expect(userInfo, "the userInfo cookie").toBeDefined();
    expect(JSON.parse(decodeURIComponent(userInfo!.value))).toMatchObject({ login: true });
    expect(cookies.find((cookie) => cookie.name.endsWith("travesia_social"))?.httpOnly).toBe(true);
    const info = await page.request.get("/user-info/");
    expect(await info.json()).toMatchObject({ status: "auth", isSocial: true, userName: "Ana Upstream" });
  },
);
