// Mail that was not sent over SMTP because none is configured (the embedded default): kept whole, as
// the RFC 822 message nodemailer built, so a developer sees exactly what a customer would receive.
import { bigserial, char, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
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
