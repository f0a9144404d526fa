// The currency API over a PGlite snapshot, through the whole Hono app: list, payment methods,
// instalment banks, choosing a currency (cookies), refusals, and the OpenAPI document.
import { afterAll, beforeAll, describe, expect, it, test } from "vitest";
import { bootSnapshot } from "../../tests/setup/db.ts";
import { createApp } from "../app.ts";
import type { Runtime } from "../boot.ts";

let runtime: Runtime;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  runtime = await bootSnapshot({ NODE_ENV: "production" });
  app = createApp(runtime.services, { ping: () => runtime.database.ping() });
});
afterAll(() => runtime.database.close());

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown> & { error?: { code: string; issues?: unknown[] } };
}

function putCurrency(body: unknown, query = "") {
  return app.request(`/api/currency${query}`, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe("GET /api/currencies", () => {
  it("lists the 17 with the public API's fields, USD first, named in the asked language, cacheable", async () => {
    const response = await app.request("/api/currencies?language=es");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    const { currencies } = (await response.json()) as { currencies: Record<string, unknown>[] };
    expect(currencies).toHaveLength(17);
    expect(currencies[0]).toEqual({
      id: 1,
      name: "Dólar estadounidense",
      symbol: "$",
      iso_number: "840",
      iso_code: "USD",
      presentation_symbol: "US$",
      position: "I",
      decimal_separator: ".",
      thousand_separator: ",",
      minor_units: 2,
    });
    expect(currencies.find((currency) => currency.iso_code === "KRW")).toMatchObject({
      name: "Won surcoreano",
      minor_units: 0,
    });
  });

  it("names them in English by default and refuses an unknown language", async () => {
    const { currencies } = (await (await app.request("/api/currencies")).json()) as { currencies: { name: string }[] };
    expect(currencies[0]?.name).toBe("US dollar");
    const refused = await app.request("/api/currencies?language=fr");
    expect(refused.status).toBe(400);
    expect((await json(refused)).error?.code).toBe("INVALID_REQUEST");
  });
});

describe("GET /api/currencies/{code}/payment-methods", () => {
  test.each([
    ["EUR", ["VI", "MC", "AX", "DN", "DS", "JC"]],
    ["MXN", ["VI", "MC", "AX", "PP"]],
    ["USD", ["VI", "MC", "AX"]],
    ["JPY", ["VI", "MC", "AX"]],
  ])("%s offers %j", async (code, methods) => {
    const response = await app.request(`/api/currencies/${code}/payment-methods`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { currency: string; payment_methods: { api_code: string }[] };
    expect(body.currency).toBe(code);
    expect(body.payment_methods.map((method) => method.api_code)).toEqual(methods);
  });

  test.each(["BTC", "eur", "XXX", "%20", "EURO", "MX%00"])("refuses %j with UNKNOWN_CURRENCY", async (code) => {
    const response = await app.request(`/api/currencies/${code}/payment-methods`);
    expect(response.status).toBe(400);
    expect((await json(response)).error?.code).toBe("UNKNOWN_CURRENCY");
  });
});

describe("GET /api/instalment-banks", () => {
  it("lists the Mexican banks with logo, description, maximum and plans", async () => {
    const response = await app.request("/api/instalment-banks?language=pt");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { currency: string; banks: Record<string, unknown>[] };
    expect(body.currency).toBe("MXN");
    expect(body.banks.length).toBeGreaterThanOrEqual(6);
    expect(body.banks[0]).toMatchObject({
      code: "bbva",
      logo: "/images/banks/bbva.svg",
      max_months: 15,
      plans: [3, 6, 9, 12, 15],
    });
    expect(body.banks[0]?.description).toMatch(/^Até 15 parcelas mensais sem juros/);
  });
});

describe("PUT /api/currency", () => {
  it("sets both cookies for 7 days and answers the chosen currency", async () => {
    const response = await putCurrency({ currency: "EUR" }, "?language=es");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.getSetCookie()).toEqual([
      "currency=EUR; Path=/; Max-Age=604800; SameSite=Lax; Secure",
      "currency_id=3; Path=/; Max-Age=604800; SameSite=Lax; Secure",
    ]);
    expect((await json(response)).currency).toMatchObject({
      id: 3,
      iso_code: "EUR",
      name: "Euro",
      position: "D",
      minor_units: 2,
    });
  });

  it("accepts the id when it matches the code", async () => {
    const response = await putCurrency({ currency: "USD", currency_id: 1 });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toHaveLength(2);
  });

  test.each([
    [{ currency: "BTC" }, 400, "UNKNOWN_CURRENCY"],
    [{ currency: "usd" }, 400, "UNKNOWN_CURRENCY"],
    [{ currency: "EUR", currency_id: 1 }, 400, "UNKNOWN_CURRENCY"],
    [{ currency: "" }, 400, "UNKNOWN_CURRENCY"],
    [{ currency: "EURO-DOLLAR" }, 400, "INVALID_REQUEST"],
    [{}, 400, "INVALID_REQUEST"],
    [{ currency: 3 }, 400, "INVALID_REQUEST"],
    [{ currency: "EUR", extra: 1 }, 400, "INVALID_REQUEST"],
    ["{not json", 400, "INVALID_REQUEST"],
  ])("refuses %j with %i %s and sets no cookie", async (body, status, code) => {
    const response = await putCurrency(body);
    expect(response.status).toBe(status);
    expect((await json(response)).error?.code).toBe(code);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("refuses a body that is not JSON with UNSUPPORTED_MEDIA_TYPE", async () => {
    const response = await app.request("/api/currency", {
      method: "PUT",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "currency=EUR",
    });
    expect(response.status).toBe(415);
    expect((await json(response)).error?.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("the OpenAPI document", () => {
  it("documents the currency, payment and exchange-rate paths", async () => {
    const doc = (await (await app.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
      components: { securitySchemes?: Record<string, unknown>; schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/currencies",
        "/api/currencies/{code}/payment-methods",
        "/api/instalment-banks",
        "/api/currency",
        "/api/exchange-rates",
        "/api/exchange-rates/history",
      ]),
    );
    expect(Object.keys(doc.paths["/api/exchange-rates"] ?? {}).sort()).toEqual(["get", "put"]);
    expect(doc.components.securitySchemes?.adminBearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(["Currency", "PaymentMethod", "InstalmentBank", "ExchangeRate"]),
    );
  });
});
