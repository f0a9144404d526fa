// The cart calls through the whole Hono app: headers, the envelope every answer
// carries, CartError kinds, re-pricing and emptying, and bad input that changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock.ts";
import { CURRENCY_IDS } from "../../modules/currency/index.ts";
import {
  addDays,
  blockSeats,
  findCrossings,
  findDaySailings,
  materializeSailings,
  type SailingView,
} from "../../modules/inventory/index.ts";
import { bootSnapshot } from "../../tests/setup/db.ts";
import { firstMondayOfMarch } from "../../tests/setup/dates.ts";
import { createApp } from "../app.ts";
import type { Runtime } from "../boot.ts";

let runtime: Runtime;
let app: ReturnType<typeof createApp>;

const TODAY = firstMondayOfMarch(2032);
const NOW = new Date(`${TODAY}T15:00:00Z`);
const DAY = addDays(TODAY, 2);
let sailingsOut: SailingView[];
let sailingsBack: SailingView[];

const KEY = "api-test-cart-site-key-0123";
const HEADERS = { Authorization: `Bearer ${KEY}`, "X-Project-Prefix": "TRAVESIA", "X-Site-Code": "travesia" };

beforeAll(async () => {
  runtime = await bootSnapshot({ NODE_ENV: "production", CART_API_KEY: KEY });
  runtime.services.clock = fixedClock(NOW);
  app = createApp(runtime.services, { ping: () => runtime.database.ping() });
  const db = runtime.database.db;
  await materializeSailings(db, { from: DAY, to: addDays(DAY, 6), now: NOW });
  const [to, back] = await findCrossings(db, "en");
  sailingsOut = await findDaySailings(db, [to!.id], DAY, NOW);
  sailingsBack = await findDaySailings(db, [back!.id], DAY, NOW);
});
afterAll(() => runtime.database.close());

interface Answer {
  SessionId: string | null;
  Currency: string | null;
  IdCart: string | null;
  Cart?: {
    count: number;
    currency: string;
    lines: {
      id: string;
      hold: { status: string; secondsLeft: number | null };
      price: { total: { amountMinor: number } };
      priceUSD?: unknown;
    }[];
    totals: { total: { amountMinor: number; currency: string; formatted: string } };
    totalsUSD?: { total: { currency: string } };
    complements: { id: number; hasBeenAdded: boolean }[];
  };
  CartError?: { kind: string; code: string; issues?: { path: string; code: string }[] };
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = HEADERS,
): Promise<{ status: number; body: Answer }> {
  const init: RequestInit = {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
  };
  if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
  const response = await app.request(path, init);
  expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
  return { status: response.status, body: (await response.json()) as Answer };
}

const oneWay = (sailing: SailingView, adult = 2) => ({
  action: "add",
  item: {
    type: "ferry",
    crossing: "cancun-isla-mujeres",
    trip: "one_way",
    date: sailing.serviceDate,
    outboundSailingId: sailing.id,
    passengers: { adult },
  },
});
const parkOn = (productId: number, date: string) => ({
  action: "add",
  item: { type: "activity", productId, date, passengers: { adult: 2 } },
});

describe("the headers", () => {
  it("refuses a call without the bearer site key (401), or without the project prefix or the site code (400), with a code", async () => {
    const path = `/xapi/shopping-cart?SessionId=${"a".repeat(32)}&Language=EN`;
    const noKey = await call("GET", path, undefined, { "X-Project-Prefix": "TRAVESIA", "X-Site-Code": "travesia" });
    expect(noKey).toMatchObject({
      status: 401,
      body: { SessionId: null, Currency: null, IdCart: null, CartError: { kind: "any", code: "UNAUTHORIZED" } },
    });
    const wrongKey = await call("GET", path, undefined, { ...HEADERS, Authorization: "Bearer nope" });
    expect(wrongKey.status).toBe(401);
    const noPrefix = await call("GET", path, undefined, {
      Authorization: HEADERS.Authorization,
      "X-Site-Code": "travesia",
    });
    expect(noPrefix).toMatchObject({
      status: 400,
      body: { CartError: { code: "INVALID_REQUEST", issues: [{ path: "header.X-Project-Prefix" }] } },
    });
    const noSite = await call("POST", "/xapi/shopping-cart", oneWay(sailingsOut[1]!), {
      Authorization: HEADERS.Authorization,
      "X-Project-Prefix": "TRAVESIA",
    });
    expect(noSite).toMatchObject({
      status: 400,
      body: { CartError: { code: "INVALID_REQUEST", issues: [{ path: "header.X-Site-Code" }] } },
    });
  });
});

describe("a visitor's cart through the API", () => {
  it("opens a cart, adds, re-prices, refuses with CartError kinds and the cart unchanged, removes and empties", async () => {
    const created = await call("POST", "/xapi/shopping-cart?Language=ES&Mobile=true", {
      ...oneWay(sailingsOut[1]!),
      currency: "MXN",
    });
    expect(created.status).toBe(200);
    const sessionId = created.body.SessionId!;
    expect(sessionId).toMatch(/^[0-9a-f]{32}$/);
    expect(created.body).toMatchObject({
      Currency: "MXN",
      IdCart: expect.any(String),
      Cart: { count: 1, totals: { total: { amountMinor: 508_00 } } },
    });
    expect(created.body.CartError).toBeUndefined();
    const idCart = created.body.IdCart!;
    const q = `SessionId=${sessionId}&Language=ES`;

    const fetched = await call("GET", `/xapi/shopping-cart?${q}&IncludeAmountsUSD=true`);
    expect(fetched.body).toMatchObject({
      SessionId: sessionId,
      Currency: "MXN",
      IdCart: idCart,
      Cart: { totalsUSD: { total: { currency: "USD" } } },
    });
    expect(fetched.body.Cart?.lines[0]?.priceUSD).toBeDefined();
    expect(fetched.body.Cart?.lines[0]?.hold).toMatchObject({ status: "held", secondsLeft: 900 });
    expect(fetched.body.Cart?.complements.map((card) => card.hasBeenAdded)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);

    const same = await call("POST", `/xapi/shopping-cart?${q}`, oneWay(sailingsOut[2]!));
    expect(same).toMatchObject({
      status: 409,
      body: {
        SessionId: sessionId,
        Currency: "MXN",
        IdCart: idCart,
        CartError: { kind: "sameProductOrDate", code: "SAME_PRODUCT_IN_CART" },
        Cart: { count: 1 },
      },
    });

    const noSchedule = await call("POST", `/xapi/shopping-cart?${q}`, {
      action: "add",
      item: { type: "ferry", crossing: "cancun-isla-mujeres", trip: "one_way", date: DAY, passengers: { adult: 1 } },
    });
    expect(noSchedule.body.CartError).toMatchObject({ kind: "schedule", code: "SCHEDULE_REQUIRED" });

    for (const [index, productId] of [101, 102, 103, 106].entries()) {
      expect((await call("POST", `/xapi/shopping-cart?${q}`, parkOn(productId, addDays(DAY, index)))).status).toBe(200);
    }
    const sixth = await call("POST", `/xapi/shopping-cart?${q}`, parkOn(107, addDays(DAY, 5)));
    expect(sixth).toMatchObject({
      status: 409,
      body: { CartError: { kind: "limitPassed", code: "LIMIT_PASSED" }, Cart: { count: 5 } },
    });

    const euros = await call("PUT", `/xapi/shopping-cart/currency?Currency=EUR&${q}`);
    expect(euros).toMatchObject({
      status: 200,
      body: { Currency: "EUR", Cart: { currency: "EUR", totals: { total: { currency: "EUR" } } } },
    });
    expect(euros.body.Cart?.totals.total.formatted).toMatch(/€/);
    const unknown = await call("PUT", `/xapi/shopping-cart/currency?Currency=XYZ&${q}`);
    expect(unknown).toMatchObject({ status: 400, body: { Currency: "EUR", CartError: { code: "UNKNOWN_CURRENCY" } } });

    const lineId = euros.body.Cart!.lines[0]!.id;
    const removed = await call("POST", `/xapi/shopping-cart?${q}`, { action: "remove", lineId });
    expect(removed.body.Cart?.count).toBe(4);
    const again = await call("POST", `/xapi/shopping-cart?${q}`, { action: "remove", lineId });
    expect(again).toMatchObject({
      status: 404,
      body: { CartError: { code: "CART_LINE_NOT_FOUND" }, Cart: { count: 4 } },
    });

    const wrongCart = await call("DELETE", `/xapi/shopping-cart?IdCart=00000000-0000-4000-8000-000000000000&${q}`);
    expect(wrongCart).toMatchObject({
      status: 404,
      body: { CartError: { code: "CART_NOT_FOUND" }, Cart: { count: 4 } },
    });
    const emptied = await call("DELETE", `/xapi/shopping-cart?IdCart=${idCart}&${q}`);
    expect(emptied).toMatchObject({
      status: 200,
      body: { SessionId: sessionId, IdCart: idCart, Currency: "EUR", Cart: { count: 0 } },
    });
  });

  it("takes the visitor's currency for a new cart from the currency cookies", async () => {
    const created = await call("POST", "/xapi/shopping-cart?Language=EN", parkOn(104, DAY), {
      ...HEADERS,
      Cookie: `currency=GBP; currency_id=${CURRENCY_IDS.GBP}`,
    });
    expect(created.body.Currency).toBe("GBP");
  });

  it("holds a round trip and refuses a sold-out sailing with the availability kind", async () => {
    const out = sailingsOut[3]!;
    const back = sailingsBack[sailingsBack.length - 1]!;
    const roundTrip = {
      action: "add",
      item: {
        type: "ferry",
        crossing: "cancun-isla-mujeres",
        trip: "round_trip",
        date: DAY,
        returnDate: DAY,
        outboundSailingId: out.id,
        inboundSailingId: back.id,
        passengers: { adult: 2, infant: 1 },
      },
    };
    const held = await call("POST", "/xapi/shopping-cart?Language=PT", roundTrip);
    expect(held.status).toBe(200);
    const nearlyFull = sailingsOut[4]!;
    await blockSeats(runtime.database.db, { sailingId: nearlyFull.id }, nearlyFull.capacity - 2, "block:api-test", NOW);
    const refused = await call("POST", "/xapi/shopping-cart?Language=PT", oneWay(nearlyFull, 3));
    expect(refused).toMatchObject({
      status: 409,
      body: { SessionId: null, IdCart: null, CartError: { kind: "availability", code: "SAILING_SOLD_OUT" } },
    });
    expect((await call("POST", "/xapi/shopping-cart?Language=PT", oneWay(nearlyFull, 2))).status).toBe(200);
  });
});

describe("bad input changes nothing and is never a 500", () => {
  it.each([
    [
      "an unknown session",
      "GET",
      `/xapi/shopping-cart?SessionId=${"f".repeat(32)}&Language=EN`,
      undefined,
      404,
      "CART_NOT_FOUND",
    ],
    [
      "a malformed session",
      "GET",
      "/xapi/shopping-cart?SessionId=../../etc&Language=EN",
      undefined,
      400,
      "INVALID_REQUEST",
    ],
    ["no session", "GET", "/xapi/shopping-cart?Language=EN", undefined, 400, "INVALID_REQUEST"],
    [
      "an unknown language",
      "GET",
      `/xapi/shopping-cart?SessionId=${"f".repeat(32)}&Language=DE`,
      undefined,
      400,
      "INVALID_REQUEST",
    ],
    ["a body that is not JSON", "POST", "/xapi/shopping-cart?Language=EN", "{nope", 400, "INVALID_REQUEST"],
    ["an unknown action", "POST", "/xapi/shopping-cart?Language=EN", { action: "steal" }, 400, "INVALID_REQUEST"],
    [
      "negative passengers",
      "POST",
      "/xapi/shopping-cart?Language=EN",
      { action: "add", item: { type: "activity", productId: 101, date: "2032-03-03", passengers: { adult: -1 } } },
      400,
      "INVALID_REQUEST",
    ],
    [
      "a past date",
      "POST",
      "/xapi/shopping-cart?Language=EN",
      { action: "add", item: { type: "activity", productId: 101, date: "2020-01-01", passengers: { adult: 1 } } },
      400,
      "DATE_IN_PAST",
    ],
    [
      "an unknown product",
      "POST",
      "/xapi/shopping-cart?Language=EN",
      { action: "add", item: { type: "activity", productId: 999_999, date: "2032-03-03", passengers: { adult: 1 } } },
      404,
      "UNKNOWN_PRODUCT",
    ],
    [
      "a currency outside the 17",
      "POST",
      "/xapi/shopping-cart?Language=EN",
      {
        action: "add",
        currency: "BTC",
        item: { type: "activity", productId: 101, date: "2032-03-03", passengers: { adult: 1 } },
      },
      400,
      "UNKNOWN_CURRENCY",
    ],
    [
      "remove without a session",
      "POST",
      "/xapi/shopping-cart?Language=EN",
      { action: "remove", lineId: "00000000-0000-4000-8000-000000000000" },
      404,
      "CART_NOT_FOUND",
    ],
    [
      "an empty without a cart id",
      "DELETE",
      `/xapi/shopping-cart?SessionId=${"f".repeat(32)}`,
      undefined,
      400,
      "INVALID_REQUEST",
    ],
  ])("%s", async (_label, method, path, body, status, code) => {
    const answer = await call(method, path, body);
    expect(answer.status).toBe(status);
    expect(answer.body.CartError?.code).toBe(code);
    expect(answer.body).toHaveProperty("SessionId");
    expect(answer.body).toHaveProperty("Currency");
    expect(answer.body).toHaveProperty("IdCart");
  });

  it("documents the four calls in the OpenAPI file", async () => {
    const response = await app.request("/api/openapi.json");
    const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(document.paths["/xapi/shopping-cart"] ?? {}).sort()).toEqual(["delete", "get", "post"]);
    expect(Object.keys(document.paths["/xapi/shopping-cart/currency"] ?? {})).toEqual(["put"]);
  });
});
