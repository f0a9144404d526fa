// The operator's closures beyond one sailing, on the seeded database with mail over real SMTP: a park
// or tour day closed from the console tells its holders (who may then move whatever the notice);
// every holder of a closed sailing moved in one action — only the leg that was closed, never past the
// seats of the sailing chosen, all or nothing; and reopening mails each booking the closure told,
// whether it still travels as booked or was moved. Every change and refusal leaves its audit entry.
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTIVITY_CATAMARAN, CATAMARAN_TOUR_ID } from "../db/seed-catalogue.ts";
import { createLogger } from "../lib/logger.ts";
import { findAuditEntries, type AuditActor } from "../modules/audit/index.ts";
import { findBookingLines, findTickets, type BookingRow } from "../modules/bookings/index.ts";
import { addDays, blockSeats, seatAllocations, type SailingView } from "../modules/inventory/index.ts";
import { createJobRunner, type JobRunner } from "../modules/jobs/index.ts";
import { jobHandlers } from "./jobs.ts";
import {
  bootCheckout,
  buyFerry,
  buyWithCard,
  codeOf,
  GUEST_TEST_SECRET,
  sailingsBothWays,
  soldOn,
  type CheckoutHarness,
} from "../tests/factories/checkout.ts";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../tests/setup/smtp-sink.ts";
import { addToCart } from "../flows/cart.ts";
import { moveHoldersOfClosedSailing } from "../flows/closed-sailing-move.ts";
import { bookingView, changeBookingDate } from "../flows/manage-booking.ts";
import { closeSailings, reopenSailings } from "../flows/sailing-closures.ts";

const DAY = "2031-03-05";
const LATER = addDays(DAY, 2);
// 20:00 in Cancún the evening before DAY: less than 24 hours before its sailings and the tour.
const NOW = new Date("2031-03-05T01:00:00Z");
const HOLD_SECONDS = 900;
const OPERATOR: AuditActor = { userId: null, label: "operadora@travesia.test", role: "operator" };

let sink: SmtpSink;
let harness: CheckoutHarness;
let runner: JobRunner;
let outbound: SailingView[];
let inbound: SailingView[];

beforeAll(async () => {
  sink = await startSmtpSink();
  harness = await bootCheckout(NOW, {
    SMTP_URL: sink.url,
    PUBLIC_ORIGIN: "https://travesia.test",
    CART_HOLD_SECONDS: String(HOLD_SECONDS),
  });
  ({ outbound, inbound } = await sailingsBothWays(db(), DAY, NOW));
  await sailingsBothWays(db(), LATER, NOW);
  runner = createJobRunner({
    db: db(),
    logger: createLogger("silent"),
    handlers: jobHandlers(harness.runtime.services),
    now: () => NOW,
  });
});
afterAll(async () => {
  await harness?.runtime.database.close();
  harness?.runtime.services.mailer.close();
  await sink?.close();
});

const db = () => harness.runtime.database.db;
const staff = () => ({ db: db(), now: NOW, actor: OPERATOR, requestId: "req-closures" });
const checkout = () => ({
  db: db(),
  provider: harness.provider,
  now: NOW,
  guestAccessSecret: GUEST_TEST_SECRET,
  holdSeconds: HOLD_SECONDS,
});
const mailsTo = (booking: BookingRow, subject: RegExp): ReceivedMail[] =>
  sink.messages.filter((mail) => mail.to.includes(booking.buyerEmail) && subject.test(mail.subject));

let buyers = 0;
function buyer(language: "es" | "en" | "pt") {
  buyers += 1;
  return {
    language,
    buyer: {
      name: `Viajera ${buyers}`,
      email: `viajera.${buyers}@example.com`,
      phone: "+52 998 123 4567",
      country: "MX",
      acceptTerms: true,
    },
  };
}

async function roundTrip(
  out: SailingView,
  back: SailingView,
  adults: number,
  language: "es" | "en" | "pt" = "es",
): Promise<BookingRow> {
  return buyFerry(
    checkout(),
    harness.provider,
    { trip: "round_trip", outbound: out, inbound: back, adults, language },
    buyer(language),
  );
}

async function oneWay(out: SailingView, adults: number, language: "es" | "en" | "pt" = "es"): Promise<BookingRow> {
  return buyFerry(checkout(), harness.provider, { trip: "one_way", outbound: out, adults, language }, buyer(language));
}

async function catamaran(date: string, language: "es" | "en" | "pt"): Promise<BookingRow> {
  const { sessionId, lineId } = await addToCart(
    db(),
    {
      sessionId: null,
      currency: "MXN",
      item: {
        type: "activity",
        productId: CATAMARAN_TOUR_ID,
        date,
        category: "tourist",
        passengers: { adult: 2, child: 0, infant: 0 },
      },
    },
    { siteCode: "travesia", language, now: NOW, holdSeconds: HOLD_SECONDS },
  );
  return buyWithCard(checkout(), harness.provider, sessionId, {
    ...buyer(language),
    passengerNames: { [lineId]: ["Ana Lima", "Bia Lima"] },
  });
}

async function soldOnDay(activityId: number, date: string): Promise<number> {
  const rows = await db()
    .select()
    .from(seatAllocations)
    .where(
      and(
        eq(seatAllocations.activityId, activityId),
        eq(seatAllocations.serviceDate, date),
        eq(seatAllocations.state, "sold"),
        isNull(seatAllocations.releasedAt),
      ),
    );
  return rows.reduce((total, row) => total + row.quantity, 0);
}

describe("closing a tour's day from the console", () => {
  it("stops its sales, mails each holder in their language over SMTP, lets them move whatever the notice, and reopening tells them", async () => {
    const booking = await catamaran(DAY, "pt");
    const outcome = await closeSailings(
      staff(),
      { activityId: ACTIVITY_CATAMARAN, date: DAY },
      "weather",
      "Mar agitado",
    );
    expect(outcome).toMatchObject({ sailingIds: [], notified: 1 });
    expect(outcome.closure).toMatchObject({
      activityId: ACTIVITY_CATAMARAN,
      serviceDate: DAY,
      sailingId: null,
      crossingId: null,
    });
    const [entry] = await findAuditEntries(db(), {
      entityType: "closure",
      entityId: String(outcome.closure.id),
      limit: 5,
    });
    expect(entry).toMatchObject({ action: "activity.close", actor: OPERATOR.label });
    expect(entry!.after).toMatchObject({ notifiedBookings: [booking.id] });

    await runner.runDue();
    const [notice] = mailsTo(booking, /^Fechamos o dia da sua visita/);
    expect(notice, "the closure notice reached the SMTP server").toBeDefined();
    expect(notice!.subject).toContain(booking.reference);
    expect(notice!.text).toContain("Mudar sua visita para outro dia");
    expect(notice!.text).not.toContain("bilhete aberto");
    expect(notice!.text).toMatch(/https:\/\/travesia\.test\/pt\/\S+\?ref=[0-9A-Z]{6}&key=[\w-]+/);

    // Less than 24 hours ahead, but the day is closed: the buyer may move it, and is shown why.
    const view = await bookingView({ db: db(), now: NOW }, booking, "pt");
    expect(view.lines[0]).toMatchObject({ kind: "activity", sailingClosed: true, dateChange: { allowed: true } });
    const line = (await findBookingLines(db(), booking.id))[0]!;
    expect(
      (
        await changeBookingDate(
          { db: db() },
          { bookingId: booking.id, lineId: line.id, newDate: LATER, outboundSailingId: null },
          NOW,
        )
      ).changed,
    ).toBe(true);
    expect(await soldOnDay(ACTIVITY_CATAMARAN, DAY)).toBe(0);
    expect(await soldOnDay(ACTIVITY_CATAMARAN, LATER)).toBe(2);

    const reopened = await reopenSailings(staff(), outcome.closure.id);
    expect(reopened.notified).toBe(1);
    await runner.runDue();
    const [lifted] = mailsTo(booking, /^Reabrimos o que tínhamos fechado/);
    expect(lifted, "the reopened mail reached the SMTP server").toBeDefined();
    expect(lifted!.text).toContain("Sua reserva já tinha sido alterada");
  });

  it("refuses an unknown activity, a past day and a day closed twice, each audited with its code", async () => {
    const deps = staff();
    const first = await closeSailings(deps, { activityId: ACTIVITY_CATAMARAN, date: LATER }, "port_authority", null);
    expect(first.notified).toBe(1); // the pt buyer moved onto LATER above
    expect(await codeOf(closeSailings(deps, { activityId: ACTIVITY_CATAMARAN, date: LATER }, "weather", null))).toBe(
      "ALREADY_CLOSED",
    );
    expect(await codeOf(closeSailings(deps, { activityId: 999_999, date: LATER }, "weather", null))).toBe(
      "UNKNOWN_PRODUCT",
    );
    expect(
      await codeOf(closeSailings(deps, { activityId: ACTIVITY_CATAMARAN, date: "2031-03-01" }, "weather", null)),
    ).toBe("DATE_IN_PAST");
    const refusals = await findAuditEntries(db(), {
      entityType: "closure",
      entityId: `activity:${ACTIVITY_CATAMARAN}:${LATER}`,
      limit: 5,
    });
    expect(refusals[0]).toMatchObject({ action: "activity.close", reason: "ALREADY_CLOSED" });
    await reopenSailings(deps, first.closure.id);
  });
});

describe("moving every holder of a closed sailing at once", () => {
  it("moves only the closed return leg of each round trip, frees the closed sailing's seats, mails each buyer and audits the move", async () => {
    const back = inbound.at(-3)!;
    const next = inbound.at(-2)!;
    const first = await roundTrip(outbound[1]!, back, 2, "es");
    const second = await roundTrip(outbound[2]!, back, 1, "en");
    const soldBefore = await soldOn(db(), next.id);
    const { closure } = await closeSailings(staff(), { sailingId: back.id }, "weather", null);

    const outcome = await moveHoldersOfClosedSailing(staff(), {
      fromSailingId: back.id,
      toSailingId: next.id,
      key: "move-form-0001",
    });
    expect(outcome.tickets).toBe(3);
    expect([...outcome.bookings].sort()).toEqual([first.reference, second.reference].sort());
    for (const [booking, out] of [
      [first, outbound[1]!],
      [second, outbound[2]!],
    ] as const) {
      const tickets = await findTickets(db(), booking.id);
      // The outbound stays where it was: only the leg that was closed moves.
      expect(tickets.filter((ticket) => ticket.sailingId === out.id)).toHaveLength(tickets.length / 2);
      expect(tickets.filter((ticket) => ticket.sailingId === next.id)).toHaveLength(tickets.length / 2);
      const [line] = await findBookingLines(db(), booking.id);
      expect(line).toMatchObject({ outboundSailingId: out.id, inboundSailingId: next.id });
    }
    expect(await soldOn(db(), back.id)).toBe(0);
    expect(await soldOn(db(), next.id)).toBe(soldBefore + 3);
    const [entry] = await findAuditEntries(db(), { entityType: "sailing", entityId: String(back.id), limit: 1 });
    expect(entry).toMatchObject({
      action: "sailing.move_holders",
      actor: OPERATOR.label,
      before: { sailingId: back.id },
    });
    expect(entry!.after).toMatchObject({ sailingId: next.id });

    await runner.runDue();
    expect(mailsTo(first, /^Nueva fecha, nuevos boletos/)[0]?.text).toContain(`${next.time}`);
    expect(mailsTo(second, /^New date, new tickets/)[0]?.subject).toContain(second.reference);

    // The form sent again: nobody is left on the closed sailing.
    expect(
      await codeOf(
        moveHoldersOfClosedSailing(staff(), { fromSailingId: back.id, toSailingId: next.id, key: "move-form-0001" }),
      ),
    ).toBe("BOOKING_STATE");

    // Reopening tells both they stay where they were moved.
    expect((await reopenSailings(staff(), closure.id)).notified).toBe(2);
    await runner.runDue();
    expect(mailsTo(first, /^Reabrimos lo que habíamos cerrado/)[0]?.text).toContain("Tu reserva ya se había cambiado");
    expect(mailsTo(second, /^We reopened what we had closed/)[0]?.text).toContain(
      "Your booking had already been changed",
    );
  });

  it("moves nothing when the chosen sailing lacks seats for every ticket, and refuses what cannot be moved", async () => {
    const closed = outbound[5]!;
    const target = outbound[6]!;
    const one = await oneWay(closed, 2, "es");
    const two = await oneWay(closed, 2, "pt");
    const { closure } = await closeSailings(staff(), { sailingId: closed.id }, "port_authority", null);
    // Three seats left on the target for four tickets.
    const taken = await soldOn(db(), target.id);
    await blockSeats(db(), { sailingId: target.id }, target.capacity - taken - 3, "block:test-charter", NOW);
    expect(
      await codeOf(
        moveHoldersOfClosedSailing(staff(), {
          fromSailingId: closed.id,
          toSailingId: target.id,
          key: "move-form-0002",
        }),
      ),
    ).toBe("SAILING_SOLD_OUT");
    expect((await findTickets(db(), one.id)).every((ticket) => ticket.sailingId === closed.id)).toBe(true);
    expect((await findTickets(db(), two.id)).every((ticket) => ticket.sailingId === closed.id)).toBe(true);
    expect(await soldOn(db(), closed.id)).toBe(4);
    const [refusal] = await findAuditEntries(db(), { entityType: "sailing", entityId: String(closed.id), limit: 1 });
    expect(refusal).toMatchObject({ action: "sailing.move_holders", reason: "SAILING_SOLD_OUT" });

    // Another crossing, itself, a sailing not closed, a closed target.
    expect(
      await codeOf(
        moveHoldersOfClosedSailing(staff(), {
          fromSailingId: closed.id,
          toSailingId: inbound[6]!.id,
          key: "move-form-0003",
        }),
      ),
    ).toBe("UNKNOWN_SAILING");
    expect(
      await codeOf(
        moveHoldersOfClosedSailing(staff(), {
          fromSailingId: closed.id,
          toSailingId: closed.id,
          key: "move-form-0003",
        }),
      ),
    ).toBe("UNKNOWN_SAILING");
    expect(
      await codeOf(
        moveHoldersOfClosedSailing(staff(), {
          fromSailingId: target.id,
          toSailingId: outbound[7]!.id,
          key: "move-form-0003",
        }),
      ),
    ).toBe("SAILING_NOT_CLOSED");
    await closeSailings(staff(), { sailingId: outbound[7]!.id }, "weather", null);
    expect(
      await codeOf(
        moveHoldersOfClosedSailing(staff(), {
          fromSailingId: closed.id,
          toSailingId: outbound[7]!.id,
          key: "move-form-0003",
        }),
      ),
    ).toBe("SAILING_CLOSED");
    expect(
      await codeOf(moveHoldersOfClosedSailing(staff(), { fromSailingId: closed.id, toSailingId: target.id, key: "x" })),
    ).toBe("INVALID_REQUEST");
    await reopenSailings(staff(), closure.id);
  });

  it("refuses a move that would put a return before its outbound arrives, naming the booking", async () => {
    const out = outbound[8]!;
    const back = inbound.find((sailing) => sailing.departsAt.getTime() > out.arrivesAt.getTime())!;
    const early = inbound.find((sailing) => sailing.departsAt.getTime() < out.arrivesAt.getTime())!;
    const booking = await roundTrip(out, back, 1, "es");
    await closeSailings(staff(), { sailingId: back.id }, "weather", null);
    const refusal = await moveHoldersOfClosedSailing(staff(), {
      fromSailingId: back.id,
      toSailingId: early.id,
      key: "move-form-0004",
    }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: "RETURN_BEFORE_DEPARTURE",
      issues: [{ path: `booking.${booking.reference}` }],
    });
    expect((await findBookingLines(db(), booking.id))[0]).toMatchObject({ inboundSailingId: back.id });
  });
});

describe("reopening a sailing", () => {
  it("mails the holders who stayed that they travel as booked", async () => {
    const sailing = outbound[3]!;
    const booking = await oneWay(sailing, 1, "en");
    const { closure } = await closeSailings(staff(), { sailingId: sailing.id }, "weather", null);
    expect((await reopenSailings(staff(), closure.id)).notified).toBe(1);
    await runner.runDue();
    const [mail] = mailsTo(booking, /^We reopened what we had closed/);
    expect(mail?.text).toContain("Your tickets are still valid for it: you travel as booked.");
    expect(mail?.text).toContain(`${sailing.time} · Cancún`);
    const [entry] = await findAuditEntries(db(), { entityType: "closure", entityId: String(closure.id), limit: 1 });
    expect(entry).toMatchObject({ action: "sailing.reopen" });
    expect(entry!.after).toMatchObject({ notifiedBookings: [booking.id] });
  });
});
