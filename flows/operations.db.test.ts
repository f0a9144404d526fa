// Running the crossing on the seeded database (ADR 0038): closing a sailing tells its holders and
// lets them move whatever the notice or take open tickets; a vessel's capacity cannot be cut below
// what is sold; timetable rules are checked for clashes and never delete a sold sailing. Every change
// and every refusal leaves its audit entry.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSSING_TO_ISLA, VESSEL_LARGE, VESSEL_SMALL } from "../db/seed-catalogue.ts";
import { findAuditEntries, type AuditActor } from "../modules/audit/index.ts";
import { bookingEvents, findBookingLines, findTickets, type BookingRow } from "../modules/bookings/index.ts";
import {
  addDays,
  blockSeats,
  findDaySailings,
  findSailing,
  materializeSailings,
  sailings,
  seatAllocations,
  type SailingView,
} from "../modules/inventory/index.ts";
import { jobs } from "../modules/jobs/index.ts";
import type { MailMessage, Mailer } from "../modules/mail/index.ts";
import type { PaymentProvider } from "../modules/payments/index.ts";
import {
  bootCheckout,
  buyFerry,
  codeOf,
  GUEST_TEST_SECRET,
  type CheckoutHarness,
} from "../tests/factories/checkout.ts";
import { findAccountBookings } from "./account-bookings.ts";
import { bookingView, changeBookingDate, takeOpenTicketForClosedSailing } from "./manage-booking.ts";
import { closeSailings, reopenSailings, sendClosureNotice, SEND_CLOSURE_NOTICE } from "./sailing-closures.ts";
import { changeVessel, endTimetableRule, saveTimetableRule } from "./timetable-admin.ts";

const DAY = "2031-03-05";
const LATER = "2031-03-07";
// 20:00 in Cancún the evening before DAY: less than 24 hours before its sailings.
const NOW = new Date("2031-03-05T01:00:00Z");
const HOLD_SECONDS = 900;
const ACTOR: AuditActor = { userId: null, label: "operations-test", role: "admin" };

let runtime: CheckoutHarness["runtime"];
let provider: PaymentProvider;
let day: SailingView[];
let later: SailingView[];

beforeAll(async () => {
  ({ runtime, provider } = await bootCheckout(NOW));
  await materializeSailings(runtime.database.db, { from: DAY, to: addDays(LATER, 1), now: NOW });
  day = await findDaySailings(runtime.database.db, [CROSSING_TO_ISLA], DAY, NOW);
  later = await findDaySailings(runtime.database.db, [CROSSING_TO_ISLA], LATER, NOW);
});
afterAll(() => runtime.database.close());

const db = () => runtime.database.db;
const staff = (now: Date = NOW) => ({ db: db(), now, actor: ACTOR, requestId: "test-request" });

async function bookOneWay(sailing: SailingView, language: "es" | "en" | "pt" = "es", adults = 2): Promise<BookingRow> {
  return buyFerry(
    { db: db(), provider, now: NOW, guestAccessSecret: GUEST_TEST_SECRET, holdSeconds: HOLD_SECONDS },
    provider,
    { trip: "one_way", outbound: sailing, adults, language },
    { language },
  );
}

function capturingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    transport: "outbox",
    sent,
    async send(message) {
      sent.push(message);
      return { messageId: `test-${sent.length}`, outboxId: null };
    },
    close() {},
  };
}

const logger = { info() {}, warn() {}, error() {}, debug() {} } as never;

async function closureJobsOf(bookingId: string) {
  const rows = await db().select().from(jobs).where(eq(jobs.name, SEND_CLOSURE_NOTICE));
  return rows.filter((row) => (row.payload as { bookingId: string }).bookingId === bookingId);
}

describe("closing a sailing", () => {
  it("stops sales, tells each holder once (history line, notice job, My trips) and audits who closed it", async () => {
    const sailing = day[2]!;
    const booking = await bookOneWay(sailing, "pt");
    const outcome = await closeSailings(staff(), { sailingId: sailing.id }, "weather", "Norte fuerte");
    expect(outcome).toMatchObject({ sailingIds: [sailing.id], notified: 1 });
    expect((await findSailing(db(), sailing.id, NOW)).status).toBe("closed");
    expect(await closureJobsOf(booking.id)).toHaveLength(1);
    const events = await db().select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));
    expect(events.map((event) => event.reason)).toContain(`sailing_closed:${outcome.closure.id}`);
    const [entry] = await findAuditEntries(db(), {
      entityType: "closure",
      entityId: String(outcome.closure.id),
      limit: 5,
    });
    expect(entry).toMatchObject({ action: "sailing.close", before: null });
    // The buyer's trips no longer say "confirmed": the sailing is cancelled until they choose.
    const trips = await findAccountBookings(
      {
        db: db(),
        guestAccessSecret: GUEST_TEST_SECRET,
        manageBookingPathOf: (language) => `/${language}/manage/`,
        now: NOW,
      },
      { email: booking.buyerEmail, confirmed: true },
      "pt",
    );
    expect(trips.find((trip) => trip.reference === booking.reference)).toMatchObject({
      status: "ticketed",
      sailingClosed: true,
      upcoming: true,
    });
    expect(entry!.after).toMatchObject({ reason: "weather", sailingIds: [sailing.id], notifiedBookings: [booking.id] });

    // The notice: in the booking's language, naming the sailing, with the manage link and its key.
    const mailer = capturingMailer();
    const [job] = await closureJobsOf(booking.id);
    const deps = {
      db: db(),
      guestAccessSecret: GUEST_TEST_SECRET,
      siteOrigin: "https://www.travesia.test",
      manageBookingPathOf: (language: string) => `/${language}/manage/`,
      mailer,
    };
    await sendClosureNotice(deps, job!.payload, { now: NOW, logger });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: booking.buyerEmail, language: "pt", tag: "sailing-closed" });
    expect(mailer.sent[0]!.subject).toContain(booking.reference);
    expect(mailer.sent[0]!.text).toContain(`${sailing.time} · Cancún`);
    expect(mailer.sent[0]!.text).toMatch(
      new RegExp(`https://www\\.travesia\\.test/pt/manage/\\?ref=${booking.reference}&key=[\\w-]{22}`),
    );
  });

  it("refuses to close it twice, a departed sailing or a past day, and audits each refusal with its code", async () => {
    const closed = day[2]!;
    expect(await codeOf(closeSailings(staff(), { sailingId: closed.id }, "weather", null))).toBe("ALREADY_CLOSED");
    expect(
      await codeOf(
        closeSailings(
          staff(new Date(day[3]!.departsAt.getTime() + 60_000)),
          { sailingId: day[3]!.id },
          "weather",
          null,
        ),
      ),
    ).toBe("SAILING_DEPARTED");
    expect(await codeOf(closeSailings(staff(), { crossingId: null, date: "2031-03-01" }, "port_authority", null))).toBe(
      "DATE_IN_PAST",
    );
    expect(await codeOf(closeSailings(staff(), { sailingId: 999_999_999 }, "weather", null))).toBe("UNKNOWN_SAILING");
    const refusals = await findAuditEntries(db(), {
      entityType: "closure",
      entityId: `sailing:${closed.id}`,
      limit: 5,
    });
    expect(refusals[0]).toMatchObject({ action: "sailing.close", reason: "ALREADY_CLOSED" });
  });

  it("lets the holder of a closed sailing move whatever the 24 hours", async () => {
    const sailing = day[4]!;
    const booking = await bookOneWay(sailing);
    const line = (await findBookingLines(db(), booking.id))[0]!;
    // Before the closure: too late (less than 24 hours), and no open-ticket offer.
    expect(
      await codeOf(
        changeBookingDate(
          { db: db() },
          { bookingId: booking.id, lineId: line.id, newDate: DAY, outboundSailingId: day[6]!.id },
          NOW,
        ),
      ),
    ).toBe("DATE_CHANGE_TOO_LATE");
    expect(
      await codeOf(takeOpenTicketForClosedSailing({ db: db() }, { bookingId: booking.id, lineId: line.id }, NOW)),
    ).toBe("SAILING_NOT_CLOSED");
    await closeSailings(staff(), { sailingId: sailing.id }, "port_authority", null);
    const view = await bookingView({ db: db(), now: NOW }, booking, "es");
    expect(view.lines[0]).toMatchObject({ sailingClosed: true, dateChange: { allowed: true } });
    // The booking as a whole is shown as needing a choice, not as "confirmed".
    expect(view).toMatchObject({ status: "ticketed", sailingClosed: true });
    const moved = await changeBookingDate(
      { db: db() },
      { bookingId: booking.id, lineId: line.id, newDate: DAY, outboundSailingId: day[6]!.id },
      NOW,
    );
    expect(moved.changed).toBe(true);
    expect((await findTickets(db(), booking.id)).map((ticket) => ticket.sailingId)).toEqual([day[6]!.id, day[6]!.id]);
  });

  it("lets the holder take open tickets instead: same codes, no sailing, valid 6 months, seats given back, tickets mailed again", async () => {
    const sailing = later[1]!;
    const booking = await bookOneWay(sailing, "en", 3);
    const line = (await findBookingLines(db(), booking.id))[0]!;
    const codesBefore = (await findTickets(db(), booking.id)).map((ticket) => ticket.code);
    await closeSailings(staff(), { crossingId: CROSSING_TO_ISLA, date: LATER }, "weather", null);
    const { validUntil } = await takeOpenTicketForClosedSailing(
      { db: db() },
      { bookingId: booking.id, lineId: line.id },
      NOW,
    );
    expect(validUntil).toBe("2031-09-04");
    const after = await findTickets(db(), booking.id);
    expect(after.map((ticket) => ticket.code)).toEqual(codesBefore);
    expect(
      after.every(
        (ticket) =>
          ticket.sailingId === null &&
          ticket.serviceDate === null &&
          ticket.validUntil === "2031-09-04" &&
          ticket.status === "valid",
      ),
    ).toBe(true);
    // Each keeps the crossing (and direction) of the sailing it left: the only one it boards.
    expect(after.every((ticket) => ticket.crossingId === CROSSING_TO_ISLA)).toBe(true);
    const held = await db()
      .select()
      .from(seatAllocations)
      .where(and(eq(seatAllocations.sailingId, sailing.id), eq(seatAllocations.reference, `booking-line:${line.id}`)));
    expect(held.every((row) => row.releasedAt !== null)).toBe(true);
    const view = await bookingView({ db: db(), now: NOW }, booking, "en");
    expect(view.lines[0]).toMatchObject({
      trip: "open",
      validUntil: "2031-09-04",
      sailingClosed: false,
      dateChange: { allowed: false, reason: "open_ticket" },
    });
    expect(view.history.at(-1)).toMatchObject({ kind: "open_ticket", validUntil: "2031-09-04" });
    const resends = await db().select().from(jobs).where(eq(jobs.name, "send-booking-email"));
    expect(
      resends.some(
        (job) =>
          (job.payload as { bookingId: string; reason: string }).bookingId === booking.id &&
          (job.payload as { reason: string }).reason === "resend",
      ),
    ).toBe(true);
    // Taken once: the line is open now, a second try is refused.
    expect(
      await codeOf(takeOpenTicketForClosedSailing({ db: db() }, { bookingId: booking.id, lineId: line.id }, NOW)),
    ).toBe("BOOKING_STATE");
  });

  it("reopens: sales start again, the closure stays on record lifted, audited before and after", async () => {
    const sailing = day[8]!;
    const { closure } = await closeSailings(staff(), { sailingId: sailing.id }, "weather", null);
    const lifted = await reopenSailings(staff(), closure.id);
    expect(lifted.liftedAt).toEqual(NOW);
    expect((await findSailing(db(), sailing.id, NOW)).status).not.toBe("closed");
    const [entry] = await findAuditEntries(db(), { entityType: "closure", entityId: String(closure.id), limit: 1 });
    expect(entry).toMatchObject({ action: "sailing.reopen" });
    expect(entry!.before).toMatchObject({ liftedAt: null });
    expect(await codeOf(reopenSailings(staff(), closure.id))).toBe("SAILING_NOT_CLOSED");
  });
});

describe("a vessel's capacity", () => {
  it("cannot be cut below the seats taken on a future sailing; the refusal names it and is audited", async () => {
    const sailing = day[5]!;
    expect(sailing.vessel.id).toBe(VESSEL_SMALL);
    await blockSeats(db(), { sailingId: sailing.id }, 300, "block:operations-test", NOW);
    const taken = (await findSailing(db(), sailing.id, NOW)).taken;
    const refusal = changeVessel(staff(), VESSEL_SMALL, { name: "Caribe I", capacity: taken - 1, active: true });
    await expect(refusal).rejects.toMatchObject({
      code: "CAPACITY_BELOW_SOLD",
      issues: expect.arrayContaining([{ path: `sailing.${sailing.id}`, code: `taken:${taken}` }]),
    });
    const [entry] = await findAuditEntries(db(), { entityType: "vessel", entityId: String(VESSEL_SMALL), limit: 1 });
    expect(entry).toMatchObject({ action: "vessel.update", reason: "CAPACITY_BELOW_SOLD" });
    expect((await findSailing(db(), sailing.id, NOW)).capacity).toBe(350);
  });

  it("applies a cut that fits to every future sailing of the vessel, audited before and after", async () => {
    const { vessel, sailingsUpdated } = await changeVessel(staff(), VESSEL_SMALL, {
      name: "Caribe I",
      capacity: 340,
      active: true,
    });
    expect(vessel.capacity).toBe(340);
    expect(sailingsUpdated).toBeGreaterThan(0);
    expect((await findSailing(db(), day[5]!.id, NOW)).capacity).toBe(340);
    const [entry] = await findAuditEntries(db(), { entityType: "vessel", entityId: String(VESSEL_SMALL), limit: 1 });
    expect(entry).toMatchObject({ action: "vessel.update" });
    expect(entry!.before).toMatchObject({ capacity: 350 });
    expect(entry!.after).toMatchObject({ capacity: 340 });
  });
});

describe("timetable rules", () => {
  const evening = {
    crossingId: CROSSING_TO_ISLA,
    vesselId: VESSEL_LARGE,
    weekdays: [3],
    seasonStart: null,
    seasonEnd: null,
    validFrom: null,
    validUntil: null,
    firstDeparture: "20:00",
    lastDeparture: "20:00",
    intervalMinutes: 60,
    priority: 0,
    active: true,
    note: "Wednesday evening",
  };

  it("refuses a rule that has a vessel sail twice at once, listing the clash, and audits the refusal", async () => {
    const clash = saveTimetableRule(staff(), null, {
      ...evening,
      vesselId: VESSEL_SMALL,
      firstDeparture: "09:10",
      lastDeparture: "09:10",
    });
    await expect(clash).rejects.toMatchObject({
      code: "VESSEL_DOUBLE_BOOKED",
      issues: [{ path: "rule.1", code: expect.stringMatching(/^vessel_busy:\d{4}-\d{2}-\d{2}T09:10\/09:00$/) }],
    });
    const sameDeparture = saveTimetableRule(staff(), null, {
      ...evening,
      firstDeparture: "10:00",
      lastDeparture: "10:00",
    });
    await expect(sameDeparture).rejects.toMatchObject({ code: "TIMETABLE_CONFLICT", issues: [{ path: "rule.1" }] });
    const refusals = await findAuditEntries(db(), { entityType: "timetable_rule", limit: 2 });
    expect(refusals.map((entry) => entry.reason)).toEqual(["TIMETABLE_CONFLICT", "VESSEL_DOUBLE_BOOKED"]);
  });

  it("adds a rule and makes its sailings; an edit moves unsold sailings and keeps a sold one; ending it stops the rest", async () => {
    const { rule } = await saveTimetableRule(staff(), null, evening);
    const wednesday = DAY; // 2031-03-05 is a Wednesday
    const at = async (time: string) =>
      (await findDaySailings(db(), [CROSSING_TO_ISLA], wednesday, NOW)).find((sailing) => sailing.time === time);
    const eight = await at("20:00");
    expect(eight).toMatchObject({ vessel: { id: VESSEL_LARGE }, capacity: 650 });
    await bookOneWay(eight!, "es", 1);

    await saveTimetableRule(staff(), rule.id, { ...evening, firstDeparture: "20:30", lastDeparture: "20:30" });
    expect(await at("20:30")).toBeDefined();
    // The sold 20:00 sailing stays (its buyer is told when the operator closes it); the next week's unsold one went.
    expect((await at("20:00"))?.id).toBe(eight!.id);
    const nextWeek = await findDaySailings(db(), [CROSSING_TO_ISLA], addDays(wednesday, 7), NOW);
    expect(nextWeek.map((sailing) => sailing.time)).toContain("20:30");
    expect(nextWeek.map((sailing) => sailing.time)).not.toContain("20:00");
    const [edit] = await findAuditEntries(db(), { entityType: "timetable_rule", entityId: String(rule.id), limit: 1 });
    expect(edit).toMatchObject({ action: "timetable_rule.update" });
    expect(edit!.before).toMatchObject({ firstDeparture: "20:00" });
    expect(edit!.after).toMatchObject({ rule: { firstDeparture: "20:30" } });

    await endTimetableRule(staff(), rule.id, wednesday);
    const ruleSailings = await db().select().from(sailings).where(eq(sailings.ruleId, rule.id));
    expect(ruleSailings.every((sailing) => sailing.serviceDate <= wednesday)).toBe(true);
    expect(await codeOf(endTimetableRule(staff(), rule.id, "2031-01-01"))).toBe("DATE_IN_PAST");
  });
});
