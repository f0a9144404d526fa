export { mailOutbox, mailSends } from "./schema.ts";
export { MAIL_IN_FLIGHT_MS, MailInFlight, mailerOnce } from "./mail-once.ts";
export {
  createMailer,
  type MailAttachment,
  type MailConfig,
  type Mailer,
  type MailMessage,
  type SentMail,
} from "./mailer.ts";
export { findOutboxMessage, listOutbox, type OutboxMessage, type OutboxSummary } from "./outbox.ts";
