// Reads and writes of webhook subscriptions and deliveries, and queueing an event's deliveries in the
// caller's transaction (one delivery row and one job per active subscription that asked for the type).
import { randomUUID } from "node:crypto";
import { and, arrayContains, asc, desc, eq } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import { AppError } from "../../lib/errors.ts";
import { newWebhookSecret } from "../../lib/standard-webhooks.ts";
import { enqueueJob } from "../jobs/index.ts";
import { WEBHOOK_MAX_ATTEMPTS, eventBody, type BookingEventFacts, type WebhookEventType } from "./rules.ts";
import { webhookDeliveries, webhookSubscriptions } from "./schema.ts";

export const DELIVER_WEBHOOK = "deliver-webhook";

export type WebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function insertWebhookSubscription(
  db: Database,
  values: { url: string; eventTypes: WebhookEventType[]; description: string; active: boolean },
  now: Date,
): Promise<WebhookSubscriptionRow> {
  const [row] = await db
    .insert(webhookSubscriptions)
    .values({ id: randomUUID(), ...values, secret: newWebhookSecret(), createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error("webhook subscription not stored");
  return row;
}

export async function updateWebhookSubscription(
  db: Database,
  id: string,
  values: Partial<Pick<WebhookSubscriptionRow, "url" | "eventTypes" | "description" | "active">> & {
    rotateSecret?: boolean;
  },
  now: Date,
): Promise<WebhookSubscriptionRow> {
  const { rotateSecret, ...changes } = values;
  const [row] = await db
    .update(webhookSubscriptions)
    .set({ ...changes, ...(rotateSecret ? { secret: newWebhookSecret() } : {}), updatedAt: now })
    .where(eq(webhookSubscriptions.id, id))
    .returning();
  if (!row) throw new AppError("WEBHOOK_SUBSCRIPTION_NOT_FOUND");
  return row;
}

export async function deleteWebhookSubscription(db: Database, id: string): Promise<void> {
  const rows = await db
    .delete(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, id))
    .returning({ id: webhookSubscriptions.id });
  if (rows.length === 0) throw new AppError("WEBHOOK_SUBSCRIPTION_NOT_FOUND");
}

export async function findWebhookSubscriptions(db: Database): Promise<WebhookSubscriptionRow[]> {
  return db
    .select()
    .from(webhookSubscriptions)
    .orderBy(asc(webhookSubscriptions.createdAt), asc(webhookSubscriptions.id));
}

export async function findWebhookSubscription(db: Database, id: string): Promise<WebhookSubscriptionRow> {
  const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  if (!row) throw new AppError("WEBHOOK_SUBSCRIPTION_NOT_FOUND");
  return row;
}

/** The delivery log of a subscription, newest first. */
export async function findWebhookDeliveries(
  db: Database,
  subscriptionId: string,
  limit = 100,
): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export async function findWebhookDelivery(
  db: Database,
  id: string,
): Promise<{ delivery: WebhookDeliveryRow; subscription: WebhookSubscriptionRow } | null> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, subscription: webhookSubscriptions })
    .from(webhookDeliveries)
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(eq(webhookDeliveries.id, id));
  return row ?? null;
}

export async function recordDeliveryAttempt(
  db: Database,
  id: string,
  values: Pick<
    WebhookDeliveryRow,
    "status" | "attempts" | "lastStatusCode" | "lastError" | "lastAttemptAt" | "deliveredAt"
  >,
): Promise<void> {
  await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
}

/**
 * Queues the deliveries of a booking event in `tx` (the transaction that changed the booking): one
 * per active subscription asking for its type, each with its own message id and job. An inactive
 * subscription gets nothing. Returns the deliveries' ids.
 */
export async function queueBookingEvent(tx: Database, facts: BookingEventFacts, now: Date): Promise<string[]> {
  const subscribers = await tx
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.active, true), arrayContains(webhookSubscriptions.eventTypes, [facts.type])));
  if (subscribers.length === 0) return [];
  const body = eventBody(facts, now);
  const ids: string[] = [];
  for (const subscriber of subscribers) {
    const id = `msg_${randomUUID().replaceAll("-", "")}`;
    await tx.insert(webhookDeliveries).values({
      id,
      subscriptionId: subscriber.id,
      eventType: facts.type,
      body,
      createdAt: now,
      subject: { bookingId: facts.bookingId, reference: facts.reference },
    });
    await enqueueJob(tx, { name: DELIVER_WEBHOOK, payload: { deliveryId: id }, maxAttempts: WEBHOOK_MAX_ATTEMPTS });
    ids.push(id);
  }
  return ids;
}
