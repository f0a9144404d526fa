// What the outgoing webhooks decide: which event types exist, what a subscription may name, and the
// body of an event. Pure.
import { AppError, type ErrorIssue } from "../../lib/errors.ts";

/**
 * The booking events a subscription may ask for. booking.paid: the money arrived (the tickets are
 * issued in the same transaction); booking.cancelled: a booking waiting for money was given up;
 * booking.refunded: the money went back; booking.date_changed: a line moved to another sailing or day.
 * ticket.boarded joins when boarding records scans.
 */
export const WEBHOOK_EVENT_TYPES = [
  "booking.paid",
  "booking.cancelled",
  "booking.refunded",
  "booking.date_changed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Attempts of one delivery before it is given up: with the queue's back-off (10 s doubling, at most an hour) about four hours. */
export const WEBHOOK_MAX_ATTEMPTS = 12;
/** How long one attempt waits for the receiver's answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return typeof value === "string" && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * A receiver's URL: https, or plain http on this machine's loopback (development and tests); no user
 * or password in it, at most 2000 characters. WEBHOOK_SUBSCRIPTION_INVALID names what is wrong.
 */
export function readWebhookUrl(value: string, issues: ErrorIssue[]): string {
  let url: URL | null = null;
  try {
    url = value.length <= 2000 ? new URL(value) : null;
  } catch {
    url = null;
  }
  if (!url) issues.push({ path: "body.url", code: "invalid_url" });
  else if (url.username !== "" || url.password !== "") issues.push({ path: "body.url", code: "credentials_in_url" });
  else if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)))
    issues.push({ path: "body.url", code: "https_required" });
  return url?.toString() ?? value;
}

export function readEventTypes(values: readonly string[], issues: ErrorIssue[]): WebhookEventType[] {
  const unknown = values.filter((value) => !isWebhookEventType(value));
  if (values.length === 0) issues.push({ path: "body.eventTypes", code: "none" });
  for (const value of unknown) issues.push({ path: "body.eventTypes", code: `unknown:${value.slice(0, 40)}` });
  return [...new Set(values.filter(isWebhookEventType))];
}

export function assertNoIssues(issues: ErrorIssue[]): void {
  if (issues.length > 0) throw new AppError("WEBHOOK_SUBSCRIPTION_INVALID", { issues });
}

export interface BookingEventFacts {
  type: WebhookEventType;
  bookingId: string;
  reference: string;
  status: string;
  previousStatus: string | null;
  totalMinor: number;
  currency: string;
  /** A date change: which line, from and to what. */
  change?: unknown;
}

/** The JSON body of an event (the Standard Webhooks shape: type, timestamp, data). No personal data: the reference finds the rest. */
export function eventBody(facts: BookingEventFacts, at: Date): string {
  return JSON.stringify({
    type: facts.type,
    timestamp: at.toISOString(),
    data: {
      bookingId: facts.bookingId,
      reference: facts.reference,
      status: facts.status,
      previousStatus: facts.previousStatus,
      total: { amountMinor: facts.totalMinor, currency: facts.currency },
      ...(facts.change === undefined ? {} : { change: facts.change }),
    },
  });
}
