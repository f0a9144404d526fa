// The cart session as both the server and the browser see it: the cookie that
// carries the SessionId, its shape, and the three headers every cart call carries.
import { COOKIE, cookieAttributes } from "./cookies.ts";

/** 128 random bits, hex: anything else in the cookie or a query is not a session. */
export const SESSION_ID_PATTERN = /^[0-9a-f]{32}$/;

export function isSessionId(value: unknown): value is string {
  return typeof value === "string" && SESSION_ID_PATTERN.test(value);
}

export const CART_HEADER_NAMES = {
  projectPrefix: "X-Project-Prefix",
  siteCode: "X-Site-Code",
} as const;

/**
 * The cart session cookie: 7 days, whole site, readable by scripts on purpose (the client
 * stores and clears it). An empty value with Max-Age=0 clears it.
 */
export function cartSessionCookie(sessionId: string | null, secure: boolean): string {
  return `${COOKIE.cartSession}=${sessionId ?? ""}; ${cookieAttributes(secure, sessionId === null ? 0 : undefined)}`;
}
