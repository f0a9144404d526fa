import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { SEED_CROSSINGS, SEED_TIMETABLE } from "../../db/seed-catalogue.ts";
import { assertNoTimetableClash, findTimetableClashes, type TimetableClash } from "./timetable-conflicts.ts";
import type { TimetableRule } from "./timetable.ts";

const rule = (overrides: Partial<TimetableRule>): TimetableRule => ({
  id: 1,
  crossingId: 1,
  vesselId: 1,
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
  ...overrides,
});

// Two crossings of 25 minutes, the two ways between the piers.
const CROSSINGS = [
  { id: 1, durationMinutes: 25 },
  { id: 2, durationMinutes: 25 },
];
const MONDAY = "2026-11-23";
const SHORT = { days: 14 };

const kinds = (clashes: TimetableClash[]) => clashes.map((clash) => `${clash.kind}:${clash.otherRuleId}`);

describe("findTimetableClashes", () => {
  it.each<[string, TimetableRule, TimetableRule[], string[]]>([
    ["nothing else sails", rule({ id: 9 }), [], []],
    [
      "another vessel at the same times on the other crossing",
      rule({ id: 9, vesselId: 2, crossingId: 2 }),
      [rule({ id: 1 })],
      [],
    ],
    [
      "the same vessel back on the other crossing once it has arrived and turned",
      rule({ id: 9, crossingId: 2, firstDeparture: "09:30", lastDeparture: "16:30" }),
      [rule({ id: 1 })],
      [],
    ],
    [
      "the same vessel leaving before it has turned around (25 + 5 > 29)",
      rule({ id: 9, crossingId: 2, firstDeparture: "09:29", lastDeparture: "09:29" }),
      [rule({ id: 1 })],
      ["vessel_busy:1"],
    ],
    [
      "the same vessel on the same crossing half an hour later (still at sea)",
      rule({ id: 9, crossingId: 2, firstDeparture: "09:15", lastDeparture: "09:15" }),
      [rule({ id: 1 })],
      ["vessel_busy:1"],
    ],
    [
      "a rule whose own departures come closer than a crossing and its turnaround",
      rule({ id: 9, intervalMinutes: 20 }),
      [],
      ["vessel_busy:9"],
    ],
    ["a rule every 30 minutes: 25 at sea and 5 at the pier just fit", rule({ id: 9, intervalMinutes: 30 }), [], []],
    [
      "equal priority, same crossing, a shared departure",
      rule({ id: 9, vesselId: 2, firstDeparture: "12:00", lastDeparture: "20:00" }),
      [rule({ id: 1 })],
      ["same_departure:1"],
    ],
    [
      "equal priority, same crossing, alternating departures (weekend extras)",
      rule({ id: 9, vesselId: 2, firstDeparture: "09:30", lastDeparture: "16:30" }),
      [rule({ id: 1 })],
      [],
    ],
    [
      "a higher priority rule replaces the other on its days: no clash even on the same vessel",
      rule({ id: 9, priority: 10, intervalMinutes: 30 }),
      [rule({ id: 1 })],
      [],
    ],
    [
      "the lower priority rule being edited makes nothing on the higher one's days",
      rule({ id: 1, weekdays: [6, 7] }),
      [rule({ id: 9, priority: 10, intervalMinutes: 30 })],
      [],
    ],
    ["weekdays that never meet", rule({ id: 9, weekdays: [6, 7] }), [rule({ id: 1, weekdays: [1, 2, 3, 4, 5] })], []],
    [
      "validity ranges that never meet",
      rule({ id: 9, validFrom: "2026-12-01" }),
      [rule({ id: 1, validUntil: "2026-11-30" })],
      [],
    ],
    ["an ended (inactive) rule clashes with nothing", rule({ id: 9, active: false }), [rule({ id: 1 })], []],
    ["an inactive other rule is no obstacle", rule({ id: 9 }), [rule({ id: 1, active: false })], []],
    [
      "its own stored version is replaced, not clashed with",
      rule({ id: 1, firstDeparture: "09:10" }),
      [rule({ id: 1 })],
      [],
    ],
    [
      "both kinds at once, each other rule named once",
      rule({ id: 9, firstDeparture: "10:00", lastDeparture: "10:00" }),
      [rule({ id: 1 }), rule({ id: 2, crossingId: 2, firstDeparture: "10:10", lastDeparture: "10:10" })],
      ["same_departure:1", "vessel_busy:1", "vessel_busy:2"],
    ],
  ])("%s", (_name, candidate, others, expected) => {
    expect(kinds(findTimetableClashes(candidate, others, CROSSINGS, MONDAY, SHORT)).sort()).toEqual(
      [...expected].sort(),
    );
  });

  it("names the first day and times of a clash", () => {
    const [clash] = findTimetableClashes(
      rule({ id: 9, crossingId: 2, weekdays: [3], firstDeparture: "09:15", lastDeparture: "09:15" }),
      [rule({ id: 1 })],
      CROSSINGS,
      MONDAY,
      SHORT,
    );
    expect(clash).toEqual({
      kind: "vessel_busy",
      otherRuleId: 1,
      vesselId: 1,
      date: "2026-11-25",
      time: "09:15",
      otherTime: "09:00",
    });
  });

  it("finds a clash of seasons half a year away within its year-long look", () => {
    const summer = rule({ id: 9, seasonStart: "07-01", seasonEnd: "08-31", priority: 5, vesselId: 3 });
    const other = rule({
      id: 1,
      seasonStart: "08-15",
      seasonEnd: "08-20",
      priority: 5,
      vesselId: 3,
      crossingId: 2,
      firstDeparture: "09:10",
    });
    expect(findTimetableClashes(summer, [other], CROSSINGS, MONDAY)).toEqual([
      { kind: "vessel_busy", otherRuleId: 1, vesselId: 3, date: "2027-08-15", time: "09:00", otherTime: "09:10" },
    ]);
  });

  it("the seed timetable is free of clashes: every rule fits the others", () => {
    const rules = SEED_TIMETABLE.map((seeded) =>
      rule({
        ...seeded,
        id: seeded.id!,
        seasonStart: seeded.seasonStart ?? null,
        seasonEnd: seeded.seasonEnd ?? null,
      } as Partial<TimetableRule>),
    );
    const crossings = SEED_CROSSINGS.map((crossing) => ({
      id: crossing.id,
      durationMinutes: crossing.durationMinutes!,
    }));
    for (const candidate of rules)
      expect(findTimetableClashes(candidate, rules, crossings, MONDAY), `rule ${candidate.id}`).toEqual([]);
  });
});

describe("assertNoTimetableClash", () => {
  it("passes no clash, and names every clash in the issues of the refusal", () => {
    expect(() => assertNoTimetableClash([])).not.toThrow();
    const clashes: TimetableClash[] = [
      { kind: "same_departure", otherRuleId: 1, crossingId: 1, date: "2026-11-23", time: "12:00" },
      { kind: "vessel_busy", otherRuleId: 2, vesselId: 1, date: "2026-11-24", time: "10:00", otherTime: "10:10" },
    ];
    const refusal = (() => {
      try {
        assertNoTimetableClash(clashes);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: "VESSEL_DOUBLE_BOOKED",
      issues: [
        { path: "rule.1", code: "same_departure:2026-11-23T12:00" },
        { path: "rule.2", code: "vessel_busy:2026-11-24T10:00/10:10" },
      ],
    });
    expect(() => assertNoTimetableClash(clashes.slice(0, 1))).toThrow(
      expect.objectContaining({ code: "TIMETABLE_CONFLICT" }),
    );
  });
});
