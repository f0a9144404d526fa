// The cart's context for one visitor's request, assembled in one place from the configuration: the
// hold's length and, for a visitor asking for holds, the limits they are held to.
import type { Clock } from "../../lib/clock.ts";
import type { Config } from "../../lib/config.ts";
import type { Language } from "../../lib/language.ts";
import type { RateLimiter } from "../../lib/rate-limit.ts";
import { holdLimitsOf, type CartContext } from "../../flows/cart.ts";

type HoldConfig = Pick<
  Config,
  | "CART_HOLD_SECONDS"
  | "HOLD_LIMIT_PER_CART"
  | "HOLD_LIMIT_PER_ADDRESS"
  | "HOLD_SEATS_PER_ADDRESS_PERCENT"
  | "HOLD_SEATS_PER_ADDRESS_MAX"
>;

export interface CartVisitor {
  siteCode: string;
  language: Language;
  /** Who asks for holds (the cart page, the cart API); absent when the request places none. */
  clientAddress?: string;
}

export function cartContextOf(
  services: { config: HoldConfig; clock: Clock; rateLimiter: RateLimiter },
  visitor: CartVisitor,
): CartContext {
  const { config, clock, rateLimiter } = services;
  const context: CartContext = {
    siteCode: visitor.siteCode,
    language: visitor.language,
    now: clock.now(),
    holdSeconds: config.CART_HOLD_SECONDS,
  };
  if (visitor.clientAddress === undefined) return context;
  return {
    ...context,
    holdRequests: { limiter: rateLimiter, clientAddress: visitor.clientAddress, limits: holdLimitsOf(config) },
  };
}
