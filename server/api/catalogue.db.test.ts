// The catalogue and timetable API through the whole Hono app on a PGlite snapshot, at a fixed clock:
// answers, prices in the visitor's currency, sold-out and closed sailings, and every refusal coded.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock.ts";
import { complements } from "../../modules/catalog/index.ts";
import { addDays, blockSeats, findCrossings, findDaySailings } from "../../modules/inventory/index.ts";
import { bootSnapshot } from "../../tests/setup/db.ts";
import { firstMondayOfMarch } from "../../tests/setup/dates.ts";
import { createApp } from "../app.ts";
import type { Runtime } from "../boot.ts";

const TOKEN = "catalogue-test-admin-token-0123456789abcdef";
let runtime: Runtime;
let app: ReturnType<typeof createApp>;

/** "Today" for these tests: a Monday in a regular season, 10:00 in Cancún. */
const TODAY = firstMondayOfMarch(2031);
const NOW = new Date(`${TODAY}T15:00:00Z`);
const THURSDAY = addDays(TODAY, 3);

beforeAll(async () => {
  runtime = await bootSnapshot({ NODE_ENV: "production", ADMIN_API_TOKEN: TOKEN });
  runtime.services.clock = fixedClock(NOW);
  app = createApp(runtime.services, { ping: () => runtime.database.ping() });
});
afterAll(() => runtime.database.close());

interface Body {
  error?: { code: string; issues?: { path: string; code: string }[] };
  [key: string]: unknown;
}

async function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Body }> {
  const response = await app.request(path, { headers });
  return { status: response.status, body: (await response.json()) as Body };
}

const sailingsOf = (query: string) => get(`/api/sailings?crossing=cancun-isla-mujeres&${query}`);

describe("GET /api/sailings", () => {
  it("answers a day's sailings with seats left and prices per passenger type, in MXN", async () => {
    const { status, body } = await sailingsOf(
      `date=${THURSDAY}&adults=2&children=1&infants=1&currency=MXN&language=es`,
    );
    expect(status).toBe(200);
    const outbound = body.outbound as { time: string; seatsLeft: number; status: string; selectable: boolean }[];
    expect(outbound.map((sailing) => sailing.time)).toEqual([
      "09:00",
      "10:00",
      "11:00",
      "12:00",
      "13:00",
      "14:00",
      "15:00",
      "16:00",
      "17:00",
    ]);
    expect(outbound[0]).toMatchObject({ seatsLeft: 350, status: "available", selectable: true });
    expect(body).toMatchObject({
      trip: "one_way",
      open: false,
      date: THURSDAY,
      returnDate: null,
      inbound: null,
      seatsNeeded: 4,
    });
    expect(body.prices).toEqual([
      {
        passengerType: "adult",
        minAge: 12,
        maxAge: null,
        price: { amountMinor: 25400, currency: "MXN", formatted: "$254.00" },
        fullPrice: { amountMinor: 25400, currency: "MXN", formatted: "$254.00" },
      },
      {
        passengerType: "child",
        minAge: 5,
        maxAge: 11,
        price: { amountMinor: 12500, currency: "MXN", formatted: "$125.00" },
        fullPrice: { amountMinor: 12500, currency: "MXN", formatted: "$125.00" },
      },
      {
        passengerType: "infant",
        minAge: 0,
        maxAge: 4,
        price: { amountMinor: 0, currency: "MXN", formatted: "$0.00" },
        fullPrice: { amountMinor: 0, currency: "MXN", formatted: "$0.00" },
      },
    ]);
    expect(body.price).toMatchObject({ presale: null, total: { amountMinor: 63300 } });
    expect((body.crossing as { from: { name: string } }).from.name).toBe("Cancún · El Embarcadero");
  });

  it("answers both legs of a round trip, with the presale a date 21 days ahead earns", async () => {
    const date = addDays(TODAY, 21);
    const { status, body } = await sailingsOf(
      `date=${date}&returnDate=${addDays(date, 2)}&trip=round_trip&adults=2&children=1&currency=MXN`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ trip: "round_trip", returnDate: addDays(date, 2) });
    expect((body.returnCrossing as { code: string }).code).toBe("isla-mujeres-cancun");
    expect((body.inbound as { time: string }[])[0]?.time).toBe("09:45");
    // 2 × 509 + 249 = 1267, 10 % off each fare: 2 × 458.10 + 224.10.
    expect(body.price).toMatchObject({
      presale: { minDaysAhead: 21, discountBasisPoints: 1000 },
      subtotal: { amountMinor: 126700 },
      total: { amountMinor: 114030 },
    });
  });

  it("converts prices to the visitor's currency: the query, else the cookies, else the country", async () => {
    const usd = await sailingsOf(`date=${THURSDAY}&adults=1&currency=USD`);
    expect(usd.body.price).toMatchObject({ total: { amountMinor: 1379, currency: "USD", formatted: "US$13.79" } });
    const cookie = await get(`/api/sailings?crossing=cancun-isla-mujeres&date=${THURSDAY}&adults=1`, {
      Cookie: "currency=EUR; currency_id=3",
    });
    expect((cookie.body.currency as { iso_code: string }).iso_code).toBe("EUR");
    expect((cookie.body.price as { total: { currency: string } }).total.currency).toBe("EUR");
    const country = await get(`/api/sailings?crossing=cancun-isla-mujeres&date=${THURSDAY}&adults=1&language=en`, {
      "CF-IPCountry": "MX",
    });
    expect((country.body.price as { total: { currency: string } }).total.currency).toBe("MXN");
  });

  it("prices an open ticket without sailings, and resident fares without presale", async () => {
    const open = await sailingsOf("open=true&trip=round_trip&adults=1&currency=MXN");
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({
      open: true,
      date: null,
      outbound: [],
      inbound: null,
      price: { presale: null, total: { amountMinor: 50900 } },
    });
    const resident = await sailingsOf(`date=${addDays(TODAY, 30)}&category=resident&adults=1&currency=MXN`);
    expect(resident.body.price).toMatchObject({ presale: null, total: { amountMinor: 14900 } });
  });

  it("shows a sold-out and a closed sailing as such, not selectable", async () => {
    const [toIsla] = await findCrossings(runtime.database.db, "en");
    const day = await findDaySailings(runtime.database.db, [toIsla!.id], THURSDAY, NOW);
    const full = day.find((sailing) => sailing.time === "15:00")!;
    const nearlyFull = day.find((sailing) => sailing.time === "16:00")!;
    await blockSeats(runtime.database.db, { sailingId: full.id }, full.capacity, "block:charter");
    await blockSeats(runtime.database.db, { sailingId: nearlyFull.id }, nearlyFull.capacity - 2, "block:charter");
    const closed = day.find((sailing) => sailing.time === "12:00")!;
    const closing = await app.request("/api/admin/closures", {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ sailingId: closed.id, reason: "weather", note: "northerly" }),
    });
    expect(closing.status).toBe(201);

    const { body } = await sailingsOf(`date=${THURSDAY}&adults=3`);
    const byTime = Object.fromEntries((body.outbound as { time: string }[]).map((sailing) => [sailing.time, sailing]));
    expect(byTime["15:00"]).toMatchObject({ status: "sold_out", seatsLeft: 0, selectable: false });
    expect(byTime["12:00"]).toMatchObject({ status: "closed", closureReason: "weather", selectable: false });
    expect(byTime["16:00"]).toMatchObject({ status: "available", seatsLeft: 2, selectable: false });
    expect(byTime["17:00"]).toMatchObject({ status: "available", selectable: true });

    const timetable = await get(`/api/timetable?date=${THURSDAY}&language=pt`);
    expect(timetable.status).toBe(200);
    const crossings = timetable.body.crossings as { code: string; sailings: { time: string; status: string }[] }[];
    expect(crossings.map((crossing) => crossing.code)).toEqual(["cancun-isla-mujeres", "isla-mujeres-cancun"]);
    expect(crossings[0]?.sailings.find((sailing) => sailing.time === "12:00")?.status).toBe("closed");
    expect(crossings[1]?.sailings).toHaveLength(9);
  });

  it("marks today's sailings departed or with check-in closed at the clock's time", async () => {
    const { body } = await sailingsOf(`date=${TODAY}&adults=1`);
    const statuses = (body.outbound as { time: string; status: string }[]).map(
      (sailing) => `${sailing.time} ${sailing.status}`,
    );
    // 10:00 in Cancún now: 09:00 and 10:00 have left; 10:29 would be inside the cut-off, 11:00 is not.
    expect(statuses.slice(0, 3)).toEqual(["09:00 departed", "10:00 departed", "11:00 available"]);
  });

  it.each([
    ["an unparsable date", "date=tomorrow&adults=1", 400, "INVALID_DATE"],
    ["an impossible date", "date=2031-02-30&adults=1", 400, "INVALID_DATE"],
    ["no date", "adults=1", 400, "INVALID_DATE"],
    ["a date in the past", `date=${addDays(TODAY, -1)}&adults=1`, 400, "DATE_IN_PAST"],
    ["a date past the sale window", `date=${addDays(TODAY, 365)}&adults=1`, 400, "DATE_TOO_FAR_AHEAD"],
    [
      "a return before the departure",
      `date=${THURSDAY}&returnDate=${addDays(THURSDAY, -1)}&trip=round_trip&adults=1`,
      400,
      "RETURN_BEFORE_DEPARTURE",
    ],
    ["a round trip without a return date", `date=${THURSDAY}&trip=round_trip&adults=1`, 400, "INVALID_DATE"],
    ["negative passengers", `date=${THURSDAY}&adults=-1`, 400, "INVALID_PASSENGERS"],
    ["nobody", `date=${THURSDAY}&adults=0`, 400, "INVALID_PASSENGERS"],
    ["children without an adult", `date=${THURSDAY}&adults=0&children=2`, 400, "INVALID_PASSENGERS"],
    ["more people than the largest vessel", `date=${THURSDAY}&adults=700`, 422, "TOO_MANY_PASSENGERS"],
    ["an absurd count", `date=${THURSDAY}&adults=99999`, 422, "TOO_MANY_PASSENGERS"],
    ["a count that is not a number", `date=${THURSDAY}&adults=two`, 400, "INVALID_REQUEST"],
    ["an unknown currency", `date=${THURSDAY}&adults=1&currency=XYZ`, 400, "UNKNOWN_CURRENCY"],
    ["an unknown fare category", `date=${THURSDAY}&adults=1&category=vip`, 400, "INVALID_REQUEST"],
  ])("refuses %s with a coded %i", async (_name, query, status, code) => {
    const response = await sailingsOf(query);
    expect(response.status).toBe(status);
    expect(response.body.error?.code).toBe(code);
  });

  it("refuses an unknown crossing with 404", async () => {
    const response = await get(`/api/sailings?crossing=cancun-cozumel&date=${THURSDAY}&adults=1`);
    expect(response.status).toBe(404);
    expect(response.body.error?.code).toBe("UNKNOWN_CROSSING");
  });
});

describe("GET /api/sailings/live (the routes & schedules page's live seats and price)", () => {
  const liveOf = (query: string, headers: Record<string, string> = {}) =>
    app.request(`/api/sailings/live?crossing=cancun-isla-mujeres&${query}`, { headers });
  const SEARCH = `trip=round_trip&date=${THURSDAY}&return=${addDays(THURSDAY, 2)}&adults=2&children=1&category=tourist&step=search`;

  it("answers every sailing of the search's dates with seats and state, which can be chosen, and the price", async () => {
    const response = await liveOf(`${SEARCH}&currency=MXN`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      sailings: { id: number; seatsLeft: number; status: string; selectable: boolean }[];
      price: { total: string; lines: unknown[] };
    };
    // Nothing but seats, states and a price: no names, no quote, no request id, nothing about who asked.
    expect(Object.keys(body).sort()).toEqual(["bands", "price", "sailings"]);
    expect((body as unknown as { bands: unknown }).bands).toEqual([
      { type: "adult", range: "12+", price: "$509.00" },
      { type: "child", range: "5–11", price: "$249.00" },
      { type: "infant", range: "0–4", price: null },
    ]);
    expect(new Set(body.sailings.flatMap((sailing) => Object.keys(sailing)))).toEqual(
      new Set(["id", "seatsLeft", "status", "closureReason", "selectable"]),
    );
    expect(body.price).toMatchObject({
      currency: "MXN",
      total: "$1,267.00",
      lines: [
        { type: "adult", count: 2, total: "$1,018.00" },
        { type: "child", count: 1, total: "$249.00" },
      ],
    });
    // Both crossings on both dates (the timetable shows the departure date's); only the legs' can be chosen.
    const timetable = async (date: string) =>
      ((await get(`/api/timetable?date=${date}`)).body.crossings as { sailings: { id: number }[] }[]).flatMap(
        (crossing) => crossing.sailings.map((sailing) => sailing.id),
      );
    const both = [...(await timetable(THURSDAY)), ...(await timetable(addDays(THURSDAY, 2)))];
    expect(body.sailings.map((sailing) => sailing.id).sort()).toEqual(both.sort());
    const legs = (
      await sailingsOf(
        `date=${THURSDAY}&returnDate=${addDays(THURSDAY, 2)}&trip=round_trip&adults=2&children=1&currency=MXN`,
      )
    ).body as { outbound: { id: number; selectable: boolean }[]; inbound: { id: number; selectable: boolean }[] };
    const sellable = [...legs.outbound, ...legs.inbound]
      .filter((sailing) => sailing.selectable)
      .map((sailing) => sailing.id);
    expect(
      body.sailings
        .filter((sailing) => sailing.selectable)
        .map((sailing) => sailing.id)
        .sort(),
    ).toEqual(sellable.sort());
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=1");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(response.headers.get("Vary") ?? "").not.toMatch(/cookie/i);
  });

  it("reads no cookie and no country: the currency is a parameter", async () => {
    const plain = await (await liveOf(`${SEARCH}&currency=USD`)).text();
    const withCookies = await (
      await liveOf(`${SEARCH}&currency=USD`, {
        Cookie: "currency=EUR; currency_id=3; cart_session=abc",
        "CF-IPCountry": "BR",
      })
    ).text();
    expect(withCookies).toBe(plain);
    expect((await liveOf(SEARCH)).status).toBe(400);
  });

  it("refuses passengers the search cannot take, coded", async () => {
    const response = await liveOf(`trip=one_way&date=${THURSDAY}&adults=-1&step=search&currency=MXN`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as Body).error?.code).toBe("INVALID_PASSENGERS");
  });

  it("without a search, gives the timetable day's seats and no price", async () => {
    const body = (await (await liveOf(`day=${THURSDAY}&currency=MXN`)).json()) as {
      sailings: { selectable: boolean }[];
      price: null;
    };
    expect(body.price).toBeNull();
    expect(body.sailings).toHaveLength(18);
    expect(body.sailings.every((sailing) => !sailing.selectable)).toBe(true);
  });
});

describe("GET /api/timetable and /api/crossings", () => {
  it("lists the crossings both ways with their piers", async () => {
    const { status, body } = await get("/api/crossings?language=es");
    expect(status).toBe(200);
    expect(body.crossings).toEqual([
      {
        code: "cancun-isla-mujeres",
        from: { code: "cancun-el-embarcadero", name: "Cancún · El Embarcadero", place: "Zona hotelera km 4, Cancún" },
        to: { code: "isla-mujeres", name: "Isla Mujeres", place: "Muelle de pasajeros, centro de Isla Mujeres" },
        durationMinutes: 25,
      },
      expect.objectContaining({ code: "isla-mujeres-cancun", durationMinutes: 25 }),
    ]);
  });

  it("refuses a bad timetable date", async () => {
    expect((await get("/api/timetable?date=31/12/2031")).body.error?.code).toBe("INVALID_DATE");
    expect((await get(`/api/timetable?date=${addDays(TODAY, -3)}`)).status).toBe(400);
  });
});

describe("GET /api/products", () => {
  it("lists every product with the public API's complement fields, the deposit and the catamaran codes", async () => {
    const { status, body } = await get("/api/products?language=pt&currency=MXN");
    expect(status).toBe(200);
    const products = body.products as Record<string, unknown>[];
    expect(products).toHaveLength(3 + 14);
    const catamaran = products.find((product) => product.id === 1945)!;
    const combo = products.find((product) => product.id === 1948)!;
    for (const product of [catamaran, combo]) {
      expect(product).toMatchObject({
        locationId: 4,
        canAddPhoto: false,
        deposit: { amountMinor: 1000, currency: "USD", formatted: "US$10.00" },
      });
    }
    expect(catamaran).toMatchObject({
      name: "Catamarã para Isla Mujeres",
      fromPrice: { amountMinor: 179000, currency: "MXN" },
    });
    const complementsOffered = catamaran.complements as Record<string, unknown>[];
    expect(complementsOffered).toHaveLength(7);
    expect(Object.keys(complementsOffered[0]!).sort()).toEqual(
      [
        "businessUnit",
        "businessUnitCode",
        "code",
        "hasBeenAdded",
        "id",
        "idUpgrade",
        "img",
        "infoDetails",
        "name",
        "nameUpgrade",
        "price",
      ].sort(),
    );
    expect(complementsOffered[0]).toMatchObject({
      id: 101,
      idUpgrade: 201,
      name: "Xcaret",
      nameUpgrade: "Passeio Xcaret saindo de Cancún",
      businessUnit: "Xcaret",
      businessUnitCode: "XC",
      price: null,
      img: { src: "/images/products/xcaret.svg" },
      hasBeenAdded: false,
      infoDetails: { titleDescription: "Xcaret: entrada ou passeio" },
    });
    const xenotes = products.find((product) => product.code === "xenotes")!;
    expect(xenotes).toMatchObject({
      minRecommendedAge: 6,
      hours: [{ weekdays: [1, 2, 3, 4, 5, 6], opens: "08:00", closes: "17:00" }],
    });
    expect(
      (xenotes.ageBands as { passengerType: string; minAge: number }[]).find((band) => band.passengerType === "child")
        ?.minAge,
    ).toBe(6);
    expect(products.find((product) => product.code === "xplor")).toMatchObject({ minRecommendedAge: 5, deposit: null });
    expect(products.find((product) => product.code === "xcaret")).toMatchObject({
      minRecommendedAge: null,
      hours: [{ opens: "08:30", closes: "22:30" }],
    });
  });

  it("sanitizes catalogue HTML before it leaves the server", async () => {
    await runtime.database.db
      .update(complements)
      .set({
        textDescription: {
          es: '<p onclick="x()">Hola<script>alert(1)</script></p>',
          en: "<p>Hi</p><img src=x onerror=alert(1)>",
          pt: "<p>Oi</p>",
        },
      })
      .where(eq(complements.productId, 102));
    const { body } = await get("/api/products/102?language=es");
    const offered = (body.product as { complements: { infoDetails: { textDescription: string } }[] }).complements;
    expect(offered[0]?.infoDetails.textDescription).toBe("<p>Hola</p>");
    const english = await get("/api/products/102?language=en");
    expect(
      (english.body.product as { complements: { infoDetails: { textDescription: string } }[] }).complements[0]
        ?.infoDetails.textDescription,
    ).toBe("<p>Hi</p>");
  });

  it("refuses an unknown product with 404 and a malformed id with 400", async () => {
    expect(await get("/api/products/987654")).toMatchObject({
      status: 404,
      body: { error: { code: "UNKNOWN_PRODUCT" } },
    });
    expect((await get("/api/products/abc")).status).toBe(400);
  });
});

describe("GET /api/products/{id}/availability", () => {
  it("answers a park's day: hours, places left, price; closed on a day it does not open", async () => {
    const { status, body } = await get(
      `/api/products/102/availability?date=${THURSDAY}&adults=2&children=1&currency=MXN`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: "available",
      hours: { opens: "09:00", closes: "17:00" },
      left: 2500,
      selectable: true,
      price: { total: { amountMinor: 624700 } },
    });
    const sunday = await get(`/api/products/102/availability?date=${addDays(TODAY, 6)}&adults=1`);
    expect(sunday.body).toMatchObject({ status: "closed", hours: null, selectable: false });
  });

  it("refuses products not sold by the day and bad input", async () => {
    expect((await get(`/api/products/1901/availability?date=${THURSDAY}&adults=1`)).body.error?.code).toBe(
      "UNKNOWN_PRODUCT",
    );
    expect((await get(`/api/products/102/availability?date=${addDays(TODAY, -1)}&adults=1`)).body.error?.code).toBe(
      "DATE_IN_PAST",
    );
    expect((await get(`/api/products/107/availability?date=${THURSDAY}&adults=0&children=1`)).body.error?.code).toBe(
      "INVALID_PASSENGERS",
    );
  });
});

describe("the operator's inventory API", () => {
  it("needs the admin token", async () => {
    const response = await app.request("/api/admin/sailings/materialize", { method: "POST" });
    expect(response.status).toBe(401);
  });

  it("materializes the sale window idempotently", async () => {
    const call = () =>
      app.request("/api/admin/sailings/materialize", { method: "POST", headers: { Authorization: `Bearer ${TOKEN}` } });
    const first = (await (await call()).json()) as { from: string; to: string; inserted: number };
    expect(first).toMatchObject({ from: TODAY, to: addDays(TODAY, 120) });
    expect(first.inserted).toBeGreaterThan(1000);
    const second = (await (await call()).json()) as { inserted: number; removed: number };
    expect(second).toMatchObject({ inserted: 0, removed: 0 });
  });

  it("closes and reopens a crossing's day, and refuses a bad target", async () => {
    const post = (body: unknown) =>
      app.request("/api/admin/closures", {
        method: "POST",
        headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const day = addDays(TODAY, 10);
    const closed = (await (
      await post({ crossing: "isla-mujeres-cancun", date: day, reason: "port_authority" })
    ).json()) as { closure: { id: number } };
    const timetable = await get(`/api/timetable?date=${day}`);
    const crossings = timetable.body.crossings as { sailings: { status: string }[] }[];
    expect(crossings[1]?.sailings.every((sailing) => sailing.status === "closed")).toBe(true);
    expect(crossings[0]?.sailings.every((sailing) => sailing.status === "available")).toBe(true);
    const lifted = await app.request(`/api/admin/closures/${closed.closure.id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(lifted.status).toBe(200);
    expect((await post({ date: "someday", reason: "weather" })).status).toBe(400);
    expect((await post({ crossing: "nowhere", date: day, reason: "weather" })).status).toBe(404);
    expect((await post({ sailingId: 1, date: day, reason: "weather" })).status).toBe(400);
    expect((await post({ date: day, reason: "hurricane" })).status).toBe(400);
  });

  it("documents the catalogue in the OpenAPI file", async () => {
    const doc = (await (await app.request("/api/openapi.json")).json()) as { paths: Record<string, unknown> };
    for (const path of [
      "/api/sailings",
      "/api/timetable",
      "/api/crossings",
      "/api/products",
      "/api/products/{id}",
      "/api/products/{id}/availability",
      "/api/admin/closures",
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });
});
