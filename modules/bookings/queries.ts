// Reads and writes of bookings, their lines, tickets, payment attempts and received webhooks. The
// use cases (flows/checkout.ts) hold the transactions and the locks; rules.ts decides.
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import { AppError } from "../../lib/errors.ts";
import { queueBookingEvent, type WebhookEventType } from "../webhooks/index.ts";
import { assertCanMove, readDateChangeReason, type BookingStatus } from "./rules.ts";
import { bookingEvents, bookingLines, bookingPayments, bookings, paymentWebhookEvents, tickets } from "./schema.ts";

export type BookingRow = typeof bookings.$inferSelect;
export type BookingLineRow = typeof bookingLines.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;
export type BookingPaymentRow = typeof bookingPayments.$inferSelect;
export type BookingEventRow = typeof bookingEvents.$inferSelect;
export type NewBooking = Omit<typeof bookings.$inferInsert, "status" | "createdAt" | "updatedAt" | "paidAt"> & {
  id: string;
};
export type NewBookingLine = Omit<typeof bookingLines.$inferInsert, "id" | "bookingId">;

/** Seats sold to a booking line are kept in seat_allocations under this reference. */
export function saleReferenceOf(bookingLineId: string): string {
  return `booking-line:${bookingLineId}`;
}

export async function insertBooking(tx: Database, values: NewBooking, now: Date, reason: string): Promise<BookingRow> {
  const [row] = await tx
    .insert(bookings)
    .values({ ...values, status: "pending_payment", createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error("booking not stored");
  await tx
    .insert(bookingEvents)
    .values({ bookingId: row.id, fromStatus: null, toStatus: "pending_payment", reason, at: now });
  return row;
}

export type BookingChoice = Pick<
  BookingRow,
  "buyerName" | "buyerEmail" | "buyerPhone" | "buyerCountry" | "paymentMethod" | "instalmentMonths" | "language"
>;

/** The buyer's details and payment choice, which may change between attempts of a waiting booking. */
export async function updateBookingChoice(
  tx: Database,
  bookingId: string,
  choice: BookingChoice,
  now: Date,
): Promise<BookingRow> {
  const [row] = await tx
    .update(bookings)
    .set({ ...choice, updatedAt: now })
    .where(eq(bookings.id, bookingId))
    .returning();
  if (!row) throw new AppError("BOOKING_NOT_FOUND");
  return row;
}

export async function insertBookingLines(
  tx: Database,
  bookingId: string,
  lines: readonly NewBookingLine[],
): Promise<BookingLineRow[]> {
  if (lines.length === 0) return [];
  return tx
    .insert(bookingLines)
    .values(lines.map((line) => ({ ...line, id: randomUUID(), bookingId })))
    .returning();
}

export async function findBooking(
  db: Database,
  where: { id: string } | { reference: string },
  options: { lock?: boolean } = {},
): Promise<BookingRow | null> {
  const condition = "id" in where ? eq(bookings.id, where.id) : eq(bookings.reference, where.reference);
  const query = db.select().from(bookings).where(condition);
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

/**
 * The bookings bought with an e-mail address, newest first: the address compared trimmed and
 * case-insensitively (buyers type it as they like). Only bookings that got as far as the money or
 * past it: a checkout abandoned before paying is no booking to show anyone.
 */
export async function findBookingsByBuyerEmail(db: Database, email: string, limit = 50): Promise<BookingRow[]> {
  const key = email.trim().toLowerCase();
  if (key.length === 0) return [];
  return db
    .select()
    .from(bookings)
    .where(
      and(
        sql`lower(trim(${bookings.buyerEmail})) = ${key}`,
        inArray(bookings.status, ["paid", "ticketed", "cancelled", "refunded"]),
      ),
    )
    .orderBy(desc(bookings.createdAt))
    .limit(limit);
}

export async function findActiveBookingOfCart(
  db: Database,
  cartId: string,
  options: { lock?: boolean } = { lock: true },
): Promise<BookingRow | null> {
  const query = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.cartId, cartId), inArray(bookings.status, ["pending_payment", "paid", "ticketed"])));
  const [row] = options.lock === false ? await query : await query.for("update");
  return row ?? null;
}

/** Moves a booking (already locked by the caller) and writes the history row; refuses a move the lifecycle forbids. */
export async function moveBooking(
  tx: Database,
  booking: BookingRow,
  to: BookingStatus,
  reason: string,
  now: Date,
): Promise<BookingRow> {
  assertCanMove(booking.status, to);
  const [row] = await tx
    .update(bookings)
    .set({ status: to, updatedAt: now, ...(to === "paid" ? { paidAt: now } : {}) })
    .where(eq(bookings.id, booking.id))
    .returning();
  if (!row) throw new AppError("BOOKING_NOT_FOUND");
  await tx
    .insert(bookingEvents)
    .values({ bookingId: booking.id, fromStatus: booking.status, toStatus: to, reason, at: now });
  const type = WEBHOOK_EVENT_OF_STATUS[to];
  if (type)
    await queueBookingEvent(
      tx,
      {
        type,
        bookingId: row.id,
        reference: row.reference,
        status: to,
        previousStatus: booking.status,
        totalMinor: row.totalMinor,
        currency: row.currency,
      },
      now,
    );
  return row;
}

/** The outgoing webhook (ADR 0042) a move announces, in the transaction that makes it. */
const WEBHOOK_EVENT_OF_STATUS: Partial<Record<BookingStatus, WebhookEventType>> = {
  paid: "booking.paid",
  cancelled: "booking.cancelled",
  refunded: "booking.refunded",
};

export async function findBookingLines(db: Database, bookingId: string): Promise<BookingLineRow[]> {
  return db
    .select()
    .from(bookingLines)
    .where(eq(bookingLines.bookingId, bookingId))
    .orderBy(asc(bookingLines.position));
}

export async function findBookingEvents(db: Database, bookingId: string): Promise<BookingEventRow[]> {
  return db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.id));
}

export async function insertTickets(
  tx: Database,
  bookingId: string,
  rows: readonly Omit<typeof tickets.$inferInsert, "id" | "bookingId">[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(tickets).values(rows.map((row) => ({ ...row, id: randomUUID(), bookingId })));
}

export async function findTickets(db: Database, bookingId: string): Promise<TicketRow[]> {
  return db.select().from(tickets).where(eq(tickets.bookingId, bookingId)).orderBy(asc(tickets.code));
}

export async function findPayments(db: Database, bookingId: string): Promise<BookingPaymentRow[]> {
  return db
    .select()
    .from(bookingPayments)
    .where(eq(bookingPayments.bookingId, bookingId))
    .orderBy(desc(bookingPayments.attempt));
}

export async function insertPayment(
  tx: Database,
  values: Pick<
    BookingPaymentRow,
    "bookingId" | "attempt" | "provider" | "idempotencyKey" | "method" | "amountMinor" | "currency" | "instalmentMonths"
  >,
  now: Date,
): Promise<BookingPaymentRow> {
  const [row] = await tx
    .insert(bookingPayments)
    .values({ ...values, id: randomUUID(), status: "created", createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error("payment not stored");
  return row;
}

export async function updatePayment(
  db: Database,
  paymentId: string,
  values: Partial<
    Pick<
      BookingPaymentRow,
      | "providerPaymentId"
      | "status"
      | "failureCode"
      | "cardBrand"
      | "cardLast4"
      | "cardIssuer"
      | "redirectUrl"
      | "instalmentMonths"
      | "capturedMinor"
      | "capturedCurrency"
      | "financedBy"
    >
  >,
  now: Date,
): Promise<BookingPaymentRow> {
  const [row] = await db
    .update(bookingPayments)
    .set({ ...values, updatedAt: now })
    .where(eq(bookingPayments.id, paymentId))
    .returning();
  if (!row) throw new Error(`payment ${paymentId} vanished`);
  return row;
}

export async function findPaymentByProviderId(
  db: Database,
  provider: string,
  providerPaymentId: string,
): Promise<BookingPaymentRow | null> {
  const [row] = await db
    .select()
    .from(bookingPayments)
    .where(and(eq(bookingPayments.provider, provider), eq(bookingPayments.providerPaymentId, providerPaymentId)));
  return row ?? null;
}

/**
 * Records a webhook event id. "new" the first time; "unfinished" when an earlier delivery was received
 * but its processing did not complete (it is processed again); "processed" for a true replay.
 */
export async function recordWebhookEvent(
  db: Database,
  event: { eventId: string; provider: string; type: string; providerPaymentId: string },
  now: Date,
): Promise<"new" | "unfinished" | "processed"> {
  const inserted = await db
    .insert(paymentWebhookEvents)
    .values({ ...event, receivedAt: now })
    .onConflictDoNothing()
    .returning({ eventId: paymentWebhookEvents.eventId });
  if (inserted.length > 0) return "new";
  const [row] = await db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, event.eventId));
  return row?.processedAt ? "processed" : "unfinished";
}

export async function markWebhookProcessed(db: Database, eventId: string, now: Date): Promise<void> {
  await db.update(paymentWebhookEvents).set({ processedAt: now }).where(eq(paymentWebhookEvents.eventId, eventId));
}

/** Bookings still waiting for money whose seats are no longer held: the sweep fails them. */
export async function findLapsedBookings(db: Database, now: Date, limit: number): Promise<{ id: string }[]> {
  return db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, "pending_payment"), lte(bookings.holdExpiresAt, now)))
    .orderBy(asc(bookings.holdExpiresAt))
    .limit(limit);
}

/**
 * Payments our side has not settled although the provider may have: attempts the provider knows (an id
 * recorded) that are still open here, of bookings still waiting for money that were placed at or before
 * `placedBefore`, oldest first. What reconciliation asks the provider about (ADR 0034).
 */
export async function findUnsettledPayments(
  db: Database,
  placedBefore: Date,
  limit: number,
): Promise<{ bookingId: string; providerPaymentId: string }[]> {
  const rows = await db
    .select({ bookingId: bookingPayments.bookingId, providerPaymentId: bookingPayments.providerPaymentId })
    .from(bookingPayments)
    .innerJoin(bookings, eq(bookings.id, bookingPayments.bookingId))
    .where(
      and(
        eq(bookings.status, "pending_payment"),
        lte(bookings.createdAt, placedBefore),
        isNotNull(bookingPayments.providerPaymentId),
        inArray(bookingPayments.status, ["requires_payment_method", "requires_action", "authorized", "captured"]),
      ),
    )
    .orderBy(asc(bookings.createdAt), asc(bookingPayments.attempt))
    .limit(limit);
  return rows.flatMap((row) =>
    row.providerPaymentId ? [{ bookingId: row.bookingId, providerPaymentId: row.providerPaymentId }] : [],
  );
}

/** A history row that is not a change of status (a date change, the tickets mailed, a resend asked for): from and to are the booking's status. */
export async function recordBookingEvent(tx: Database, booking: BookingRow, reason: string, now: Date): Promise<void> {
  await tx
    .insert(bookingEvents)
    .values({ bookingId: booking.id, fromStatus: booking.status, toStatus: booking.status, reason, at: now });
  await tx.update(bookings).set({ updatedAt: now }).where(eq(bookings.id, booking.id));
  const change = readDateChangeReason(reason);
  if (change) {
    const facts = {
      bookingId: booking.id,
      reference: booking.reference,
      status: booking.status,
      previousStatus: booking.status,
      totalMinor: booking.totalMinor,
      currency: booking.currency,
    };
    await queueBookingEvent(tx, { type: "booking.date_changed", ...facts, change }, now);
  }
}

export type LineSchedule = Pick<
  BookingLineRow,
  "serviceDate" | "returnDate" | "outboundSailingId" | "inboundSailingId"
>;

/**
 * Moves a booking line and its tickets to a new schedule: each leg's tickets follow their leg (the
 * outbound tickets to the new outbound sailing, the return's to the new return), an activity's to its
 * new day. Ticket codes stay: the QR a buyer already has keeps working.
 */
export async function rescheduleBookingLine(tx: Database, line: BookingLineRow, to: LineSchedule): Promise<void> {
  await tx.update(bookingLines).set(to).where(eq(bookingLines.id, line.id));
  if (line.kind === "activity") {
    await tx.update(tickets).set({ serviceDate: to.serviceDate }).where(eq(tickets.bookingLineId, line.id));
    return;
  }
  const legs = [
    { from: line.outboundSailingId, sailingId: to.outboundSailingId, serviceDate: to.serviceDate },
    { from: line.inboundSailingId, sailingId: to.inboundSailingId, serviceDate: to.returnDate },
  ];
  // Both legs are read before either is written, so a leg moving onto the other's old sailing id cannot be mixed up.
  const rows = await tx
    .select({ id: tickets.id, sailingId: tickets.sailingId })
    .from(tickets)
    .where(eq(tickets.bookingLineId, line.id));
  for (const leg of legs) {
    if (leg.from === null) continue;
    const ids = rows.filter((row) => row.sailingId === leg.from).map((row) => row.id);
    if (ids.length > 0)
      await tx
        .update(tickets)
        .set({ sailingId: leg.sailingId, serviceDate: leg.serviceDate })
        .where(inArray(tickets.id, ids));
  }
}

/** The buyer's name, e-mail and phone as an operator corrected them. */
export async function updateBuyerDetails(
  tx: Database,
  bookingId: string,
  buyer: Pick<BookingRow, "buyerName" | "buyerEmail" | "buyerPhone">,
  now: Date,
): Promise<BookingRow> {
  const [row] = await tx
    .update(bookings)
    .set({ ...buyer, updatedAt: now })
    .where(eq(bookings.id, bookingId))
    .returning();
  if (!row) throw new AppError("BOOKING_NOT_FOUND");
  return row;
}

/** A line's new schedule, and only the named tickets moved with it (cancelled and boarded ones stay where they were). */
export async function rescheduleLiveTickets(
  tx: Database,
  lineId: string,
  to: LineSchedule,
  moves: readonly { ticketIds: readonly string[]; sailingId: number | null; serviceDate: string | null }[],
): Promise<void> {
  await tx.update(bookingLines).set(to).where(eq(bookingLines.id, lineId));
  for (const move of moves) {
    if (move.ticketIds.length === 0) continue;
    await tx
      .update(tickets)
      .set({ sailingId: move.sailingId, serviceDate: move.serviceDate })
      .where(
        and(eq(tickets.bookingLineId, lineId), inArray(tickets.id, [...move.ticketIds]), eq(tickets.status, "valid")),
      );
  }
}

/**
 * The ticketed bookings holding valid tickets on any of these sailings, each with which of them:
 * the people to tell when the sailings are closed.
 */
export async function findTicketHoldersOnSailings(
  db: Database,
  sailingIds: readonly number[],
): Promise<{ bookingId: string; sailingIds: number[] }[]> {
  if (sailingIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ bookingId: tickets.bookingId, sailingId: tickets.sailingId })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .where(
      and(inArray(tickets.sailingId, [...sailingIds]), eq(tickets.status, "valid"), eq(bookings.status, "ticketed")),
    )
    .orderBy(asc(tickets.bookingId));
  const byBooking = new Map<string, number[]>();
  for (const row of rows) {
    if (row.sailingId === null) continue;
    byBooking.set(row.bookingId, [...(byBooking.get(row.bookingId) ?? []), row.sailingId]);
  }
  return [...byBooking].map(([bookingId, ids]) => ({ bookingId, sailingIds: ids.sort((a, b) => a - b) }));
}

/** Ticketed bookings holding valid tickets for an activity on a day (a closed park or tour day tells them). */
export async function findTicketHoldersOfActivityDay(
  db: Database,
  activityId: number,
  date: string,
): Promise<{ bookingId: string }[]> {
  const rows = await db
    .selectDistinct({ bookingId: tickets.bookingId })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .where(
      and(
        eq(tickets.activityId, activityId),
        eq(tickets.serviceDate, date),
        eq(tickets.status, "valid"),
        eq(bookings.status, "ticketed"),
      ),
    )
    .orderBy(asc(tickets.bookingId));
  return rows;
}

/** The bookings whose history has this exact line (those a closure told, `sailing_closed:<id>`), oldest first. */
export async function findBookingIdsWithEvent(db: Database, reason: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ bookingId: bookingEvents.bookingId })
    .from(bookingEvents)
    .where(eq(bookingEvents.reason, reason))
    .orderBy(asc(bookingEvents.bookingId));
  return rows.map((row) => row.bookingId);
}

/**
 * Turns a dated ferry line into open tickets (its sailing was closed and the buyer chose an open
 * ticket): the line becomes undated, and each of its still-valid tickets keeps its code (the QR the
 * buyer has keeps working) but loses its sailing and is valid until `validUntil` on any sailing of
 * the crossing (and direction) it was on.
 */
export async function turnLineIntoOpenTickets(tx: Database, line: BookingLineRow, validUntil: string): Promise<number> {
  await tx
    .update(bookingLines)
    .set({ trip: "open", serviceDate: null, returnDate: null, outboundSailingId: null, inboundSailingId: null })
    .where(eq(bookingLines.id, line.id));
  const rows = await tx
    .update(tickets)
    // Each keeps the crossing of the sailing it leaves (read before the update clears it): an open
    // ticket boards only its own crossing and direction.
    .set({
      sailingId: null,
      serviceDate: null,
      validUntil,
      crossingId: sql`(select s.crossing_id from sailings s where s.id = ${tickets.sailingId})`,
    })
    .where(and(eq(tickets.bookingLineId, line.id), eq(tickets.status, "valid")))
    .returning({ id: tickets.id });
  return rows.length;
}
