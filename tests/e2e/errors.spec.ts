// Error screens: a render failure on the server or in the browser
// switches to the error screen, unknown paths are a localized 404 inside the site shell, the offline
// page answers navigations when the network is down, and bad input never becomes a 500. Failures are
// injected through /{lang}/__fault/ (on because the e2e server runs with ENABLE_FAULT_ROUTES=true).
import { test, expect, checkA11y, DESKTOP_ONLY, sampledOnPhones } from "./fixtures.ts";

// The offline page and the worker's cache are the service worker's: it is let in here (blocked elsewhere).
test.use({ serviceWorkers: "allow" });

const LANGUAGES = [
  {
    language: "es",
    internalTitle: "Error interno",
    heading: "Lo sentimos, algo salió mal",
    onServer: "Ocurrió un error 500 en el servidor",
    inRequest: "Error 404: el problema está en la solicitud, no en nuestro servidor.",
    onClient: "Ocurrió un error en el cliente",
    backHome: "Volver al inicio",
    searchLabel: "Buscar en el sitio",
    searchPath: "/es/busqueda/",
    notFoundTitle: "Página no encontrada",
    notFoundHeading: "No encontramos esa página",
    badRequestTitle: "Solicitud incorrecta",
    offlineTitle: "Sin conexión",
    offlineText: "Lo sentimos, este contenido no puede mostrarse sin conexión",
    retry: "Reintentar",
  },
  {
    language: "en",
    internalTitle: "Internal Error",
    heading: "Sorry, something went wrong",
    onServer: "An error 500 occurred on server",
    inRequest: "Error 404: the problem is in the request, not on our server.",
    onClient: "An error occurred on client",
    backHome: "Back to home",
    searchLabel: "Search the site",
    searchPath: "/en/search/",
    notFoundTitle: "Page not found",
    notFoundHeading: "We couldn't find that page",
    badRequestTitle: "Bad Request",
    offlineTitle: "No connection",
    offlineText: "Sorry, this content can't be shown offline",
    retry: "Try again",
  },
  {
    language: "pt",
    internalTitle: "Erro interno",
    heading: "Desculpe, algo deu errado",
    onServer: "Ocorreu um erro 500 no servidor",
    inRequest: "Erro 404: o problema está na solicitação, não no nosso servidor.",
    onClient: "Ocorreu um erro no cliente",
    backHome: "Voltar ao início",
    searchLabel: "Buscar no site",
    searchPath: "/pt/busca/",
    notFoundTitle: "Página não encontrada",
    notFoundHeading: "Não encontramos essa página",
    badRequestTitle: "Solicitação inválida",
    offlineTitle: "Sem conexão",
    offlineText: "Desculpe, este conteúdo não pode ser exibido no modo offline",
    retry: "Tentar novamente",
  },
] as const;

/**
 * Every language runs on desktop. On phones, the 404 inside the site shell and the offline page are
 * sampled in one language each; the error screens are the same component as the 404's on any viewport.
 */
const MOBILE_SAMPLE: Record<Screen, string | null> = {
  server: null,
  client: null,
  notFound: "pt",
  badRequest: null,
  offline: "es",
};
/** axe runs on each screen in one language, in turn: the markup is one component whatever the words. */
const AXE_SAMPLE: Record<Screen, string> = {
  server: "es",
  client: "en",
  notFound: "pt",
  badRequest: "es",
  offline: "en",
};
type Screen = "server" | "client" | "notFound" | "badRequest" | "offline";

for (const l of LANGUAGES) {
  test.describe(`in ${l.language}`, () => {
    test(
      "a server render failure shows the error screen, titled Internal Error",
      sampledOnPhones(MOBILE_SAMPLE.server === l.language),
      async ({ page, allowConsoleError }) => {
        allowConsoleError(/status of 500/); // the browser logs the document's own status
        const response = await page.goto(`/${l.language}/__fault/?where=server`);
        expect(response?.status()).toBe(500);
        await expect(page).toHaveTitle(l.internalTitle);
        await expect(page.locator("html")).toHaveAttribute("lang", l.language);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.heading);
        await expect(page.getByRole("search").getByRole("combobox", { name: l.searchLabel })).toBeVisible();
        await expect(page.getByRole("link", { name: l.backHome })).toHaveAttribute("href", `/${l.language}/`);
        await page.waitForLoadState("networkidle"); // hydrated: the note must still say "server"
        await expect(page.getByText(l.onServer)).toBeVisible();
        // Nothing of the failure itself reaches the visitor: no message, no stack.
        expect(await page.content()).not.toContain("Injected fault");
        if (AXE_SAMPLE.server === l.language) await checkA11y(page);
      },
    );

    test(
      "a failure in the browser after hydration shows the error screen from the client",
      sampledOnPhones(MOBILE_SAMPLE.client === l.language),
      async ({ page, allowConsoleError, browserErrors }) => {
        allowConsoleError(/^Client error on .*Injected fault: client render failure/);
        const response = await page.goto(`/${l.language}/__fault/?where=client`);
        expect(response?.status()).toBe(200);
        await expect(page.getByText(l.onClient)).toBeVisible();
        await expect(page).toHaveTitle(l.internalTitle);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.heading);
        await expect(page.getByRole("link", { name: l.backHome })).toBeVisible();
        if (AXE_SAMPLE.client === l.language) await checkA11y(page);
        // Logged with console.error, once.
        expect(browserErrors.filter((line) => line.includes("Injected fault"))).toHaveLength(1);
      },
    );

    test(
      "an unknown path is a localized 404 inside the site shell",
      sampledOnPhones(MOBILE_SAMPLE.notFound === l.language),
      async ({ page, allowConsoleError }) => {
        allowConsoleError(/status of 404/);
        const response = await page.goto(`/${l.language}/nope/`);
        expect(response?.status()).toBe(404);
        await expect(page).toHaveTitle(l.notFoundTitle);
        await expect(page.locator("html")).toHaveAttribute("lang", l.language);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.notFoundHeading);
        await expect(page.getByRole("contentinfo")).toBeVisible(); // the normal shell's footer
        // The note, as on the 500 screen: the status (the request's, for a 4xx) and the request's reference for support.
        await expect(page.getByTestId("error-note")).toContainText(l.inRequest);
        await expect(page.getByTestId("error-note")).toContainText(response!.headers()["x-request-id"]!);
        await expect(page.getByRole("link", { name: l.backHome })).toHaveAttribute("href", `/${l.language}/`);
        if (AXE_SAMPLE.notFound === l.language) await checkA11y(page);

        // The search box goes to this language's search page with q.
        const box = page.getByRole("main").getByRole("combobox", { name: l.searchLabel });
        await box.fill("isla mujeres");
        await box.press("Enter");
        await expect(page).toHaveURL(`${l.searchPath}?q=isla+mujeres`);
      },
    );

    test(
      "a path whose escapes do not decode is a localized 400 page",
      sampledOnPhones(MOBILE_SAMPLE.badRequest === l.language),
      async ({ page, allowConsoleError }) => {
        allowConsoleError(/status of 400/);
        const response = await page.goto(`/${l.language}/%E0%A4%A`);
        expect(response?.status()).toBe(400);
        await expect(page).toHaveTitle(l.badRequestTitle);
        await expect(page.locator("html")).toHaveAttribute("lang", l.language);
        await expect(page.getByRole("link", { name: l.backHome })).toHaveAttribute("href", `/${l.language}/`);
        if (AXE_SAMPLE.badRequest === l.language) await checkA11y(page);
      },
    );

    test(
      "offline, a navigation shows the offline page of the URL's language",
      sampledOnPhones(MOBILE_SAMPLE.offline === l.language),
      async ({ page, context, allowConsoleError }) => {
        // Offline, the open page's own background requests (React Router's lazy route discovery, a lazy
        // widget's chunk) fail and the browser says so in the console: expected here, and not what this
        // test checks.
        allowConsoleError(
          /ERR_INTERNET_DISCONNECTED|Failed to fetch manifest patches|Failed to fetch dynamically imported module/,
        );
        await page.goto(`/${l.language}/`);
        await page.evaluate(() => navigator.serviceWorker.ready);
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

        await context.setOffline(true);
        await page.goto(`/${l.language}/`);
        await expect(page).toHaveURL(`/${l.language}/`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.offlineTitle);
        await expect(page.getByText(l.offlineText)).toBeVisible();
        await expect(page.locator("html")).toHaveAttribute("lang", l.language);
        if (AXE_SAMPLE.offline === l.language) await checkA11y(page);

        // Back online, "try again" reloads the address the visitor wanted.
        await context.setOffline(false);
        await page.getByRole("link", { name: l.retry }).click();
        await expect(page).toHaveURL(`/${l.language}/`);
        await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(l.offlineTitle);
      },
    );
  });
}

test(
  "the service worker keeps only the offline pages and lets HTTP errors through",
  DESKTOP_ONLY,
  async ({ page, allowConsoleError }) => {
    // the worker's cache does not depend on the viewport.
    allowConsoleError(/status of 404/);
    await page.goto("/en/");
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.goto("/es/");
    const response = await page.goto("/es/nope/");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No encontramos esa página");
    await page.goto("/"); // redirects pass through the worker too
    await expect(page).toHaveURL("/es/");

    const cached = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) paths.push(`${name} ${new URL(request.url).pathname}`);
      }
      return paths;
    });
    expect(cached.map((line) => line.split(" ")[1]).sort()).toEqual([
      "/offline/en.html",
      "/offline/es.html",
      "/offline/pt.html",
    ]);
    expect(new Set(cached.map((line) => line.split(" ")[0])).size).toBe(1); // one versioned cache
  },
);

test(
  "the fault route is a plain 404 for anything but a known fault",
  DESKTOP_ONLY,
  async ({ page, allowConsoleError }) => {
    // server-side: one viewport is enough.
    allowConsoleError(/status of 404/);
    const response = await page.goto("/en/__fault/?where=elsewhere");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find that page");
  },
);

test.describe("bad input is never a 500", DESKTOP_ONLY, () => {
  // HTTP only: one viewport is enough.

  test("a malformed cookie does not stop a page", async ({ request }) => {
    const response = await request.get("/es/", {
      headers: { Cookie: "travesia_lang=%E0%A4%A; cookie_notice=%ZZ; =; ;;currency" },
    });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('lang="es"');
  });

  test("bad and huge query strings still render the page", async ({ request }) => {
    expect((await request.get("/en/?q=%ZZ")).status()).toBe(200);
    expect((await request.get(`/en/?q=${"a".repeat(8_000)}`)).status()).toBe(200);
    expect((await request.get("/en/nope/?q=%ZZ")).status()).toBe(404);
  });

  test("oversized headers get the 431 page", async ({ request }) => {
    const response = await request.get("/pt/", { headers: { "X-Padding": "a".repeat(17_000) } });
    expect(response.status()).toBe(431);
    const body = await response.text();
    expect(body).toContain('<html lang="pt">');
    expect(body).toContain("Solicitação grande demais");
  });

  test("an unknown API path answers JSON NOT_FOUND", async ({ request }) => {
    const response = await request.get("/api/nope");
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect((await response.json()) as unknown).toMatchObject({ error: { code: "NOT_FOUND" } });
  });

  test("a page answered with a method it does not take is a 405, not a 500", async ({ request }) => {
    const response = await request.post("/en/", { form: { x: "1" } });
    expect(response.status()).toBe(405);
    expect(await response.text()).not.toContain("Invalid request method");
  });
});
