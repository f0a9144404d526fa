// Web security checks that need rendered pages (the production build): the CSP
// nonce on every script of a page, hostile catalogue HTML and hostile search queries that must come out
// inert, and open-redirect attempts through the page actions that redirect.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../setup/built-server.ts";
import { connect, createTestDatabase, type TestDatabase } from "../setup/pg.ts";

const ORIGIN = "https://www.travesia.test";
const HOSTILE_HTML =
  '<p>Parque</p><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"><a href="javascript:window.__pwned=3">x</a><iframe src="https://evil.example"></iframe><svg onload="window.__pwned=4"></svg><style>body{display:none}</style>';
const HOSTILE_QUERY = `"><script>window.__pwned=5</script><img src=x onerror=window.__pwned=6>'`;

let testDb: TestDatabase;
let server: BuiltServer;

beforeAll(async () => {
  testDb = await createTestDatabase();
  server = await startBuiltServer({ DATABASE_URL: testDb.url, DATABASE_POOL_SIZE: "3", PUBLIC_ORIGIN: ORIGIN });
  // The catalogue is data from outside (the operator's feed): a hostile description must render inert.
  const client = await connect(testDb.url);
  try {
    await client.query(
      `update products set description = jsonb_build_object('es', $1::text, 'en', $1::text, 'pt', $1::text)`,
      [HOSTILE_HTML],
    );
  } finally {
    await client.end();
  }
});
afterAll(async () => {
  await server?.stop();
  await testDb?.drop();
});

function get(path: string) {
  return fetch(`${server.origin}${path}`, { redirect: "manual" });
}

function nonceOf(response: Response): string {
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
  expect(nonce).toBeDefined();
  return nonce!;
}

/** Every <script …> opening tag of a page. */
function scriptTags(html: string): string[] {
  return html.match(/<script\b[^>]*>/gi) ?? [];
}

function expectInert(html: string) {
  expect(html).not.toContain("__pwned=");
  expect(html).not.toMatch(/<img[^>]*\sonerror=/i);
  expect(html).not.toMatch(/<svg[^>]*\sonload=/i);
  expect(html).not.toMatch(/href="javascript:/i);
  expect(html).not.toMatch(/<iframe[^>]*evil\.example/i);
}

describe("the nonce on every script of a rendered page", () => {
  it.each(["/es/", "/en/search/?q=isla", "/pt/parques/xcaret/", "/es/carrito/", "/en/newsletter/"])(
    "%s",
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(200);
      const nonce = nonceOf(response);
      const html = await response.text();
      const scripts = scriptTags(html);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) {
        // A JSON-LD block is data, never run; every script that runs carries this answer's nonce.
        if (/type="application\/ld\+json"/.test(tag)) continue;
        expect(tag).toContain(`nonce="${nonce}"`);
      }
      // No inline event handler anywhere: CSP without 'unsafe-inline' would block it, so none may exist.
      expect(html).not.toMatch(/<[a-z][^>]*\son(click|load|error|submit|change)=/i);
    },
  );
});

describe("hostile input renders inert", () => {
  it("a product description with scripts, handlers, javascript: links and frames", async () => {
    const response = await get("/es/parques/xcaret/");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<p>Parque</p>");
    expectInert(html);
  });

  it.each(["/es/busqueda/", "/en/search/", "/pt/busca/"])("a search query on %s", async (path) => {
    const response = await get(`${path}?q=${encodeURIComponent(HOSTILE_QUERY)}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    // The query is shown back (escaped as text, and as JSON with < written \u003c in the hydration
    // data): never as markup.
    expect(html).not.toContain("<script>window.__pwned");
    expect(html).not.toMatch(/<img[^>]*\sonerror=/i);
    expect(html).toMatch(/&quot;&gt;&lt;script&gt;window.__pwned=5|\\u003cscript\\u003ewindow.__pwned=5/);
  });

  it("the autocomplete answers JSON that no browser sniffs into HTML", async () => {
    const token = (await (
      await fetch(`${server.origin}/google-enterprise/token`, {
        method: "POST",
        headers: { "X-Host-Path": `${new URL(server.origin).host}/es/` },
      })
    ).json()) as { data?: { access_token: string } };
    const response = await fetch(`${server.origin}/google-enterprise/autocomplete`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${token.data?.access_token ?? ""}`,
        "X-Host-Path": `${new URL(server.origin).host}/es/`,
      },
      body: JSON.stringify({ query: HOSTILE_QUERY, dataStore: "travesia-es" }),
    });
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.status).toBeLessThan(500);
  });
});

describe("page actions redirect to this site only", () => {
  const EVIL = ["https://evil.example/", "//evil.example/", "/\\evil.example/", "javascript:alert(1)"];

  it.each([
    ["the currency form", "/es/currency/", (target: string) => `currency=EUR&returnTo=${encodeURIComponent(target)}`],
    [
      "the newsletter form",
      "/es/boletin/",
      (target: string) =>
        `email=a%40example.com&name=Ana&lastname=P&country=MX&acceptance=on&permission=on&errorRedirectUrl=${encodeURIComponent(target)}`,
    ],
    [
      "the cart form",
      "/es/carrito/",
      (target: string) =>
        `intent=empty&cart=x&returnTo=${encodeURIComponent(target)}&redirect=${encodeURIComponent(target)}`,
    ],
    [
      "the manage-booking form",
      "/es/carrito/mi-reserva/",
      (target: string) => `reference=TRV-XXXX&email=a%40example.com&returnTo=${encodeURIComponent(target)}`,
    ],
    [
      "the auth page",
      "/es/auth/",
      (target: string) => `email=a%40example.com&password=x&returnTo=${encodeURIComponent(target)}`,
    ],
  ])("%s", async (_what, path, body) => {
    for (const target of EVIL) {
      const response = await fetch(`${server.origin}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: `return_path=${encodeURIComponent(target)}`,
          "Sec-Fetch-Site": "same-origin",
        },
        body: body(target),
      });
      expect(response.status).toBeLessThan(500);
      const location = response.headers.get("Location");
      if (location !== null) expect(new URL(location, server.origin).origin).toBe(server.origin);
    }
  });
});
