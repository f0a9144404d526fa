// Bearer credentials: reading one from an Authorization header, and comparing a secret in constant
// time (hashing first gives equal lengths, so timingSafeEqual never leaks the secret's length either).
import { createHash, timingSafeEqual } from "node:crypto";

export function bearerOf(authorization: string | null | undefined): string | null {
  return /^Bearer[ ]+(\S{1,4096})[ ]*$/i.exec(authorization ?? "")?.[1] ?? null;
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}

/** True when `presented` is exactly the configured secret; always false when none is configured. */
export function isSameSecret(presented: string, configured: string | undefined): boolean {
  return configured !== undefined && timingSafeEqual(digest(presented), digest(configured));
}
