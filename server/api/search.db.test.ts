// The search service through the whole Hono app on a PGlite snapshot: every endpoint's
// answer, the host-path header and token checks, hostile queries, and the rate limit of /reporting.
// Nothing here may answer 500.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock.ts";
import { clientErrorReports, issueSearchToken, REPORT_LIMIT, searchEvents } from "../../modules/search/index.ts";
import { bootSnapshot } from "../../tests/setup/db.ts";
import { createApp } from "../app.ts";
import type { Runtime } from "../boot.ts";

const SECRET = "search-db-test-secret-0123456789abcdef";
const NOW = new Date("2031-03-03T15:00:00Z");
const ORIGIN = "http://travesia.test";
const HOST_PATH = "travesia.test/es/busqueda/";

let runtime: Runtime;
let app: ReturnType<typeof createApp>;
let clock: ReturnType<typeof fixedClock>;

beforeAll(async () => {
  runtime = await bootSnapshot({
    NODE_ENV: "production",
    SEARCH_TOKEN_SECRET: SECRET,
    CLIENT_IP_HEADER: "X-Test-Client",
  });
  clock = fixedClock(NOW);
  runtime.services.clock = clock;
  app = createApp(runtime.services, { ping: () => runtime.database.ping() });
});
afterAll(() => runtime.database.close());

interface Answer {
  status: number;
  body: Record<string, unknown> & { error?: { code: string; issues?: { path: string; code: string }[] } };
  headers: Headers;
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await app.request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Host-Path": HOST_PATH, ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer["body"], headers: response.headers };
}

function tokenNow(): string {
  return issueSearchToken(SECRET, "travesia", clock.now()).token;
}

const withToken = (token = tokenNow()): Record<string, string> => ({ Authorization: `Bearer ${token}` });

describe("POST /google-enterprise/token", () => {
  it("answers a signed 15-minute token and the data store of the page's language", async () => {
    const { status, body, headers } = await post("/google-enterprise/token", undefined);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      token_type: "Bearer",
      expires_in: 900,
      dataStore: "travesia-es",
      engineName: "travesia-es",
    });
    expect((body.data as { access_token: string }).access_token).toMatch(/^st1\.[\w-]+\.[\w-]+$/);
    expect(headers.get("Cache-Control")).toBe("no-store");
    const english = await post("/google-enterprise/token", undefined, { "X-Host-Path": "travesia.test/en/search/" });
    expect(english.body.data).toMatchObject({ dataStore: "travesia-en" });
  });

  it("refuses a missing or malformed host-path header (400) and another site's host (403)", async () => {
    const missing = await app.request(`${ORIGIN}/google-enterprise/token`, { method: "POST" });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as Answer["body"]).error).toMatchObject({
      code: "INVALID_HOST_PATH",
      issues: [{ path: "header.x-host-path", code: "required" }],
    });
    expect(
      (await post("/google-enterprise/token", undefined, { "X-Host-Path": "travesia.test es" })).body.error?.code,
    ).toBe("INVALID_HOST_PATH");
    const foreign = await post("/google-enterprise/token", undefined, { "X-Host-Path": "evil.example/es/" });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error?.code).toBe("HOST_NOT_ALLOWED");
  });

  it("answers only POST", async () => {
    const response = await app.request(`${ORIGIN}/google-enterprise/token`, { headers: { "X-Host-Path": HOST_PATH } });
    expect(response.status).toBe(404);
  });
});

describe("POST /google-enterprise/autocomplete", () => {
  const suggest = (query: unknown, headers: Record<string, string> = withToken(), dataStore: unknown = "travesia-es") =>
    post("/google-enterprise/autocomplete", { dataStore, query }, headers);

  it("suggests titles as the site writes them, typos forgiven, per language", async () => {
    const isla = await suggest("isla mujers");
    expect(isla.status).toBe(200);
    const suggestions = (isla.body.querySuggestions as { suggestion: string }[]).map((item) => item.suggestion);
    expect(suggestions).toContain("Isla Mujeres");
    expect(suggestions.length).toBeLessThanOrEqual(6);
    const xplor = await suggest("xplr", withToken(), "travesia-en");
    expect((xplor.body.querySuggestions as { suggestion: string }[]).map((item) => item.suggestion)).toContain("Xplor");
  });

  it.each([
    ["empty", ""],
    ["whitespace only", "   \t  "],
    ["control characters only", "\u0000\u0001\u001b"],
    ["punctuation only", "?!¿¡…"],
  ])("answers no suggestions for a %s query", async (_case, query) => {
    const { status, body } = await suggest(query);
    expect(status).toBe(200);
    expect(body.querySuggestions).toEqual([]);
  });

  it("answers plain text for a script-laden query (escaping is the page's job, and nothing is echoed)", async () => {
    const { status, body } = await suggest('<script>alert("isla")</script><img src=x onerror=alert(1)>');
    expect(status).toBe(200);
    expect(JSON.stringify(body)).not.toMatch(/<script|onerror/i);
  });

  it("refuses a 10,000-character query as INVALID_REQUEST", async () => {
    const { status, body } = await suggest("isla ".repeat(2000));
    expect(status).toBe(400);
    expect(body.error?.code).toBe("INVALID_REQUEST");
  });

  it("refuses a query that is not text", async () => {
    expect((await suggest(42)).body.error?.code).toBe("INVALID_REQUEST");
    expect((await post("/google-enterprise/autocomplete", "{not json", withToken())).status).toBe(400);
  });

  it("refuses an unknown data store with UNKNOWN_DATA_STORE (404)", async () => {
    for (const dataStore of ["travesia-fr", "other-es", "", "travesia-"]) {
      const { status, body } = await suggest("isla", withToken(), dataStore);
      expect(status, dataStore).toBe(404);
      expect(body.error?.code).toBe("UNKNOWN_DATA_STORE");
    }
  });

  it("refuses a missing, malformed or forged token (401 SEARCH_TOKEN_INVALID)", async () => {
    const forged = issueSearchToken("another-secret-of-thirty-two-characters", "travesia", NOW).token;
    for (const headers of [
      {},
      { Authorization: "Bearer" },
      { Authorization: `Basic ${tokenNow()}` },
      withToken("st1.e30.AAAA"),
      withToken(forged),
    ]) {
      const { status, body } = await suggest("isla", headers);
      expect(status).toBe(401);
      expect(body.error?.code).toBe("SEARCH_TOKEN_INVALID");
    }
  });

  it("refuses an expired token (401 SEARCH_TOKEN_EXPIRED)", async () => {
    const old = issueSearchToken(SECRET, "travesia", new Date(NOW.getTime() - 16 * 60_000)).token;
    const { status, body } = await suggest("isla", withToken(old));
    expect(status).toBe(401);
    expect(body.error?.code).toBe("SEARCH_TOKEN_EXPIRED");
  });

  it("checks the host-path header before the token", async () => {
    expect((await suggest("isla", { ...withToken(), "X-Host-Path": "" })).body.error?.code).toBe("INVALID_HOST_PATH");
    expect(
      (await suggest("isla", { Authorization: "Bearer nope", "X-Host-Path": "evil.example/" })).body.error?.code,
    ).toBe("HOST_NOT_ALLOWED");
  });

  it("refuses a body larger than 16 kB (413)", async () => {
    const { status, body } = await post(
      "/google-enterprise/autocomplete",
      { dataStore: "travesia-es", query: "isla", padding: "x".repeat(20_000) },
      withToken(),
    );
    expect(status).toBe(413);
    expect(body.error?.code).toBe("PAYLOAD_TOO_LARGE");
  });
});

describe("POST /google-enterprise/search", () => {
  const search = (body: Record<string, unknown>, headers: Record<string, string> = withToken()) =>
    post("/google-enterprise/search", body, headers);

  it("ranks results with title, snippet, url, type, position and an attribution token", async () => {
    const { status, body } = await search({ engineName: "travesia-en", query: "xplr", userPseudoId: "abc-123" });
    expect(status).toBe(200);
    const results = body.results as { type: string; title: string; url: string; position: number; snippet: string }[];
    expect(results[0]).toMatchObject({ type: "product", title: "Xplor", url: "/en/parks/xplor/", position: 1 });
    expect(results.map((result) => result.position)).toEqual(results.map((_, index) => index + 1));
    expect(new Set(results.map((result) => result.url)).size).toBe(results.length);
    expect(body.attributionToken).toEqual(expect.any(String));
    expect(body.totalSize).toBe(results.length);
  });

  it("finds Isla Mujeres misspelt, with the matched words' ranges inside the snippet", async () => {
    const { body } = await search({ engineName: "travesia-es", query: "isla mujers", pageSize: 5 });
    const results = body.results as { title: string; snippet: string; highlights: [number, number][] }[];
    expect(results.length).toBeLessThanOrEqual(5);
    expect(results.map((result) => result.title)).toContain("Isla Mujeres");
    for (const result of results) {
      for (const [start, end] of result.highlights)
        expect(result.snippet.slice(start, end)).toMatch(/^[\p{L}\p{N}]+$/u);
    }
  });

  it("answers no results for blank input, and refuses an unknown engine or a bad page size", async () => {
    expect((await search({ engineName: "travesia-pt", query: " \u0000 " })).body).toMatchObject({
      results: [],
      totalSize: 0,
    });
    const unknown = await search({ engineName: "travesia-de", query: "isla" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe("UNKNOWN_SEARCH_ENGINE");
    expect((await search({ engineName: "travesia-pt", query: "isla", pageSize: 500 })).body.error?.code).toBe(
      "INVALID_REQUEST",
    );
    expect(
      (await search({ engineName: "travesia-pt", query: "isla", userPseudoId: "has spaces" })).body.error?.code,
    ).toBe("INVALID_REQUEST");
  });

  it("needs the token", async () => {
    expect((await search({ engineName: "travesia-en", query: "isla" }, {})).status).toBe(401);
  });
});

describe("POST /google-enterprise/answer", () => {
  const ask = (body: Record<string, unknown>, headers: Record<string, string> = withToken()) =>
    post("/google-enterprise/answer", body, headers);

  it.each([
    ["travesia-en", "how long is an open ticket valid", "6 months", "/en/faqs/#"],
    ["travesia-es", "¿cuánto tiempo es válido un boleto abierto?", "6 meses", "/es/preguntas-frecuentes/#"],
    ["travesia-pt", "por quanto tempo vale o bilhete aberto", "6 meses", "/pt/perguntas-frequentes/#"],
  ])("%s answers %j from the FAQ, citing it", async (engineName, text, expected, cited) => {
    const { status, body } = await ask({ engineName, text, sessionId: "s-1", queryId: "q-1" });
    expect(status).toBe(200);
    const answer = body.answer as { state: string; text: string; citations: { url: string; passage: string }[] };
    expect(answer.state).toBe("answered");
    expect(answer.text).toContain(expected);
    expect(answer.citations[0]?.url.startsWith(cited)).toBe(true);
    expect(answer.citations[0]?.passage).toEqual(expect.any(String));
    expect(body).toMatchObject({ sessionId: "s-1", queryId: "q-1" });
  });

  it("says no_answer rather than guess", async () => {
    const { body } = await ask({
      engineName: "travesia-en",
      text: "quantum chromodynamics lecture notes",
      sessionId: "s-1",
      queryId: "q-2",
    });
    expect(body.answer).toEqual({ state: "no_answer", text: null, citations: [] });
  });

  it("needs sessionId and queryId, and a known engine", async () => {
    expect((await ask({ engineName: "travesia-en", text: "open ticket?" })).body.error?.code).toBe("INVALID_REQUEST");
    expect(
      (await ask({ engineName: "nope", text: "open ticket?", sessionId: "s", queryId: "q" })).body.error?.code,
    ).toBe("UNKNOWN_SEARCH_ENGINE");
  });
});

describe("POST /google-enterprise/analytics", () => {
  const event = {
    dataStore: "travesia-es",
    searchQuery: "  isla\u0000 mujeres ",
    userPseudoId: "0f3a9c",
    documents: [{ id: "page:es:islaMujeres", uri: "/es/isla-mujeres/" }],
    eventType: "search",
    selectedPosition: 2,
    attributionToken: "tok-1",
  };

  it("stores a click with its position (202)", async () => {
    const { status, body } = await post("/google-enterprise/analytics", event, withToken());
    expect(status).toBe(202);
    expect(body).toEqual({ stored: true });
    const [row] = await runtime.services.db.select().from(searchEvents).orderBy(desc(searchEvents.id)).limit(1);
    expect(row).toMatchObject({
      dataStore: "travesia-es",
      language: "es",
      eventType: "search",
      searchQuery: "isla mujeres",
      userPseudoId: "0f3a9c",
      selectedPosition: 2,
      attributionToken: "tok-1",
      documents: [{ id: "page:es:islaMujeres", uri: "/es/isla-mujeres/" }],
    });
    expect(row?.createdAt).toEqual(NOW);
  });

  it("defaults eventType to 'search' and selectedPosition to 0", async () => {
    const { eventType: _type, selectedPosition: _position, ...rest } = event;
    expect(
      (await post("/google-enterprise/analytics", { ...rest, userPseudoId: "defaults" }, withToken())).status,
    ).toBe(202);
    const [row] = await runtime.services.db
      .select()
      .from(searchEvents)
      .where(eq(searchEvents.userPseudoId, "defaults"));
    expect(row).toMatchObject({ eventType: "search", selectedPosition: 0 });
  });

  it.each([
    ["another event type", { eventType: "view-item" }],
    ["a negative position", { selectedPosition: -1 }],
    ["a missing pseudo id", { userPseudoId: undefined }],
    ["too many documents", { documents: Array.from({ length: 51 }, (_, index) => ({ id: `d${index}` })) }],
  ])("refuses %s as INVALID_REQUEST", async (_case, change) => {
    const { status, body } = await post("/google-enterprise/analytics", { ...event, ...change }, withToken());
    expect(status).toBe(400);
    expect(body.error?.code).toBe("INVALID_REQUEST");
  });

  it("refuses an unknown data store and a missing token", async () => {
    expect(
      (await post("/google-enterprise/analytics", { ...event, dataStore: "x" }, withToken())).body.error?.code,
    ).toBe("UNKNOWN_DATA_STORE");
    expect((await post("/google-enterprise/analytics", event)).status).toBe(401);
  });
});

describe("POST /reporting", () => {
  const report = (client: string, error = "search.suggestions: 503 SERVICE_UNAVAILABLE") =>
    post(
      "/reporting",
      { error, params: { dataStore: "travesia-es", query: "isla" } },
      { "X-Test-Client": client, "User-Agent": "vitest" },
    );

  it("stores a client error without a token, keeping only a hash of the client's address", async () => {
    const { status, body } = await report("203.0.113.7");
    expect(status).toBe(202);
    expect(body).toEqual({ stored: true });
    const [row] = await runtime.services.db
      .select()
      .from(clientErrorReports)
      .orderBy(desc(clientErrorReports.id))
      .limit(1);
    expect(row).toMatchObject({
      error: "search.suggestions: 503 SERVICE_UNAVAILABLE",
      hostPath: HOST_PATH,
      userAgent: "vitest",
      params: { dataStore: "travesia-es", query: "isla" },
    });
    expect(row?.clientKey).not.toContain("203.0.113.7");
  });

  it("rate-limits each client: past the limit in a minute, 429 RATE_LIMITED with Retry-After; others still pass", async () => {
    clock.advance(120_000);
    for (let sent = 0; sent < REPORT_LIMIT.count; sent += 1) expect((await report("198.51.100.1")).status).toBe(202);
    const limited = await report("198.51.100.1");
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe("RATE_LIMITED");
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect((await report("198.51.100.2")).status).toBe(202);
    clock.advance(REPORT_LIMIT.windowMs + 1);
    expect((await report("198.51.100.1")).status).toBe(202);
  });

  it.each([
    ["an empty error", { error: "" }],
    ["an error too long", { error: "x".repeat(2001) }],
    ["params too large", { error: "e", params: { blob: "x".repeat(5000) } }],
    ["params that are not an object", { error: "e", params: ["a"] }],
  ])("refuses %s as INVALID_REQUEST", async (_case, body) => {
    const answer = await post("/reporting", body, { "X-Test-Client": "192.0.2.50" });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe("INVALID_REQUEST");
  });

  it("needs the host-path header", async () => {
    expect((await post("/reporting", { error: "e" }, { "X-Host-Path": "" })).body.error?.code).toBe(
      "INVALID_HOST_PATH",
    );
  });
});

describe("the OpenAPI document", () => {
  it("documents every search path, the bearer scheme and the host-path header", async () => {
    const response = await app.request(`${ORIGIN}/api/openapi.json`);
    const document = (await response.json()) as {
      paths: Record<string, unknown>;
      components: { securitySchemes: Record<string, { name?: string }> };
    };
    for (const path of ["token", "autocomplete", "search", "answer", "analytics"])
      expect(document.paths).toHaveProperty([`/google-enterprise/${path}`, "post"]);
    expect(document.paths).toHaveProperty(["/reporting", "post"]);
    expect(document.components.securitySchemes.hostPath?.name).toBe("X-Host-Path");
    expect(document.components.securitySchemes).toHaveProperty("searchBearer");
  });
});
