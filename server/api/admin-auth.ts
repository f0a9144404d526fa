// The admin API's credential check: a bearer token from config, compared in constant time. Without a
// configured token every admin call is refused, so a deployment that forgot it is closed, not open.
import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { AppError } from "../../lib/errors.ts";

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}

/** True when the Authorization header carries exactly the configured bearer token. */
export function isAdminAuthorized(authorization: string | undefined, token: string | undefined): boolean {
  if (!token || !authorization) return false;
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(authorization);
  if (!match?.[1]) return false;
  // Hashing first gives equal lengths, so timingSafeEqual never leaks the token's length either.
  return timingSafeEqual(digest(match[1]), digest(token));
}

export function requireAdmin(token: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    if (!isAdminAuthorized(c.req.header("Authorization"), token)) {
      c.header("WWW-Authenticate", 'Bearer realm="travesia-admin"');
      throw new AppError("UNAUTHORIZED");
    }
    await next();
  };
}

export const ADMIN_SECURITY = [{ adminBearer: [] }];
