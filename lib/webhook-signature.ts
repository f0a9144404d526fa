// Signed webhooks: HMAC-SHA256 over `timestamp.rawBody`, sent as `t=<unix seconds>,v1=<hex>`. The
// timestamp is inside the signed text, so an old delivery replayed later fails the tolerance window
// even though its signature is genuine. Both ends use this file: the sandbox signs, the payments
// adapter verifies, and neither module imports the other.
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "./errors.ts";

/** How far a webhook's timestamp may be from `now`, either way (Stripe's default, 5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

function hmacHex(secret: string, timestamp: number, rawBody: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest("hex");
}

/** The signature header for a body sent at `timestamp` (unix seconds). */
export function signWebhook(input: { secret: string; rawBody: string; timestamp: number }): string {
  return `t=${input.timestamp},v1=${hmacHex(input.secret, input.timestamp, input.rawBody)}`;
}

interface ParsedHeader {
  timestamp: number;
  signatures: string[];
}

function parseSignatureHeader(header: string): ParsedHeader | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [name, value, ...rest] = part.trim().split("=");
    if (rest.length > 0 || value === undefined) return null;
    if (name === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === "v1" && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
    // Other schemes (a future v2) are ignored, as receivers of such headers do.
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/**
 * Checks a delivery against the raw body exactly as received (re-serialised JSON would not match).
 * Several v1 values are accepted so that a secret can be rotated while both are in use. Refuses with
 * WEBHOOK_SIGNATURE_INVALID (missing, malformed or wrong signature) or WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE.
 */
export function verifyWebhook(input: {
  secret: string;
  rawBody: string;
  header: string | null | undefined;
  now: Date;
  toleranceSeconds?: number;
}): { timestamp: number } {
  const parsed = input.header ? parseSignatureHeader(input.header) : null;
  if (!parsed) throw new AppError("WEBHOOK_SIGNATURE_INVALID");
  const expected = Buffer.from(hmacHex(input.secret, parsed.timestamp, input.rawBody), "hex");
  // Every candidate is compared in constant time and the loop does not stop early, so timing says
  // nothing about how much of a forged signature was right.
  let matched = false;
  for (const signature of parsed.signatures) {
    if (timingSafeEqual(expected, Buffer.from(signature, "hex"))) matched = true;
  }
  if (!matched) throw new AppError("WEBHOOK_SIGNATURE_INVALID");
  const tolerance = input.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor(input.now.getTime() / 1000);
  if (Math.abs(nowSeconds - parsed.timestamp) > tolerance) throw new AppError("WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE");
  return { timestamp: parsed.timestamp };
}
