// The sandbox payment provider's own tables. They play a third party's database: nothing of Travesía
// references them, and they hold no whole card number and no CVV.
import { sql } from "drizzle-orm";
import {
  bigint,
  char,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { CardBehaviour } from "./cards.ts";
import { EVENT_TYPES, INTENT_STATUSES, PAYMENT_METHOD_KINDS, type FailureCode } from "./intents.ts";

export const sandboxPspIntentStatus = pgEnum("sandbox_psp_intent_status", INTENT_STATUSES);
export const sandboxPspEventType = pgEnum("sandbox_psp_event_type", EVENT_TYPES);
export const sandboxPspPaymentMethod = pgEnum("sandbox_psp_payment_method", PAYMENT_METHOD_KINDS);

/** A card the hosted page accepted (or a documented test token): what may be kept of it, and a token. */
export const sandboxPspCardTokens = pgTable(
  "sandbox_psp_card_tokens",
  {
    token: text("token").primaryKey(),
    brand: text("brand").notNull(),
    last4: char("last4", { length: 4 }).notNull(),
    /** ISO country of the issuing bank from the BIN; null when the BIN table does not know it. */
    binCountry: char("bin_country", { length: 2 }),
    issuer: text("issuer"),
    expMonth: smallint("exp_month").notNull(),
    expYear: smallint("exp_year").notNull(),
    /** How the (test) issuer answers: derived from the number when it is tokenized. */
    behaviour: text("behaviour").$type<CardBehaviour>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [check("sandbox_psp_card_tokens_last4", sql`${table.last4} ~ '^[0-9]{4}$'`)],
);

export const sandboxPspIntents = pgTable(
  "sandbox_psp_intents",
  {
    id: text("id").primaryKey(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    merchantReference: text("merchant_reference").notNull(),
    returnUrl: text("return_url").notNull(),
    /** The merchant's page to go back to without paying (choose another way to pay); null: none offered. */
    cancelUrl: text("cancel_url"),
    language: char("language", { length: 2 }).notNull(),
    status: sandboxPspIntentStatus("status").notNull().default("requires_payment_method"),
    amountAuthorizedMinor: bigint("amount_authorized_minor", { mode: "number" }).notNull().default(0),
    amountCapturedMinor: bigint("amount_captured_minor", { mode: "number" }).notNull().default(0),
    amountRefundedMinor: bigint("amount_refunded_minor", { mode: "number" }).notNull().default(0),
    cardToken: text("card_token").references(() => sandboxPspCardTokens.token),
    method: sandboxPspPaymentMethod("method").notNull().default("card"),
    /** Months without interest the merchant asked for (MXN card payments only); null: one payment. */
    instalmentMonths: smallint("instalment_months"),
    /** The PayPal account that approved a PayPal payment (the sandbox buyer's e-mail). */
    payerEmail: text("payer_email"),
    failureCode: text("failure_code").$type<FailureCode>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    // The amount rules of intents.ts, kept by the database too: the last line.
    check(
      "sandbox_psp_intents_amounts",
      sql`${table.amountMinor} > 0 AND ${table.amountAuthorizedMinor} <= ${table.amountMinor} AND ${table.amountCapturedMinor} <= ${table.amountAuthorizedMinor} AND ${table.amountRefundedMinor} >= 0 AND ${table.amountRefundedMinor} <= ${table.amountCapturedMinor}`,
    ),
    check(
      "sandbox_psp_intents_instalments",
      sql`${table.instalmentMonths} IS NULL OR (${table.instalmentMonths} IN (3, 6, 9, 12, 15) AND ${table.currency} = 'MXN' AND ${table.method} = 'card')`,
    ),
  ],
);

export const sandboxPspRefunds = pgTable(
  "sandbox_psp_refunds",
  {
    id: text("id").primaryKey(),
    intentId: text("intent_id")
      .notNull()
      .references(() => sandboxPspIntents.id),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("sandbox_psp_refunds_intent").on(table.intentId),
    check("sandbox_psp_refunds_amount", sql`${table.amountMinor} > 0`),
  ],
);

/**
 * The webhook outbox: one row per event, written in the transaction that changed the intent. The
 * sandbox's own delivery loop (delivery.ts) posts each to the merchant, signed, retrying with backoff,
 * and records every attempt here.
 */
export const sandboxPspEvents = pgTable(
  "sandbox_psp_events",
  {
    id: text("id").primaryKey(),
    /** Order of writing: events of one transaction share created_at, and the merchant reads them in order. */
    sequence: bigint("sequence", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    type: sandboxPspEventType("type").notNull(),
    intentId: text("intent_id")
      .notNull()
      .references(() => sandboxPspIntents.id),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    /**
     * When the next delivery attempt is due. Set to created_at when written; null once delivered or
     * when the retries are spent (the event stays undelivered, for the redeliver endpoint).
     */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** The merchant's HTTP status on the last attempt; null when it gave none (refused, timed out). */
    lastStatus: smallint("last_status"),
  },
  (table) => [
    index("sandbox_psp_events_intent").on(table.intentId, table.sequence),
    index("sandbox_psp_events_undelivered").on(table.sequence).where(sql`${table.deliveredAt} IS NULL`),
    index("sandbox_psp_events_due").on(table.nextAttemptAt).where(sql`${table.nextAttemptAt} IS NOT NULL`),
  ],
);

/** The stored answer of each idempotent POST, keyed by the client's Idempotency-Key. */
export const sandboxPspIdempotencyKeys = pgTable("sandbox_psp_idempotency_keys", {
  key: text("key").primaryKey(),
  /** SHA-256 of method, path and the validated body: the same key with another request is refused. */
  requestHash: char("request_hash", { length: 64 }).notNull(),
  /** Null only inside the transaction that claimed the key: a concurrent twin waits on the row. */
  statusCode: smallint("status_code"),
  response: jsonb("response").$type<unknown>(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
