// The Hono layer over a PGlite snapshot, in process: redirects, the language cookie's inputs, health,
// readiness, metrics, request ids and security headers. Pages themselves are rendered by the
// production build and tested in the server tier (server/http.pg.test.ts).
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../lib/logger.ts";
import { sites } from "../modules/site/index.ts";
import { bootSnapshot } from "../tests/setup/db.ts";
import { createApp } from "./app.ts";
import type { Runtime } from "./boot.ts";

const METRICS_TOKEN = "app-test-metrics-scraper-token-0123456789";
const asScraper = { Authorization: `Bearer ${METRICS_TOKEN}` };
let runtime: Runtime;
let app: ReturnType<typeof createApp>;
let accepting = true;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n"))
        if (line.trim()) logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  runtime = await bootSnapshot({ NODE_ENV: "production", METRICS_TOKEN }, createLogger("info", sink));
  app = createApp(runtime.services, {
    isAcceptingTraffic: () => accepting,
    ping: () => runtime.database.ping(),
  });
});
afterAll(() => runtime.database.close().catch(() => {})); // the last test closes it already

function get(path: string, headers: Record<string, string> = {}) {
  return app.request(path, { headers, redirect: "manual" });
}

describe("/ sends each visitor to a language", () => {
  it("by the redirect cookie first", async () => {
    const response = await get("/", { Cookie: "travesia_lang=pt", "Accept-Language": "es-MX,es;q=0.9" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/pt/");
    expect(response.headers.get("Vary")).toMatch(/Accept-Language/);
    expect(response.headers.get("Vary")).toMatch(/Cookie/);
    expect(response.headers.get("Cache-Control")).toMatch(/no-store/);
  });

  it("then by Accept-Language", async () => {
    const response = await get("/", { "Accept-Language": "es-MX,es;q=0.9,en;q=0.5" });
    expect(response.headers.get("Location")).toBe("/es/");
  });

  it("then English", async () => {
    expect((await get("/")).headers.get("Location")).toBe("/en/");
    expect((await get("/", { "Accept-Language": "fr-FR,de;q=0.8" })).headers.get("Location")).toBe("/en/");
    expect(
      (await get("/", { Cookie: "travesia_lang=%E0%A4%A; x", "Accept-Language": ";;;" })).headers.get("Location"),
    ).toBe("/en/");
  });

  it("keeps the query string", async () => {
    expect((await get("/?utm_source=mail&x=1", { "Accept-Language": "pt" })).headers.get("Location")).toBe(
      "/pt/?utm_source=mail&x=1",
    );
  });
});

describe("permanent redirects", () => {
  it.each([
    ["/fr/carrito/", "/en/carrito/"],
    ["/xx/foo", "/en/"],
    ["/fr/foo/", "/en/"],
    ["/ES/", "/es/"],
    ["/PT/", "/pt/"],
    ["/pt-br/", "/pt/"],
    ["/es-mx/", "/es/"],
    ["/es-MX/rutas-horarios/?utm_source=x&y=1", "/es/rutas-horarios/?utm_source=x&y=1"],
    ["/PT/busca/?q=xcaret", "/pt/busca/?q=xcaret"],
    ["/en", "/en/"],
    ["/es/rutas-horarios", "/es/rutas-horarios/"],
    ["/de/resultado-de-busqueda/", "/en/search/"],
    ["/es?ref=1", "/es/?ref=1"],
  ])("%s → 301 %s", async (from, to) => {
    const response = await get(from);
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe(to);
  });

  it("refuses a path with a broken escape with 400", async () => {
    expect((await get("/es/%E0%A4%A/")).status).toBe(400);
  });
});

describe("a site limited to fewer languages", () => {
  it("redirects the others to its fallback and offers only its own at /", async () => {
    await runtime.database.db
      .update(sites)
      .set({ languages: ["es", "en"] })
      .where(eq(sites.code, "travesia"));
    // The test edits the row as this process would: it forgets its copy (ADR 0072).
    runtime.services.siteConfig.forget();
    try {
      const pt = await get("/pt/busca/");
      expect(pt.status).toBe(301);
      expect(pt.headers.get("Location")).toBe("/en/search/");
      expect((await get("/", { "Accept-Language": "pt-BR,pt;q=0.9" })).headers.get("Location")).toBe("/en/");
      expect((await get("/", { Cookie: "travesia_lang=pt", "Accept-Language": "es" })).headers.get("Location")).toBe(
        "/es/",
      );
    } finally {
      await runtime.database.db
        .update(sites)
        .set({ languages: ["es", "en", "pt"] })
        .where(eq(sites.code, "travesia"));
      runtime.services.siteConfig.forget();
    }
    expect((await get("/", { "Accept-Language": "pt" })).headers.get("Location")).toBe("/pt/");
  });
});

describe("operations endpoints", () => {
  it("/healthz answers while the process lives", async () => {
    const response = await get("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("a NUL byte that reaches the database is a coded 400, not a 500 (found by the fuzzer on the sandbox's ids)", async () => {
    const authorization = { Authorization: `Bearer ${runtime.services.config.SANDBOX_PSP_SECRET_KEY}` };
    const events = await app.request("/sandbox-psp/v1/payment-intents/%00/events", { headers: authorization });
    expect(events.status).toBe(400);
    expect(await events.json()).toMatchObject({
      error: { code: "INVALID_REQUEST", issues: [{ path: "request", code: "unstorable_text" }] },
    });
    const page = await app.request("/sandbox-psp/paypal/%00", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "decision=approve&email=o",
    });
    expect(page.status).toBe(400);
  });

  it("a multipart body that does not parse is a coded 400 on the resend form, not a 500 (found by the fuzzer)", async () => {
    for (const type of ["multipart/form-data", "multipart/form-data; boundary=x"]) {
      const response = await app.request("/api/bookings/7K2M9Q/resend?key=x", {
        method: "POST",
        headers: { "Content-Type": type },
        body: "false",
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { code: "INVALID_REQUEST", issues: [{ path: "body", code: "unreadable_form" }] },
      });
    }
  });

  it("another method on a probe or /metrics is a coded JSON 404, not the page renderer (found by the fuzzer)", async () => {
    for (const [method, path] of [
      ["DELETE", "/healthz"],
      ["POST", "/readyz"],
      ["PUT", "/metrics"],
      ["GET", "/healthz/deeper"],
    ] as const) {
      const response = await app.request(path, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    }
  });

  it("/readyz answers 200 with the database, 503 while draining", async () => {
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ok", database: "ok" });
    accepting = false;
    try {
      const draining = await get("/readyz");
      expect(draining.status).toBe(503);
      expect(await draining.json()).toMatchObject({ status: "draining" });
    } finally {
      accepting = true;
    }
  });

  it("/metrics answers only the scraper holding METRICS_TOKEN, with a coded 401", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: "Bearer not-the-metrics-token-0123456789abcdef" },
      { Authorization: METRICS_TOKEN },
    ];
    for (const headers of attempts) {
      const response = await get("/metrics", headers);
      expect(response.status).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toBe('Bearer realm="metrics"');
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("UNAUTHORIZED");
    }
  });

  it("/metrics counts requests by method, route kind and status", async () => {
    await get("/healthz");
    await get("/fr/");
    const response = await get("/metrics", asScraper);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} [1-9]/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="page",status="301"\} [1-9]/);
    expect(text).toMatch(/process_cpu_user_seconds_total/);
    expect(text).not.toMatch(/\/fr\//); // raw paths never become labels
  });

  it("unknown API paths answer JSON 404 with the request id", async () => {
    const response = await get("/api/no-such-thing", { "X-Request-Id": "trace-api-404" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", requestId: "trace-api-404" } });
  });
});

describe("every answer", () => {
  const answers: [string, Record<string, string>][] = [
    ["/", {}],
    ["/fr/carrito/", {}],
    ["/healthz", {}],
    ["/readyz", {}],
    ["/metrics", {}],
    ["/metrics", { Authorization: `Bearer ${METRICS_TOKEN}` }],
    ["/api/nope", {}],
    ["/es/%E0%A4%A/", {}],
  ];

  it.each(answers)("%s carries a request id and the security headers", async (path, headers) => {
    const response = await get(path, headers);
    expect(response.headers.get("X-Request-Id")).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
    expect(response.headers.get("Content-Security-Policy")).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  });

  it("gets a fresh nonce and id each time, and echoes a safe incoming id", async () => {
    const first = await get("/healthz");
    const second = await get("/healthz");
    expect(first.headers.get("X-Request-Id")).not.toBe(second.headers.get("X-Request-Id"));
    expect(first.headers.get("Content-Security-Policy")).not.toBe(second.headers.get("Content-Security-Policy"));
    expect((await get("/healthz", { "X-Request-Id": "abc-def-123456" })).headers.get("X-Request-Id")).toBe(
      "abc-def-123456",
    );
    const unsafe = await get("/healthz", { "X-Request-Id": "evil id <script>" });
    expect(unsafe.headers.get("X-Request-Id")).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(unsafe.headers.get("X-Request-Id")).not.toMatch(/evil/);
  });

  it("is logged with its request id", async () => {
    const response = await get("/fr/carrito/", { "X-Request-Id": "log-line-check-42" });
    expect(response.status).toBe(301);
    const line = logLines.find((entry) => entry.requestId === "log-line-check-42" && entry.msg === "request");
    expect(line).toMatchObject({ method: "GET", path: "/fr/carrito/", status: 301, level: "info" });
  });
});

describe("when the database is gone", () => {
  it("/readyz answers 503 (and /healthz still 200)", async () => {
    const response = await app.request("/healthz");
    expect(response.status).toBe(200);
    await runtime.database.close();
    const ready = await get("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unavailable", database: "unreachable" });
    expect((await get("/healthz")).status).toBe(200);
    expect(logLines.some((entry) => entry.msg === "readiness check failed" && entry.level === "warn")).toBe(true);
  });
});
