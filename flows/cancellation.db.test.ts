// Cancelling a line under its product's policy on the seeded database, through the real sandbox
// provider: the buyer's own cancellation (fee kept, tickets and seats freed, audit, mail), its refusals
// (ferry non-refundable, too late), a double submit, and the console's two variants.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATAMARAN_TOUR_ID, CROSSING_TO_ISLA } from "../db/seed-catalogue.ts";
import { createLogger } from "../lib/logger.ts";
import { findAuditEntries, type AuditActor } from "../modules/audit/index.ts";
import { findBookingLines, findRefunds, findTickets, type BookingRow } from "../modules/bookings/index.ts";
import { addDays, findDaySailings, materializeSailings, seatAllocations } from "../modules/inventory/index.ts";
import { jobs } from "../modules/jobs/index.ts";
import { findOutboxMessage, listOutbox } from "../modules/mail/index.ts";
import {
  bootCheckout,
  buyFerry,
  buyWithCard,
  codeOf,
  GUEST_TEST_SECRET,
  type CheckoutHarness,
} from "../tests/factories/checkout.ts";
import { addToCart } from "./cart.ts";
import {
  BUYER_ACTOR,
  CANCEL_ACTION,
  cancelLineUnderPolicy,
  cancelLineWithoutRefund,
  decideLineCancellation,
  SEND_CANCELLATION_EMAIL,
} from "./cancellation.ts";
import { bookingView } from "./manage-booking.ts";
import { SEND_REFUND_EMAIL, sendRefundEmail } from "./refunds.ts";

// 10:00 in Cancún on 1 March; the tour is on 5 March (4 days ahead), a later one on 2 March (1 day ahead).
const NOW = new Date("2031-03-01T15:00:00Z");
const FAR = "2031-03-05";
const NEAR = "2031-03-02";
const HOLD_SECONDS = 900;
const OPERATOR: AuditActor = { userId: null, label: "operadora@travesia.test", role: "operator" };

let harness: CheckoutHarness;
beforeAll(async () => {
  harness = await bootCheckout(NOW);
  await materializeSailings(db(), { from: NEAR, to: FAR, now: NOW });
});
afterAll(() => harness.runtime.database.close());

const db = () => harness.runtime.database.db;
const checkout = () => ({
  db: db(),
  provider: harness.provider,
  now: NOW,
  guestAccessSecret: GUEST_TEST_SECRET,
  holdSeconds: HOLD_SECONDS,
});
const cancelDeps = (actor: AuditActor = BUYER_ACTOR) => ({
  db: db(),
  provider: harness.provider,
  now: NOW,
  actor,
  requestId: "req-cancel",
});

async function catamaran(date: string, adults = 2): Promise<{ booking: BookingRow; lineId: string }> {
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
        passengers: { adult: adults, child: 0, infant: 0 },
      },
    },
    { siteCode: "travesia", language: "es", now: NOW, holdSeconds: HOLD_SECONDS },
  );
  const names = Array.from({ length: adults }, (_, index) => `Viajera ${index + 1}`);
  const booking = await buyWithCard(checkout(), harness.provider, sessionId, {
    language: "es",
    passengerNames: { [lineId]: names },
  });
  const [line] = await findBookingLines(db(), booking.id);
  return { booking, lineId: line!.id };
}

async function heldSeats(lineId: string): Promise<number> {
  const rows = await db()
    .select()
    .from(seatAllocations)
    .where(eq(seatAllocations.reference, `booking-line:${lineId}`));
  return rows.filter((row) => row.releasedAt === null).reduce((sum, row) => sum + row.quantity, 0);
}

describe("the buyer cancels a catamaran more than two days ahead", () => {
  it("gets the line back less the 10 % fee, through the provider; tickets cancelled, seats freed, audited, mailed", async () => {
    const { booking, lineId } = await catamaran(FAR);
    const [line] = await findBookingLines(db(), booking.id);
    const offered = await decideLineCancellation(db(), booking, lineId, NOW);
    const fee = Math.floor((line!.totalMinor * 10 + 50) / 100);
    expect(offered.decision).toMatchObject({
      allowed: true,
      grossMinor: line!.totalMinor,
      feeMinor: fee,
      refundMinor: line!.totalMinor - fee,
    });
    expect(await heldSeats(lineId)).toBe(2);

    const outcome = await cancelLineUnderPolicy(cancelDeps(), { reference: booking.reference, lineId });
    expect(outcome.refund).toMatchObject({ status: "succeeded", amountMinor: line!.totalMinor - fee });
    expect(outcome.refund.reason).toContain("10%");
    expect(outcome.feeMinor).toBe(fee);
    expect((await findTickets(db(), booking.id)).map((ticket) => ticket.status)).toEqual(["void", "void"]);
    expect(await heldSeats(lineId)).toBe(0);
    // The fee is kept: the booking stays paid, shown as cancelled.
    expect(outcome.booking.status).toBe("ticketed");
    const view = await bookingView({ db: db(), now: NOW }, outcome.booking, "en");
    expect(view.cancelled).toBe(true);
    expect(view.lines[0]!.cancellation).toMatchObject({
      cancelled: true,
      offer: null,
      refusal: "CANCEL_ALREADY_CANCELLED",
    });
    expect(view.history.some((entry) => entry.kind === "refunded")).toBe(true);

    const audit = await findAuditEntries(db(), { entityType: "booking", entityId: booking.id, limit: 10 });
    expect(
      audit.some((entry) => entry.action === CANCEL_ACTION && entry.outcome === "applied" && entry.actor === "buyer"),
    ).toBe(true);
    const mails = await db().select().from(jobs).where(eq(jobs.name, SEND_REFUND_EMAIL));
    expect(mails.some((job) => (job.payload as { refundId: string }).refundId === outcome.refund.id)).toBe(true);
    // The mail says the booking is cancelled: not that the rest of it stays valid, nor that all came back.
    await sendRefundEmail(
      {
        db: db(),
        mailer: harness.runtime.services.mailer,
        guestAccessSecret: GUEST_TEST_SECRET,
        siteOrigin: "https://travesia.test",
        manageBookingPathOf: (language) => `/${language}/reserva/`,
      },
      { refundId: outcome.refund.id },
      { now: NOW, logger: createLogger("silent") },
    );
    const sent = (await listOutbox(db())).find(
      (mail) => mail.tag === "booking-refund" && mail.subject.endsWith(booking.reference),
    );
    const text = (await findOutboxMessage(db(), sent!.id))?.text ?? "";
    expect(text).toContain("quedó cancelada: sus boletos ya no son válidos para viajar.");
    expect(text).not.toContain("El resto de tu reserva sigue vigente.");
    expect(text).not.toContain("reembolsada por completo");

    // Sent again (a double click, a reload): the same refund, nothing new.
    const again = await cancelLineUnderPolicy(cancelDeps(), { reference: booking.reference, lineId });
    expect(again.replayed).toBe(true);
    expect(await findRefunds(db(), booking.id)).toHaveLength(1);
  });
});

describe("refusals change nothing and are audited", () => {
  it("a catamaran a day ahead: CANCEL_TOO_LATE", async () => {
    const { booking, lineId } = await catamaran(NEAR, 1);
    expect(await codeOf(cancelLineUnderPolicy(cancelDeps(), { reference: booking.reference, lineId }))).toBe(
      "CANCEL_TOO_LATE",
    );
    expect(await findRefunds(db(), booking.id)).toHaveLength(0);
    expect((await findTickets(db(), booking.id)).every((ticket) => ticket.status === "valid")).toBe(true);
    const audit = await findAuditEntries(db(), { entityType: "booking", entityId: booking.id, limit: 10 });
    expect(audit.find((entry) => entry.action === CANCEL_ACTION)?.reason).toBe("CANCEL_TOO_LATE");
  });

  it("a ferry ticket: CANCEL_NOT_REFUNDABLE, whatever the notice", async () => {
    const [sailing] = await findDaySailings(db(), [CROSSING_TO_ISLA], FAR, NOW);
    const booking = await buyFerry(checkout(), harness.provider, { trip: "one_way", outbound: sailing!, adults: 1 });
    const [line] = await findBookingLines(db(), booking.id);
    expect(await codeOf(cancelLineUnderPolicy(cancelDeps(), { reference: booking.reference, lineId: line!.id }))).toBe(
      "CANCEL_NOT_REFUNDABLE",
    );
    const view = await bookingView({ db: db(), now: NOW }, booking, "en");
    expect(view.lines[0]!.cancellation).toMatchObject({
      policy: { refundable: false, dateChangeable: true },
      refusal: "CANCEL_NOT_REFUNDABLE",
    });
  });
});

describe("the console's cancellations", () => {
  it("with the policy's fee: the same decision as the buyer's, filed under the operator", async () => {
    const { booking, lineId } = await catamaran(addDays(FAR, 1));
    const expected = (await decideLineCancellation(db(), booking, lineId, NOW)).decision;
    const outcome = await cancelLineUnderPolicy(cancelDeps(OPERATOR), { reference: booking.reference, lineId });
    expect(expected.allowed && outcome.refund.amountMinor).toBe(expected.allowed ? expected.refundMinor : -1);
    const audit = await findAuditEntries(db(), { entityType: "booking", entityId: booking.id, limit: 10 });
    expect(audit.some((entry) => entry.action === CANCEL_ACTION && entry.actor === OPERATOR.label)).toBe(true);
  });

  it("with no money back: tickets cancelled, seats freed, no refund, audited, the buyer mailed; a second time refused", async () => {
    const { booking, lineId } = await catamaran(NEAR, 1);
    const { cancelled } = await cancelLineWithoutRefund(cancelDeps(OPERATOR), {
      reference: booking.reference,
      lineId,
      reason: "No-show",
    });
    expect(cancelled).toHaveLength(1);
    expect((await findTickets(db(), booking.id)).map((ticket) => ticket.status)).toEqual(["void"]);
    expect(await heldSeats(lineId)).toBe(0);
    expect(await findRefunds(db(), booking.id)).toHaveLength(0);
    const mails = await db().select().from(jobs).where(eq(jobs.name, SEND_CANCELLATION_EMAIL));
    expect(mails.some((job) => (job.payload as { bookingId: string }).bookingId === booking.id)).toBe(true);
    expect(
      await codeOf(cancelLineWithoutRefund(cancelDeps(OPERATOR), { reference: booking.reference, lineId, reason: "" })),
    ).toBe("CANCEL_ALREADY_CANCELLED");
    const audit = await findAuditEntries(db(), { entityType: "booking", entityId: booking.id, limit: 10 });
    expect(
      audit
        .filter((entry) => entry.action === CANCEL_ACTION)
        .map((entry) => entry.outcome)
        .sort(),
    ).toEqual(["applied", "refused"]);
  });
});
