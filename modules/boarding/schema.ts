import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  char,
  check,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bookings, tickets } from "../bookings/index.ts";
import { sailings } from "../inventory/index.ts";

export const boardingScanOutcome = pgEnum("boarding_scan_outcome", ["boarded", "refused"]);

/**
 * Every scan a boarding device reported, boarded or refused, keyed by the id the device gave it: a
 * device that syncs the same offline scans twice (a retry after a lost answer) changes nothing. At most
 * one boarding per ticket (partial unique index): the first scan to reach the server wins, a later one
 * is recorded as refused with TICKET_ALREADY_BOARDED — a conflict when the device had let them on offline.
 */
export const boardingScans = pgTable(
  "boarding_scans",
  {
    id: uuid("id").primaryKey(),
    deviceId: text("device_id").notNull(),
    /** The sailing the device was boarding when it scanned. */
    sailingId: bigint("sailing_id", { mode: "number" })
      .notNull()
      .references(() => sailings.id),
    /** Null when the QR named no ticket of ours (forged, altered, unknown). */
    ticketId: uuid("ticket_id").references(() => tickets.id),
    bookingId: uuid("booking_id").references(() => bookings.id),
    /** What was read, cut to 128 characters: the code when the QR was well-formed, else the raw text. */
    scannedText: text("scanned_text").notNull(),
    outcome: boardingScanOutcome("outcome").notNull(),
    /** The error code of a refusal (TICKET_ALREADY_BOARDED, TICKET_WRONG_SAILING, …). */
    reason: text("reason"),
    /** What the device itself decided, from its signed list, when it scanned offline; null online. */
    deviceOutcome: boardingScanOutcome("device_outcome"),
    offline: boolean("offline").notNull(),
    /** The device's clock at the scan (reported, not trusted for ordering), and ours when it arrived. */
    scannedAt: timestamp("scanned_at", { withTimezone: true }).notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
    staffUserId: uuid("staff_user_id"),
    staffLabel: text("staff_label").notNull(),
  },
  (table) => [
    uniqueIndex("boarding_scans_one_boarding").on(table.ticketId).where(sql`${table.outcome} = 'boarded'`),
    index("boarding_scans_sailing_idx").on(table.sailingId, table.recordedAt),
    check("boarding_scans_reason", sql`(${table.outcome} = 'refused') = (${table.reason} is not null)`),
  ],
);

/** A walk-up sale at the booth: who sold it and what the till took (the method is the booking's: cash or card_present). */
export const boothSales = pgTable("booth_sales", {
  bookingId: uuid("booking_id")
    .primaryKey()
    .references(() => bookings.id),
  amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
  currency: char("currency", { length: 3 }).notNull(),
  /** Card-present: the last four digits the terminal printed, for the till's reconciliation. */
  cardLast4: char("card_last4", { length: 4 }),
  staffUserId: uuid("staff_user_id"),
  staffLabel: text("staff_label").notNull(),
  soldAt: timestamp("sold_at", { withTimezone: true }).notNull(),
});
