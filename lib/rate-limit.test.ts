import { describe, expect, it } from "vitest";
import { AppError } from "./errors.ts";
import { RateLimiter, takeFromWindow } from "./rate-limit.ts";

const LIMIT = { count: 3, windowSeconds: 60 };
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 22, 12, 0, seconds));

describe("takeFromWindow", () => {
  it("allows `count` requests in a window, then refuses until it ends, with the seconds left", () => {
    let window = undefined;
    for (let index = 0; index < 3; index++) {
      const decision = takeFromWindow(window, LIMIT, at(index).getTime());
      expect(decision.allowed).toBe(true);
      window = decision.window;
    }
    expect(takeFromWindow(window, LIMIT, at(15).getTime())).toMatchObject({ allowed: false, retryAfterSeconds: 45 });
    expect(takeFromWindow(window, LIMIT, at(59).getTime() + 900)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    expect(takeFromWindow(window, LIMIT, at(0).getTime() + 60_000)).toMatchObject({ allowed: true, window: { used: 1 } });
  });
});

describe("RateLimiter", () => {
  it("refuses with RATE_LIMITED and Retry-After when any key is used up, and counts a refused request against none", () => {
    const limiter = new RateLimiter();
    const keys = (...names: string[]) => names.map((key) => ({ key, limit: LIMIT }));
    for (let index = 0; index < 3; index++) limiter.take(keys("session:a", "address:1"), at(index));
    const refusal = (() => {
      try {
        limiter.take(keys("session:b", "address:1"), at(10));
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "RATE_LIMITED", retryAfterSeconds: 50 });
    // session:b was not counted by the refused request: another address may still use it three times.
    for (let index = 0; index < 3; index++) limiter.take(keys("session:b", `address:${index + 2}`), at(11));
    expect(() => limiter.take(keys("session:b", "address:9"), at(12))).toThrow(AppError);
    expect(() => limiter.take(keys("session:a", "address:1"), at(61))).not.toThrow();
  });

  it("keeps a limit per key: a tighter one refuses first", () => {
    const limiter = new RateLimiter();
    const entries = [
      { key: "session:a", limit: { count: 1, windowSeconds: 600 } },
      { key: "address:1", limit: { count: 5, windowSeconds: 60 } },
    ];
    limiter.take(entries, at(0));
    expect(() => limiter.take(entries, at(1))).toThrow(expect.objectContaining({ code: "RATE_LIMITED", retryAfterSeconds: 599 }));
  });
});
