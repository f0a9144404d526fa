// Mail that was not sent over SMTP because none is configured (the embedded default): kept whole, as
// the RFC 822 message nodemailer built, so a developer sees exactly what a customer would receive.
import { sql } from "drizzle-orm";
import { bigserial, char, check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Language } from "../../lib/language.ts";

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    to: text("to").notNull(),
    from: text("from").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** The whole message with its attachments, MIME-encoded (7-bit text). */
    raw: text("raw").notNull(),
    language: char("language", { length: 2 }).$type<Language>().notNull(),
    /** What kind of mail this is, e.g. "booking-confirmation": for finding it, not for sending. */
    tag: text("tag").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("mail_outbox_created").on(table.createdAt)],
);

/**
 * Each message a job sends, by a key that is the same on every attempt of that job (ADR 0049): written
 * `sending` before the SMTP conversation and `sent` as soon as the server accepts it, so an attempt
 * run again after a crash or a lapsed lease finds the mail sent and does not send it again. The
 * Message-ID is fixed here, so a message sent again from the crash window carries the same one.
 */
export const mailSends = pgTable(
  "mail_sends",
  {
    key: text("key").primaryKey(),
    messageId: text("message_id").notNull(),
    state: text("state").$type<"sending" | "sent">().notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [check("mail_sends_state", sql`${table.state} in ('sending', 'sent')`)],
);
