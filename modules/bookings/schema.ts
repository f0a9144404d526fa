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
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { cartLineKind, cartTrip, carts } from "../cart/index.ts";
import type { CartLinePricing } from "../pricing/index.ts";
import { fareCategory, passengerType, products } from "../catalog/index.ts";
import type { Quote } from "../currency/index.ts";
import { activities, crossings, sailings } from "../inventory/index.ts";

/**
 * pending_payment → paid → ticketed is the happy path (paid and ticketed are written in one
 * transaction, two history rows). failed: the payment could not complete before the hold ran out, or
 * the seats were gone when it did. cancelled: the visitor changed the cart while a booking waited.
 * refunded: the money went back (seats gone after capture, or an operator's refund).
 */
export const bookingStatus = pgEnum("booking_status", [
  "pending_payment",
  "paid",
  "ticketed",
  "failed",
  "cancelled",
  "refunded",
]);
/** cash and card_present: walk-up sales at the booth (no payment provider; booth_sales says who sold). */
export const paymentMethodKind = pgEnum("payment_method_kind", ["card", "paypal", "cash", "card_present"]);

export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey(),
    /** Short human reference (6 characters of an unambiguous alphabet): what the buyer reads out on the phone. */
    reference: text("reference").notNull(),
    /** SHA-256 of the guest secret; the secret itself travels only in the buyer's links. */
    guestSecretHash: text("guest_secret_hash").notNull(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id),
    /** What the cart was when the booking was placed: the same cart placed again finds this booking. */
    cartFingerprint: text("cart_fingerprint").notNull(),
    siteCode: text("site_code").notNull(),
    language: char("language", { length: 2 }).notNull(),
    status: bookingStatus("status").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    quote: jsonb("quote").$type<Quote>().notNull(),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull(),
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    buyerPhone: text("buyer_phone").notNull(),
    buyerCountry: char("buyer_country", { length: 2 }).notNull(),
    paymentMethod: paymentMethodKind("payment_method").notNull(),
    /** Months without interest the buyer chose (MXN, Mexican cards); null pays at once. */
    instalmentMonths: smallint("instalment_months"),
    /** Until when the seats are held for this booking: the earliest hold of its lines. */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("bookings_reference").on(table.reference),
    // Idempotent per cart: at most one booking of a cart is waiting for or has its money.
    uniqueIndex("bookings_cart_active")
      .on(table.cartId)
      .where(sql`${table.status} in ('pending_payment', 'paid', 'ticketed')`),
    index("bookings_email_idx").on(table.buyerEmail),
    // The console's search: an e-mail typed in any case, matched whole or by its beginning (LIKE 'ana@%').
    index("bookings_email_lower_idx").using("btree", sql`lower(${table.buyerEmail}) text_pattern_ops`),
    // The console lists bookings newest first, a page at a time (keyset on created_at, id).
    index("bookings_created_idx").on(table.createdAt, table.id),
    // The sales report reads bookings by the instant they were paid.
    index("bookings_paid_idx").on(table.paidAt).where(sql`${table.paidAt} is not null`),
    index("bookings_pending_idx").on(table.holdExpiresAt).where(sql`${table.status} = 'pending_payment'`),
    check("bookings_reference_format", sql`${table.reference} ~ '^[0-9A-HJKMNP-TV-Z]{6}$'`),
    check("bookings_total", sql`${table.totalMinor} > 0`),
    check(
      "bookings_instalments",
      sql`${table.instalmentMonths} is null or ${table.instalmentMonths} in (3, 6, 9, 12, 15)`,
    ),
  ],
);

/** Every change of a booking's status, with why: the lifecycle as it happened. */
export const bookingEvents = pgTable(
  "booking_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    fromStatus: bookingStatus("from_status"),
    toStatus: bookingStatus("to_status").notNull(),
    reason: text("reason").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (table) => [index("booking_events_booking_idx").on(table.bookingId)],
);

/** A booking keeps its own copy of each cart line: what was bought, for whom, at what price. */
export const bookingLines = pgTable(
  "booking_lines",
  {
    id: uuid("id").primaryKey(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    /** The cart line whose hold this line turns into tickets. */
    cartLineId: uuid("cart_line_id").notNull(),
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
    seats: smallint("seats").notNull(),
    serviceDate: date("service_date", { mode: "string" }),
    returnDate: date("return_date", { mode: "string" }),
    outboundSailingId: bigint("outbound_sailing_id", { mode: "number" }).references(() => sailings.id),
    inboundSailingId: bigint("inbound_sailing_id", { mode: "number" }).references(() => sailings.id),
    activityId: integer("activity_id").references(() => activities.id),
    /** Ferry lines: the crossing (and direction) sold, copied from the cart line; null for lines sold before it was recorded. */
    crossingId: integer("crossing_id").references(() => crossings.id),
    pricing: jsonb("pricing").$type<CartLinePricing>().notNull(),
    /** The line's total in the booking's currency, converted with the booking's quote. */
    totalMinor: bigint("total_minor", { mode: "number" }).notNull(),
    /** Passenger names in order (adults, children, infants); empty where the product does not need them. */
    passengerNames: jsonb("passenger_names").$type<string[]>().notNull(),
  },
  (table) => [index("booking_lines_booking_idx").on(table.bookingId)],
);

export const ticketStatus = pgEnum("ticket_status", ["valid", "used", "void"]);

/** One per passenger per sailing or activity day: what is scanned at boarding. */
export const tickets = pgTable(
  "tickets",
  {
    id: uuid("id").primaryKey(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    bookingLineId: uuid("booking_line_id")
      .notNull()
      .references(() => bookingLines.id),
    /** Printed under the QR: the booking reference, a leg letter and number, 40 random bits ("7K2M9Q-A01-4H7X-K2PM", TICKET_CODE_PATTERN). */
    code: text("code").notNull(),
    passengerType: passengerType("passenger_type").notNull(),
    passengerName: text("passenger_name"),
    sailingId: bigint("sailing_id", { mode: "number" }).references(() => sailings.id),
    activityId: integer("activity_id").references(() => activities.id),
    /**
     * Open ferry tickets: the crossing (and so the direction) they were sold for, the only one they board.
     * Null on dated tickets (their sailing binds them) and on open tickets sold before it was recorded.
     */
    crossingId: integer("crossing_id").references(() => crossings.id),
    serviceDate: date("service_date", { mode: "string" }),
    /** Open tickets: the last day they can be used (6 months). */
    validUntil: date("valid_until", { mode: "string" }),
    status: ticketStatus("status").notNull().default("valid"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("tickets_code").on(table.code),
    index("tickets_booking_idx").on(table.bookingId),
    index("tickets_sailing_idx").on(table.sailingId),
  ],
);

export const bookingPaymentStatus = pgEnum("booking_payment_status", [
  "created",
  "requires_payment_method",
  "requires_action",
  "authorized",
  "captured",
  "failed",
  "refunded",
]);

/** One attempt to pay a booking: a declined card and the card that worked are two rows. */
export const bookingPayments = pgTable(
  "booking_payments",
  {
    id: uuid("id").primaryKey(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    attempt: smallint("attempt").notNull(),
    provider: text("provider").notNull(),
    /** The provider's id; null until the provider answered the create call. */
    providerPaymentId: text("provider_payment_id"),
    /** Sent with the create call: a retried create returns the same provider payment. */
    idempotencyKey: text("idempotency_key").notNull(),
    method: paymentMethodKind("method").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    /**
     * What the provider says it captured, as it said it (ADR 0047): the amount asked for above may not
     * be what was taken. Null until a capture is seen.
     */
    capturedMinor: bigint("captured_minor", { mode: "number" }),
    capturedCurrency: char("captured_currency", { length: 3 }),
    status: bookingPaymentStatus("status").notNull(),
    failureCode: text("failure_code"),
    cardBrand: text("card_brand"),
    cardLast4: char("card_last4", { length: 4 }),
    cardIssuer: text("card_issuer"),
    instalmentMonths: smallint("instalment_months"),
    /** Who lends the buyer the money when the card is not theirs: "uplift" (paying monthly, its single-use card). */
    financedBy: text("financed_by"),
    redirectUrl: text("redirect_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("booking_payments_attempt").on(table.bookingId, table.attempt),
    uniqueIndex("booking_payments_provider_id").on(table.provider, table.providerPaymentId),
    uniqueIndex("booking_payments_idempotency").on(table.idempotencyKey),
  ],
);

/** Webhook events already received, by the provider's event id: a replay is recognized and changes nothing. */
export const paymentWebhookEvents = pgTable("payment_webhook_events", {
  eventId: text("event_id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  providerPaymentId: text("provider_payment_id").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }),
});

export const bookingRefundStatus = pgEnum("booking_refund_status", ["pending", "succeeded", "failed"]);

/** How a refund's amount is shared among the booking's lines: what the sales report nets per product. */
export interface RefundLineShare {
  bookingLineId: string;
  amountMinor: number;
}

/**
 * Money given back to a buyer from the operator's console (ADR 0039). A row is written `pending` in
 * the transaction that checks what is left to refund (the booking row locked), so two refunds at once
 * can never together pass what was paid; the provider is then asked with the row's idempotency key
 * (a double click or a retry is the same refund at the provider), and the row becomes `succeeded`
 * (tickets cancelled, seats freed, history, audit, mail) or `failed` in a second transaction.
 */
export const bookingRefunds = pgTable(
  "booking_refunds",
  {
    id: uuid("id").primaryKey(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    /** The captured payment attempt the money goes back to. */
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => bookingPayments.id),
    /** Sent to the provider; made from the refund form's own token, so a resubmitted form is the same refund. */
    idempotencyKey: text("idempotency_key").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    status: bookingRefundStatus("status").notNull(),
    /** The operator's words: why the money goes back. */
    reason: text("reason").notNull(),
    /** Tickets this refund cancels (their seats are freed); empty for an amount-only (goodwill) refund. */
    ticketIds: jsonb("ticket_ids").$type<string[]>().notNull(),
    lineShares: jsonb("line_shares").$type<RefundLineShare[]>().notNull(),
    providerRefundId: text("provider_refund_id"),
    /** The provider's refusal code when it refused (the refund is then `failed` and counts for nothing). */
    failureCode: text("failure_code"),
    requestedBy: text("requested_by").notNull(),
    requestedByUserId: uuid("requested_by_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("booking_refunds_idempotency").on(table.idempotencyKey),
    index("booking_refunds_booking_idx").on(table.bookingId),
    // The sales report reads refunds by the day they were given.
    index("booking_refunds_completed_idx").on(table.completedAt).where(sql`${table.status} = 'succeeded'`),
    check("booking_refunds_amount", sql`${table.amountMinor} > 0`),
    check("booking_refunds_completed", sql`(${table.status} = 'pending') = (${table.completedAt} is null)`),
  ],
);
