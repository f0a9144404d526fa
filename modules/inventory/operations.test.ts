import { describe, expect, it } from "vitest";
import { assertVesselRetirable, isRuleEnded, rulesUsingVessel, type StoredTimetableRule } from "./operations.ts";

const rule = (id: number, vesselId: number, fields: Partial<StoredTimetableRule> = {}): StoredTimetableRule => ({
  id,
  crossingId: 1,
  vesselId,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  seasonStart: null,
  seasonEnd: null,
  validFrom: null,
  validUntil: null,
  firstDeparture: "09:00",
  lastDeparture: "17:00",
  intervalMinutes: 60,
  priority: 0,
  active: true,
  note: null,
  ...fields,
});
const TODAY = "2031-03-05";

describe("retiring a vessel", () => {
  it("is held back by the rules in force that sail it, not by ended or switched-off ones", () => {
    const rules = [
      rule(1, 7),
      rule(2, 7, { validUntil: "2031-03-04" }),
      rule(3, 7, { active: false }),
      rule(4, 8),
      rule(5, 7, { validUntil: TODAY }),
    ];
    expect(rulesUsingVessel(rules, 7, TODAY).map((item) => item.id)).toEqual([1, 5]);
    expect(() => assertVesselRetirable(rules, 7, TODAY)).toThrow(
      expect.objectContaining({
        code: "VESSEL_IN_USE",
        issues: [
          { path: "rule.1", code: "in_force" },
          { path: "rule.5", code: "in_force" },
        ],
      }),
    );
    expect(() => assertVesselRetirable(rules, 9, TODAY)).not.toThrow();
  });
});

describe("an ended rule", () => {
  it("is one switched off or whose last day is past", () => {
    expect(isRuleEnded({ active: true, validUntil: null }, TODAY)).toBe(false);
    expect(isRuleEnded({ active: true, validUntil: TODAY }, TODAY)).toBe(false);
    expect(isRuleEnded({ active: true, validUntil: "2031-03-04" }, TODAY)).toBe(true);
    expect(isRuleEnded({ active: false, validUntil: null }, TODAY)).toBe(true);
  });
});
