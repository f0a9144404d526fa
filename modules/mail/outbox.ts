// Reading the outbox: the development viewer and the tests.
import { desc, eq } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import { mailOutbox } from "./schema.ts";

export type OutboxMessage = typeof mailOutbox.$inferSelect;
export type OutboxSummary = Pick<OutboxMessage, "id" | "to" | "subject" | "tag" | "language" | "createdAt">;

/** Newest first. */
export async function listOutbox(db: Database, limit = 100): Promise<OutboxSummary[]> {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      tag: mailOutbox.tag,
      language: mailOutbox.language,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}

export async function findOutboxMessage(db: Database, id: number): Promise<OutboxMessage | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}
