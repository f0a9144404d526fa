// The links of newsletter mail. A token is HMAC-SHA256(secret, purpose + a random nonce of the row):
// the job that sends a mail can derive it again from the row, while the database alone (a backup, a
// leaked dump) cannot make one. Links are looked up by the token's SHA-256.
import { createHash, createHmac, randomBytes } from "node:crypto";

export type NewsletterTokenPurpose = "confirm" | "unsubscribe";

/** How long a confirmation link works: a week is long enough for a mailbox read on holiday. */
export const CONFIRM_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** 43 base64url characters: 256 bits. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newTokenNonce(): string {
  return randomBytes(16).toString("base64url");
}

export function deriveNewsletterToken(secret: string, purpose: NewsletterTokenPurpose, nonce: string): string {
  return createHmac("sha256", secret).update(`newsletter-${purpose}:${nonce}`).digest("base64url");
}

export function hashNewsletterToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A token of the right shape: anything else is refused before touching the database. */
export function isNewsletterTokenShaped(value: unknown): value is string {
  return typeof value === "string" && TOKEN_PATTERN.test(value);
}
