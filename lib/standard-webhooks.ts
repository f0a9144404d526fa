// Outgoing webhooks signed the Standard Webhooks way (standardwebhooks.com): the headers webhook-id,
// webhook-timestamp (unix seconds) and webhook-signature ("v1,<base64 HMAC-SHA256>", several separated
// by spaces while a secret is rotated), over `id.timestamp.body` with the secret's bytes (the base64
// after "whsec_"). The timestamp is signed, so a replayed delivery fails the tolerance window; the id
// is signed, so a receiver may deduplicate by it. The incoming PSP side keeps lib/webhook-signature.ts
// (Stripe's scheme); the tolerance and the error codes are shared.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { AppError } from "./errors.ts";
import { WEBHOOK_TOLERANCE_SECONDS } from "./webhook-signature.ts";

const SECRET_PREFIX = "whsec_";

/** A new signing secret: 32 random bytes, base64, with the whsec_ prefix. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

function keyOf(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, "base64");
  if (key.length < 24) throw new RangeError("a webhook secret carries at least 24 bytes");
  return key;
}

function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  return createHmac("sha256", keyOf(secret)).update(`${id}.${timestamp}.${body}`, "utf8").digest("base64");
}

export interface SignedHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/** The three headers of a delivery of `body` (exactly the bytes sent) with message id `id`, at `timestamp`. */
export function signStandardWebhook(input: {
  secret: string;
  id: string;
  timestamp: number;
  body: string;
}): SignedHeaders {
  return {
    "webhook-id": input.id,
    "webhook-timestamp": String(input.timestamp),
    "webhook-signature": `v1,${signatureOf(input.secret, input.id, input.timestamp, input.body)}`,
  };
}

/**
 * What a receiver does: checks the raw body against the headers, in constant time, any of several
 * v1 signatures. Refuses WEBHOOK_SIGNATURE_INVALID or WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE.
 */
export function verifyStandardWebhook(input: {
  secret: string;
  body: string;
  headers: { get(name: string): string | null | undefined };
  now: Date;
  toleranceSeconds?: number;
}): { id: string; timestamp: number } {
  const id = input.headers.get("webhook-id");
  const timestampText = input.headers.get("webhook-timestamp");
  const header = input.headers.get("webhook-signature");
  if (!id || !timestampText || !/^\d{1,12}$/.test(timestampText) || !header)
    throw new AppError("WEBHOOK_SIGNATURE_INVALID");
  const timestamp = Number(timestampText);
  const expected = Buffer.from(signatureOf(input.secret, id, timestamp, input.body), "base64");
  let matched = false;
  for (const part of header.split(" ")) {
    const [version, value] = part.split(",", 2);
    if (version !== "v1" || !value) continue;
    const candidate = Buffer.from(value, "base64");
    if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) matched = true;
  }
  if (!matched) throw new AppError("WEBHOOK_SIGNATURE_INVALID");
  const tolerance = input.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  if (Math.abs(Math.floor(input.now.getTime() / 1000) - timestamp) > tolerance)
    throw new AppError("WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE");
  return { id, timestamp };
}
