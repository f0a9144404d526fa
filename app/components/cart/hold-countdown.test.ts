import { describe, expect, it } from "vitest";
import { formatCountdown } from "./hold-countdown.tsx";

describe("formatCountdown", () => {
  it.each([
    [900, "15:00"],
    [899, "14:59"],
    [61, "1:01"],
    [9, "0:09"],
    [0, "0:00"],
    [-3, "0:00"],
  ])("%i s → %s", (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});
