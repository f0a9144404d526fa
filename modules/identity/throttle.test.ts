import { describe, expect, it } from "vitest";
import { ACCOUNT_THROTTLE, afterFailure, throttleWaitUntil, withoutLastFailure, type ThrottleState } from "./rules.ts";

const NOW = new Date("2026-11-26T12:00:00Z");

describe("the login throttle's rules", () => {
  it("lets five tries through, makes the sixth start the wait, and refuses while it runs", () => {
    let state: ThrottleState | null = null;
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(throttleWaitUntil(state, NOW)).toBeNull();
      state = afterFailure(state, ACCOUNT_THROTTLE, NOW);
    }
    state = afterFailure(state, ACCOUNT_THROTTLE, NOW);
    expect(throttleWaitUntil(state, NOW)).toEqual(new Date(NOW.getTime() + 1_000));
  });

  it("gives back a try counted in advance: one failure fewer, and no wait once within the free tries", () => {
    const sixth = { failures: 6, lastFailureAt: NOW, blockedUntil: new Date(NOW.getTime() + 1_000) };
    expect(withoutLastFailure(sixth, ACCOUNT_THROTTLE)).toEqual({
      failures: 5,
      lastFailureAt: NOW,
      blockedUntil: null,
    });
    const seventh = { failures: 7, lastFailureAt: NOW, blockedUntil: new Date(NOW.getTime() + 2_000) };
    expect(withoutLastFailure(seventh, ACCOUNT_THROTTLE)).toEqual({ ...seventh, failures: 6 });
    expect(
      withoutLastFailure({ failures: 0, lastFailureAt: new Date(0), blockedUntil: null }, ACCOUNT_THROTTLE).failures,
    ).toBe(0);
  });
});
