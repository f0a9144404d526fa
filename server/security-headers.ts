// Security headers on every answer; the CSP nonce is fresh per request so only our own inline
// scripts (React Router's hydration data) run.
import { pooledRandomBytes } from "../lib/ids.ts";

/** 128 random bits, base64: a page's CSP nonce. */
export function newNonce(): string {
  return pooledRandomBytes(16).toString("base64");
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

export function securityHeaders(options: { nonce: string; production: boolean }): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
    // Vite's dev server injects inline scripts without a nonce; the policy is enforced in production.
    ...(options.production
      ? {
          "Content-Security-Policy": contentSecurityPolicy(options.nonce),
          "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
        }
      : {}),
  };
}
