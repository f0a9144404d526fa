// A job's mail is sent once, however often the job runs (ADR 0049). A job attempt can run again after
// its mail left: the process died before the job was marked done, or its lease lapsed. Each message is
// recorded by a key the same on every attempt (the job's id, the mail's kind and recipient) in its own
// statements, outside any transaction of the job:
//   1. `sending`, with the Message-ID fixed, before the SMTP conversation;
//   2. the SMTP conversation;
//   3. `sent`, the moment the server has accepted the message.
// An attempt that finds `sent` sends nothing. The crash window that remains is between the server's
// acceptance (2) and the write of `sent` (3), a few milliseconds: an attempt that finds `sending` and
// older than any send can last sends the message again, with the same Message-ID (which many mail
// clients use to fold duplicates). So a message is sent at least once, and twice only after a crash
// inside that window; never lost. One still `sending` and younger than that is in flight elsewhere
// (a runner whose lease lapsed while it was sending): the attempt fails, and its retry decides later.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import type { Mailer, MailMessage, SentMail } from "./mailer.ts";
import { mailSends } from "./schema.ts";

/** Longer than any SMTP send can last with the mailer's timeouts (connection, greeting, socket). */
export const MAIL_IN_FLIGHT_MS = 90_000;

export class MailInFlight extends Error {
  override name = "MailInFlight";
}

function messageIdOf(from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "travesia.invalid";
  return `<${randomBytes(16).toString("hex")}@${domain}>`;
}

/**
 * A mailer whose every message is sent once for `scope` (e.g. `job:42`): the same message asked for
 * again in that scope (same kind, same recipient) is not sent again once the server accepted it.
 */
export function mailerOnce(
  db: Database,
  mailer: Mailer,
  options: { scope: string; from: string; now: () => Date },
): Mailer {
  return {
    transport: mailer.transport,
    close: () => mailer.close(),
    async send(message: MailMessage): Promise<SentMail> {
      const key = `${options.scope}:${message.tag}:${message.to.toLowerCase()}`;
      const startedAt = options.now();
      const [claimed] = await db
        .insert(mailSends)
        .values({ key, messageId: messageIdOf(options.from), state: "sending", startedAt })
        .onConflictDoNothing()
        .returning();
      let messageId = claimed?.messageId;
      if (!claimed) {
        const [earlier] = await db.select().from(mailSends).where(eq(mailSends.key, key));
        if (!earlier) throw new MailInFlight(`mail ${key} vanished while it was being sent`);
        if (earlier.state === "sent") return { messageId: earlier.messageId, outboxId: null };
        if (startedAt.getTime() - earlier.startedAt.getTime() < MAIL_IN_FLIGHT_MS)
          throw new MailInFlight(`mail ${key} is being sent by another attempt`);
        // The crash window: the server may or may not have it. Again, with the same Message-ID.
        await db.update(mailSends).set({ startedAt }).where(eq(mailSends.key, key));
        messageId = earlier.messageId;
      }
      const sent = await mailer.send({ ...message, messageId });
      await db.update(mailSends).set({ state: "sent", sentAt: options.now() }).where(eq(mailSends.key, key));
      return sent;
    },
  };
}
