// Newsletter subscriptions: one row per address and site, whatever its case.
// Double opt-in: a row is pending until its confirmation link is followed. Tokens are never stored:
// the row keeps a random nonce per token (worthless without the server secret the token is derived
// with) and the token's SHA-256, which is what a link is looked up by.
import { sql } from "drizzle-orm";
import { char, check, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { Language } from "../../lib/language.ts";

export const NEWSLETTER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];
export const newsletterStatus = pgEnum("newsletter_status", NEWSLETTER_STATUSES);

export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteCode: text("site_code").notNull(),
    /** As typed (trimmed): mail goes to exactly this; uniqueness is on its lower case. */
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** ISO 3166-1 alpha-2. */
    country: char("country", { length: 2 }).notNull(),
    language: char("language", { length: 2 }).$type<Language>().notNull(),
    status: newsletterStatus("status").notNull().default("pending"),
    /** Consent to the privacy notice and terms ("acceptance") and to receiving mail ("permission"), when given. */
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull(),
    permissionAt: timestamp("permission_at", { withTimezone: true }).notNull(),
    confirmNonce: text("confirm_nonce"),
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    unsubscribeNonce: text("unsubscribe_nonce").notNull(),
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull(),
    /** The origin label (which form or campaign), client id and external key, as sent. */
    origin: text("origin"),
    clientId: text("client_id"),
    externalKey: text("external_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** The last (re)subscription: a new opt-in after unsubscribing starts here. */
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("newsletter_subscriptions_site_email").on(table.siteCode, sql`lower(${table.email})`),
    uniqueIndex("newsletter_subscriptions_confirm_token").on(table.confirmTokenHash),
    uniqueIndex("newsletter_subscriptions_unsubscribe_token").on(table.unsubscribeTokenHash),
    index("newsletter_subscriptions_status").on(table.siteCode, table.status),
    check("newsletter_subscriptions_country", sql`${table.country} ~ '^[A-Z]{2}$'`),
    check(
      "newsletter_subscriptions_confirm_token_set",
      sql`(${table.confirmTokenHash} is null) = (${table.confirmNonce} is null) and (${table.confirmTokenHash} is null) = (${table.confirmExpiresAt} is null)`,
    ),
  ],
);
