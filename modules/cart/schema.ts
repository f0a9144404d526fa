import { sql } from "drizzle-orm";
import {
  bigint,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import type { Quote } from "../currency/index.ts";
import { fareCategory, products } from "../catalog/index.ts";
import { activities, crossings, sailings } from "../inventory/index.ts";
import type { CartLinePricing } from "../pricing/index.ts";

export const cartStatus = pgEnum("cart_status", ["open", "ordered"]);

/**
 * A visitor's cart, found by its session id (the cart session cookie, 128 random bits). It keeps the
 * currency and the exchange-rate quote it is priced with until the visitor changes currency.
 */
export const carts = pgTable(
  "carts",
  {
    /** The cart's public id, IdCart in every shopping-cart answer. */
    id: uuid("id").primaryKey(),
    sessionId: text("session_id").notNull(),
    siteCode: text("site_code").notNull(),
    language: char("language", { length: 2 }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    quote: jsonb("quote").$type<Quote>().notNull(),
    status: cartStatus("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    unique("carts_session").on(table.sessionId),
    check("carts_session_format", sql`${table.sessionId} ~ '^[0-9a-f]{32}$'`),
  ],
);

export const cartLineKind = pgEnum("cart_line_kind", ["ferry", "activity"]);
export const cartTrip = pgEnum("cart_trip", ["one_way", "round_trip", "open", "single"]);

/**
 * One product of a cart: a ferry trip (one way, round trip — both legs are one line — or an open
 * ticket), an activity day, or an activity coupon (trip `open`, no date: exchanged for a day later). Its seats are held in seat_allocations under `cart-line:<id>` until
 * `hold_expires_at`; a complement added from an upsell card points at the line it complements.
 */
export const cartLines = pgTable(
  "cart_lines",
  {
    id: uuid("id").primaryKey(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    kind: cartLineKind("kind").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    trip: cartTrip("trip").notNull(),
    category: fareCategory("category").notNull(),
    adults: smallint("adults").notNull(),
    children: smallint("children").notNull(),
    infants: smallint("infants").notNull(),
    /** Every person aboard or admitted, infants included: what the hold takes. */
    seats: smallint("seats").notNull(),
    serviceDate: date("service_date", { mode: "string" }),
    returnDate: date("return_date", { mode: "string" }),
    outboundSailingId: bigint("outbound_sailing_id", { mode: "number" }).references(() => sailings.id),
    inboundSailingId: bigint("inbound_sailing_id", { mode: "number" }).references(() => sailings.id),
    activityId: integer("activity_id").references(() => activities.id),
    /** Ferry lines: the crossing (and so the direction) sold; what binds an open ticket, which has no sailing. */
    crossingId: integer("crossing_id").references(() => crossings.id),
    /** The complement offer this line was added from, and the line it complements. */
    complementId: integer("complement_id"),
    parentLineId: uuid("parent_line_id"),
    /** The price in MXN when the line was held: the cart converts it with its own quote. */
    pricing: jsonb("pricing").$type<CartLinePricing>().notNull(),
    /** Null for an open ticket: nothing dated to hold. */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("cart_lines_cart_idx").on(table.cartId),
    check(
      "cart_lines_passengers",
      sql`${table.adults} >= 0 and ${table.children} >= 0 and ${table.infants} >= 0 and ${table.seats} > 0`,
    ),
    check(
      "cart_lines_shape",
      sql`(${table.kind} = 'ferry' and ${table.activityId} is null and (${table.trip} = 'open') = (${table.outboundSailingId} is null)
            and (${table.trip} = 'round_trip') = (${table.inboundSailingId} is not null))
        or (${table.kind} = 'activity' and ${table.trip} in ('single', 'open') and ${table.activityId} is not null
            and (${table.trip} = 'open') = (${table.serviceDate} is null)
            and ${table.outboundSailingId} is null and ${table.inboundSailingId} is null)`,
    ),
    check("cart_lines_hold", sql`(${table.trip} = 'open') = (${table.holdExpiresAt} is null)`),
  ],
);
