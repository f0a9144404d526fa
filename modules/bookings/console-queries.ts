// Reads and writes of the operator's console: the bookings search, a booking's refunds,
// cancelling tickets. The use cases (flows/refunds.ts, flows/console-bookings.ts) hold the transactions.
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import { normalizeReference } from "./rules.ts";
import { bookingRefunds, bookings, tickets, type RefundLineShare } from "./schema.ts";
import type { BookingRow, TicketRow } from "./queries.ts";

export type BookingRefundRow = typeof bookingRefunds.$inferSelect;

/** Bookings a search page shows at most; the next page follows with a cursor. */
export const SEARCH_PAGE_SIZE = 20;
/** Longest search text read: a name or an e-mail address fits, nothing else needs more. */
export const SEARCH_TEXT_MAX = 120;

/** What a search text is taken for: a reference (it may also be a six-letter name), an e-mail address, a name, or nothing (latest bookings). */
export type BookingQuery =
  | { kind: "latest" }
  | { kind: "reference"; reference: string; name: string }
  | { kind: "email"; email: string }
  | { kind: "name"; name: string };

export function readBookingQuery(text: string): BookingQuery {
  const trimmed = text.trim().slice(0, SEARCH_TEXT_MAX);
  if (trimmed.length === 0) return { kind: "latest" };
  if (trimmed.includes("@")) return { kind: "email", email: trimmed.toLowerCase() };
  const reference = normalizeReference(trimmed);
  if (reference) return { kind: "reference", reference, name: trimmed.toLowerCase() };
  return { kind: "name", name: trimmed.toLowerCase() };
}

/** LIKE's own characters taken literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Keyset cursor: the last row of a page (created_at, id); the next page starts after it. */
export interface SearchCursor {
  createdAt: Date;
  id: string;
}

export function cursorText(cursor: SearchCursor): string {
  return `${cursor.createdAt.toISOString()}_${cursor.id}`;
}

export function readCursor(text: string | null | undefined): SearchCursor | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/.exec(text ?? "");
  if (!match) return null;
  const createdAt = new Date(match[1]!);
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id: match[2]! };
}

export interface BookingSearchResult {
  bookings: (BookingRow & { refundedMinor: number })[];
  next: SearchCursor | null;
}

/**
 * Bookings matching the search, newest first, one page. A reference is found by its unique index; an
 * e-mail whole or by its beginning through the lower(buyer_email) index; a name anywhere in it, read
 * newest first along the created_at index and cut at the page size (ADR 0039).
 */
export async function searchBookings(
  db: Database,
  query: BookingQuery,
  after: SearchCursor | null,
  limit = SEARCH_PAGE_SIZE,
): Promise<BookingSearchResult> {
  const conditions: SQL[] = [];
  if (query.kind === "reference") {
    conditions.push(
      or(
        eq(bookings.reference, query.reference),
        sql`lower(${bookings.buyerName}) like ${`%${likeLiteral(query.name)}%`}`,
      )!,
    );
  } else if (query.kind === "email") {
    conditions.push(sql`lower(${bookings.buyerEmail}) like ${`${likeLiteral(query.email)}%`}`);
  } else if (query.kind === "name") {
    conditions.push(sql`lower(${bookings.buyerName}) like ${`%${likeLiteral(query.name)}%`}`);
  }
  if (after)
    conditions.push(
      sql`(${bookings.createdAt}, ${bookings.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`,
    );
  const rows = await db
    .select()
    .from(bookings)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const refunded = await refundedTotals(
    db,
    page.map((row) => row.id),
  );
  const last = page.at(-1);
  return {
    bookings: page.map((row) => ({ ...row, refundedMinor: refunded.get(row.id) ?? 0 })),
    next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null,
  };
}

/** Money given back per booking (succeeded refunds only). */
export async function refundedTotals(db: Database, bookingIds: readonly string[]): Promise<Map<string, number>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({ bookingId: bookingRefunds.bookingId, total: sql<string>`sum(${bookingRefunds.amountMinor})` })
    .from(bookingRefunds)
    .where(and(inArray(bookingRefunds.bookingId, [...bookingIds]), eq(bookingRefunds.status, "succeeded")))
    .groupBy(bookingRefunds.bookingId);
  return new Map(rows.map((row) => [row.bookingId, Number(row.total)]));
}

export async function findRefunds(db: Database, bookingId: string): Promise<BookingRefundRow[]> {
  return db
    .select()
    .from(bookingRefunds)
    .where(eq(bookingRefunds.bookingId, bookingId))
    .orderBy(desc(bookingRefunds.createdAt), desc(bookingRefunds.id));
}

export async function findRefundById(db: Database, refundId: string): Promise<BookingRefundRow | null> {
  const [row] = await db.select().from(bookingRefunds).where(eq(bookingRefunds.id, refundId));
  return row ?? null;
}

export async function findRefundByKey(
  db: Database,
  idempotencyKey: string,
  options: { lock?: boolean } = {},
): Promise<BookingRefundRow | null> {
  const query = db.select().from(bookingRefunds).where(eq(bookingRefunds.idempotencyKey, idempotencyKey));
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

export interface NewRefund {
  bookingId: string;
  paymentId: string;
  idempotencyKey: string;
  amountMinor: number;
  currency: string;
  reason: string;
  ticketIds: string[];
  lineShares: RefundLineShare[];
  requestedBy: string;
  requestedByUserId: string | null;
}

/** A refund spoken for (pending): it counts against what is left to refund from now on. */
export async function insertPendingRefund(tx: Database, values: NewRefund, now: Date): Promise<BookingRefundRow> {
  const [row] = await tx
    .insert(bookingRefunds)
    .values({ ...values, id: randomUUID(), status: "pending", createdAt: now })
    .returning();
  if (!row) throw new Error("refund not stored");
  return row;
}

export async function settleRefund(
  tx: Database,
  refundId: string,
  outcome: { status: "succeeded"; providerRefundId: string } | { status: "failed"; failureCode: string },
  now: Date,
): Promise<BookingRefundRow> {
  const [row] = await tx
    .update(bookingRefunds)
    .set({
      status: outcome.status,
      completedAt: now,
      ...(outcome.status === "succeeded"
        ? { providerRefundId: outcome.providerRefundId }
        : { failureCode: outcome.failureCode }),
    })
    .where(and(eq(bookingRefunds.id, refundId), eq(bookingRefunds.status, "pending")))
    .returning();
  if (!row) throw new Error(`refund ${refundId} is not pending`);
  return row;
}

/** Refunds that count against what is left: given, or still pending at the provider. */
export function spokenForMinor(refunds: readonly Pick<BookingRefundRow, "status" | "amountMinor">[]): number {
  return refunds
    .filter((refund) => refund.status !== "failed")
    .reduce((total, refund) => total + refund.amountMinor, 0);
}

export function refundedMinorOf(refunds: readonly Pick<BookingRefundRow, "status" | "amountMinor">[]): number {
  return refunds
    .filter((refund) => refund.status === "succeeded")
    .reduce((total, refund) => total + refund.amountMinor, 0);
}

/** Cancels tickets that are still valid; returns the ones it cancelled (a ticket boarded meanwhile stays). */
export async function voidTickets(tx: Database, bookingId: string, ticketIds: readonly string[]): Promise<TicketRow[]> {
  if (ticketIds.length === 0) return [];
  return tx
    .update(tickets)
    .set({ status: "void" })
    .where(and(eq(tickets.bookingId, bookingId), inArray(tickets.id, [...ticketIds]), eq(tickets.status, "valid")))
    .returning();
}

/** Of these provider refund ids, the ones a refund of ours already carries. */
export async function findKnownProviderRefundIds(
  db: Database,
  providerRefundIds: readonly string[],
): Promise<Set<string>> {
  if (providerRefundIds.length === 0) return new Set();
  const rows = await db
    .select({ id: bookingRefunds.providerRefundId })
    .from(bookingRefunds)
    .where(inArray(bookingRefunds.providerRefundId, [...providerRefundIds]));
  return new Set(rows.flatMap((row) => (row.id === null ? [] : [row.id])));
}
