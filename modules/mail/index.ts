export { mailOutbox } from "./schema.ts";
export { createMailer, type MailAttachment, type MailConfig, type Mailer, type MailMessage, type SentMail } from "./mailer.ts";
export { findOutboxMessage, listOutbox, type OutboxMessage, type OutboxSummary } from "./outbox.ts";
