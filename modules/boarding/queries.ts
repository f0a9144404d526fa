// Reads and writes of boarding: the tickets a scan names (locked), the scans devices reported, the
// tickets a signed list carries, and a sailing's manifest. flows/boarding.ts holds the transactions.
import { and, asc, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import { bookings, tickets } from "../bookings/index.ts";
import { boardingScans, boothSales } from "./schema.ts";

export type BoardingScanRow = typeof boardingScans.$inferSelect;
export type NewBoardingScan = typeof boardingScans.$inferInsert;

/** A booking in one of these states has tickets that board; any other state means cancelled. */
const BOARDABLE_BOOKING = ["ticketed", "paid"] as const;

export interface TicketForBoarding {
  id: string;
  code: string;
  bookingId: string;
  bookingReference: string;
  bookingStatus: string;
  status: "valid" | "used" | "void";
  passengerType: "adult" | "child" | "infant";
  passengerName: string | null;
  fareCategory: "tourist" | "resident";
  sailingId: number | null;
  /** Open ferry tickets: the one crossing they board (null: not recorded, any). */
  crossingId: number | null;
  activityId: number | null;
  validUntil: string | null;
}

export function isCancelled(ticket: Pick<TicketForBoarding, "status" | "bookingStatus">): boolean {
  return ticket.status === "void" || !(BOARDABLE_BOOKING as readonly string[]).includes(ticket.bookingStatus);
}

function ticketColumns() {
  return {
    id: tickets.id,
    code: tickets.code,
    bookingId: tickets.bookingId,
    bookingReference: bookings.reference,
    bookingStatus: bookings.status,
    status: tickets.status,
    passengerType: tickets.passengerType,
    passengerName: tickets.passengerName,
    fareCategory: sql<
      "tourist" | "resident"
    >`(select bl.category from booking_lines bl where bl.id = ${tickets.bookingLineId})`,
    sailingId: tickets.sailingId,
    crossingId: tickets.crossingId,
    activityId: tickets.activityId,
    validUntil: tickets.validUntil,
  };
}

/**
 * The ticket of `code`, its row locked (FOR UPDATE OF tickets): two devices scanning one ticket at
 * once are served one after the other, and the second sees the first one's boarding.
 */
export async function lockTicketByCode(tx: Database, code: string): Promise<TicketForBoarding | null> {
  const [row] = await tx
    .select(ticketColumns())
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .where(eq(tickets.code, code))
    .for("update", { of: tickets });
  return row ?? null;
}

export async function findScan(db: Database, id: string): Promise<BoardingScanRow | null> {
  const [row] = await db.select().from(boardingScans).where(eq(boardingScans.id, id));
  return row ?? null;
}

export async function findBoarding(db: Database, ticketId: string): Promise<BoardingScanRow | null> {
  const [row] = await db
    .select()
    .from(boardingScans)
    .where(and(eq(boardingScans.ticketId, ticketId), eq(boardingScans.outcome, "boarded")));
  return row ?? null;
}

export async function insertScan(tx: Database, scan: NewBoardingScan): Promise<BoardingScanRow> {
  const [row] = await tx.insert(boardingScans).values(scan).returning();
  if (!row) throw new Error("scan not stored");
  return row;
}

export async function markTicketUsed(tx: Database, ticketId: string): Promise<void> {
  await tx.update(tickets).set({ status: "used" }).where(eq(tickets.id, ticketId));
}

export interface ListTicketRow extends TicketForBoarding {
  boardedAt: Date | null;
  boardedSailingId: number | null;
}

/**
 * What a device's list carries: every ticket of the given sailings (the day's), and every open ferry
 * ticket still good on `serviceDate` (an open ticket has no sailing until it boards one).
 */
export async function findListTickets(
  db: Database,
  sailingIds: readonly number[],
  serviceDate: string,
): Promise<ListTicketRow[]> {
  const openFerry = and(isNull(tickets.sailingId), isNull(tickets.activityId), gte(tickets.validUntil, serviceDate));
  const rows = await db
    .select({ ...ticketColumns(), boardedAt: boardingScans.recordedAt, boardedSailingId: boardingScans.sailingId })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .leftJoin(boardingScans, and(eq(boardingScans.ticketId, tickets.id), eq(boardingScans.outcome, "boarded")))
    .where(
      and(
        inArray(bookings.status, ["paid", "ticketed", "refunded", "cancelled"]),
        sailingIds.length > 0 ? or(inArray(tickets.sailingId, [...sailingIds]), openFerry) : openFerry,
      ),
    )
    .orderBy(asc(tickets.code));
  return rows;
}

export interface ManifestRow extends TicketForBoarding {
  boardedAt: Date | null;
  boardedBy: string | null;
}

/** The passengers of a sailing: its own tickets, and the open tickets that boarded it. */
export async function findManifestRows(db: Database, sailingId: number): Promise<ManifestRow[]> {
  return db
    .select({ ...ticketColumns(), boardedAt: boardingScans.recordedAt, boardedBy: boardingScans.staffLabel })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .leftJoin(boardingScans, and(eq(boardingScans.ticketId, tickets.id), eq(boardingScans.outcome, "boarded")))
    .where(
      and(
        inArray(bookings.status, ["paid", "ticketed", "refunded", "cancelled"]),
        or(eq(tickets.sailingId, sailingId), and(isNull(tickets.sailingId), eq(boardingScans.sailingId, sailingId))),
      ),
    )
    .orderBy(asc(tickets.code));
}

/** Scans refused on a sailing, newest first: the operator sees second scans, forgeries and offline conflicts. */
export async function findRefusedScans(db: Database, sailingId: number, limit = 50): Promise<BoardingScanRow[]> {
  return db
    .select()
    .from(boardingScans)
    .where(and(eq(boardingScans.sailingId, sailingId), eq(boardingScans.outcome, "refused")))
    .orderBy(sql`${boardingScans.recordedAt} desc`)
    .limit(limit);
}

/** A fingerprint of a sailing's scans: the manifest page asks again only when it changed. */
export async function scanVersionOf(db: Database, sailingId: number): Promise<string> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, last: sql<string | null>`max(${boardingScans.recordedAt})::text` })
    .from(boardingScans)
    .where(eq(boardingScans.sailingId, sailingId));
  return `${row?.count ?? 0}:${row?.last ?? "-"}`;
}

export async function insertBoothSale(tx: Database, sale: typeof boothSales.$inferInsert): Promise<void> {
  await tx.insert(boothSales).values(sale);
}
