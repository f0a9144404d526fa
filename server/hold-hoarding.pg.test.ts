// One visitor must not empty a departure without paying (ADR 0047), on a PostgreSQL server and through
// the cart API, as an attacker would: concurrent large adds from one address, then the same seats
// spread over many new carts (session ids) from that address. What the address holds stays within
// the policy's share, counted from the database under the departure's lock; a family on another
// address still holds and buys.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../lib/logger.ts";
import { ACTIVITY_CATAMARAN, CATAMARAN_TOUR_ID } from "../db/seed-catalogue.ts";
import { addToCart, findCartView } from "../flows/cart.ts";
import { holdCeilingsOf } from "../modules/cart/index.ts";
import { addDays, localDateOf, type SailingView } from "../modules/inventory/index.ts";
import type { PaymentProvider } from "../modules/payments/index.ts";
import { boot, type Runtime } from "./boot.ts";
import { connect, createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";
import { inProcessPaymentProvider, sailingsOfDay } from "../tests/setup/race-server.ts";
import { buyWithCard } from "../tests/factories/checkout.ts";

const CART_KEY = "hoarding-test-cart-key-0123";
const HEADERS = {
  Authorization: `Bearer ${CART_KEY}`,
  "X-Project-Prefix": "TRAVESIA",
  "X-Site-Code": "travesia",
  "Content-Type": "application/json",
};
const HOARDER = "203.0.113.66";
const FAMILY = "198.51.100.7";
const POLICY = { addressSharePercent: 20, addressMaxSeats: 100 };

let testDb: TestDatabase;
let runtime: Runtime;
let app: ReturnType<typeof inProcessPaymentProvider>["app"];
let provider: PaymentProvider;
let sailings: SailingView[];

beforeAll(async () => {
  testDb = await createTestDatabase();
  runtime = await boot(
    {
      DATABASE_URL: testDb.url,
      DATABASE_POOL_SIZE: "20",
      LOG_LEVEL: "silent",
      NODE_ENV: "test",
      CART_API_KEY: CART_KEY,
      CLIENT_IP_HEADER: "X-Test-Client",
    },
    { logger: createLogger("silent") },
  );
  ({ app, provider } = inProcessPaymentProvider(runtime));
  runtime.services.payments = provider;
  ({ sailings } = await sailingsOfDay(runtime, 6, new Date()));
}, 60_000);

afterAll(async () => {
  await runtime?.database.close();
  await testDb?.drop();
});

const ferryItem = (sailing: SailingView, adult: number) => ({
  type: "ferry",
  crossing: "cancun-isla-mujeres",
  trip: "one_way",
  date: sailing.serviceDate,
  outboundSailingId: sailing.id,
  category: "tourist",
  passengers: { adult, child: 0, infant: 0 },
});

const tourItem = (date: string, adult: number) => ({
  type: "activity",
  productId: CATAMARAN_TOUR_ID,
  date,
  category: "tourist",
  passengers: { adult, child: 0, infant: 0 },
});

/** One cart API add from `client`, in a new cart unless `sessionId`: its status, session and refusal code. */
async function add(
  client: string,
  item: object,
  sessionId?: string,
): Promise<{ status: number; sessionId: string | null; code: string | null }> {
  const query = sessionId ? `&SessionId=${sessionId}` : "";
  const response = await app.request(`/xapi/shopping-cart?Language=EN${query}`, {
    method: "POST",
    headers: { ...HEADERS, "X-Test-Client": client },
    body: JSON.stringify({ action: "add", currency: "USD", item }),
  });
  const body = (await response.json()) as { SessionId: string | null; CartError?: { code: string } };
  return { status: response.status, sessionId: body.SessionId, code: body.CartError?.code ?? null };
}

/** Seats held alive now on a sailing or the tour's day, from the rows. */
async function heldNow(target: { sailingId: number } | { activityId: number; date: string }): Promise<number> {
  const inspect = await connect(testDb.url);
  try {
    const where = "sailingId" in target ? "sailing_id = $1" : "activity_id = $1 and service_date = $2";
    const values = "sailingId" in target ? [target.sailingId] : [target.activityId, target.date];
    const { rows } = await inspect.query<{ held: number }>(
      `select coalesce(sum(quantity), 0)::int as held from seat_allocations where ${where} and state = 'held' and released_at is null and expires_at > now()`,
      values,
    );
    return rows[0]!.held;
  } finally {
    await inspect.end();
  }
}

/** A family of four on another address holds seats with `item` and pays them. */
async function familyBuys(item: object): Promise<string> {
  const added = await add(FAMILY, item);
  expect(added, "the family's add").toMatchObject({ status: 200, code: null });
  const deps = {
    db: runtime.services.db,
    provider,
    now: new Date(),
    guestAccessSecret: runtime.services.config.GUEST_ACCESS_SECRET,
    holdSeconds: 900,
  };
  // A tour's tickets carry names; every line is named, whether or not its product asks.
  const cart = await findCartView(runtime.services.db, { sessionId: added.sessionId!, language: "en", now: deps.now });
  const passengerNames = Object.fromEntries(
    cart.lines.map((line) => [line.id, Array.from({ length: line.seats }, (_, index) => `Traveller ${index + 1}`)]),
  );
  const booking = await buyWithCard(deps, provider, added.sessionId!, { passengerNames });
  return booking.status;
}

describe("one address hoarding a departure", () => {
  it("six concurrent adds of 60 adults in new carts hold nothing: a party that large books as a group", async () => {
    const sailing = sailings[1]!;
    const ceilings = holdCeilingsOf(sailing.capacity, POLICY);
    const answers = await Promise.all(Array.from({ length: 6 }, () => add(HOARDER, ferryItem(sailing, 60))));
    const held = await heldNow({ sailingId: sailing.id });
    console.info(`hoarding, 6 × 60 adults on a ${sailing.capacity}-seat sailing from one address: ${held} seats held`);
    expect(held).toBeLessThanOrEqual(ceilings.perAddress);
    expect(answers.map((answer) => answer.code)).toEqual(Array(6).fill("GROUP_BOOKING_REQUIRED"));
    expect(answers.every((answer) => answer.status === 409)).toBe(true);
    expect(await familyBuys(ferryItem(sailing, 4))).toBe("ticketed");
  });

  it("the same seats spread over 20 new carts of 20 adults, at once, hold at most the address's share", async () => {
    const sailing = sailings[2]!;
    const ceilings = holdCeilingsOf(sailing.capacity, POLICY);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => add(HOARDER, ferryItem(sailing, ceilings.perCart))),
    );
    const held = await heldNow({ sailingId: sailing.id });
    console.info(
      `hoarding, 20 carts × ${ceilings.perCart} adults on a ${sailing.capacity}-seat sailing from one address: ${held} seats held (ceiling ${ceilings.perAddress})`,
    );
    expect(held).toBeLessThanOrEqual(ceilings.perAddress);
    // Every cart that fits is held (the count is exact, not racy): no more, no fewer.
    expect(held).toBe(Math.floor(ceilings.perAddress / ceilings.perCart) * ceilings.perCart);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(new Set(refused.map((answer) => answer.code))).toEqual(new Set(["TOO_MANY_SEATS_HELD"]));
    expect(await familyBuys(ferryItem(sailing, 4))).toBe("ticketed");
  });

  it("a tour day: concurrent carts from one address hold at most its share, a family still buys", async () => {
    const date = addDays(localDateOf(new Date()), 7);
    const capacity = 120;
    const ceilings = holdCeilingsOf(capacity, POLICY);
    const answers = await Promise.all(Array.from({ length: 6 }, () => add(HOARDER, tourItem(date, ceilings.perCart))));
    const held = await heldNow({ activityId: ACTIVITY_CATAMARAN, date });
    console.info(
      `hoarding, 6 carts × ${ceilings.perCart} on a ${capacity}-place tour day from one address: ${held} places held (ceiling ${ceilings.perAddress})`,
    );
    expect(held).toBeLessThanOrEqual(ceilings.perAddress);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.code)).toContain(
      "TOO_MANY_SEATS_HELD",
    );
    expect((await add(HOARDER, tourItem(date, 60))).code).toBe("GROUP_BOOKING_REQUIRED");
    expect(await familyBuys(tourItem(date, 4))).toBe("ticketed");
  });

  it("the booth and other callers that are not a visitor are not bound", async () => {
    const sailing = sailings[3]!;
    const context = {
      siteCode: "travesia",
      language: "en" as const,
      now: new Date(),
      holdSeconds: 900,
      channel: "booth" as const,
    };
    await addToCart(
      runtime.services.db,
      { sessionId: null, currency: "MXN", item: ferryItem(sailing, 60) as never },
      context,
    );
    expect(await heldNow({ sailingId: sailing.id })).toBe(60);
  });
});
