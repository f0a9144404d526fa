// The manage-booking use cases on the seeded database: a guest finds a booking only with both halves
// right, and the weather guarantee moves a line's seats, tickets and history in one transaction or
// changes nothing at all.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CATAMARAN_FERRY_TOUR_ID,
  CATAMARAN_TOUR_ID,
  CROSSING_TO_CANCUN,
  CROSSING_TO_ISLA,
  CROSSING_TO_ISLA_CODE,
} from "../db/seed-catalogue.ts";
import { bookingEvents, findBookingLines, tickets, type BookingRow } from "../modules/bookings/index.ts";
import {
  addDays,
  blockSeats,
  findDaySailings,
  findSailing,
  materializeSailings,
  seatAllocations,
  type SailingView,
} from "../modules/inventory/index.ts";
import type { PaymentProvider } from "../modules/payments/index.ts";
import {
  bootCheckout,
  buyWithCard,
  codeOf,
  GUEST_TEST_SECRET,
  soldOn,
  type CheckoutHarness,
} from "../tests/factories/checkout.ts";
import { addToCart, type CartContext } from "./cart.ts";
import { guestSecretOf } from "./checkout.ts";
import {
  bookingView,
  changeBookingDate,
  findBookingByKey,
  findBookingForGuest,
  findDateChangeOptions,
} from "./manage-booking.ts";

const DAY = "2031-03-05";
const LATER = "2031-03-07";
// 10:00 in Cancún, two days before DAY.
const NOW = new Date("2031-03-03T15:00:00Z");
const HOLD_SECONDS = 900;

let runtime: CheckoutHarness["runtime"];
let provider: PaymentProvider;
let outbound: SailingView[];
let inbound: SailingView[];
let laterOutbound: SailingView[];
let laterInbound: SailingView[];

beforeAll(async () => {
  ({ runtime, provider } = await bootCheckout(NOW));
  await materializeSailings(runtime.database.db, { from: DAY, to: addDays(LATER, 1), now: NOW });
  outbound = await findDaySailings(runtime.database.db, [CROSSING_TO_ISLA], DAY, NOW);
  inbound = await findDaySailings(runtime.database.db, [CROSSING_TO_CANCUN], DAY, NOW);
  laterOutbound = await findDaySailings(runtime.database.db, [CROSSING_TO_ISLA], LATER, NOW);
  laterInbound = await findDaySailings(runtime.database.db, [CROSSING_TO_CANCUN], LATER, NOW);
});
afterAll(() => runtime.database.close());

const db = () => runtime.database.db;
const cartContext = (): CartContext => ({ siteCode: "travesia", language: "en", now: NOW, holdSeconds: HOLD_SECONDS });
const deps = () => ({ db: db(), provider, now: NOW, guestAccessSecret: GUEST_TEST_SECRET, holdSeconds: HOLD_SECONDS });

async function ferryBooking(
  trip: "one_way" | "round_trip" | "open",
  out: SailingView | null,
  back: SailingView | null,
  adults = 2,
): Promise<BookingRow> {
  const { sessionId } = await addToCart(
    db(),
    {
      sessionId: null,
      currency: "USD",
      item: {
        type: "ferry",
        crossing: CROSSING_TO_ISLA_CODE,
        trip,
        date: out?.serviceDate ?? null,
        returnDate: back?.serviceDate ?? null,
        outboundSailingId: out?.id ?? null,
        inboundSailingId: back?.id ?? null,
        category: "tourist",
        passengers: { adult: adults, child: 0, infant: 0 },
      },
    },
    cartContext(),
  );
  return buyWithCard(deps(), provider, sessionId);
}

async function lineOf(booking: BookingRow) {
  return (await findBookingLines(db(), booking.id))[0]!;
}

async function historyCount(booking: BookingRow): Promise<number> {
  const [row] = await db().select({ n: count() }).from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));
  return row!.n;
}

describe("finding a booking as its guest", () => {
  it("needs the reference and the buyer's e-mail together, and says the same whichever half is wrong", async () => {
    const booking = await ferryBooking("one_way", outbound[0]!, null, 1);
    const typed = `${booking.reference.slice(0, 3).toLowerCase()} ${booking.reference.slice(3)}`;
    expect((await findBookingForGuest({ db: db() }, { reference: typed, email: " ANA@example.com" })).id).toBe(
      booking.id,
    );
    const other = booking.reference === "ZZZZZZ" ? "YYYYYY" : "ZZZZZZ";
    const refusals = await Promise.all([
      codeOf(findBookingForGuest({ db: db() }, { reference: booking.reference, email: "someone@example.com" })),
      codeOf(findBookingForGuest({ db: db() }, { reference: other, email: "ana@example.com" })),
      codeOf(findBookingForGuest({ db: db() }, { reference: "not a reference", email: "" })),
    ]);
    expect(refusals).toEqual(["BOOKING_NOT_FOUND", "BOOKING_NOT_FOUND", "BOOKING_NOT_FOUND"]);
  });

  it("opens with the key of the e-mail's link, never with another booking's key", async () => {
    const booking = await ferryBooking("one_way", outbound[0]!, null, 1);
    const key = guestSecretOf(GUEST_TEST_SECRET, booking.id);
    expect((await findBookingByKey({ db: db() }, { reference: booking.reference, key })).id).toBe(booking.id);
    expect(
      await codeOf(
        findBookingByKey(
          { db: db() },
          { reference: booking.reference, key: guestSecretOf(GUEST_TEST_SECRET, "another-booking") },
        ),
      ),
    ).toBe("BOOKING_NOT_FOUND");
    expect(await codeOf(findBookingByKey({ db: db() }, { reference: booking.reference, key: "" }))).toBe(
      "BOOKING_NOT_FOUND",
    );
  });
});

describe("changing the date (weather guarantee)", () => {
  it("moves both legs of a round trip: old seats free, new seats sold, tickets and history follow, all at once", async () => {
    const booking = await ferryBooking("round_trip", outbound[2]!, inbound[6]!, 3);
    const line = await lineOf(booking);
    expect([await soldOn(db(), outbound[2]!.id), await soldOn(db(), inbound[6]!.id)]).toEqual([3, 3]);
    const options = await findDateChangeOptions(
      { db: db(), now: NOW },
      booking,
      { lineId: line.id, date: LATER, returnDate: LATER },
      "en",
    );
    expect(options.outbound.map((sailing) => sailing.id)).toContain(laterOutbound[3]!.id);
    expect(options.inbound?.every((sailing) => sailing.serviceDate === LATER)).toBe(true);

    const result = await changeBookingDate(
      { db: db() },
      {
        bookingId: booking.id,
        lineId: line.id,
        newDate: LATER,
        outboundSailingId: laterOutbound[3]!.id,
        inboundSailingId: laterInbound[5]!.id,
      },
      NOW,
    );
    expect(result.changed).toBe(true);
    expect([await soldOn(db(), outbound[2]!.id), await soldOn(db(), inbound[6]!.id)]).toEqual([0, 0]);
    expect([await soldOn(db(), laterOutbound[3]!.id), await soldOn(db(), laterInbound[5]!.id)]).toEqual([3, 3]);
    expect(await lineOf(booking)).toMatchObject({
      serviceDate: LATER,
      returnDate: LATER,
      outboundSailingId: laterOutbound[3]!.id,
      inboundSailingId: laterInbound[5]!.id,
    });
    const moved = await db().select().from(tickets).where(eq(tickets.bookingId, booking.id));
    expect(
      moved.filter((ticket) => ticket.sailingId === laterOutbound[3]!.id && ticket.serviceDate === LATER),
    ).toHaveLength(3);
    expect(
      moved.filter((ticket) => ticket.sailingId === laterInbound[5]!.id && ticket.serviceDate === LATER),
    ).toHaveLength(3);

    const view = await bookingView({ db: db(), now: NOW }, booking, "en");
    expect(view.lines[0]!.outbound).toMatchObject({
      sailingId: laterOutbound[3]!.id,
      date: LATER,
      from: expect.any(String),
    });
    const last = view.history.at(-1)!;
    expect(last).toMatchObject({
      kind: "date_changed",
      lineId: line.id,
      from: { date: DAY, outboundSailingId: outbound[2]!.id },
      to: { date: LATER, inboundSailingId: laterInbound[5]!.id },
    });
  });

  it("refuses a change asked less than 24 hours before, onto today, or onto a full sailing, and changes nothing", async () => {
    const booking = await ferryBooking("one_way", outbound[4]!, null, 2);
    const line = await lineOf(booking);
    const events = await historyCount(booking);
    const change = (newDate: string, sailingId: number, at: Date) =>
      codeOf(
        changeBookingDate(
          { db: db() },
          { bookingId: booking.id, lineId: line.id, newDate, outboundSailingId: sailingId },
          at,
        ),
      );

    const departure = (await findSailing(db(), outbound[4]!.id, NOW)).departsAt;
    const almost = new Date(departure.getTime() - (24 * 60 - 1) * 60_000);
    expect(await change(LATER, laterOutbound[1]!.id, almost)).toBe("DATE_CHANGE_TOO_LATE");
    const today = await findDaySailings(db(), [CROSSING_TO_ISLA], "2031-03-03", NOW);
    expect(await change("2031-03-03", today.at(-1)!.id, NOW)).toBe("DATE_CHANGE_SAME_DAY");
    const full = laterOutbound[6]!;
    await blockSeats(
      db(),
      { sailingId: full.id },
      full.capacity - (await findSailing(db(), full.id, NOW)).taken - 1,
      "block:charter",
      NOW,
    );
    expect(await change(LATER, full.id, NOW)).toBe("SAILING_SOLD_OUT");
    expect(await change(LATER, laterInbound[1]!.id, NOW)).toBe("UNKNOWN_SAILING");
    expect(await change("2031-13-40", laterOutbound[1]!.id, NOW)).toBe("INVALID_DATE");

    expect(await soldOn(db(), outbound[4]!.id)).toBe(2);
    expect(await soldOn(db(), full.id)).toBe(0);
    expect(await lineOf(booking)).toMatchObject({ serviceDate: DAY, outboundSailingId: outbound[4]!.id });
    expect(await historyCount(booking)).toBe(events);
    // Exactly 24 hours before is still in time.
    const inTime = new Date(departure.getTime() - 24 * 3_600_000);
    expect(
      (
        await changeBookingDate(
          { db: db() },
          { bookingId: booking.id, lineId: line.id, newDate: LATER, outboundSailingId: laterOutbound[1]!.id },
          inTime,
        )
      ).changed,
    ).toBe(true);
  });

  it("gives the last seat to one of two buyers moving onto it at once", async () => {
    const target = laterOutbound[7]!;
    const first = await ferryBooking("one_way", outbound[5]!, null, 1);
    const second = await ferryBooking("one_way", outbound[6]!, null, 1);
    await blockSeats(
      db(),
      { sailingId: target.id },
      target.capacity - (await findSailing(db(), target.id, NOW)).taken - 1,
      "block:group",
      NOW,
    );
    const moves = [first, second].map(async (booking) =>
      changeBookingDate(
        { db: db() },
        { bookingId: booking.id, lineId: (await lineOf(booking)).id, newDate: LATER, outboundSailingId: target.id },
        NOW,
      ),
    );
    const outcomes = await Promise.allSettled(moves);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: "SAILING_SOLD_OUT" });
    expect(await soldOn(db(), target.id)).toBe(1);
    expect((await findSailing(db(), target.id, NOW)).seatsLeft).toBe(0);
    expect((await soldOn(db(), outbound[5]!.id)) + (await soldOn(db(), outbound[6]!.id))).toBe(1);
  });

  it("moves a tour's day, and refuses to date an open ticket", async () => {
    const { sessionId, lineId } = await addToCart(
      db(),
      {
        sessionId: null,
        currency: "MXN",
        item: {
          type: "activity",
          productId: CATAMARAN_TOUR_ID,
          date: DAY,
          category: "tourist",
          passengers: { adult: 2, child: 0, infant: 0 },
        },
      },
      cartContext(),
    );
    const second = await addToCart(
      db(),
      {
        sessionId,
        currency: "MXN",
        item: {
          type: "activity",
          productId: CATAMARAN_FERRY_TOUR_ID,
          date: addDays(LATER, 1),
          category: "tourist",
          passengers: { adult: 1, child: 0, infant: 0 },
        },
      },
      cartContext(),
    );
    const tour = await buyWithCard(deps(), provider, sessionId, {
      passengerNames: { [lineId]: ["Ana Pérez", "Luis Gómez"], [second.lineId]: ["Ana Pérez"] },
    });
    const line = (await findBookingLines(db(), tour.id)).find(
      (candidate) => candidate.productId === CATAMARAN_TOUR_ID,
    )!;
    // Two activities of one booking never share a day, after a move as at purchase.
    expect(
      await codeOf(
        changeBookingDate(
          { db: db() },
          { bookingId: tour.id, lineId: line.id, newDate: addDays(LATER, 1), outboundSailingId: null },
          NOW,
        ),
      ),
    ).toBe("SAME_DATE_IN_CART");
    await changeBookingDate(
      { db: db() },
      { bookingId: tour.id, lineId: line.id, newDate: LATER, outboundSailingId: null },
      NOW,
    );
    const moved = await db().select().from(tickets).where(eq(tickets.bookingLineId, line.id));
    expect(moved.map((ticket) => ticket.serviceDate)).toEqual([LATER, LATER]);
    const days = await db()
      .select({ date: seatAllocations.serviceDate, released: seatAllocations.releasedAt })
      .from(seatAllocations)
      .where(eq(seatAllocations.reference, `booking-line:${line.id}`));
    expect(days.find((row) => row.date === DAY)?.released).not.toBeNull();
    expect(days.find((row) => row.date === LATER)?.released).toBeNull();

    const open = await ferryBooking("open", null, null, 1);
    const openLine = await lineOf(open);
    expect(
      await codeOf(
        changeBookingDate(
          { db: db() },
          { bookingId: open.id, lineId: openLine.id, newDate: LATER, outboundSailingId: laterOutbound[1]!.id },
          NOW,
        ),
      ),
    ).toBe("BOOKING_STATE");
    const view = await bookingView({ db: db(), now: NOW }, open, "es");
    expect(view.lines[0]!.dateChange).toMatchObject({ allowed: false, reason: "open_ticket" });
    expect(view.lines[0]!.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
