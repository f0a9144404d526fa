// A real SMTP server for tests that send mail the way production does: it accepts every message on a
// free loopback port and parses it with postal-mime, attachments included, for the test to read.
import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

export interface ReceivedAttachment {
  filename: string | null;
  contentType: string;
  content: Buffer;
}

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  recipients: string[];
  from: string | null;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attachments: ReceivedAttachment[];
  raw: Buffer;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** The first message (already received or still to come) that `predicate` accepts. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

async function parse(raw: Buffer, recipients: string[]): Promise<ReceivedMail> {
  const email = await PostalMime.parse(raw);
  return {
    recipients,
    from: email.from?.address ?? null,
    to: (email.to ?? []).flatMap((address) => ("address" in address && address.address ? [address.address] : [])),
    subject: email.subject ?? "",
    text: email.text ?? "",
    html: email.html ?? "",
    headers: Object.fromEntries(email.headers.map((header) => [header.key, header.value])),
    attachments: email.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.mimeType,
      content: Buffer.from(attachment.content as ArrayBuffer),
    })),
    raw,
  };
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
        parse(Buffer.concat(chunks), recipients).then(
          (mail) => {
            messages.push(mail);
            for (const wake of waiters) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(predicate, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(
              `no matching mail within ${timeoutMs} ms (${messages.length} received: ${messages.map((mail) => mail.subject).join(" | ")})`,
            ),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
