import { describe, expect, it } from "vitest";
import { decideWindow } from "./rate-limit.ts";

const LIMIT = { count: 3, windowSeconds: 60 };
const START = Date.UTC(2026, 10, 22, 12, 0, 0);

describe("decideWindow", () => {
  it("allows the requests counted up to `count` in a window, then refuses with the seconds left in it", () => {
    for (const used of [1, 2, 3])
      expect(decideWindow({ startedAtMs: START, used }, LIMIT, START + used * 1000)).toEqual({ allowed: true });
    expect(decideWindow({ startedAtMs: START, used: 4 }, LIMIT, START + 15_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 45,
    });
    expect(decideWindow({ startedAtMs: START, used: 40 }, LIMIT, START + 59_900)).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
  });
});
