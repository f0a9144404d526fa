// How long the delivery log keeps finished deliveries (ADR 0060): delivered ones 30 days, failed ones
// 90 (what an operator looks into after a partner's outage); pending ones until they finish. Pruned
// by the minute's sweep in small batches, so the log never needs a long delete.
import { and, eq, inArray, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import { deleteFinishedJobs } from "../jobs/index.ts";
import { DELIVER_WEBHOOK } from "./queries.ts";
import { webhookDeliveries } from "./schema.ts";

export const DELIVERED_RETENTION_DAYS = 30;
export const FAILED_RETENTION_DAYS = 90;
/** Rows deleted per run at most: a backlog clears over a few minutes rather than in one long statement. */
const PRUNE_BATCH = 1000;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);

/** Deletes finished deliveries past their retention (and the delivery jobs' done rows); returns how many deliveries. */
export async function pruneWebhookDeliveries(db: Database, now: Date): Promise<number> {
  const deliveredBefore = daysBefore(now, DELIVERED_RETENTION_DAYS);
  const failedBefore = daysBefore(now, FAILED_RETENTION_DAYS);
  const old = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        ne(webhookDeliveries.status, "pending"),
        lt(webhookDeliveries.createdAt, deliveredBefore),
        or(eq(webhookDeliveries.status, "delivered"), lt(webhookDeliveries.createdAt, failedBefore)),
      ),
    )
    .limit(PRUNE_BATCH);
  const deleted = await db
    .delete(webhookDeliveries)
    .where(inArray(webhookDeliveries.id, sql`(${old})`))
    .returning({ id: webhookDeliveries.id });
  await deleteFinishedJobs(db, { name: DELIVER_WEBHOOK, finishedBefore: deliveredBefore });
  return deleted.length;
}
