// How large a request body may be, by route class, refused with 413 before anything reads it (ADR
// 0048): a declared Content-Length over the limit is answered at once, unread; a chunked body is
// counted as it arrives and refused at the first byte past the limit, so no route ever buffers more.
// The rest of the body is not kept: once the 413 is sent, @hono/node-server discards what still comes
// for at most 500 ms or 64 MiB and then closes the connection (a lingering close: closing at once
// would reset a client still sending, and a reset can discard the 413 before the client reads it).
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError, errorBody } from "../lib/errors.ts";
import { languageOfPath } from "../lib/language.ts";
import { isPictureUploadPath } from "../lib/routing/upload-paths.ts";
import { internalErrorPage } from "./internal-error-page.ts";
import { isPagePath } from "./pages.ts";

export type RouteClass = "json" | "boarding-sync" | "form" | "picture-upload";

/**
 * Bytes per class. JSON calls and page forms are a few kilobytes at most (the checkout form with five
 * products' passenger names, a console text); a scanner's offline sync carries up to 500 scans of at
 * most ~700 bytes each. The console's products page takes a picture of up to 2 MiB with its form's
 * texts (ADR 0079): a file between its limit and this one is refused by the form in the operator's words.
 */
export const BODY_LIMIT_BYTES: Record<RouteClass, number> = {
  json: 64 * 1024,
  "boarding-sync": 1024 * 1024,
  form: 64 * 1024,
  "picture-upload": 3 * 1024 * 1024,
};

/** The class of a path: the products page's uploads, a page or the identity provider's forms, the boarding sync, else a JSON call. */
export function routeClassOf(path: string): RouteClass {
  if (path === "/api/boarding/scans") return "boarding-sync";
  if (isPictureUploadPath(path)) return "picture-upload";
  if (isPagePath(path) || path.startsWith("/idp/")) return "form";
  return "json";
}

function tooLarge(c: Context, requestId: string): Response {
  const headers = { "Cache-Control": "no-store" };
  if (isPagePath(c.req.path)) {
    return c.html(internalErrorPage(languageOfPath(c.req.path), 413, requestId), 413, headers);
  }
  return c.json(errorBody(new AppError("PAYLOAD_TOO_LARGE"), requestId), 413, headers);
}

/** The middleware: each request held to its class's limit. */
export function limitRequestBodies(requestIdOf: (c: Context) => string): MiddlewareHandler {
  const limiters = Object.fromEntries(
    (Object.keys(BODY_LIMIT_BYTES) as RouteClass[]).map((routeClass) => [
      routeClass,
      bodyLimit({ maxSize: BODY_LIMIT_BYTES[routeClass], onError: (c) => tooLarge(c, requestIdOf(c)) }),
    ]),
  ) as Record<RouteClass, MiddlewareHandler>;
  return (c, next) => limiters[routeClassOf(c.req.path)](c, next);
}
