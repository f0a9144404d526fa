// The visitor's cart session on the server side of pages: which cart the cookie names, its size for
// the header badge, and the public headers the browser's cart calls carry.
import type { RouterContextProvider } from "react-router";
import { CART_HEADER_NAMES, isSessionId } from "../../lib/cart-session.ts";
import type { Config } from "../../lib/config.ts";
import { COOKIE, parseCookieHeader } from "../../lib/cookies.ts";
import { countCartLines } from "../../modules/cart/index.ts";
import { servicesContext } from "../../server/edge/index.ts";

export function readCartSession(request: Request): string | null {
  const value = parseCookieHeader(request.headers.get("Cookie"))[COOKIE.cartSession];
  return isSessionId(value) ? value : null;
}

export async function countVisitorCart(request: Request, context: Readonly<RouterContextProvider>): Promise<number> {
  const sessionId = readCartSession(request);
  if (sessionId === null) return 0;
  const { db } = context.get(servicesContext);
  return (await countCartLines(db, sessionId)) ?? 0;
}

export function cartApiHeaders(config: Config, siteCode: string): Record<string, string> {
  return {
    Authorization: `Bearer ${config.CART_API_KEY}`,
    [CART_HEADER_NAMES.projectPrefix]: config.CART_PROJECT_PREFIX,
    [CART_HEADER_NAMES.siteCode]: siteCode,
  };
}
