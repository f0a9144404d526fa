// The staff API's gate (ADR 0036): the admin token, a staff session or a staff bearer token
// with the admin scope, holding the route's permission. The actor it resolved is on the context for
// the handler to audit with.
import type { Context, MiddlewareHandler } from "hono";
import { authorizeStaff, resolveCaller, type StaffActor, type AppServices } from "../edge/index.ts";
import { AppError } from "../../lib/errors.ts";
import type { StaffPermission } from "../../modules/identity/index.ts";
import { errorResponse } from "./openapi.ts";

type StaffEnv = { Variables: { staff: StaffActor; requestId: string } };

/** The staff member `requireStaff` let through, for the handler's audit entry. */
export function staffOf(c: Context): StaffActor {
  return (c as unknown as Context<StaffEnv>).get("staff");
}

export function requireStaff(services: AppServices, permission: StaffPermission): MiddlewareHandler {
  return async (untyped, next) => {
    const c = untyped as unknown as Context<StaffEnv>;
    const caller = await resolveCaller(services, {
      authorization: c.req.header("Authorization"),
      cookie: c.req.header("Cookie"),
    });
    try {
      c.set(
        "staff",
        await authorizeStaff(services, caller, permission, {
          action: `${c.req.method} ${new URL(c.req.url).pathname}`,
          requestId: c.get("requestId"),
        }),
      );
    } catch (error) {
      if (error instanceof AppError && error.code === "UNAUTHORIZED")
        c.header("WWW-Authenticate", 'Bearer realm="travesia-staff"');
      throw error;
    }
    await next();
  };
}

/** OpenAPI security of staff routes: the admin token or a staff access token as a bearer, or the session cookie. */
export const STAFF_SECURITY: Array<Record<string, string[]>> = [{ adminBearer: [] }, { staffSession: [] }];

export const unauthorizedStaff = errorResponse("UNAUTHORIZED: no admin token, staff access token or session");
export const forbiddenStaff = errorResponse(
  "FORBIDDEN: the caller's staff role does not hold this permission (audited)",
);
