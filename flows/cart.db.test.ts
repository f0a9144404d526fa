// The cart's use cases on the seeded database: holds, expiry, the shopping rules and re-pricing.
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CROSSING_TO_CANCUN,
  CROSSING_TO_ISLA,
  CROSSING_TO_ISLA_CODE,
  FERRY_PRODUCT_ID,
  SEED_FARES,
} from "../db/seed-catalogue.ts";
import { codeOf } from "../tests/factories/checkout.ts";
import { openSnapshot, type DatabaseHandle } from "../tests/setup/db.ts";
import { cartLines, holdReferenceOf } from "../modules/cart/index.ts";
import {
  addDays,
  findDaySailings,
  materializeSailings,
  seatAllocations,
  sailings,
  type SailingView,
} from "../modules/inventory/index.ts";
import { findCouponOffer } from "./booking-offers.ts";
import {
  addToCart,
  changeCartCurrency,
  emptyCart,
  findCartView,
  holdCartLineAgain,
  removeCartLine,
  type CartContext,
  type CartItemInput,
} from "./cart.ts";

let database: DatabaseHandle;
const DAY = "2031-03-05"; // a Wednesday: every park opens
const NOW = new Date("2031-03-03T15:00:00Z"); // two days before: no presale
const HOLD_SECONDS = 900;
const context = (now = NOW): CartContext => ({ siteCode: "travesia", language: "en", now, holdSeconds: HOLD_SECONDS });

let outbound: SailingView[];
let inbound: SailingView[];
/** Sailings to Isla Mujeres over several days, one per test that needs a sailing nobody else touches. */
let spare: SailingView[];

beforeAll(async () => {
  database = await openSnapshot();
  await materializeSailings(database.db, { from: DAY, to: addDays(DAY, 10), now: NOW });
  outbound = await findDaySailings(database.db, [CROSSING_TO_ISLA], DAY, NOW);
  inbound = await findDaySailings(database.db, [CROSSING_TO_CANCUN], DAY, NOW);
  spare = [];
  for (let day = 1; day <= 4; day += 1)
    spare.push(...(await findDaySailings(database.db, [CROSSING_TO_ISLA], addDays(DAY, day), NOW)));
});
afterAll(() => database.close());

const adults = (adult: number, child = 0, infant = 0) => ({ adult, child, infant });

/** A one-way trip for two adults on `sailing`, on its own date. */
type FerryItem = Extract<CartItemInput, { type: "ferry" }>;

function ferryOn(sailing: SailingView, overrides: Partial<FerryItem> = {}): FerryItem {
  return ferry({ date: sailing.serviceDate, outboundSailingId: sailing.id, ...overrides });
}

function ferry(overrides: Partial<FerryItem> = {}): FerryItem {
  return {
    type: "ferry",
    crossing: CROSSING_TO_ISLA_CODE,
    trip: "one_way",
    date: DAY,
    returnDate: null,
    outboundSailingId: outbound[2]!.id,
    inboundSailingId: null,
    category: "tourist",
    passengers: adults(2),
    ...overrides,
  };
}

const park = (productId: number, date: string, passengers = adults(2)): CartItemInput => ({
  type: "activity",
  productId,
  date,
  category: "tourist",
  passengers,
});

async function taken(sailingId: number, now = NOW): Promise<number> {
  const [row] = await database.db
    .select({ taken: sql<number>`coalesce(sum(${seatAllocations.quantity}), 0)::int` })
    .from(seatAllocations)
    .where(
      and(
        eq(seatAllocations.sailingId, sailingId),
        isNull(seatAllocations.releasedAt),
        sql`(${seatAllocations.state} <> 'held' or ${seatAllocations.expiresAt} > ${now.toISOString()}::timestamptz)`,
      ),
    );
  return row?.taken ?? 0;
}

describe("adding to the cart holds seats", () => {
  it("holds every passenger of a one-way trip, infants included, for 15 minutes and prices it in the cart's currency", async () => {
    const sailing = outbound[3]!;
    const before = await taken(sailing.id);
    const { sessionId, lineId } = await addToCart(
      database.db,
      { sessionId: null, currency: "MXN", item: ferry({ outboundSailingId: sailing.id, passengers: adults(2, 1, 1) }) },
      context(),
    );
    expect(sessionId).toMatch(/^[0-9a-f]{32}$/);
    expect(await taken(sailing.id)).toBe(before + 4);
    const cart = await findCartView(database.db, { sessionId, language: "en", now: NOW });
    expect(cart.currency).toBe("MXN");
    expect(cart.count).toBe(1);
    const [line] = cart.lines;
    expect(line).toMatchObject({ id: lineId, kind: "ferry", trip: "one_way", seats: 4, passengers: adults(2, 1, 1) });
    expect(line?.outbound).toMatchObject({ sailingId: sailing.id, time: sailing.time, date: DAY });
    expect(line?.hold).toEqual({
      status: "held",
      expiresAt: new Date(NOW.getTime() + HOLD_SECONDS * 1000).toISOString(),
      secondsLeft: HOLD_SECONDS,
    });
    // 2 × 254 + 1 × 125 MXN; the infant rides free.
    expect(cart.totals.total).toMatchObject({ amountMinor: 633_00, currency: "MXN", formatted: "$633.00" });
    expect(cart.holdExpiresAt).toBe(line?.hold.expiresAt);
  });

  it("holds both legs of a round trip, or neither when the way back is full", async () => {
    const out = outbound[4]!;
    const back = inbound[inbound.length - 1]!;
    const item = ferry({ trip: "round_trip", returnDate: DAY, outboundSailingId: out.id, inboundSailingId: back.id });
    const { sessionId } = await addToCart(database.db, { sessionId: null, currency: "USD", item }, context());
    expect(await taken(out.id)).toBe(2);
    expect(await taken(back.id)).toBe(2);
    const view = await findCartView(database.db, { sessionId, language: "en", now: NOW, includeUsd: true });
    expect(view.lines[0]?.inbound?.sailingId).toBe(back.id);
    expect(view.totalsUSD?.total.currency).toBe("USD");

    // Fill the way back to its last seat: the second buyer's outbound must not stay held.
    await database.db.insert(seatAllocations).values({
      sailingId: back.id,
      quantity: back.capacity - 3,
      state: "blocked",
      reference: "block:test-full",
      createdAt: NOW,
    });
    const other = outbound[5]!;
    expect(
      await codeOf(
        addToCart(
          database.db,
          { sessionId: null, currency: "USD", item: { ...item, outboundSailingId: other.id } },
          context(),
        ),
      ),
    ).toBe("SAILING_SOLD_OUT");
    expect(await taken(other.id)).toBe(0);
  });

  it("refuses more passengers than seats left and leaves the cart as it was", async () => {
    const sailing = outbound[6]!;
    const { sessionId } = await addToCart(
      database.db,
      { sessionId: null, currency: "MXN", item: park(101, DAY) },
      context(),
    );
    await database.db.insert(seatAllocations).values({
      sailingId: sailing.id,
      quantity: sailing.capacity - 1,
      state: "blocked",
      reference: "block:test-nearly",
      createdAt: NOW,
    });
    expect(
      await codeOf(
        addToCart(
          database.db,
          { sessionId, currency: "MXN", item: ferry({ outboundSailingId: sailing.id }) },
          context(),
        ),
      ),
    ).toBe("SAILING_SOLD_OUT");
    const cart = await findCartView(database.db, { sessionId, language: "en", now: NOW });
    expect(cart.count).toBe(1);
    expect(await taken(sailing.id)).toBe(sailing.capacity - 1);
  });

  it("refuses a closed, departed or unknown sailing, and a sailing of another day or crossing", async () => {
    const late = new Date(outbound[0]!.departsAt.getTime() - 10 * 60_000);
    expect(
      await codeOf(
        addToCart(
          database.db,
          { sessionId: null, currency: "MXN", item: ferry({ outboundSailingId: outbound[0]!.id }) },
          context(late),
        ),
      ),
    ).toBe("SAILING_DEPARTED");
    expect(
      await codeOf(
        addToCart(
          database.db,
          { sessionId: null, currency: "MXN", item: ferry({ outboundSailingId: 999_999_999 }) },
          context(),
        ),
      ),
    ).toBe("UNKNOWN_SAILING");
    expect(
      await codeOf(
        addToCart(
          database.db,
          { sessionId: null, currency: "MXN", item: ferry({ outboundSailingId: inbound[2]!.id }) },
          context(),
        ),
      ),
    ).toBe("UNKNOWN_SAILING");
  });
});

describe("the shopping rules", () => {
  it("needs a schedule for a dated trip, and both for a round trip", async () => {
    expect(
      await codeOf(
        addToCart(
          database.db,
          { sessionId: null, currency: "MXN", item: ferry({ outboundSailingId: null }) },
          context(),
        ),
      ),
    ).toBe("SCHEDULE_REQUIRED");
    const roundTrip = ferry({ trip: "round_trip", returnDate: DAY, inboundSailingId: null });
    expect(await codeOf(addToCart(database.db, { sessionId: null, currency: "MXN", item: roundTrip }, context()))).toBe(
      "SCHEDULE_REQUIRED",
    );
  });

  it("refuses the same product twice, two activities on one date, and a sixth product", async () => {
    const { sessionId } = await addToCart(
      database.db,
      { sessionId: null, currency: "MXN", item: ferry({ trip: "open", date: null, outboundSailingId: null }) },
      context(),
    );
    const add = (item: CartItemInput) => addToCart(database.db, { sessionId, currency: "MXN", item }, context());
    expect(await codeOf(add(ferry()))).toBe("SAME_PRODUCT_IN_CART");
    await add(park(101, DAY));
    expect(await codeOf(add(park(102, DAY)))).toBe("SAME_DATE_IN_CART");
    await add(park(102, addDays(DAY, 1)));
    await add(park(103, addDays(DAY, 2)));
    await add(park(106, addDays(DAY, 3)));
    expect(await codeOf(add(park(107, addDays(DAY, 4))))).toBe("LIMIT_PASSED");
    const cart = await findCartView(database.db, { sessionId, language: "en", now: NOW });
    expect(cart.count).toBe(5);
    expect(cart.lines[0]).toMatchObject({
      trip: "open",
      openTicketMonths: 6,
      hold: { status: "none", expiresAt: null },
    });
  });

  it("refuses an unknown session and a line of another cart", async () => {
    expect(
      await codeOf(
        addToCart(database.db, { sessionId: "0".repeat(32), currency: "MXN", item: park(101, DAY) }, context()),
      ),
    ).toBe("CART_NOT_FOUND");
    const { sessionId } = await addToCart(
      database.db,
      { sessionId: null, currency: "MXN", item: park(104, DAY) },
      context(),
    );
    const other = await addToCart(database.db, { sessionId: null, currency: "MXN", item: park(105, DAY) }, context());
    expect(await codeOf(removeCartLine(database.db, { sessionId, lineId: other.lineId }, context()))).toBe(
      "CART_LINE_NOT_FOUND",
    );
    expect(
      await codeOf(emptyCart(database.db, { sessionId, cartId: "00000000-0000-4000-8000-000000000000" }, context())),
    ).toBe("CART_NOT_FOUND");
  });
});

describe("giving seats back", () => {
  it("frees a removed line's seats at once, and every seat when the cart is emptied", async () => {
    const [first, second] = [spare[0]!, spare[1]!];
    const { sessionId, lineId } = await addToCart(
      database.db,
      { sessionId: null, currency: "MXN", item: ferryOn(first) },
      context(),
    );
    await addToCart(database.db, { sessionId, currency: "MXN", item: park(101, addDays(DAY, 5)) }, context());
    expect(await taken(first.id)).toBe(2);
    await removeCartLine(database.db, { sessionId, lineId }, context());
    expect(await taken(first.id)).toBe(0);
    await addToCart(database.db, { sessionId, currency: "MXN", item: ferryOn(second) }, context());
    const cart = await findCartView(database.db, { sessionId, language: "en", now: NOW });
    await emptyCart(database.db, { sessionId, cartId: cart.id }, context());
    expect(await taken(second.id)).toBe(0);
    const emptied = await findCartView(database.db, { sessionId, language: "en", now: NOW });
    expect(emptied).toMatchObject({ count: 0, lines: [], holdExpiresAt: null });
    expect(emptied.totals.total.amountMinor).toBe(0);
  });

  it("stops counting an expired hold, marks the line, leaves it out of the totals, and can hold it again", async () => {
    const sailing = spare[2]!;
    const { sessionId, lineId } = await addToCart(
      database.db,
      { sessionId: null, currency: "MXN", item: ferryOn(sailing) },
      context(),
    );
    const later = new Date(NOW.getTime() + HOLD_SECONDS * 1000);
    expect(await taken(sailing.id, later)).toBe(0);
    const expired = await findCartView(database.db, { sessionId, language: "en", now: later });
    expect(expired.lines[0]?.hold).toEqual({ status: "expired", expiresAt: later.toISOString(), secondsLeft: null });
    expect(expired.totals.total.amountMinor).toBe(0);
    expect(expired.holdExpiresAt).toBeNull();

    await holdCartLineAgain(database.db, { sessionId, lineId }, context(later));
    expect(await taken(sailing.id, later)).toBe(2);
    const again = await findCartView(database.db, { sessionId, language: "en", now: later });
    expect(again.lines[0]?.hold.status).toBe("held");
    expect(again.totals.total.amountMinor).toBe(508_00);
    const references = await database.db
      .select()
      .from(seatAllocations)
      .where(eq(seatAllocations.reference, holdReferenceOf(lineId)));
    expect(references.filter((row) => row.releasedAt === null)).toHaveLength(1);
  });
});

describe("currency and complements", () => {
  it("re-prices the whole cart with a new quote when the currency changes", async () => {
    const { sessionId } = await addToCart(
      database.db,
      { sessionId: null, currency: "MXN", item: park(101, addDays(DAY, 6)) },
      context(),
    );
    const inPesos = await findCartView(database.db, { sessionId, language: "es", now: NOW });
    await changeCartCurrency(database.db, { sessionId, currency: "EUR" }, context());
    const inEuros = await findCartView(database.db, { sessionId, language: "es", now: NOW });
    expect(inEuros.currency).toBe("EUR");
    expect(inEuros.totals.total.currency).toBe("EUR");
    expect(inEuros.totals.total.amountMinor).toBeGreaterThan(0);
    expect(inEuros.totals.total.amountMinor).toBeLessThan(inPesos.totals.total.amountMinor);
    expect(inEuros.totals.total.formatted).toMatch(/€/);
  });

  it("offers the parks with a crossing, flips hasBeenAdded and prices the upgrade once added", async () => {
    const { sessionId, lineId } = await addToCart(
      database.db,
      { sessionId: null, currency: "MXN", item: ferryOn(spare[3]!) },
      context(),
    );
    const before = await findCartView(database.db, { sessionId, language: "en", now: NOW });
    expect(before.complements.length).toBe(7);
    expect(
      before.complements.every(
        (card) =>
          card.hasBeenAdded === false &&
          card.price === null &&
          card.forLineId === lineId &&
          card.defaultDate === spare[3]!.serviceDate,
      ),
    ).toBe(true);
    const xcaret = before.complements.find((card) => card.id === 101)!;
    expect(xcaret).toMatchObject({ idUpgrade: 201, infoDetails: { titleDescription: expect.any(String) } });

    await addToCart(
      database.db,
      {
        sessionId,
        currency: "MXN",
        item: { type: "complement", complementId: 101, upgrade: true, parentLineId: lineId, date: addDays(DAY, 8) },
      },
      context(),
    );
    const after = await findCartView(database.db, { sessionId, language: "en", now: NOW });
    const added = after.complements.find((card) => card.id === 101)!;
    expect(added.hasBeenAdded).toBe(true);
    expect(added.price?.amountMinor).toBeGreaterThan(0);
    expect(after.lines.find((line) => line.complementId === 101)).toMatchObject({
      product: { id: 201 },
      parentLineId: lineId,
      passengers: adults(2),
    });
    const second = {
      type: "complement",
      complementId: 102,
      upgrade: false,
      parentLineId: lineId,
      date: addDays(DAY, 8),
    } as const;
    expect(await codeOf(addToCart(database.db, { sessionId, currency: "MXN", item: second }, context()))).toBe(
      "SAME_DATE_COMPONENTS",
    );

    // Removing the crossing takes its complement with it.
    await removeCartLine(database.db, { sessionId, lineId }, context());
    expect((await findCartView(database.db, { sessionId, language: "en", now: NOW })).count).toBe(0);
  });
});

describe("the database's last line", () => {
  it("refuses any write that would take more seats than a sailing has, whoever makes it", async () => {
    const [sailing] = await database.db.select().from(sailings).where(eq(sailings.id, spare[4]!.id));
    const insert = database.db.insert(seatAllocations).values({
      sailingId: sailing!.id,
      quantity: sailing!.capacity + 1,
      state: "blocked",
      reference: "block:too-many",
      createdAt: NOW,
    });
    await expect(insert).rejects.toMatchObject({ cause: { message: expect.stringMatching(/exceed capacity/) } });
    // A hold that has expired at the decision instant does not count.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('travesia.now', ${NOW.toISOString()}, true)`);
      await tx.insert(seatAllocations).values({
        sailingId: sailing!.id,
        quantity: sailing!.capacity,
        state: "held",
        expiresAt: new Date(NOW.getTime() - 1000),
        reference: "cart-line:expired",
        createdAt: NOW,
      });
      await tx.insert(seatAllocations).values({
        sailingId: sailing!.id,
        quantity: sailing!.capacity,
        state: "blocked",
        reference: "block:whole-boat",
        createdAt: NOW,
      });
    });
    expect(await taken(sailing!.id)).toBe(sailing!.capacity);
  });

  it("keeps a line's shape: a round trip without its way back cannot be stored", async () => {
    const { sessionId } = await addToCart(
      database.db,
      { sessionId: null, currency: "MXN", item: park(107, addDays(DAY, 7)) },
      context(),
    );
    const cart = await findCartView(database.db, { sessionId, language: "en", now: NOW });
    const bad = database.db.insert(cartLines).values({
      id: "00000000-0000-4000-8000-00000000000a",
      cartId: cart.id,
      position: 9,
      kind: "ferry",
      productId: FERRY_PRODUCT_ID,
      trip: "round_trip",
      category: "tourist",
      adults: 1,
      children: 0,
      infants: 0,
      seats: 1,
      outboundSailingId: outbound[1]!.id,
      pricing: { presale: null, lines: [] },
      holdExpiresAt: NOW,
      createdAt: NOW,
    });
    await expect(bad).rejects.toMatchObject({ cause: { message: expect.stringMatching(/cart_lines_shape/) } });
  });
});

describe("coupons", () => {
  const coupon = (
    productId: number,
    overrides: Partial<Extract<CartItemInput, { type: "coupon" }>> = {},
  ): CartItemInput => ({
    type: "coupon",
    productId,
    category: "tourist",
    passengers: adults(2, 1),
    ...overrides,
  });
  const tourist = (productId: number, passengerType: "adult" | "child") =>
    SEED_FARES.find(
      (fare) =>
        fare.productId === productId &&
        fare.category === "tourist" &&
        fare.trip === "single" &&
        fare.passengerType === passengerType,
    )!.amountMinor;

  it("adds a park without a date at its full tourist fare, valid 12 months, holding nothing", async () => {
    // Bought 40 days before any day it could be used: a dated visit would earn presale, a coupon does not.
    const { sessionId, lineId } = await addToCart(
      database.db,
      { sessionId: null, currency: "MXN", item: coupon(204) },
      context(),
    );
    const cart = await findCartView(database.db, { sessionId, language: "en", now: NOW });
    const [line] = cart.lines;
    expect(line).toMatchObject({
      id: lineId,
      kind: "activity",
      trip: "open",
      date: null,
      activity: null,
      openTicketMonths: null,
      coupon: { months: 12, validUntil: "2032-03-03" },
      hold: { status: "none", expiresAt: null, secondsLeft: null },
      price: { presale: null },
    });
    expect(line!.price.total.amountMinor).toBe(2 * tourist(204, "adult") + tourist(204, "child"));
    expect(line!.price.discount.amountMinor).toBe(0);
    expect(cart.holdExpiresAt).toBeNull();
    // No seat taken on any day, and no dated complement offered for a line without a day.
    expect(
      await database.db
        .select()
        .from(seatAllocations)
        .where(eq(seatAllocations.reference, holdReferenceOf(lineId))),
    ).toEqual([]);
    expect(cart.complements).toEqual([]);
  });

  it("is offered by the widget at the price the cart then charges, with the same refusals", async () => {
    const search = {
      product: { id: 203 },
      category: "tourist" as const,
      passengers: adults(2, 1),
      currency: "MXN" as const,
      language: "en" as const,
      now: NOW,
    };
    const offer = await findCouponOffer(database.db, search);
    expect(offer.validUntil).toBe("2032-03-03");
    expect(offer.price.presale).toBeNull();
    const { sessionId } = await addToCart(
      database.db,
      { sessionId: null, currency: "MXN", item: coupon(203) },
      context(),
    );
    const cart = await findCartView(database.db, { sessionId, language: "en", now: NOW });
    expect(cart.lines[0]!.price.total.amountMinor).toBe(offer.price.total.amountMinor);
    expect(await codeOf(findCouponOffer(database.db, { ...search, category: "resident" }))).toBe("COUPON_TOURIST_ONLY");
    expect(await codeOf(findCouponOffer(database.db, { ...search, product: { id: FERRY_PRODUCT_ID } }))).toBe(
      "COUPON_NOT_SOLD",
    );
  });

  it("sits beside a dated visit to another park, but not beside the same park", async () => {
    const { sessionId } = await addToCart(
      database.db,
      { sessionId: null, currency: "MXN", item: park(205, addDays(DAY, 5)) },
      context(),
    );
    const add = (item: CartItemInput) => addToCart(database.db, { sessionId, currency: "MXN", item }, context());
    expect(await codeOf(add(coupon(205)))).toBe("SAME_PRODUCT_IN_CART");
    await add(coupon(206));
    const cart = await findCartView(database.db, { sessionId, language: "en", now: NOW });
    expect(cart.lines.map((line) => [line.product.id, line.trip, line.hold.status])).toEqual([
      [205, "single", "held"],
      [206, "open", "none"],
    ]);
  });

  it("refuses the resident fare and the ferry with a code, and leaves the cart as it was", async () => {
    const { sessionId } = await addToCart(
      database.db,
      { sessionId: null, currency: "MXN", item: coupon(207) },
      context(),
    );
    const add = (item: CartItemInput) => addToCart(database.db, { sessionId, currency: "MXN", item }, context());
    expect(await codeOf(add(coupon(202, { category: "resident" })))).toBe("COUPON_TOURIST_ONLY");
    expect(await codeOf(add(coupon(FERRY_PRODUCT_ID)))).toBe("COUPON_NOT_SOLD");
    expect(await codeOf(add(coupon(202, { passengers: adults(0, 1) })))).toBe("INVALID_PASSENGERS");
    const cart = await findCartView(database.db, { sessionId, language: "en", now: NOW });
    expect(cart.lines.map((line) => line.product.id)).toEqual([207]);
  });

  it("keeps a coupon's shape in the database: an undated activity line is a coupon, and a coupon has no date", async () => {
    const { sessionId } = await addToCart(
      database.db,
      { sessionId: null, currency: "MXN", item: park(106, addDays(DAY, 8)) },
      context(),
    );
    const cart = await findCartView(database.db, { sessionId, language: "en", now: NOW });
    const [dated] = await database.db.select().from(cartLines).where(eq(cartLines.cartId, cart.id));
    const insert = (values: Partial<typeof cartLines.$inferInsert>) =>
      database.db.insert(cartLines).values({
        ...dated!,
        id: "00000000-0000-4000-8000-00000000000b",
        position: 9,
        productId: 206,
        holdExpiresAt: null,
        ...values,
      });
    await expect(insert({ trip: "single", serviceDate: null, holdExpiresAt: NOW })).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/cart_lines_shape/) },
    });
    await expect(insert({ trip: "open" })).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/cart_lines_shape/) },
    });
  });
});
