// Search tokens: short-lived, HMAC-SHA256-signed, stateless, so
// any app node that shares the secret accepts a token another node issued. A token carries the site it
// was issued for and when it expires; nothing about the visitor.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { AppError } from "../../lib/errors.ts";

export const SEARCH_TOKEN_TTL_SECONDS = 15 * 60;
const VERSION = "st1";
const MAX_TOKEN_LENGTH = 512;

interface Claims {
  site: string;
  /** Issued and expiry times, whole seconds since the epoch. */
  iat: number;
  exp: number;
  /** Makes two tokens issued in the same second differ. */
  jti: string;
}

function sign(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body, "utf8").digest("base64url");
}

export function issueSearchToken(
  secret: string,
  site: string,
  now: Date,
  ttlSeconds = SEARCH_TOKEN_TTL_SECONDS,
): { token: string; expiresAt: Date } {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: Claims = { site, iat, exp: iat + ttlSeconds, jti: randomBytes(6).toString("base64url") };
  const body = `${VERSION}.${Buffer.from(JSON.stringify(claims), "utf8").toString("base64url")}`;
  return { token: `${body}.${sign(secret, body)}`, expiresAt: new Date(claims.exp * 1000) };
}

function isClaims(value: unknown): value is Claims {
  if (typeof value !== "object" || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims.site === "string" &&
    Number.isSafeInteger(claims.iat) &&
    Number.isSafeInteger(claims.exp) &&
    typeof claims.jti === "string"
  );
}

/** The bearer token of an Authorization header, or null when the header is absent or not a bearer. */
export function bearerTokenOf(authorization: string | undefined | null): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? "");
  return match?.[1] ?? null;
}

/**
 * Accepts a token signed with `secret` for `site` and not yet expired at `now`; otherwise throws
 * SEARCH_TOKEN_INVALID (absent, malformed, forged, another site's) or SEARCH_TOKEN_EXPIRED.
 */
export function verifySearchToken(secret: string, token: string | null, site: string, now: Date): void {
  const invalid = () => new AppError("SEARCH_TOKEN_INVALID");
  if (!token || token.length > MAX_TOKEN_LENGTH) throw invalid();
  const parts = token.split(".");
  const [version, payload, signature] = parts;
  if (parts.length !== 3 || version !== VERSION || !payload || !signature) throw invalid();
  const expected = Buffer.from(sign(secret, `${version}.${payload}`), "utf8");
  const given = Buffer.from(signature, "utf8");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!isClaims(claims) || claims.site !== site) throw invalid();
  if (claims.exp * 1000 <= now.getTime()) throw new AppError("SEARCH_TOKEN_EXPIRED");
}

/**
 * Ties analytics events to the results they are about. Random, not signed:
 * it identifies a result list, it grants nothing.
 */
export function newAttributionToken(): string {
  return randomBytes(12).toString("base64url");
}
