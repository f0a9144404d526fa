// In the db tier though it opens no database: it loads the cart flows, which that tier has loaded already.
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock.ts";
import { RateLimiter } from "../../lib/rate-limit.ts";
import { cartContextOf } from "./cart-context.ts";

const NOW = new Date("2026-11-26T12:00:00Z");
const CONFIG = {
  CART_HOLD_SECONDS: 900,
  HOLD_LIMIT_PER_CART: 30,
  HOLD_LIMIT_PER_ADDRESS: 120,
  HOLD_SEATS_PER_ADDRESS_PERCENT: 20,
  HOLD_SEATS_PER_ADDRESS_MAX: 100,
};

describe("cartContextOf", () => {
  const rateLimiter = Object.create(RateLimiter.prototype) as RateLimiter;
  const services = { config: CONFIG, clock: fixedClock(NOW), rateLimiter };

  it("holds a visitor who asks for holds to the configured limits", () => {
    const context = cartContextOf(services, { siteCode: "travesia", language: "es", clientAddress: "203.0.113.9" });
    expect(context).toMatchObject({ siteCode: "travesia", language: "es", now: NOW, holdSeconds: 900 });
    expect(context.holdRequests).toMatchObject({
      limiter: rateLimiter,
      clientAddress: "203.0.113.9",
      limits: { perCart: { count: 30 }, perAddress: { count: 120 } },
    });
  });

  it("names no hold requests for a request that places none", () => {
    expect(cartContextOf(services, { siteCode: "travesia", language: "en" })).toEqual({
      siteCode: "travesia",
      language: "en",
      now: NOW,
      holdSeconds: 900,
    });
  });
});
