// Where to go back to after signing in: POST /redirect/ keeps a route
// (its slashes replaced by the marker "|") in an HttpOnly cookie for half an hour; GET /redirect/
// gives it back. Only paths on this site are kept, so the auth page can never be made an open redirect.
import { createRoute, z } from "@hono/zod-openapi";
import { getCookie, setCookie } from "hono/cookie";
import type { AppServices } from "../edge/index.ts";
import { COOKIE } from "../../lib/cookies.ts";
import { AppError } from "../../lib/errors.ts";
import { MAX_RETURN_PATH_LENGTH, ROUTE_SLASH_MARKER, readReturnPath, sameSitePath } from "../../lib/return-path.ts";
import { createRouter, errorResponse } from "./openapi.ts";

const RETURN_PATH_MAX_AGE_SECONDS = 1_800;

const ReturnPathSchema = z
  .object({
    route: z
      .string()
      .nullable()
      .openapi({ example: "/es/carrito/", description: "The same-site path to go back to, or null" }),
  })
  .openapi("ReturnPath");

export function redirectRouter(services: AppServices) {
  const router = createRouter();
  const secure = services.config.NODE_ENV === "production";

  router.openapi(
    createRoute({
      method: "post",
      path: "/redirect/",
      tags: ["users"],
      summary: "Keep where to go back to after signing in",
      description: `The route is a path on this site with its slashes replaced by "${ROUTE_SLASH_MARKER}" ("|es|carrito|" for /es/carrito/). Anything else (another origin, a protocol-relative or backslash path, control characters) is refused with INVALID_RETURN_PATH.`,
      request: {
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z.object({
                route: z
                  .string()
                  .max(MAX_RETURN_PATH_LENGTH * 2)
                  .openapi({ example: "|es|carrito|" }),
              }),
            },
          },
        },
      },
      responses: {
        200: { description: "Kept", content: { "application/json": { schema: ReturnPathSchema } } },
        400: errorResponse("INVALID_RETURN_PATH or INVALID_REQUEST"),
      },
    }),
    (c) => {
      const path = readReturnPath(c.req.valid("json").route);
      if (path === null)
        throw new AppError("INVALID_RETURN_PATH", { issues: [{ path: "body.route", code: "not_same_site" }] });
      setCookie(c, COOKIE.returnPath, path, {
        path: "/",
        httpOnly: true,
        sameSite: "Lax",
        secure,
        maxAge: RETURN_PATH_MAX_AGE_SECONDS,
      });
      c.header("Cache-Control", "no-store");
      return c.json({ route: path }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/redirect/",
      tags: ["users"],
      summary: "Where to go back to after signing in, or null",
      responses: {
        200: {
          description: "The kept path, checked again",
          content: { "application/json": { schema: ReturnPathSchema } },
        },
      },
    }),
    (c) => {
      const kept = getCookie(c, COOKIE.returnPath);
      c.header("Cache-Control", "no-store");
      return c.json({ route: kept === undefined ? null : sameSitePath(kept) }, 200);
    },
  );

  return router;
}
