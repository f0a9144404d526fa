// What a (re)subscription, a confirmation link and an unsubscribe do to a subscription, with `now`
// passed in. Double opt-in: an address is only mailed news once it has confirmed.
import { AppError } from "../../lib/errors.ts";
import type { NewsletterStatus } from "./schema.ts";

export interface SubscriptionState {
  status: NewsletterStatus;
  confirmExpiresAt: Date | null;
}

/**
 * A new address is created; a confirmed one, or one whose confirmation link still works, is a
 * duplicate (NEWSLETTER_DUPLICATE); an unsubscribed address, or a pending one whose link expired unused, starts a new opt-in.
 */
export function decideSubscription(existing: SubscriptionState | null, now: Date): "create" | "renew" {
  if (existing === null) return "create";
  if (existing.status === "confirmed") throw new AppError("NEWSLETTER_DUPLICATE");
  if (existing.status === "pending" && existing.confirmExpiresAt !== null && existing.confirmExpiresAt > now)
    throw new AppError("NEWSLETTER_DUPLICATE");
  return "renew";
}

/**
 * Following a confirmation link: pending within its week confirms; confirmed already is confirmed
 * (a second click, a mail scanner); expired is NEWSLETTER_TOKEN_EXPIRED; an unsubscribed address is
 * not brought back by an old link (NEWSLETTER_TOKEN_INVALID, as for an unknown token).
 */
export function decideConfirmation(subscription: SubscriptionState | null, now: Date): "confirm" | "already-confirmed" {
  if (subscription === null || subscription.status === "unsubscribed") throw new AppError("NEWSLETTER_TOKEN_INVALID");
  if (subscription.status === "confirmed") return "already-confirmed";
  if (subscription.confirmExpiresAt === null || subscription.confirmExpiresAt <= now)
    throw new AppError("NEWSLETTER_TOKEN_EXPIRED");
  return "confirm";
}

/** Unsubscribing is idempotent: an address already off the list stays off, and says so. */
export function decideUnsubscribe(subscription: SubscriptionState | null): "unsubscribe" | "already-unsubscribed" {
  if (subscription === null) throw new AppError("NEWSLETTER_TOKEN_INVALID");
  return subscription.status === "unsubscribed" ? "already-unsubscribed" : "unsubscribe";
}
