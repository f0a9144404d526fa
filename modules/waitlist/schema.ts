// The waiting list of sold-out sailings (ADR 0037): who waits for how many seats, in the
// order they joined, and the offer each was made. An offer keeps its seats as a `held` row of
// seat_allocations under `waitlist-offer:<entry id>` until it expires, so availability and the
// capacity trigger count it like a cart's hold. Tokens are never stored: the row keeps a random nonce
// (worthless without the server secret the link's token is derived with) and the token's SHA-256.
import { sql } from "drizzle-orm";
import {
  bigint,
  char,
  check,
  index,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Language } from "../../lib/language.ts";
import { fareCategory } from "../catalog/index.ts";
import { sailings } from "../inventory/index.ts";

/**
 * waiting → offered → claimed (the seats went to the visitor's cart) is the happy path. An offer not
 * taken in time is `expired` and the seats pass to the next in line; `lapsed`: the sailing could no
 * longer be sold (departed, check-in closed, closed) while the entry still waited.
 */
export const WAITLIST_STATUSES = ["waiting", "offered", "claimed", "expired", "lapsed"] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
export const waitlistStatus = pgEnum("waitlist_status", WAITLIST_STATUSES);

export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey(),
    /** The order people joined in (clocks tie; a sequence does not): the line is read in this order. */
    lineNumber: bigint("line_number", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    sailingId: bigint("sailing_id", { mode: "number" })
      .notNull()
      .references(() => sailings.id),
    /** As typed (trimmed); one live entry per address and sailing, whatever its case. */
    email: text("email").notNull(),
    language: char("language", { length: 2 }).$type<Language>().notNull(),
    category: fareCategory("category").notNull(),
    adults: smallint("adults").notNull(),
    children: smallint("children").notNull(),
    infants: smallint("infants").notNull(),
    /** Every person aboard, infants included: what an offer keeps. */
    seats: smallint("seats").notNull(),
    status: waitlistStatus("status").notNull().default("waiting"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true }),
    offerNonce: text("offer_nonce"),
    offerTokenHash: text("offer_token_hash"),
    /** When it stopped waiting: claimed, expired or lapsed. */
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("waitlist_entries_live_email")
      .on(table.sailingId, sql`lower(${table.email})`)
      .where(sql`${table.status} in ('waiting', 'offered')`),
    index("waitlist_entries_line_idx")
      .on(table.sailingId, table.lineNumber)
      .where(sql`${table.status} in ('waiting', 'offered')`),
    uniqueIndex("waitlist_entries_offer_token").on(table.offerTokenHash),
    check(
      "waitlist_entries_passengers",
      sql`${table.adults} >= 0 and ${table.children} >= 0 and ${table.infants} >= 0 and ${table.seats} > 0`,
    ),
    check(
      "waitlist_entries_offer",
      sql`(${table.status} = 'waiting') = (${table.offeredAt} is null) or ${table.status} = 'lapsed'`,
    ),
  ],
);
