// Refunds from the console on the seeded database, through the real sandbox provider behind the app's
// router: partial and full, amount-only and with tickets cancelled (their seats back on sale), a form
// sent twice, a provider that does not answer, every refusal audited, the provider's refund webhook
// changing nothing, the buyer's mail; and what the console reads around them (search, sales report).
import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../lib/errors.ts";
import { createLogger } from "../lib/logger.ts";
import { auditEntries, findAuditEntries, type AuditActor } from "../modules/audit/index.ts";
import {
  bookingEvents,
  bookingRefunds,
  findBooking,
  findPayments,
  findRefunds,
  findTickets,
  readBookingQuery,
  searchBookings,
  type BookingRow,
} from "../modules/bookings/index.ts";
import { addDays, type SailingView } from "../modules/inventory/index.ts";
import { jobs } from "../modules/jobs/index.ts";
import { findOutboxMessage, listOutbox } from "../modules/mail/index.ts";
import type { PaymentProvider } from "../modules/payments/index.ts";
import { findEvents, sandboxPspRefunds, webhookDelivery } from "../sandbox-psp/index.ts";
import { findSalesReport } from "../modules/sales/index.ts";
import {
  bootCheckout,
  sailingsBothWays,
  buyFerry,
  GUEST_TEST_SECRET,
  SANDBOX_TEST_WEBHOOK_SECRET,
  soldOn,
  type CheckoutHarness,
} from "../tests/factories/checkout.ts";
import { changeBookingDate } from "./manage-booking.ts";
import { refundBooking, SEND_REFUND_EMAIL, sendRefundEmail, type RefundCommand } from "./refunds.ts";

const DAY = "2031-03-05";
// 10:00 in Cancún, two days before DAY.
const NOW = new Date("2031-03-03T15:00:00Z");
const HOLD_SECONDS = 900;
const OPERATOR: AuditActor = { userId: null, label: "operadora@travesia.test", role: "operator" };

let harness: CheckoutHarness;
let provider: PaymentProvider;
let outbound: SailingView[];
let inbound: SailingView[];

beforeAll(async () => {
  harness = await bootCheckout(NOW);
  provider = harness.provider;
  ({ outbound, inbound } = await sailingsBothWays(db(), DAY, NOW));
});
afterAll(() => harness.runtime.database.close());

const db = () => harness.runtime.database.db;
const checkout = () => ({
  db: db(),
  provider,
  now: NOW,
  guestAccessSecret: GUEST_TEST_SECRET,
  holdSeconds: HOLD_SECONDS,
});
const refundDeps = (over: Partial<Parameters<typeof refundBooking>[0]> = {}) => ({
  db: db(),
  provider,
  now: NOW,
  actor: OPERATOR,
  requestId: "req-test",
  ...over,
});
let keys = 0;
const command = (booking: BookingRow, amount: string, over: Partial<RefundCommand> = {}): RefundCommand => ({
  reference: booking.reference,
  amount,
  ticketIds: [],
  reason: "Buen gesto por la espera",
  key: `form-key-${(keys += 1)}-${booking.reference}`,
  ...over,
});

async function roundTrip(
  sailing: number,
  adults: number,
  buyer: { name: string; email: string } = { name: "Ana Pérez", email: "ana@example.com" },
): Promise<BookingRow> {
  return buyFerry(
    checkout(),
    provider,
    { trip: "round_trip", outbound: outbound[sailing]!, inbound: inbound.at(-1)!, adults },
    { language: "es", buyer: { ...buyer, phone: "+52 998 123 4567", country: "MX", acceptTerms: true } },
  );
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; issue: string | undefined }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, issue: error.issues[0]?.code };
    throw error;
  }
  throw new Error("expected a refusal");
}

async function intentOf(booking: BookingRow) {
  return provider.getPayment((await paymentIdOf(booking))!);
}

async function paymentIdOf(booking: BookingRow): Promise<string | null> {
  return (
    (await findPayments(db(), booking.id)).find(
      (payment) => payment.status === "captured" || payment.status === "refunded",
    )?.providerPaymentId ?? null
  );
}

async function providerRefunds(booking: BookingRow) {
  return db()
    .select()
    .from(sandboxPspRefunds)
    .where(eq(sandboxPspRefunds.intentId, (await paymentIdOf(booking))!))
    .orderBy(asc(sandboxPspRefunds.createdAt));
}

async function auditOf(booking: BookingRow) {
  return findAuditEntries(db(), { entityType: "booking", entityId: booking.id, limit: 50 });
}

describe("a partial refund", () => {
  it("of an amount only goes through the provider, keeps every ticket, and is recorded, audited and mailed", async () => {
    const booking = await roundTrip(0, 2);
    const { booking: after, refund, replayed } = await refundBooking(refundDeps(), command(booking, "100.50"));
    expect(replayed).toBe(false);
    expect(refund).toMatchObject({
      status: "succeeded",
      amountMinor: 10_050,
      currency: "MXN",
      reason: "Buen gesto por la espera",
      ticketIds: [],
    });
    expect(refund.providerRefundId).toMatch(/^re_/);
    expect(after.status).toBe("ticketed");
    expect((await findTickets(db(), booking.id)).every((ticket) => ticket.status === "valid")).toBe(true);

    // The sandbox provider really gave the money back, once.
    expect((await providerRefunds(booking)).map((row) => [row.id, row.amountMinor])).toEqual([
      [refund.providerRefundId, 10_050],
    ]);
    expect(await intentOf(booking)).toMatchObject({ status: "captured", refundedMinor: 10_050 });

    const history = await db()
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, booking.id))
      .orderBy(asc(bookingEvents.id));
    expect(history.at(-1)).toMatchObject({
      fromStatus: "ticketed",
      toStatus: "ticketed",
      reason: `refund:${refund.id}:10050`,
    });
    const [entry] = await auditOf(booking);
    expect(entry).toMatchObject({
      actor: OPERATOR.label,
      actorRole: "operator",
      action: "booking.refund",
      outcome: "applied",
      before: { status: "ticketed", refundedMinor: 0 },
      after: {
        status: "ticketed",
        refundedMinor: 10_050,
        refund: { id: refund.id, amountMinor: 10_050, cancelledTickets: [] },
      },
    });

    // The buyer's mail, in the booking's language.
    const [job] = await db().select().from(jobs).where(eq(jobs.name, SEND_REFUND_EMAIL)).orderBy(asc(jobs.id));
    expect(job?.payload).toEqual({ refundId: expect.any(String) as string });
    await sendRefundEmail(
      {
        db: db(),
        mailer: harness.runtime.services.mailer,
        guestAccessSecret: GUEST_TEST_SECRET,
        siteOrigin: "https://travesia.test",
        manageBookingPathOf: (language) => `/${language}/reserva/`,
      },
      { refundId: refund.id },
      { now: NOW, logger: createLogger("silent") },
    );
    const sent = (await listOutbox(db())).find(
      (mail) => mail.tag === "booking-refund" && mail.to === "ana@example.com",
    );
    expect(sent?.subject).toBe(`Reembolso de tu reserva Travesía ${booking.reference}`);
    const message = await findOutboxMessage(db(), sent!.id);
    expect(message?.text).toContain("Te reembolsamos $100.50 MXN");
    expect(message?.text).toContain("El resto de tu reserva sigue vigente.");
  });

  it("with tickets chosen cancels them and puts their seats back on sale, on their sailing only", async () => {
    const booking = await roundTrip(1, 3);
    const tickets = await findTickets(db(), booking.id);
    const outboundTicket = tickets.find((ticket) => ticket.sailingId === outbound[1]!.id)!;
    const soldBefore = [await soldOn(db(), outbound[1]!.id), await soldOn(db(), inbound.at(-1)!.id)];
    const { booking: after, refund } = await refundBooking(
      refundDeps(),
      command(booking, "254", { ticketIds: [outboundTicket.id] }),
    );
    expect(after.status).toBe("ticketed");
    expect(refund.ticketIds).toEqual([outboundTicket.id]);
    expect(
      (await findTickets(db(), booking.id)).filter((ticket) => ticket.status === "void").map((ticket) => ticket.id),
    ).toEqual([outboundTicket.id]);
    expect([await soldOn(db(), outbound[1]!.id), await soldOn(db(), inbound.at(-1)!.id)]).toEqual([
      soldBefore[0]! - 1,
      soldBefore[1],
    ]);
    // The refund's money is booked on the ferry line for the sales report.
    expect(refund.lineShares).toEqual([{ bookingLineId: outboundTicket.bookingLineId, amountMinor: 25_400 }]);
    // Its line can no longer be moved online: it would take the cancelled seats again.
    expect(
      await refusal(
        changeBookingDate(
          { db: db() },
          {
            bookingId: booking.id,
            lineId: outboundTicket.bookingLineId,
            newDate: addDays(DAY, 1),
            outboundSailingId: null,
            inboundSailingId: null,
          },
          NOW,
        ),
      ),
    ).toEqual({
      code: "BOOKING_STATE",
      issue: "tickets_cancelled",
    });
    // A cancelled ticket cannot be cancelled again.
    expect(
      await refusal(refundBooking(refundDeps(), command(booking, "1", { ticketIds: [outboundTicket.id] }))),
    ).toEqual({ code: "REFUND_TICKET_NOT_CANCELLABLE", issue: "void" });
  });
});

describe("what is left to refund", () => {
  it("refuses more than is left, with how much is left, audited, changing nothing", async () => {
    const booking = await roundTrip(2, 1);
    await refundBooking(refundDeps(), command(booking, "9"));
    const left = booking.totalMinor - 900;
    const over = (left + 1) / 100;
    expect(await refusal(refundBooking(refundDeps(), command(booking, over.toFixed(2))))).toEqual({
      code: "REFUND_EXCEEDS_PAID",
      issue: `left:${left}`,
    });
    expect((await findRefunds(db(), booking.id)).length).toBe(1);
    expect((await providerRefunds(booking)).length).toBe(1);
    const [entry] = await auditOf(booking);
    expect(entry).toMatchObject({
      action: "booking.refund",
      outcome: "refused",
      reason: "REFUND_EXCEEDS_PAID",
      actor: OPERATOR.label,
    });
  });

  it("refunds the rest in full: the booking is refunded, every ticket cancelled, every seat freed, the provider's intent refunded", async () => {
    const booking = await roundTrip(3, 2);
    const sailings = [outbound[3]!.id, inbound.at(-1)!.id];
    const sold = await Promise.all(sailings.map((id) => soldOn(db(), id)));
    await refundBooking(refundDeps(), command(booking, "50"));
    const rest = ((booking.totalMinor - 5_000) / 100).toFixed(2);
    const { booking: after } = await refundBooking(refundDeps(), command(booking, rest, { reason: "" }));
    expect(after.status).toBe("refunded");
    expect((await findTickets(db(), booking.id)).map((ticket) => ticket.status)).toEqual([
      "void",
      "void",
      "void",
      "void",
    ]);
    expect(await Promise.all(sailings.map((id) => soldOn(db(), id)))).toEqual(sold.map((n) => n - 2));
    expect(await intentOf(booking)).toMatchObject({ status: "refunded", refundedMinor: booking.totalMinor });
    expect(await refusal(refundBooking(refundDeps(), command(booking, "0.01")))).toEqual({
      code: "REFUND_EXCEEDS_PAID",
      issue: "left:0",
    });
  });

  it.each([
    ["an amount that is not one", "12,345.00", "REFUND_AMOUNT_INVALID"],
    ["zero", "0", "REFUND_AMOUNT_INVALID"],
    ["a fraction of a centavo", "1.001", "REFUND_AMOUNT_INVALID"],
  ])("refuses %s (%s) and audits it", async (_name, amount, code) => {
    const booking = await roundTrip(4, 1);
    expect((await refusal(refundBooking(refundDeps(), command(booking, amount)))).code).toBe(code);
    expect((await auditOf(booking))[0]).toMatchObject({ outcome: "refused", reason: code });
    expect(await findRefunds(db(), booking.id)).toEqual([]);
  });

  it("refuses a booking that does not exist and a form without its token", async () => {
    const booking = await roundTrip(4, 1);
    expect((await refusal(refundBooking(refundDeps(), command(booking, "1", { reference: "ZZZZZ0" })))).code).toBe(
      "BOOKING_NOT_FOUND",
    );
    expect((await refusal(refundBooking(refundDeps(), command(booking, "1", { key: "x" })))).code).toBe(
      "INVALID_REQUEST",
    );
    const [refused] = await db()
      .select({ n: count() })
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, "ZZZZZ0"), eq(auditEntries.outcome, "refused")));
    expect(refused?.n).toBe(1);
  });
});

describe("a refund sent twice or interrupted", () => {
  it("is one refund when the same form is sent twice (a double click), at the provider too", async () => {
    const booking = await roundTrip(5, 1);
    const form = command(booking, "20");
    const [first, second] = await Promise.all([refundBooking(refundDeps(), form), refundBooking(refundDeps(), form)]);
    expect(first.refund.id).toBe(second.refund.id);
    expect([first.replayed, second.replayed].sort()).toEqual([false, true]);
    expect((await providerRefunds(booking)).length).toBe(1);
    const again = await refundBooking(refundDeps(), form);
    expect(again).toMatchObject({ replayed: true, refund: { id: first.refund.id, status: "succeeded" } });
  });

  it("stays pending when the provider does not answer, still counts against what is left, and the same form finishes it", async () => {
    const booking = await roundTrip(6, 1);
    const down: PaymentProvider = {
      ...provider,
      refundPayment: () => Promise.reject(new AppError("PAYMENT_PROVIDER_UNAVAILABLE")),
    };
    const form = command(booking, ((booking.totalMinor - 100) / 100).toFixed(2));
    expect((await refusal(refundBooking(refundDeps({ provider: down }), form))).code).toBe(
      "PAYMENT_PROVIDER_UNAVAILABLE",
    );
    expect((await findRefunds(db(), booking.id)).map((refund) => refund.status)).toEqual(["pending"]);
    expect((await auditOf(booking))[0]).toMatchObject({ outcome: "refused", reason: "PAYMENT_PROVIDER_UNAVAILABLE" });
    // Another refund cannot take what the pending one holds.
    expect((await refusal(refundBooking(refundDeps(), command(booking, "1.01")))).code).toBe("REFUND_EXCEEDS_PAID");
    const { refund } = await refundBooking(refundDeps(), form);
    expect(refund.status).toBe("succeeded");
    expect((await providerRefunds(booking)).length).toBe(1);
  });

  it("is failed when the provider refuses it (money given back at its dashboard meanwhile), and the same form is refused again", async () => {
    const booking = await roundTrip(6, 1);
    await provider.refundPayment((await paymentIdOf(booking))!, {
      amountMinor: booking.totalMinor - 500,
      idempotencyKey: `dashboard-${booking.id}`,
    });
    const form = command(booking, "10");
    expect(await refusal(refundBooking(refundDeps(), form))).toEqual({
      code: "REFUND_EXCEEDS_PAID",
      issue: "PAYMENT_AMOUNT_EXCEEDED",
    });
    expect((await findRefunds(db(), booking.id)).map((refund) => [refund.status, refund.failureCode])).toEqual([
      ["failed", "PAYMENT_AMOUNT_EXCEEDED"],
    ]);
    expect(await refusal(refundBooking(refundDeps(), form))).toEqual({
      code: "REFUND_EXCEEDS_PAID",
      issue: "PAYMENT_AMOUNT_EXCEEDED",
    });
    expect((await auditOf(booking)).slice(0, 2).map((entry) => [entry.outcome, entry.reason])).toEqual([
      ["refused", "REFUND_EXCEEDS_PAID"],
      ["refused", "REFUND_EXCEEDS_PAID"],
    ]);
    // A failed refund holds nothing: what the provider still has can be refunded.
    const { refund } = await refundBooking(refundDeps(), command(booking, "5"));
    expect(refund.status).toBe("succeeded");
  });

  it("the provider's refund webhook, delivered twice, changes nothing on our side", async () => {
    const booking = await roundTrip(7, 1);
    await refundBooking(refundDeps(), command(booking, "10"));
    const events = await findEvents(db(), (await paymentIdOf(booking))!);
    const refunded = events.find((event) => event.type === "payment.refunded")!;
    const historyBefore = await db()
      .select({ n: count() })
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, booking.id));
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const signed = webhookDelivery(refunded, SANDBOX_TEST_WEBHOOK_SECRET, NOW);
      const answer = await harness.app.request("/api/payments/webhook", {
        method: "POST",
        headers: signed.headers,
        body: signed.body,
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ received: true, duplicate: delivery === 1 });
    }
    expect((await findBooking(db(), { id: booking.id }))?.status).toBe("ticketed");
    expect(
      await db().select({ n: count() }).from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id)),
    ).toEqual(historyBefore);
    expect((await db().select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, booking.id))).length).toBe(1);
  });
});

describe("the console's reads", () => {
  it("finds bookings by reference, by e-mail (any case, or its beginning) and by name, a page at a time", async () => {
    const mine = await roundTrip(8, 1, { name: "Zacarías Öztürk", email: "Zaca.Ozturk@Example.com" });
    const also = await roundTrip(8, 1, { name: "Zacarías Öztürk", email: "zaca.ozturk@example.com" });
    const byReference = await searchBookings(db(), readBookingQuery(mine.reference.toLowerCase()), null);
    expect(byReference.bookings.map((row) => row.id)).toEqual([mine.id]);
    const byEmail = await searchBookings(db(), readBookingQuery("ZACA.OZTURK@"), null);
    expect(new Set(byEmail.bookings.map((row) => row.id))).toEqual(new Set([mine.id, also.id]));
    const firstPage = await searchBookings(db(), readBookingQuery("zacarías öz"), null, 1);
    expect(firstPage.bookings).toHaveLength(1);
    expect(firstPage.next).not.toBeNull();
    const secondPage = await searchBookings(db(), readBookingQuery("zacarías öz"), firstPage.next, 1);
    expect(secondPage.bookings).toHaveLength(1);
    expect(secondPage.bookings[0]!.id).not.toBe(firstPage.bookings[0]!.id);
    expect(secondPage.next).toBeNull();
    // LIKE's own characters are taken literally.
    expect((await searchBookings(db(), readBookingQuery("%"), null)).bookings).toEqual([]);
  });

  it("the sales report nets refunds per day, product and currency, in MXN too", async () => {
    const report = await findSalesReport(db(), { from: "2031-03-03", to: "2031-03-03" }, "es");
    const [ferry] = report.rows;
    expect(report.rows).toHaveLength(1);
    const refunds = await db().select().from(bookingRefunds).where(eq(bookingRefunds.status, "succeeded"));
    const refunded = refunds.reduce((total, refund) => total + refund.amountMinor, 0);
    expect(ferry).toMatchObject({
      date: "2031-03-03",
      currency: "MXN",
      refundedMinor: refunded,
      netMinor: ferry!.grossMinor - refunded,
    });
    expect(ferry!.netMxnMinor).toBe(ferry!.netMinor);
    expect(report.totalMxn.refundedMinor).toBe(refunded);
    expect((await findSalesReport(db(), { from: "2031-03-04", to: "2031-03-10" }, "es")).rows).toEqual([]);
  });
});
