// What a request may not decide, against the production build (ADR 0049): the Host and forwarded
// headers never move the site's links (canonical, hreflang, sitemap, robots) or the identity provider's
// endpoints off the configured public origin, which production refuses to start without; /metrics
// answers only the scraper's token; and a signed-in person without the permission who posts to a console
// page is refused with 403 in the page's language, never a 500.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSOLE_PAGES, consolePathOf, type ConsolePageId } from "../../app/console/console-pages.ts";
import { en } from "../../lib/i18n/console/en.ts";
import { es } from "../../lib/i18n/console/es.ts";
import { pt } from "../../lib/i18n/console/pt.ts";
import { startBuiltServer, type BuiltServer } from "../setup/built-server.ts";
import { connect, createTestDatabase, type TestDatabase } from "../setup/pg.ts";

const ORIGIN = "https://www.travesia.test";
const METRICS_TOKEN = "trust-test-metrics-scraper-token-0123456789";
const EVIL = {
  Host: "evil.example",
  "X-Forwarded-Host": "evil.example",
  "X-Forwarded-Proto": "http",
  Forwarded: "host=evil.example;proto=http",
};

let testDb: TestDatabase;
let server: BuiltServer;
let client: pg.Client;

beforeAll(async () => {
  testDb = await createTestDatabase();
  server = await startBuiltServer({
    DATABASE_URL: testDb.url,
    DATABASE_POOL_SIZE: "3",
    PUBLIC_ORIGIN: ORIGIN,
    METRICS_TOKEN,
  });
  client = await connect(testDb.url);
});
afterAll(async () => {
  await client?.end();
  await server?.stop();
  await testDb?.drop();
});

/** A request whose Host header is ours to set (fetch sends the URL's own). */
function request(
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      `${server.origin}${pathname}`,
      { method, headers: { ...headers, ...(body ? { "Content-Length": String(Buffer.byteLength(body)) } : {}) } },
      (incoming) => {
        let text = "";
        incoming.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
        incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** The links of a sitemap (<loc> and hreflang alternates) or of robots.txt (its Sitemap line). */
function crawlerLinks(text: string): string[] {
  return [...text.matchAll(/<loc>([^<]+)<\/loc>|\shref="([^"]+)"|^Sitemap: (\S+)$/gm)].map(
    (match) => match[1] ?? match[2] ?? match[3]!,
  );
}

describe("the Host and forwarded headers move no link off the public origin", () => {
  it.each(["/es/", "/en/faqs/", "/pt/"])("%s: canonical and hreflang links", async (pathname) => {
    const page = await request("GET", pathname, EVIL);
    expect(page.status).toBe(200);
    const links = page.text.match(/<link\b[^>]*rel="(canonical|alternate)"[^>]*>/gi) ?? [];
    expect(links.some((tag) => /hreflang="x-default"/i.test(tag))).toBe(true);
    for (const tag of links) expect(/href="([^"]+)"/.exec(tag)?.[1]).toMatch(new RegExp(`^${ORIGIN}/`));
    expect(page.text).not.toContain("evil.example");
  });

  it("the sitemap (kept by shared caches for an hour) and robots.txt", async () => {
    for (const pathname of ["/sitemap.xml", "/robots.txt"]) {
      const answer = await request("GET", pathname, EVIL);
      expect(answer.status).toBe(200);
      expect(crawlerLinks(answer.text).length).toBeGreaterThan(0);
      for (const url of crawlerLinks(answer.text)) expect(url.startsWith(`${ORIGIN}/`), url).toBe(true);
      expect(answer.text).not.toContain("evil.example");
    }
  });

  it("the identity provider's issuer and every endpoint it announces", async () => {
    const discovery = await request("GET", "/idp/.well-known/openid-configuration", EVIL);
    expect(discovery.status).toBe(200);
    const metadata = JSON.parse(discovery.text) as Record<string, unknown>;
    expect(metadata.issuer).toBe(`${ORIGIN}/idp`);
    const endpoints = Object.entries(metadata).filter(
      ([name, value]) =>
        name.endsWith("_endpoint") || name === "jwks_uri" || (typeof value === "string" && value.startsWith("http")),
    );
    expect(endpoints.length).toBeGreaterThan(3);
    for (const [name, value] of endpoints) expect(String(value), name).toMatch(new RegExp(`^${ORIGIN}/idp(/|$)`));
  });

  it("the identity provider's redirects", async () => {
    const query = new URLSearchParams({
      client_id: "travesia-web",
      response_type: "code",
      scope: "openid",
      redirect_uri: `${ORIGIN}/es/auth/`,
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
      state: "state-of-the-test",
    });
    const authorization = await request("GET", `/idp/auth?${query}`, EVIL);
    expect(authorization.status).toBeGreaterThanOrEqual(300);
    expect(authorization.status).toBeLessThan(400);
    const location = authorization.headers.location ?? "";
    expect(location.startsWith("/") || location.startsWith(`${ORIGIN}/`), location).toBe(true);
    expect(JSON.stringify(authorization.headers)).not.toContain("evil.example");
  });
});

describe("production without its public origin", () => {
  it("refuses to start, naming PUBLIC_ORIGIN", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "tv-no-origin-"));
    try {
      const started = startBuiltServer({ PUBLIC_ORIGIN: "", DATA_DIR: dataDir, SEED: "false" }, 20_000);
      await expect(started.then(async (running) => running.stop())).rejects.toThrow(
        /PUBLIC_ORIGIN: required in production/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("/metrics", () => {
  it("answers the scraper's token only, with a coded 401 to anyone else", async () => {
    const strangers: Record<string, string>[] = [{}, { Authorization: "Bearer guessing-the-metrics-token-0123456789" }];
    for (const headers of strangers) {
      const refused = await request("GET", "/metrics", headers);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.text)).toMatchObject({ error: { code: "UNAUTHORIZED" } });
    }
    const scraped = await request("GET", "/metrics", { Authorization: `Bearer ${METRICS_TOKEN}` });
    expect(scraped.status).toBe(200);
    expect(scraped.text).toMatch(/http_request_duration_seconds_count/);
  });
});

describe("a console page's action refuses a person without the permission", () => {
  const sha256 = (secret: string) => createHash("sha256").update(secret, "utf8").digest("hex");
  let counter = 0;

  /** A confirmed account with `role` (null: a visitor), signed in: its session cookie. */
  async function signedIn(role: "agent" | null): Promise<string> {
    const email = `console.${++counter}.${randomBytes(4).toString("hex")}@example.com`;
    const { rows } = await client.query<{ id: string }>(
      `insert into users (id, email, email_key, password_hash, first_name, last_name, country_iso3, language, confirmed_at, staff_role, created_at, updated_at)
       values (gen_random_uuid(), $1, lower($1), 'not-a-hash', 'Rosa', 'Pech', 'MEX', 'es', now(), $2, now(), now()) returning id`,
      [email, role],
    );
    const secret = randomBytes(32).toString("hex");
    await client.query(
      "insert into user_sessions (id_hash, user_id, kind, remember, created_at, expires_at) values ($1, $2, 'regular', false, now(), now() + interval '1 hour')",
      [sha256(secret), rows[0]!.id],
    );
    return `__Host-travesia_session=${secret}`;
  }

  function postForm(pathname: string, cookie: string) {
    const origin = new URL(server.origin);
    return request(
      "POST",
      pathname,
      { Cookie: cookie, Origin: server.origin, Host: origin.host, "Content-Type": "application/x-www-form-urlencoded" },
      "email=someone%40example.com&role=admin&id=1",
    );
  }

  const decoded = (html: string) =>
    html
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&");

  const ACTION_PAGES: ConsolePageId[] = [
    "consoleStaff",
    "consoleBookings",
    "consoleClosures",
    "consolePrices",
    "consoleRecords",
    "consoleProducts",
    "consoleScanner",
    "consoleTexts",
    "consoleTimetable",
    "consoleVessels",
    "consoleWalkUp",
  ];

  it.each(ACTION_PAGES)(
    "%s: a signed-in visitor gets 403 and the console's words for them, in Spanish",
    async (pageId) => {
      const answer = await postForm(consolePathOf(pageId, "es"), await signedIn(null));
      expect(answer.status).toBe(403);
      expect(decoded(answer.text)).toContain(es["console.notStaff.title"]);
    },
  );

  it.each([
    ["es", es],
    ["en", en],
    ["pt", pt],
  ] as const)("an agent posting to pages beyond their role gets 403 and why, in %s", async (language, words) => {
    const cookie = await signedIn("agent");
    for (const pageId of [
      "consoleStaff",
      "consoleClosures",
      "consolePrices",
      "consoleRecords",
      "consoleProducts",
      "consoleTexts",
      "consoleTimetable",
      "consoleVessels",
    ] as const) {
      expect(CONSOLE_PAGES[pageId].permission).not.toBeNull();
      const answer = await postForm(consolePathOf(pageId, language), cookie);
      expect(answer.status, pageId).toBe(403);
      expect(decoded(answer.text)).toContain(words["console.forbidden.title"]);
    }
  });
});
