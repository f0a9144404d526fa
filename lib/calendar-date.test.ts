import { describe, expect, it } from "vitest";
import { addMonths } from "./calendar-date.ts";

describe("addMonths", () => {
  it("adds months clamped to the month's last day", () => {
    expect(addMonths("2031-08-31", 6)).toBe("2032-02-29");
    expect(addMonths("2031-03-15", 6)).toBe("2031-09-15");
    expect(addMonths("2031-11-30", 3)).toBe("2032-02-29");
  });
});
