// The invariants every payment fault must leave intact (ADR 0034), checked the same way at the
// end of each fault test, against the provider's own records (the sandbox's tables) and ours:
//   - no paid booking lost: every payment the provider holds money for belongs to a ticketed booking
//     with tickets, and every payment it refunded in full to a refunded booking;
//   - no double charge: at most one payment with money kept per booking, one capture per payment;
//   - holds freed: at `at` (past every hold's expiry, after the sweep ran then) no booking still waits
//     for money, and the seats taken (sold, plus held and not expired at `at`) are exactly the seats of
//     the ticketed bookings plus the holds still running — nothing leaked to a booking without tickets.
import { and, count, eq, gt, inArray, isNull, like, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../../lib/db.ts";
import { bookingLines, bookingPayments, bookings, tickets } from "../../modules/bookings/index.ts";
import { seatAllocations } from "../../modules/inventory/index.ts";
import { sandboxPspEvents, sandboxPspIntents } from "../../sandbox-psp/index.ts";

export interface PaymentInvariantFigures {
  /** Payments the provider keeps money for. */
  charged: number;
  ticketedBookings: number;
  /** Seats sold to ticketed bookings. */
  soldSeats: number;
  /** Seats held and not expired at `at`. */
  runningHolds: number;
}

const SALE_PREFIX = "booking-line:";

export async function expectPaymentInvariants(db: Database, at: Date): Promise<PaymentInvariantFigures> {
  // What the provider says it holds, by payment, with the booking our side tied it to.
  const intents = await db
    .select({
      intentId: sandboxPspIntents.id,
      captured: sandboxPspIntents.amountCapturedMinor,
      refunded: sandboxPspIntents.amountRefundedMinor,
      bookingId: bookingPayments.bookingId,
      bookingStatus: bookings.status,
    })
    .from(sandboxPspIntents)
    .leftJoin(bookingPayments, eq(bookingPayments.providerPaymentId, sandboxPspIntents.id))
    .leftJoin(bookings, eq(bookings.id, bookingPayments.bookingId))
    .where(gt(sandboxPspIntents.amountCapturedMinor, 0));
  const charged = intents.filter((intent) => intent.captured > intent.refunded);
  const refundedInFull = intents.filter((intent) => intent.captured <= intent.refunded);

  // No paid booking lost.
  for (const intent of charged) {
    expect(
      { intent: intent.intentId, status: intent.bookingStatus },
      "a payment the provider charged belongs to a ticketed booking",
    ).toEqual({ intent: intent.intentId, status: "ticketed" });
    const [issued] = await db.select({ n: count() }).from(tickets).where(eq(tickets.bookingId, intent.bookingId!));
    expect(issued!.n, `booking ${intent.bookingId} is ticketed with tickets`).toBeGreaterThan(0);
  }
  for (const intent of refundedInFull) {
    expect(
      { intent: intent.intentId, status: intent.bookingStatus },
      "a payment refunded in full belongs to a refunded booking",
    ).toEqual({ intent: intent.intentId, status: "refunded" });
  }

  // No double charge: one payment keeps money per booking, and no payment was captured twice.
  const chargedBookings = charged.map((intent) => intent.bookingId);
  expect(new Set(chargedBookings).size, "one charged payment per booking").toBe(chargedBookings.length);
  const captures = await db
    .select({ intentId: sandboxPspEvents.intentId, n: count() })
    .from(sandboxPspEvents)
    .where(eq(sandboxPspEvents.type, "payment.captured"))
    .groupBy(sandboxPspEvents.intentId);
  expect(
    captures.filter((capture) => capture.n > 1),
    "payments captured more than once",
  ).toEqual([]);

  // Holds freed: nothing still waits for money past its hold, and the seats taken are the tickets' and the running holds'.
  const lapsed = await db
    .select({ reference: bookings.reference })
    .from(bookings)
    .where(
      and(eq(bookings.status, "pending_payment"), sql`${bookings.holdExpiresAt} <= ${at.toISOString()}::timestamptz`),
    );
  expect(lapsed, "bookings still waiting for money after their hold ran out and the sweep ran").toEqual([]);

  const sold = await db
    .select({ reference: seatAllocations.reference, quantity: sql<number>`sum(${seatAllocations.quantity})::int` })
    .from(seatAllocations)
    .where(
      and(
        eq(seatAllocations.state, "sold"),
        isNull(seatAllocations.releasedAt),
        like(seatAllocations.reference, `${SALE_PREFIX}%`),
      ),
    )
    .groupBy(seatAllocations.reference);
  const ticketedLines = await db
    .select({
      id: bookingLines.id,
      seats: bookingLines.seats,
      trip: bookingLines.trip,
      outbound: bookingLines.outboundSailingId,
      inbound: bookingLines.inboundSailingId,
      activity: bookingLines.activityId,
    })
    .from(bookingLines)
    .innerJoin(bookings, eq(bookings.id, bookingLines.bookingId))
    .where(inArray(bookings.status, ["paid", "ticketed"]));
  const expectedSold = new Map(
    ticketedLines
      .filter((line) => line.trip !== "open")
      .map((line) => [
        `${SALE_PREFIX}${line.id}`,
        line.seats * ((line.outbound ? 1 : 0) + (line.inbound ? 1 : 0) + (line.activity ? 1 : 0)),
      ]),
  );
  expect(
    new Map(sold.map((row) => [row.reference, row.quantity])),
    "seats sold are exactly the ticketed bookings' seats",
  ).toEqual(expectedSold);

  const [held] = await db
    .select({ seats: sql<number>`coalesce(sum(${seatAllocations.quantity}), 0)::int` })
    .from(seatAllocations)
    .where(
      and(
        eq(seatAllocations.state, "held"),
        isNull(seatAllocations.releasedAt),
        sql`${seatAllocations.expiresAt} > ${at.toISOString()}::timestamptz`,
      ),
    );
  const [ticketedCount] = await db.select({ n: count() }).from(bookings).where(eq(bookings.status, "ticketed"));
  return {
    charged: charged.length,
    ticketedBookings: ticketedCount!.n,
    soldSeats: [...expectedSold.values()].reduce((sum, seats) => sum + seats, 0),
    runningHolds: held!.seats,
  };
}
