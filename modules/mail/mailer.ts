// Sending mail: over SMTP when SMTP_URL is set, otherwise into the mail_outbox table. Both paths build
// the message with nodemailer, so what the outbox keeps is byte for byte what SMTP would have carried.
import nodemailer, { type SendMailOptions } from "nodemailer";
import type { Config } from "../../lib/config.ts";
import type { Database } from "../../lib/db.ts";
import type { Language } from "../../lib/language.ts";
import { mailOutbox } from "./schema.ts";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  language: Language;
  /** What kind of mail this is, e.g. "booking-confirmation". */
  tag: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on list mail. */
  headers?: Record<string, string>;
  /** The Message-ID, when the sender fixed it (mail sent once per job, mail-once.ts); else nodemailer makes one. */
  messageId?: string;
}

export interface SentMail {
  messageId: string;
  /** The outbox row, when the message was kept instead of sent. */
  outboxId: number | null;
}

export interface Mailer {
  readonly transport: "smtp" | "outbox";
  /** Sends (or keeps) one message; throws when the SMTP server refuses it, so a job can retry. */
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

export type MailConfig = Pick<Config, "SMTP_URL" | "MAIL_FROM">;

function toNodemailer(from: string, message: MailMessage): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: { ...message.headers, "Content-Language": message.language, "X-Travesia-Tag": message.tag },
    ...(message.messageId ? { messageId: message.messageId } : {}),
    attachments: (message.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.content,
    })),
  };
}

export function createMailer(config: MailConfig, db: Database): Mailer {
  const from = config.MAIL_FROM;
  if (config.SMTP_URL) {
    // Bounded, so a send that hangs ends well within MAIL_IN_FLIGHT_MS (mail-once.ts) instead of the
    // library's ten-minute socket default.
    const smtp = nodemailer.createTransport({
      url: config.SMTP_URL,
      connectionTimeout: 15_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      transport: "smtp",
      async send(message) {
        const info = await smtp.sendMail(toNodemailer(from, message));
        return { messageId: info.messageId, outboxId: null };
      },
      close: () => smtp.close(),
    };
  }
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    transport: "outbox",
    async send(message) {
      const info = await builder.sendMail(toNodemailer(from, message));
      const [row] = await db
        .insert(mailOutbox)
        .values({
          to: message.to,
          from,
          subject: message.subject,
          text: message.text,
          html: message.html,
          raw: info.message.toString("utf8"),
          language: message.language,
          tag: message.tag,
        })
        .returning({ id: mailOutbox.id });
      return { messageId: info.messageId, outboxId: row!.id };
    },
    close: () => builder.close(),
  };
}
