import { describe, expect, it } from "vitest";
import { describeFailure, retryDelayMs, RETRY_BASE_MS, RETRY_MAX_MS } from "./backoff.ts";

describe("retryDelayMs", () => {
  it("doubles after each failed attempt, from the base", () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt))).toEqual([
      RETRY_BASE_MS,
      2 * RETRY_BASE_MS,
      4 * RETRY_BASE_MS,
      8 * RETRY_BASE_MS,
    ]);
  });

  it("never waits longer than the ceiling, however many attempts failed", () => {
    expect(retryDelayMs(20)).toBe(RETRY_MAX_MS);
    expect(retryDelayMs(10_000)).toBe(RETRY_MAX_MS);
  });
});

describe("describeFailure", () => {
  it("keeps an error's message and bounds its length", () => {
    expect(describeFailure(new Error("smtp refused"))).toContain("smtp refused");
    expect(describeFailure("x".repeat(10_000)).length).toBeLessThanOrEqual(4001);
    expect(describeFailure(42)).toBe("42");
  });
});
