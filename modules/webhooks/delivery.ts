// One attempt of a webhook delivery, run by the job queue (ADR 0042): POST the stored body with fresh
// Standard Webhooks headers (same webhook-id on every attempt, a new timestamp and signature), record
// the answer, and throw on anything but a 2xx so the queue retries with its back-off. Redirects are
// not followed (the subscriber names the URL that answers); a subscription deactivated meanwhile ends
// the retries. The socket connects only to a public address it checked (targets.ts).
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { signStandardWebhook } from "../../lib/standard-webhooks.ts";
import type { Database } from "../../lib/db.ts";
import { WEBHOOK_TIMEOUT_MS } from "./rules.ts";
import { findWebhookDelivery, recordDeliveryAttempt } from "./queries.ts";
import { checkedLookup, isPublicAddress, type TargetPolicy } from "./targets.ts";

export class WebhookDeliveryFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookDeliveryFailed";
  }
}

export interface DeliveryAttempt {
  deliveryId: string;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
  now: Date;
}

/** POSTs a body and answers the status code; the answer's body is read and dropped (it frees the socket). */
export type WebhookPoster = (
  url: string,
  request: { headers: Record<string, string>; body: string },
) => Promise<number>;

export function webhookPoster(policy: TargetPolicy): WebhookPoster {
  return (url, { headers, body }) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const host = target.hostname.replace(/^\[|\]$/g, "");
      // An address in the URL is never looked up: it is checked here.
      if (isIP(host) !== 0 && !policy.allowPrivate && !isPublicAddress(host)) {
        reject(new Error(`WEBHOOK_TARGET_NOT_ALLOWED: ${host} is not a public address`));
        return;
      }
      const client = target.protocol === "https:" ? https : http;
      const outgoing = client.request(target, {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: checkedLookup(policy),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      outgoing.once("response", (incoming) => {
        incoming.resume();
        incoming.once("end", () => resolve(incoming.statusCode ?? 0));
        incoming.once("error", reject);
      });
      outgoing.once("error", reject);
      outgoing.end(body);
    });
}

export type DeliveryOutcome = "delivered" | "retry" | "failed" | "skipped";

/** Runs one attempt; throws WebhookDeliveryFailed when the queue should try again. */
export async function deliverWebhook(
  db: Database,
  input: DeliveryAttempt,
  post: WebhookPoster,
): Promise<DeliveryOutcome> {
  const found = await findWebhookDelivery(db, input.deliveryId);
  if (!found || found.delivery.status !== "pending") return "skipped";
  const { delivery, subscription } = found;
  const attempts = delivery.attempts + 1;
  if (!subscription.active) {
    await recordDeliveryAttempt(db, delivery.id, {
      status: "failed",
      attempts: delivery.attempts,
      lastStatusCode: delivery.lastStatusCode,
      lastError: "subscription inactive",
      lastAttemptAt: delivery.lastAttemptAt,
      deliveredAt: null,
    });
    return "skipped";
  }
  const headers = signStandardWebhook({
    secret: subscription.secret,
    id: delivery.id,
    timestamp: Math.floor(input.now.getTime() / 1000),
    body: delivery.body,
  });
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    statusCode = await post(subscription.url, {
      headers: { ...headers, "content-type": "application/json", "user-agent": "Travesia-Webhooks/1" },
      body: delivery.body,
    });
    if (statusCode < 200 || statusCode > 299) error = `HTTP ${statusCode}`;
  } catch (failure) {
    error = failure instanceof Error ? `${failure.name}: ${failure.message}`.slice(0, 500) : "request failed";
  }
  const delivered = error === null;
  const lastAttempt = attempts >= input.maxAttempts || input.attempt >= input.maxAttempts;
  await recordDeliveryAttempt(db, delivery.id, {
    status: delivered ? "delivered" : lastAttempt ? "failed" : "pending",
    attempts,
    lastStatusCode: statusCode,
    lastError: error,
    lastAttemptAt: input.now,
    deliveredAt: delivered ? input.now : null,
  });
  if (delivered) return "delivered";
  if (lastAttempt) return "failed";
  throw new WebhookDeliveryFailed(`webhook ${delivery.id} to ${new URL(subscription.url).host}: ${error}`);
}
