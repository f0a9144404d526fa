// The production build, started as operators start it (`node <build>/server/index.js`), on a
// PostgreSQL database of this file's own: pages in three languages with seeded data, canonical and
// hreflang links, the language cookie, a site limited to fewer languages, request ids in answers
// and logs, readiness when the database goes away, and a graceful shutdown.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startBuiltServer, type BuiltServer } from "../tests/setup/built-server.ts";
import { connect, createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";

const ORIGIN = "https://www.travesia.test";
const METRICS_TOKEN = "http-test-metrics-scraper-token-0123456789";

let testDb: TestDatabase;
let server: BuiltServer;
/** The first page this process rendered, before any other request warmed it up. */
let firstPage: string;
/**
 * A browser's User-Agent: a crawler's page (fetch's own "node" counts as one) waits for every part
 * before it is sent, a browser's page is sent as soon as its shell is ready.
 */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

beforeAll(async () => {
  testDb = await createTestDatabase();
  server = await startBuiltServer({
    DATABASE_URL: testDb.url,
    DATABASE_POOL_SIZE: "3",
    PUBLIC_ORIGIN: ORIGIN,
    METRICS_TOKEN,
  });
  firstPage = await (await get("/en/", { "User-Agent": BROWSER })).text();
});
afterAll(async () => {
  await server?.stop();
  await testDb?.drop();
});

function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${server.origin}${path}`, { headers, redirect: "manual" });
}

interface HeadLinks {
  canonical: string | null;
  alternates: Record<string, string>;
}

function headLinks(html: string): HeadLinks {
  const tags = html.match(/<link\b[^>]*>/gi) ?? [];
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1] ?? null;
  const alternates: Record<string, string> = {};
  let canonical: string | null = null;
  for (const tag of tags) {
    const rel = attribute(tag, "rel");
    if (rel === "canonical") canonical = attribute(tag, "href");
    if (rel === "alternate") {
      const language = attribute(tag, "hreflang");
      const href = attribute(tag, "href");
      if (language && href) alternates[language] = href;
    }
  }
  return { canonical, alternates };
}

function htmlLang(html: string): string | null {
  return /<html\b[^>]*\slang="([^"]+)"/i.exec(html)?.[1] ?? null;
}

describe("pages of the production build", () => {
  it("writes a process's first page in order: header, main content, footer, none of them revealed by script", () => {
    const header = firstPage.indexOf("<header");
    const main = firstPage.indexOf('<main id="main"');
    const footer = firstPage.indexOf("<footer");
    expect(header).toBeGreaterThan(0);
    expect(main).toBeGreaterThan(header);
    expect(footer).toBeGreaterThan(main);
    // React sends a boundary that suspended while the page streamed after the rest, in a hidden segment
    // it then moves into place: React Router's data scripts come that way, never a part of the page.
    const segments = [...firstPage.matchAll(/<div hidden id="S:\d+">([\s\S]*?)<\/div>/g)].map(
      (match) => match[1] ?? "",
    );
    // What a segment may hold: scripts, and the place of the next one.
    const scriptsAndPlaces =
      /<script\b[^>]*>[\s\S]*?<\/script>|<!--\$\?--><template id="B:\d+"><\/template><!--\/\$-->/g;
    for (const segment of segments) expect(segment.replace(scriptsAndPlaces, "")).toBe("");
  });

  it.each([
    ["/es/", "es", "Catamarán a Isla Mujeres"],
    ["/en/", "en", "Catamaran to Isla Mujeres"],
    ["/pt/", "pt", "Catamarã para Isla Mujeres"],
  ])("%s answers in its language with the seeded catalogue", async (path, language, productName) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(htmlLang(html)).toBe(language);
    expect(html).toContain(productName);
  });

  it("shows what the database holds, not a copy baked into the build", async () => {
    const client = await connect(testDb.url);
    try {
      await client.query(
        `update products set name = jsonb_set(name, '{es}', '"Ferry de prueba 7734"') where id = 1901`,
      );
      expect(await (await get("/es/")).text()).toContain("Ferry de prueba 7734");
    } finally {
      await client.query(
        `update products set name = jsonb_set(name, '{es}', '"Ferry Cancún – Isla Mujeres"') where id = 1901`,
      );
      await client.end();
    }
  });

  it("links each home to its canonical URL and, reciprocally, to the others", async () => {
    const expected = { es: `${ORIGIN}/es/`, en: `${ORIGIN}/en/`, pt: `${ORIGIN}/pt/`, "x-default": `${ORIGIN}/en/` };
    for (const language of ["es", "en", "pt"] as const) {
      const links = headLinks(await (await get(`/${language}/`)).text());
      expect(links.canonical).toBe(`${ORIGIN}/${language}/`);
      expect(links.alternates).toEqual(expected);
      expect(links.alternates[language]).toBe(links.canonical); // each page lists itself among its alternates
    }
  });

  it("redirects before rendering: trailing slash, unknown language, /", async () => {
    const noSlash = await get("/es");
    expect(noSlash.status).toBe(301);
    expect(noSlash.headers.get("Location")).toBe("/es/");
    const french = await get("/fr/carrito/");
    expect(french.status).toBe(301);
    expect(french.headers.get("Location")).toBe("/en/carrito/");
    const root = await get("/", { "Accept-Language": "pt-BR,pt;q=0.9" });
    expect(root.status).toBe(302);
    expect(root.headers.get("Location")).toBe("/pt/");
    expect((await get("/", { "Accept-Language": "fr" })).headers.get("Location")).toBe("/en/");
  });
});

const CART_API_HEADERS = {
  Authorization: "Bearer travesia-web-public-cart-key",
  "X-Project-Prefix": "TRAVESIA",
  "X-Site-Code": "travesia",
  "Content-Type": "application/json",
};

/** "YYYY-MM-DD" in Cancún, `days` from today. */
function cancunDay(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Cancun" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** A cart holding one ferry seat; its cookie. */
async function ferryCart(): Promise<string> {
  const date = cancunDay(10);
  const day = (await (
    await get(`/api/sailings?crossing=cancun-isla-mujeres&date=${date}&adults=1&currency=USD&language=en`)
  ).json()) as { outbound: { id: number; selectable: boolean }[] };
  const sailing = day.outbound.find((candidate) => candidate.selectable);
  const item = {
    type: "ferry",
    crossing: "cancun-isla-mujeres",
    trip: "one_way",
    date,
    outboundSailingId: sailing?.id,
    passengers: { adult: 1 },
  };
  const answer = await fetch(`${server.origin}/xapi/shopping-cart?Language=EN`, {
    method: "POST",
    headers: CART_API_HEADERS,
    body: JSON.stringify({ action: "add", currency: "USD", item }),
  });
  expect(answer.status).toBe(200);
  return `cart_session=${((await answer.json()) as { SessionId: string }).SessionId}`;
}

/** The text of a rendered cancellation policy (data-testid), tags stripped. */
function policyText(html: string, testId: string): string {
  const start = html.indexOf(`data-testid="${testId}"`);
  if (start < 0) return "";
  return html
    .slice(start, html.indexOf("</ul>", start))
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

const FERRY_POLICY = {
  es: ["Política de cancelación", "No reembolsable.", "Puedes cambiar la fecha sin costo hasta 24 horas antes."],
  en: ["Cancellation policy", "Non-refundable.", "You can change the date free of charge up to 24 hours before."],
  pt: ["Política de cancelamento", "Não reembolsável.", "Você pode mudar a data sem custo até 24 horas antes."],
} as const;

describe("the ferry's cancellation policy, before paying", () => {
  it.each([
    ["es", "/es/ferry-isla-mujeres/", "/es/rutas-horarios/", "/es/carrito/detalles-pago/"],
    ["en", "/en/ferry-isla-mujeres/", "/en/routes-schedules/", "/en/carrito/payment-details/"],
    ["pt", "/pt/ferry-isla-mujeres/", "/pt/rotas-horarios/", "/pt/carrito/detalhes-do-pagamento/"],
  ] as const)(
    "in %s: on the ferry page, on routes & schedules and on payment details: non-refundable, date-changeable",
    async (language, ferry, schedules, payment) => {
      for (const path of [ferry, schedules]) {
        const text = policyText(await (await get(path)).text(), "cancellation-policy");
        for (const words of FERRY_POLICY[language]) expect(text, path).toContain(words);
      }
      const html = await (await get(payment, { Cookie: await ferryCart() })).text();
      const text = policyText(html, "cancellation-policy");
      for (const words of FERRY_POLICY[language]) expect(text, payment).toContain(words);
      expect(html).toContain('data-refundable="false"');
    },
  );

  it("payment details start the buyer's country on its placeholder, not on the list's first country", async () => {
    for (const [path, placeholder] of [
      ["/es/carrito/detalles-pago/", "Elige un país"],
      ["/en/carrito/payment-details/", "Choose a country"],
      ["/pt/carrito/detalhes-do-pagamento/", "Escolha um país"],
    ] as const) {
      const html = await (await get(path, { Cookie: await ferryCart() })).text();
      const select = /<select[^>]*id="buyer-country"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
      expect(select, path).toMatch(new RegExp(`^<option value="" selected="">${placeholder}</option>`));
      expect(select.match(/ selected=""/g), path).toHaveLength(1);
    }
  });
});

describe("the language cookie", () => {
  // The browser writes it (entry.client.tsx): a page that set it could not be shared by a cache or a CDN.
  it("is never set by a page answer", async () => {
    for (const path of ["/pt/", "/en/faqs/", "/es/rutas-horarios/"]) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie().some((line) => line.startsWith("travesia_lang="))).toBe(false);
    }
  });

  it("then decides where / goes", async () => {
    const response = await get("/", { Cookie: "travesia_lang=es", "Accept-Language": "pt" });
    expect(response.headers.get("Location")).toBe("/es/");
  });
});

describe("a site limited to fewer languages", () => {
  // An operator edits the row with SQL: a node reads it again once its copy is a second old (ADR 0072).
  async function untilSiteShows(check: () => Promise<boolean>): Promise<number> {
    const started = performance.now();
    await vi.waitFor(async () => expect(await check()).toBe(true), { timeout: 5_000, interval: 50 });
    return performance.now() - started;
  }

  it("offers only its languages in hreflang and moves the others away, within a second of the edit", async () => {
    const client = await connect(testDb.url);
    try {
      await get("/pt/"); // the node holds a copy of the configuration with Portuguese
      await client.query(`update sites set languages = '{es,en}' where code = 'travesia'`);
      // The bound plus a request's time on a busy machine.
      expect(await untilSiteShows(async () => (await get("/pt/")).status === 301)).toBeLessThan(2_500);
      const links = headLinks(await (await get("/es/")).text());
      expect(links.alternates).toEqual({ es: `${ORIGIN}/es/`, en: `${ORIGIN}/en/`, "x-default": `${ORIGIN}/en/` });
      const pt = await get("/pt/");
      expect(pt.status).toBe(301);
      expect(pt.headers.get("Location")).toBe("/en/");
      expect((await get("/", { "Accept-Language": "pt" })).headers.get("Location")).toBe("/en/");
    } finally {
      await client.query(`update sites set languages = '{es,en,pt}' where code = 'travesia'`);
      await client.end();
    }
    await untilSiteShows(async () => (await get("/pt/")).status === 200);
    expect(Object.keys(headLinks(await (await get("/es/")).text()).alternates).sort()).toEqual([
      "en",
      "es",
      "pt",
      "x-default",
    ]);
  });
});

describe("every answer of the build", () => {
  it.each(["/es/", "/es", "/", "/healthz", "/readyz", "/metrics", "/api/nope", "/favicon.svg"])(
    "%s has a request id and the security headers",
    async (path) => {
      const response = await get(path);
      expect(response.headers.get("X-Request-Id")).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Strict-Transport-Security")).toMatch(/max-age=/);
      expect(response.headers.get("Content-Security-Policy")).toMatch(/default-src 'self'/);
      await response.arrayBuffer();
    },
  );

  it("runs only the page's own inline scripts: their nonce is the CSP's", async () => {
    const response = await get("/en/");
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    const inlineScripts = html.match(/<script\b(?![^>]*\ssrc=)[^>]*>/gi) ?? [];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("asks for the hydration scripts at low priority, after the stylesheet and the hero image (ADR 0045)", async () => {
    const html = await (await get("/en/")).text();
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(5);
    for (const link of preloads) expect(link).toContain('fetchpriority="low"');
    expect(html).toContain("</html>");
  });

  it("ships a page's own messages, not the whole catalogue (ADR 0045)", async () => {
    // The loader data is a JSON string inside a script: its keys stand between escaped quotes.
    const ships = (html: string, key: string) => html.includes(`\\"${key}\\"`);
    const home = await (await get("/en/")).text();
    expect(ships(home, "cart.add")).toBe(true);
    expect(ships(home, "nav.aboutUs")).toBe(true);
    expect(ships(home, "checkout.backToCart")).toBe(false);
    expect(ships(home, "manage.status.refunded")).toBe(false);
    const faq = await (await get("/en/faqs/")).text();
    expect(ships(faq, "content.toc")).toBe(true);
    expect(ships(faq, "booking.outbound")).toBe(false);
  });

  it("logs each request with its request id", async () => {
    const response = await get("/pt/", { "X-Request-Id": "built-server-log-1234" });
    expect(response.headers.get("X-Request-Id")).toBe("built-server-log-1234");
    await response.text();
    await expect
      .poll(() => server.logs.find((line) => line.requestId === "built-server-log-1234" && line.msg === "request"))
      .toMatchObject({ level: "info", method: "GET", path: "/pt/", status: 200 });
  });

  it("exposes Prometheus metrics", async () => {
    const text = await (await get("/metrics", { Authorization: `Bearer ${METRICS_TOKEN}` })).text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="page",status="200"\} [1-9]/);
    expect(text).toMatch(/nodejs_heap_size_used_bytes/);
  });
});

describe("caching and compression (ADR 0035)", () => {
  const shared = /^public, max-age=\d+, stale-while-revalidate=\d+$/;

  it("lets a shared cache keep an anonymous content page, varying on cookies, encoding and the country headers", async () => {
    const response = await get("/en/faqs/", { "Accept-Encoding": "gzip" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toMatch(shared);
    expect(response.headers.get("Vary")).toBe("Cookie, Accept-Encoding, CloudFront-Viewer-Country, CF-IPCountry");
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(await response.text()).toContain("</html>"); // fetch decoded it
  });

  it("keeps a visitor's own page private, and shares live seats for one second only", async () => {
    const withCurrency = await get("/en/faqs/", { Cookie: "currency=USD; currency_id=2" });
    expect(withCurrency.headers.get("Cache-Control")).toBe("private, no-cache");
    const seats = await get("/en/routes-schedules/?nojs=1");
    expect(seats.headers.get("Cache-Control")).toBe("public, max-age=1");
  });

  it("shares the anonymous home only when the device comes from the client hint, varying on it and the place", async () => {
    const hinted = await get("/en/", { "Sec-CH-UA-Mobile": "?1" });
    // Prices show on it: one second (lib/routing/page-cache-policies.ts).
    expect(hinted.headers.get("Cache-Control")).toBe("public, max-age=1");
    expect(hinted.headers.get("Vary")).toContain("CloudFront-Viewer-Country-Region, Sec-CH-UA-Mobile");
    expect(hinted.headers.getSetCookie()).toEqual([]);
    const unhinted = await get("/en/");
    expect(unhinted.headers.get("Cache-Control")).toBe("private, no-store");
    expect(unhinted.headers.getSetCookie().some((cookie) => cookie.startsWith("perso_cid="))).toBe(true);
  });

  it("serves built assets precompressed and immutable", async () => {
    const html = await (await get("/en/faqs/")).text();
    const script = /<link rel="modulepreload"[^>]*\shref="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const brotli = await get(script ?? "", { "Accept-Encoding": "br, gzip" });
    expect(brotli.headers.get("Content-Encoding")).toBe("br");
    expect(brotli.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(brotli.headers.get("Vary")).toContain("Accept-Encoding");
    const gzip = await get(script ?? "", { "Accept-Encoding": "gzip" });
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
  });
});

// One server of its own for what ends a server's day: its database going away and coming back, then
// its shutdown. One boot instead of two (ADR 0026, addendum 3); the tests run in this order.
describe("a server of its own", () => {
  let ownDb: TestDatabase;
  let own: BuiltServer;
  beforeAll(async () => {
    ownDb = await createTestDatabase();
    own = await startBuiltServer({ DATABASE_URL: ownDb.url, DATABASE_POOL_SIZE: "2", SHUTDOWN_TIMEOUT_MS: "20000" });
  });
  afterAll(async () => {
    await own?.stop("SIGKILL");
    await ownDb?.drop();
  });

  function connectionRefused(port: number): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(false);
      });
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
    });
  }

  it("/readyz answers 503 while the database is away and /healthz stays 200, then 200 again once it is back", async () => {
    expect((await fetch(`${own.origin}/readyz`)).status).toBe(200);
    // The database goes away: no new connection is let in, and the server's are cut.
    await ownDb.admin(`ALTER DATABASE ${ownDb.name} ALLOW_CONNECTIONS false`);
    await ownDb.admin("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [ownDb.name]);
    const ready = await fetch(`${own.origin}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unavailable", database: "unreachable" });
    expect((await fetch(`${own.origin}/healthz`)).status).toBe(200);
    expect(own.process.exitCode).toBeNull(); // losing the database does not crash the process

    await ownDb.admin(`ALTER DATABASE ${ownDb.name} ALLOW_CONNECTIONS true`);
    await expect.poll(async () => (await fetch(`${own.origin}/readyz`)).status, { timeout: 10_000 }).toBe(200);
  });

  it("on SIGTERM finishes the request in flight, refuses new connections, closes the database and exits 0", async () => {
    const locker = await connect(ownDb.url);
    try {
      // Make the next page request slow: it waits for the sites table, which this test holds.
      await locker.query("begin");
      await locker.query("lock table sites in access exclusive mode");
      const inFlight = fetch(`${own.origin}/es/`);
      await expect
        .poll(
          async () =>
            (
              await ownDb.admin<{ n: number }>(
                "select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
                [ownDb.name],
              )
            ).rows[0]?.n,
          { timeout: 10_000 },
        )
        .toBe(1);

      own.process.kill("SIGTERM");
      await expect.poll(() => connectionRefused(own.port), { timeout: 5_000 }).toBe(true);
      expect(own.process.exitCode).toBeNull(); // still draining

      await locker.query("commit");
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Catamarán a Isla Mujeres");

      expect(await own.exited).toBe(0);
      expect(own.logs.map((line) => line.msg)).toEqual(
        expect.arrayContaining(["shutting down: draining requests", "stopped"]),
      );
      // The in-flight request's keep-alive connection is closed once it falls idle: the drain does
      // not wait out the shutdown timeout.
      expect(own.logs.map((line) => line.msg)).not.toContain("shutdown timeout: closing remaining connections");
      await locker.end();
      const open = await ownDb.admin<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = $1",
        [ownDb.name],
      );
      expect(open.rows[0]?.n).toBe(0); // the pool was closed, not abandoned
    } finally {
      await locker.end().catch(() => {});
    }
  });
});
