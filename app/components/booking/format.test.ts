// Dates in the visitor's language; the formatters are made once per language, so languages must not
// bleed into one another when they alternate.
import { describe, expect, it } from "vitest";
import { formatCancunTime, formatLongDate, formatShortDate } from "./format.ts";

describe("formatLongDate and formatShortDate", () => {
  it("write a service date in each language, whatever the order of the calls", () => {
    for (let round = 0; round < 2; round += 1) {
      expect(formatLongDate("2026-12-18", "en")).toBe("Friday, December 18, 2026");
      expect(formatLongDate("2026-12-18", "es")).toMatch(/^viernes, 18 de diciembre de 2026$/);
      expect(formatLongDate("2026-12-18", "pt")).toMatch(/^sexta-feira, 18 de dezembro de 2026$/);
      expect(formatShortDate("2026-12-18", "en")).toBe("Fri, Dec 18");
      expect(formatLongDate("2027-01-01", "en")).toBe("Friday, January 1, 2027");
    }
  });
});

describe("formatCancunTime", () => {
  it("reads midnight as 00 in every language, as the browser does, never 24", () => {
    // 05:10 UTC is 00:10 in Cancún (UTC−5 all year).
    for (const language of ["es", "en", "pt"] as const)
      expect(formatCancunTime("2026-12-05T05:10:00.000Z", language)).toBe("00:10");
    expect(formatCancunTime("2026-12-05T19:05:00.000Z", "en")).toBe("14:05");
  });
});
