// Boarding on the seeded database: a scan is decided under the ticket's lock and recorded once by its
// id; every boarding and refusal is audited and in the booking's history; the signed list carries what
// the scanner needs and nothing it could sign with; the manifest counts; walk-up sales at the booth go
// through the same seats as the web and board at once.
import { and, count, eq, isNull, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSSING_TO_CANCUN, CROSSING_TO_CANCUN_CODE, CROSSING_TO_ISLA } from "../db/seed-catalogue.ts";
import { findAuditEntries } from "../modules/audit/index.ts";
import { boardingKeysOf, boardingScans, boothSales, openBoardingList } from "../modules/boarding/index.ts";
import {
  bookingEvents,
  bookings,
  findTickets,
  tickets,
  type BookingRow,
  type TicketRow,
} from "../modules/bookings/index.ts";
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
import { signTicketCode } from "../modules/booking-documents/index.ts";
import { addToCart } from "./cart.ts";
import {
  bootCheckout,
  buyFerry,
  codeOf,
  GUEST_TEST_SECRET,
  soldOn,
  type CheckoutHarness,
} from "../tests/factories/checkout.ts";
import { buildBoardingList, manifestOf, recordScan, syncScans, type ScanInput } from "./boarding.ts";
import { sellAtBooth, type WalkUpSale } from "./walk-up.ts";

const DAY = "2031-03-05";
// 10:00 in Cancún, two days before DAY: when the tickets below are bought.
const NOW = new Date("2031-03-03T15:00:00Z");
// 05:00 in Cancún on DAY, before its first sailing: when the scans below happen at the pier.
const AT_PIER = new Date("2031-03-05T10:00:00Z");
const SECRET = "a-test-ticket-signing-secret-of-32+chars";
const AGENT = { userId: null, label: "agent@example.com", role: "agent" };
const HOLD_SECONDS = 900;

let runtime: CheckoutHarness["runtime"];
let provider: PaymentProvider;
let outbound: SailingView[];
let inbound: SailingView[];

beforeAll(async () => {
  ({ runtime, provider } = await bootCheckout(NOW, { TICKET_SIGNING_SECRET: SECRET }));
  await materializeSailings(runtime.database.db, { from: DAY, to: addDays(DAY, 1), now: NOW });
  outbound = await findDaySailings(runtime.database.db, [CROSSING_TO_ISLA], DAY, NOW);
  inbound = await findDaySailings(runtime.database.db, [CROSSING_TO_CANCUN], DAY, NOW);
});
afterAll(() => runtime.database.close());

const db = () => runtime.database.db;
const deps = (now = AT_PIER) => ({ db: db(), now, ticketSigningSecret: SECRET });
const qr = (ticket: Pick<TicketRow, "code">) => signTicketCode(SECRET, ticket.code);
function scan(sailing: SailingView, payload: string, fields: Partial<ScanInput> = {}): ScanInput {
  return {
    id: crypto.randomUUID(),
    deviceId: "device-a",
    sailingId: sailing.id,
    payload,
    scannedAt: AT_PIER,
    offline: false,
    deviceOutcome: null,
    ...fields,
  };
}

async function ferryBooking(trip: "one_way" | "open", sailing: SailingView | null, adults = 1): Promise<BookingRow> {
  return buyFerry(
    { db: db(), provider, now: NOW, guestAccessSecret: GUEST_TEST_SECRET, holdSeconds: HOLD_SECONDS },
    provider,
    { trip, outbound: sailing, adults },
  );
}

async function historyOf(booking: Pick<BookingRow, "id">): Promise<string[]> {
  return (
    await db()
      .select({ reason: bookingEvents.reason })
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, booking.id))
  ).map((row) => row.reason);
}

describe("scanning a dated ticket", () => {
  it("boards it once, audited and in the booking's history; a second scan says when it boarded", async () => {
    const booking = await ferryBooking("one_way", outbound[1]!);
    const [ticket] = await findTickets(db(), booking.id);
    const first = await recordScan(deps(), AGENT, scan(outbound[1]!, qr(ticket!)));
    expect(first).toMatchObject({
      outcome: "boarded",
      reason: null,
      code: ticket!.code,
      passengerType: "adult",
      fareCategory: "tourist",
      bookingReference: booking.reference,
      conflict: false,
    });
    expect((await findTickets(db(), booking.id))[0]!.status).toBe("used");

    const later = new Date(AT_PIER.getTime() + 60_000);
    const second = await recordScan(
      deps(later),
      AGENT,
      scan(outbound[1]!, qr(ticket!), { deviceId: "device-b", scannedAt: later }),
    );
    expect(second).toMatchObject({
      outcome: "refused",
      reason: "TICKET_ALREADY_BOARDED",
      boardedAt: AT_PIER.toISOString(),
      boardedSailingId: outbound[1]!.id,
    });

    const audit = await findAuditEntries(db(), { entityType: "ticket", entityId: ticket!.id, limit: 10 });
    expect(audit.map((entry) => [entry.action, entry.outcome, entry.reason])).toEqual([
      ["ticket.board", "refused", "TICKET_ALREADY_BOARDED"],
      ["ticket.board", "applied", null],
    ]);
    expect(audit[1]!.actor).toBe("agent@example.com");
    const history = await historyOf(booking);
    expect(history).toContain(`boarded:${ticket!.code}:sailing:${outbound[1]!.id}`);
    expect(history).toContain(`boarding_refused:TICKET_ALREADY_BOARDED:${ticket!.code}:sailing:${outbound[1]!.id}`);
  });

  it("refuses a QR forged from the booking reference alone, even by someone holding the signing secret", async () => {
    const booking = await ferryBooking("one_way", outbound[2]!, 2);
    const [ticket] = await findTickets(db(), booking.id);
    // Before random codes, "<reference>-A01" was the first ticket's code: the reference sufficed.
    const guesses = ["A01", "A02", "B01"].map((leg) => `${booking.reference}-${leg}`);
    for (const guess of guesses) {
      expect(await recordScan(deps(), AGENT, scan(outbound[2]!, signTicketCode(SECRET, guess)))).toMatchObject({
        outcome: "refused",
        reason: "TICKET_CODE_INVALID",
      });
    }
    expect(ticket!.code.startsWith(`${booking.reference}-A01-`)).toBe(true);
    expect((await findTickets(db(), booking.id)).map((row) => row.status)).toEqual(["valid", "valid"]);
  });

  it("refuses a forged or altered QR, a wrong sailing and a cancelled ticket, each with its reason and an audit entry", async () => {
    const booking = await ferryBooking("one_way", outbound[2]!, 2);
    const [one, two] = await findTickets(db(), booking.id);
    const altered = qr(one!).replace(one!.code, two!.code);
    const forged = `TRV1.${one!.code}.AAAAAAAAAAAAAAAAAAAAAA`;
    for (const payload of [altered, forged, "hello", "x".repeat(300)]) {
      expect(await recordScan(deps(), AGENT, scan(outbound[2]!, payload))).toMatchObject({
        outcome: "refused",
        reason: "TICKET_CODE_INVALID",
        code: null,
      });
    }
    const [refusal] = await findAuditEntries(db(), { entityType: "ticket", entityId: "x".repeat(128), limit: 1 });
    expect(refusal).toMatchObject({ outcome: "refused", reason: "TICKET_CODE_INVALID" });

    expect(await recordScan(deps(), AGENT, scan(outbound[3]!, qr(one!)))).toMatchObject({
      outcome: "refused",
      reason: "TICKET_WRONG_SAILING",
      ticketSailingId: outbound[2]!.id,
    });
    expect(await recordScan(deps(), AGENT, scan(inbound[0]!, qr(one!)))).toMatchObject({
      reason: "TICKET_WRONG_SAILING",
    });

    await db().update(bookings).set({ status: "refunded" }).where(eq(bookings.id, booking.id));
    expect(await recordScan(deps(), AGENT, scan(outbound[2]!, qr(two!)))).toMatchObject({
      outcome: "refused",
      reason: "TICKET_CANCELLED",
      code: two!.code,
    });
    // Nothing boarded: both tickets still valid, no boarding row.
    expect((await findTickets(db(), booking.id)).map((ticket) => ticket.status)).toEqual(["valid", "valid"]);
    const [boarded] = await db()
      .select({ n: count() })
      .from(boardingScans)
      .where(and(eq(boardingScans.bookingId, booking.id), eq(boardingScans.outcome, "boarded")));
    expect(boarded!.n).toBe(0);
  });

  it("refuses a sailing of another day, audited; an offline scan made on the day boards though synced after midnight", async () => {
    // The sailing the wrong-sailing check scans another ticket on: nothing of its own boards there.
    const sailing = outbound[3]!;
    const booking = await ferryBooking("one_way", sailing, 2);
    const [one, two] = await findTickets(db(), booking.id);
    for (const when of [NOW, new Date("2031-03-06T11:00:00Z")]) {
      expect(await recordScan(deps(when), AGENT, scan(sailing, qr(one!), { scannedAt: when }))).toMatchObject({
        outcome: "refused",
        reason: "SAILING_NOT_TODAY",
      });
    }
    expect((await findTickets(db(), booking.id))[0]!.status).toBe("valid");
    const [refusal] = await findAuditEntries(db(), { entityType: "ticket", entityId: one!.id, limit: 1 });
    expect(refusal).toMatchObject({ outcome: "refused", reason: "SAILING_NOT_TODAY" });
    // 22:30 on DAY at the pier, synced at 00:30 the next day.
    const lateOnTheDay = new Date("2031-03-06T03:30:00Z");
    const [synced] = await syncScans(deps(new Date("2031-03-06T05:30:00Z")), AGENT, [
      scan(sailing, qr(two!), { offline: true, deviceOutcome: "boarded", scannedAt: lateOnTheDay }),
    ]);
    expect(synced).toMatchObject({ outcome: "boarded", reason: null });
  });

  it("boards by the code printed under a damaged QR, typed as the agent reads it, against the sailing, with the same audit", async () => {
    const booking = await ferryBooking("one_way", outbound[5]!, 2);
    const [one, two] = await findTickets(db(), booking.id);
    expect(await recordScan(deps(), AGENT, scan(outbound[6]!, one!.code))).toMatchObject({
      outcome: "refused",
      reason: "TICKET_WRONG_SAILING",
      ticketSailingId: outbound[5]!.id,
    });
    const typed = await recordScan(deps(), AGENT, scan(outbound[5]!, ` ${one!.code.toLowerCase()} `));
    expect(typed).toMatchObject({
      outcome: "boarded",
      reason: null,
      code: one!.code,
      bookingReference: booking.reference,
    });
    expect(await recordScan(deps(), AGENT, scan(outbound[5]!, one!.code))).toMatchObject({
      outcome: "refused",
      reason: "TICKET_ALREADY_BOARDED",
    });
    // A code no ticket carries is refused as a made-up one.
    expect(await recordScan(deps(), AGENT, scan(outbound[5]!, `${two!.code}9`))).toMatchObject({
      outcome: "refused",
      reason: "TICKET_CODE_INVALID",
      code: null,
    });

    const audit = await findAuditEntries(db(), { entityType: "ticket", entityId: one!.id, limit: 10 });
    expect(audit.map((entry) => [entry.action, entry.outcome, entry.reason])).toEqual([
      ["ticket.board", "refused", "TICKET_ALREADY_BOARDED"],
      ["ticket.board", "applied", null],
      ["ticket.board", "refused", "TICKET_WRONG_SAILING"],
    ]);
    expect(audit[1]!.after).toMatchObject({ code: one!.code, entry: "typed", status: "used" });
    expect(await historyOf(booking)).toContain(`boarded:${one!.code}:sailing:${outbound[5]!.id}`);
  });

  it("answers a scan sent again (the same id) with the same result and records it once", async () => {
    const booking = await ferryBooking("one_way", outbound[4]!);
    const [ticket] = await findTickets(db(), booking.id);
    const once = scan(outbound[4]!, qr(ticket!));
    const [first, again, concurrent] = [
      await recordScan(deps(), AGENT, once),
      ...(await Promise.all([recordScan(deps(), AGENT, once), recordScan(deps(), AGENT, once)])),
    ];
    expect(again).toEqual(first);
    expect(concurrent).toEqual(first);
    const [rows] = await db().select({ n: count() }).from(boardingScans).where(eq(boardingScans.id, once.id));
    expect(rows!.n).toBe(1);
  });
});

describe("open tickets", () => {
  it("board any sailing with room before their last day, taking a seat there", async () => {
    const booking = await ferryBooking("open", null, 3);
    const [first, second, third] = await findTickets(db(), booking.id);
    expect(first!.sailingId).toBeNull();
    const target = outbound[5]!;
    const soldBefore = await soldOn(db(), target.id);
    expect(await recordScan(deps(), AGENT, scan(target, qr(first!)))).toMatchObject({ outcome: "boarded" });
    expect(await soldOn(db(), target.id)).toBe(soldBefore + 1);
    // Full: the rest of the seats blocked, the next open ticket is refused and takes nothing.
    const left = (await findSailing(db(), target.id, NOW)).seatsLeft;
    await blockSeats(db(), { sailingId: target.id }, left, "block:test-full", NOW);
    expect(await recordScan(deps(), AGENT, scan(target, qr(second!)))).toMatchObject({
      outcome: "refused",
      reason: "SAILING_SOLD_OUT",
    });
    expect(await recordScan(deps(), AGENT, scan(outbound[6]!, qr(second!)))).toMatchObject({ outcome: "boarded" });
    // Past its last day.
    await db()
      .update(tickets)
      .set({ validUntil: addDays(DAY, -1) })
      .where(eq(tickets.id, third!.id));
    expect(await recordScan(deps(), AGENT, scan(outbound[6]!, qr(third!)))).toMatchObject({
      outcome: "refused",
      reason: "OPEN_TICKET_EXPIRED",
    });
    const manifest = await manifestOf(db(), outbound[6]!.id, "es", NOW);
    expect(manifest.passengers.find((passenger) => passenger.code === second!.code)).toMatchObject({
      open: true,
      state: "boarded",
    });
  });

  it("board only the crossing and direction they were sold for, refused elsewhere with the reason and nothing taken", async () => {
    const booking = await ferryBooking("open", null, 1);
    const [ticket] = await findTickets(db(), booking.id);
    expect(ticket).toMatchObject({ sailingId: null, crossingId: CROSSING_TO_ISLA });
    const back = inbound[5]!;
    const soldBack = await soldOn(db(), back.id);
    expect(await recordScan(deps(), AGENT, scan(back, qr(ticket!)))).toMatchObject({
      outcome: "refused",
      reason: "TICKET_WRONG_CROSSING",
    });
    expect(await soldOn(db(), back.id)).toBe(soldBack);
    const [refusal] = await findAuditEntries(db(), { entityType: "ticket", entityId: ticket!.id, limit: 1 });
    expect(refusal).toMatchObject({ action: "ticket.board", reason: "TICKET_WRONG_CROSSING" });
    expect(await recordScan(deps(), AGENT, scan(outbound[8]!, qr(ticket!)))).toMatchObject({ outcome: "boarded" });
    // One sold before crossings were recorded boards any crossing, as it was sold.
    const older = await ferryBooking("open", null, 1);
    const [legacy] = await findTickets(db(), older.id);
    await db().update(tickets).set({ crossingId: null }).where(eq(tickets.id, legacy!.id));
    expect(await recordScan(deps(), AGENT, scan(back, qr(legacy!)))).toMatchObject({ outcome: "boarded" });
  });
});

describe("syncing a device's offline scans", () => {
  it("records the batch in scan order, first scan to reach the server wins, and reports the conflict", async () => {
    const booking = await ferryBooking("one_way", outbound[7]!, 2);
    const [one, two] = await findTickets(db(), booking.id);
    // Device B boards `one` online; device A had let `one` and `two` on offline earlier and syncs now.
    await recordScan(
      deps(),
      { ...AGENT, label: "b@example.com" },
      scan(outbound[7]!, qr(one!), { deviceId: "device-b" }),
    );
    const earlier = new Date(AT_PIER.getTime() - 120_000);
    const batch = [
      scan(outbound[7]!, qr(two!), {
        offline: true,
        deviceOutcome: "boarded",
        scannedAt: new Date(earlier.getTime() + 1000),
      }),
      scan(outbound[7]!, qr(one!), { offline: true, deviceOutcome: "boarded", scannedAt: earlier }),
    ];
    const later = new Date(AT_PIER.getTime() + 300_000);
    const results = await syncScans(deps(later), AGENT, batch);
    expect(results.map((result) => [result.code, result.outcome, result.reason, result.conflict])).toEqual([
      [two!.code, "boarded", null, false],
      [one!.code, "refused", "TICKET_ALREADY_BOARDED", true],
    ]);
    // The same batch again (the answer was lost): same answers, nothing new recorded.
    expect(await syncScans(deps(later), AGENT, batch)).toEqual(results);
    const manifest = await manifestOf(db(), outbound[7]!.id, "es", later);
    expect(manifest.counts).toMatchObject({ booked: 2, boarded: 2, waiting: 0 });
    expect(manifest.refusals).toEqual([
      expect.objectContaining({ reason: "TICKET_ALREADY_BOARDED", conflict: true, device: "device-a" }),
    ]);
    expect(
      await codeOf(
        syncScans(
          deps(),
          AGENT,
          Array.from({ length: 501 }, () => batch[0]!),
        ),
      ),
    ).toBe("BOARDING_SYNC_TOO_LARGE");
  });
});

describe("the signed list", () => {
  it("carries the day's tickets with their QR's MAC, the open ones, what is cancelled or boarded, and verifies", async () => {
    const sailing = outbound[8]!;
    const booking = await ferryBooking("one_way", sailing, 2);
    const open = await ferryBooking("open", null, 1);
    const [boardedTicket, waiting] = await findTickets(db(), booking.id);
    await recordScan(deps(), AGENT, scan(sailing, qr(boardedTicket!)));
    const keys = boardingKeysOf(SECRET);
    const signed = await buildBoardingList({ ...deps(), keys }, { sailingIds: [sailing.id], language: "es" });
    const list = openBoardingList(keys, signed, AT_PIER)!;
    expect(list).not.toBeNull();
    expect(list.serviceDate).toBe(DAY);
    expect(list.chosen).toEqual([sailing.id]);
    // Every sailing of the day on both crossings: a ticket of another one is "wrong sailing", not unknown.
    expect(list.sailings.map((item) => item.id)).toEqual(
      expect.arrayContaining([...outbound, ...inbound].map((item) => item.id)),
    );
    const byCode = new Map(list.tickets.map((ticket) => [ticket.code, ticket]));
    expect(byCode.get(waiting!.code)).toMatchObject({
      mac: qr(waiting!).split(".")[2],
      sailingId: sailing.id,
      boardedAt: null,
      cancelled: false,
      passengerType: "adult",
    });
    expect(byCode.get(boardedTicket!.code)).toMatchObject({
      boardedAt: AT_PIER.toISOString(),
      boardedSailingId: sailing.id,
    });
    const [openTicket] = await findTickets(db(), open.id);
    expect(byCode.get(openTicket!.code)).toMatchObject({
      sailingId: null,
      crossingId: CROSSING_TO_ISLA,
      validUntil: openTicket!.validUntil,
    });
    // Nothing in it signs: no secret, only MACs of tickets that exist.
    expect(signed.list).not.toContain(SECRET);
    expect(
      await codeOf(buildBoardingList({ ...deps(), keys }, { sailingIds: [sailing.id, 999_999], language: "es" })),
    ).toBe("UNKNOWN_SAILING");
  });
});

describe("the manifest", () => {
  it("counts booked, boarded and waiting, and no-shows once the sailing has left", async () => {
    const sailing = outbound[0]!;
    const booking = await ferryBooking("one_way", sailing, 3);
    const [one] = await findTickets(db(), booking.id);
    await recordScan(deps(), AGENT, scan(sailing, qr(one!)));
    const before = await manifestOf(db(), sailing.id, "es", NOW);
    expect(before.counts).toEqual({ booked: 3, boarded: 1, waiting: 2, noShows: null, cancelled: 0 });
    expect(before.sailing.capacity).toBe(sailing.capacity);
    const after = await manifestOf(db(), sailing.id, "es", new Date(sailing.departsAt.getTime() + 60_000));
    expect(after.counts).toMatchObject({ booked: 3, boarded: 1, waiting: 0, noShows: 2 });
    expect(after.version).toBe(before.version);
  });
});

describe("walk-up sales at the booth", () => {
  const sale = (sailing: SailingView, fields: Partial<WalkUpSale> = {}): WalkUpSale => ({
    sailingId: sailing.id,
    category: "tourist",
    passengers: { adult: 2, child: 1, infant: 0 },
    method: "cash",
    cardLast4: null,
    buyerName: "",
    buyerEmail: "",
    language: "es",
    ...fields,
  });
  const boothDeps = (now = NOW) => ({
    db: db(),
    now,
    siteCode: "travesia",
    guestAccessSecret: GUEST_TEST_SECRET,
    holdSeconds: HOLD_SECONDS,
  });

  it("sells seats for cash, issues tickets that board at once, records the till and audits it", async () => {
    const sailing = inbound[1]!;
    const soldBefore = await soldOn(db(), sailing.id);
    const sold = await sellAtBooth(boothDeps(), AGENT, sale(sailing));
    expect(sold.booking).toMatchObject({ status: "ticketed", paymentMethod: "cash", currency: "MXN", buyerEmail: "" });
    expect(sold.tickets.map((ticket) => ticket.passengerType)).toEqual(["adult", "adult", "child"]);
    expect(await soldOn(db(), sailing.id)).toBe(soldBefore + 3);
    const [till] = await db().select().from(boothSales).where(eq(boothSales.bookingId, sold.booking.id));
    expect(till).toMatchObject({
      amountMinor: sold.booking.totalMinor,
      staffLabel: "agent@example.com",
      cardLast4: null,
    });
    const [entry] = await findAuditEntries(db(), { entityType: "booking", entityId: sold.booking.id, limit: 1 });
    expect(entry).toMatchObject({ action: "booking.walkup_sale", outcome: "applied" });
    expect(await recordScan(deps(), AGENT, scan(sailing, qr(sold.tickets[0]!)))).toMatchObject({ outcome: "boarded" });
    // No hold left behind by the sale.
    const [held] = await db()
      .select({ n: count() })
      .from(seatAllocations)
      .where(
        and(
          eq(seatAllocations.sailingId, sailing.id),
          eq(seatAllocations.state, "held"),
          isNull(seatAllocations.releasedAt),
          like(seatAllocations.reference, "cart-line:%"),
        ),
      );
    expect(held!.n).toBe(0);
  });

  it("sells after the site's check-in cut-off until the boat leaves; refuses a full or departed sailing, audited, taking nothing", async () => {
    const sailing = inbound[2]!;
    const tenMinutesBefore = new Date(sailing.departsAt.getTime() - 10 * 60_000);
    const web = addToCart(
      db(),
      {
        sessionId: null,
        currency: "MXN",
        item: {
          type: "ferry",
          crossing: CROSSING_TO_CANCUN_CODE,
          trip: "one_way",
          date: DAY,
          returnDate: null,
          outboundSailingId: sailing.id,
          inboundSailingId: null,
          category: "tourist",
          passengers: { adult: 1, child: 0, infant: 0 },
        },
      },
      { siteCode: "travesia", language: "es", now: tenMinutesBefore, holdSeconds: HOLD_SECONDS },
    );
    expect(await codeOf(web)).toBe("SAILING_DEPARTED");
    const sold = await sellAtBooth(
      boothDeps(tenMinutesBefore),
      AGENT,
      sale(sailing, { method: "card_present", cardLast4: "4242", buyerEmail: "walkup@example.com", buyerName: "Luis" }),
    );
    expect(sold.booking.paymentMethod).toBe("card_present");
    expect(
      await codeOf(sellAtBooth(boothDeps(new Date(sailing.departsAt.getTime() + 1000)), AGENT, sale(sailing))),
    ).toBe("SAILING_DEPARTED");

    const full = inbound[3]!;
    await blockSeats(
      db(),
      { sailingId: full.id },
      (await findSailing(db(), full.id, NOW)).seatsLeft - 2,
      "block:test-walkup",
      NOW,
    );
    const soldBefore = await soldOn(db(), full.id);
    expect(await codeOf(sellAtBooth(boothDeps(), AGENT, sale(full)))).toBe("SAILING_SOLD_OUT");
    expect(await soldOn(db(), full.id)).toBe(soldBefore);
    const [refusal] = await findAuditEntries(db(), { entityType: "sailing", entityId: String(full.id), limit: 1 });
    expect(refusal).toMatchObject({ action: "booking.walkup_sale", outcome: "refused", reason: "SAILING_SOLD_OUT" });
    expect(await codeOf(sellAtBooth(boothDeps(), AGENT, sale(full, { buyerEmail: "not-an-address" })))).toBe(
      "BUYER_DETAILS_INVALID",
    );
  });
});
