// Outgoing webhooks for booking events (ADR 0042): who subscribed to which event types at
// which URL, and every delivery with its attempts. A delivery is written in the transaction that
// changed the booking and sent by the job queue, so an event exists exactly when the change commits.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

export const webhookSubscriptions = pgTable(
  "webhook_subscriptions",
  {
    id: uuid("id").primaryKey(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    /**
     * `whsec_` + base64 of 32 random bytes (Standard Webhooks). Kept as is: signing needs the key
     * itself, so it is shown to the admin when the subscription is made and never again.
     */
    secret: text("secret").notNull(),
    eventTypes: text("event_types").array().notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [check("webhook_subscriptions_event_types", sql`cardinality(${table.eventTypes}) > 0`)],
);

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export const webhookDeliveryStatus = pgEnum("webhook_delivery_status", WEBHOOK_DELIVERY_STATUSES);

/** One event for one subscription: its id is the `webhook-id` every attempt carries (receivers deduplicate by it). */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    /** The body sent, byte for byte the same on every attempt (the signature covers it). */
    body: text("body").notNull(),
    status: webhookDeliveryStatus("status").notNull().default("pending"),
    attempts: smallint("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** What the event was about, for the log's filters. */
    subject: jsonb("subject").$type<{ bookingId?: string; reference?: string }>().notNull(),
  },
  (table) => [
    index("webhook_deliveries_subscription_idx").on(table.subscriptionId, table.createdAt),
    // What the pruning reads every minute: finished deliveries by age (ADR 0060).
    index("webhook_deliveries_finished_idx").on(table.createdAt).where(sql`${table.status} <> 'pending'`),
  ],
);
