// The admin API of exchange rates through the whole Hono app: the bearer token, reads, an accepted
// update, and every refusal storing nothing.
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, test } from "vitest";
import { fixedClock } from "../../lib/clock.ts";
import { exchangeRates } from "../../modules/currency/index.ts";
import { bootSnapshot } from "../../tests/setup/db.ts";
import { createApp } from "../app.ts";
import type { Runtime } from "../boot.ts";

const TOKEN = "test-admin-token-0123456789abcdefghij";
const NOW = new Date("2026-03-10T12:00:00Z");

let runtime: Runtime;
let app: ReturnType<typeof createApp>;
let closedApp: ReturnType<typeof createApp>;

beforeAll(async () => {
  runtime = await bootSnapshot({ NODE_ENV: "production", ADMIN_API_TOKEN: TOKEN });
  const services = { ...runtime.services, clock: fixedClock(NOW) };
  app = createApp(services, { ping: () => runtime.database.ping() });
  // The same database served by a deployment that configured no admin token.
  closedApp = createApp(
    { ...services, config: { ...services.config, ADMIN_API_TOKEN: undefined } },
    { ping: () => runtime.database.ping() },
  );
});
afterAll(() => runtime.database.close());

const auth = { Authorization: `Bearer ${TOKEN}` };

function put(body: unknown, headers: Record<string, string> = auth, target = app) {
  return target.request("/api/exchange-rates", {
    method: "PUT",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function rateRows(): Promise<number> {
  const [row] = await runtime.database.db.select({ rows: count() }).from(exchangeRates);
  return row?.rows ?? 0;
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; issues?: { path: string; code: string }[] } }).error;
}

describe("the admin token", () => {
  test.each([
    ["no header", {}],
    ["a wrong token", { Authorization: "Bearer not-the-token-0123456789abcdefghij" }],
    ["another scheme", { Authorization: `Basic ${TOKEN}` }],
  ])("is required: %s is refused with UNAUTHORIZED", async (_case, headers) => {
    for (const path of ["/api/exchange-rates", "/api/exchange-rates/history?currency=EUR"]) {
      const response = await app.request(path, { headers });
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe("UNAUTHORIZED");
      expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    }
    const before = await rateRows();
    const response = await put({ source: "x", rates: [{ currency: "EUR", rate: "0.0470" }] }, headers);
    expect(response.status).toBe(401);
    expect(await rateRows()).toBe(before);
  });

  it("refuses everything when the deployment configured none, even with the token", async () => {
    expect((await closedApp.request("/api/exchange-rates", { headers: auth })).status).toBe(401);
    expect((await closedApp.request("/api/exchange-rates", { headers: { Authorization: "Bearer " } })).status).toBe(
      401,
    );
    const before = await rateRows();
    expect((await put({ source: "x", rates: [{ currency: "EUR", rate: "0.0470" }] }, auth, closedApp)).status).toBe(
      401,
    );
    expect(await rateRows()).toBe(before);
  });

  it("is checked before the body, so an anonymous caller learns nothing about validation", async () => {
    expect((await put("{bad json", {})).status).toBe(401);
  });
});

describe("GET /api/exchange-rates", () => {
  it("answers the rates in force now, one per currency but MXN", async () => {
    const response = await app.request("/api/exchange-rates", { headers: auth });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as { base: string; at: string; rates: { currency: string; rate: string }[] };
    expect(body.base).toBe("MXN");
    expect(body.at).toBe(NOW.toISOString());
    expect(body.rates).toHaveLength(16);
    expect(body.rates.find((rate) => rate.currency === "USD")).toMatchObject({ rate: "0.0543", source: "seed" });
  });

  it("answers the rates in force at an instant, none before the seed", async () => {
    const body = (await (
      await app.request("/api/exchange-rates?at=2024-01-01T00:00:00Z", { headers: auth })
    ).json()) as { rates: unknown[] };
    expect(body.rates).toEqual([]);
    expect((await app.request("/api/exchange-rates?at=yesterday", { headers: auth })).status).toBe(400);
  });
});

describe("PUT /api/exchange-rates", () => {
  it("appends the rates, which then are in force and in the history", async () => {
    const response = await put({
      source: "banxico-fix",
      rates: [
        { currency: "USD", rate: "0.0541" },
        { currency: "EUR", rate: "0.04660" },
      ],
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { rates: { currency: string; rate: string; validFrom: string }[] };
    expect(body.rates.map(({ currency, rate, validFrom }) => ({ currency, rate, validFrom }))).toEqual([
      { currency: "USD", rate: "0.0541", validFrom: NOW.toISOString() },
      { currency: "EUR", rate: "0.0466", validFrom: NOW.toISOString() },
    ]);
    const current = (await (await app.request("/api/exchange-rates", { headers: auth })).json()) as {
      rates: { currency: string; rate: string }[];
    };
    expect(current.rates.find((rate) => rate.currency === "EUR")?.rate).toBe("0.0466");
    const history = (await (
      await app.request("/api/exchange-rates/history?currency=EUR", { headers: auth })
    ).json()) as {
      rates: { rate: string; source: string }[];
    };
    expect(history.rates.map((rate) => [rate.rate, rate.source])).toEqual([
      ["0.0466", "banxico-fix"],
      ["0.0468", "seed"],
    ]);
  });

  test.each([
    [
      "an unknown currency",
      400,
      "UNKNOWN_CURRENCY",
      {
        source: "x",
        rates: [
          { currency: "EUR", rate: "0.047" },
          { currency: "BTC", rate: "1" },
        ],
      },
    ],
    [
      "a zero rate",
      422,
      "INVALID_EXCHANGE_RATE",
      {
        source: "x",
        rates: [
          { currency: "EUR", rate: "0.047" },
          { currency: "GBP", rate: "0" },
        ],
      },
    ],
    ["a negative rate", 422, "INVALID_EXCHANGE_RATE", { source: "x", rates: [{ currency: "GBP", rate: "-0.04" }] }],
    ["an absurd rate", 422, "INVALID_EXCHANGE_RATE", { source: "x", rates: [{ currency: "GBP", rate: "99999999" }] }],
    ["a rate for MXN", 422, "INVALID_EXCHANGE_RATE", { source: "x", rates: [{ currency: "MXN", rate: "1" }] }],
    [
      "an inverted rate",
      422,
      "EXCHANGE_RATE_CHANGE_TOO_LARGE",
      { source: "x", rates: [{ currency: "USD", rate: "18.45" }] },
    ],
    [
      "a back-dated rate",
      422,
      "INVALID_EXCHANGE_RATE",
      { source: "x", validFrom: "2026-01-01T00:00:00Z", rates: [{ currency: "GBP", rate: "0.04" }] },
    ],
    ["a float rate", 400, "INVALID_REQUEST", { source: "x", rates: [{ currency: "GBP", rate: 0.04 }] }],
    ["no rates", 400, "INVALID_REQUEST", { source: "x", rates: [] }],
    ["no source", 400, "INVALID_REQUEST", { rates: [{ currency: "GBP", rate: "0.04" }] }],
    [
      "an unknown field",
      400,
      "INVALID_REQUEST",
      { source: "x", rates: [{ currency: "GBP", rate: "0.04" }], force: true },
    ],
    ["malformed JSON", 400, "INVALID_REQUEST", '{"source": "x", "rates": ['],
  ] as const)("refuses %s with %i %s and stores nothing", async (_case, status, code, body) => {
    const before = await rateRows();
    const response = await put(body);
    expect(response.status).toBe(status);
    expect((await errorOf(response)).code).toBe(code);
    expect(await rateRows()).toBe(before);
  });

  it("names the offending entries", async () => {
    const error = await errorOf(
      await put({
        source: "x",
        rates: [
          { currency: "GBP", rate: "0.04" },
          { currency: "CAD", rate: "abc" },
        ],
      }),
    );
    expect(error).toMatchObject({
      code: "INVALID_EXCHANGE_RATE",
      issues: [{ path: "body.rates.1.rate", code: "not_a_decimal" }],
    });
  });

  it("accepts a large change when told it is intended", async () => {
    const response = await put({ source: "manual", allowLargeChange: true, rates: [{ currency: "ARS", rate: "160" }] });
    expect(response.status).toBe(200);
  });

  it("refuses an unknown currency in the history query", async () => {
    const response = await app.request("/api/exchange-rates/history?currency=XAU", { headers: auth });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("UNKNOWN_CURRENCY");
  });
});
