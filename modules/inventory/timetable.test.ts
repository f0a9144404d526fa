import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { localDateOf, localTimeOf } from "./local-time.ts";
import { appliesOn, departureTimes, generateSailings, isInSeason, type TimetableRule } from "./timetable.ts";

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

const VESSELS = [
  { id: 1, capacity: 350 },
  { id: 2, capacity: 650 },
];

const times = (sailings: ReturnType<typeof generateSailings>) =>
  sailings.map((sailing) => localTimeOf(sailing.departsAt));

describe("seasons", () => {
  it.each([
    ["12-20", "12-15", "01-07", true],
    ["01-07", "12-15", "01-07", true],
    ["01-08", "12-15", "01-07", false],
    ["12-14", "12-15", "01-07", false],
    ["07-01", "07-01", "08-31", true],
    ["09-01", "07-01", "08-31", false],
    ["05-05", null, null, true],
  ])("%s in %s–%s: %s", (day, start, end, expected) => {
    expect(isInSeason(day, start, end)).toBe(expected);
  });
});

describe("departureTimes", () => {
  it("steps from first to last, the last only when it falls on a step", () => {
    expect(departureTimes({ firstDeparture: "09:00", lastDeparture: "11:00", intervalMinutes: 60 })).toEqual([
      "09:00",
      "10:00",
      "11:00",
    ]);
    expect(departureTimes({ firstDeparture: "09:00", lastDeparture: "10:40", intervalMinutes: 30 })).toEqual([
      "09:00",
      "09:30",
      "10:00",
      "10:30",
    ]);
    expect(departureTimes({ firstDeparture: "09:00", lastDeparture: "09:00", intervalMinutes: 30 })).toEqual(["09:00"]);
    expect(departureTimes({ firstDeparture: "10:00", lastDeparture: "09:00", intervalMinutes: 30 })).toEqual([]);
  });
});

describe("appliesOn", () => {
  it("needs the weekday, the season, the validity range and an active rule", () => {
    expect(appliesOn(rule({ weekdays: [6, 7] }), "2026-11-28")).toBe(true); // Saturday
    expect(appliesOn(rule({ weekdays: [6, 7] }), "2026-11-27")).toBe(false);
    expect(appliesOn(rule({ validFrom: "2026-12-01" }), "2026-11-30")).toBe(false);
    expect(appliesOn(rule({ validFrom: "2026-12-01", validUntil: "2026-12-01" }), "2026-12-01")).toBe(true);
    expect(appliesOn(rule({ validUntil: "2026-12-01" }), "2026-12-02")).toBe(false);
    expect(appliesOn(rule({ seasonStart: "12-15", seasonEnd: "01-07" }), "2027-01-03")).toBe(true);
    expect(appliesOn(rule({ active: false }), "2026-12-01")).toBe(false);
  });
});

describe("generateSailings", () => {
  it("makes a day's departures in America/Cancun time, stored as instants", () => {
    const sailings = generateSailings([rule({ lastDeparture: "11:00" })], VESSELS, "2026-11-23", "2026-11-23");
    expect(sailings.map((sailing) => sailing.departsAt.toISOString())).toEqual([
      "2026-11-23T14:00:00.000Z",
      "2026-11-23T15:00:00.000Z",
      "2026-11-23T16:00:00.000Z",
    ]);
    expect(sailings[0]).toMatchObject({
      crossingId: 1,
      serviceDate: "2026-11-23",
      vesselId: 1,
      capacity: 350,
      ruleId: 1,
    });
  });

  it("adds the rules of the same priority together (weekend extras) and skips days no rule covers", () => {
    const rules = [
      rule({ id: 1, lastDeparture: "11:00" }),
      rule({ id: 2, vesselId: 2, weekdays: [6, 7], firstDeparture: "09:30", lastDeparture: "10:30" }),
    ];
    const friday = generateSailings(rules, VESSELS, "2026-11-27", "2026-11-27");
    const saturday = generateSailings(rules, VESSELS, "2026-11-28", "2026-11-28");
    expect(times(friday)).toEqual(["09:00", "10:00", "11:00"]);
    expect(times(saturday)).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00"]);
    expect(saturday.find((sailing) => localTimeOf(sailing.departsAt) === "09:30")?.capacity).toBe(650);
    expect(generateSailings([rule({ weekdays: [1] })], VESSELS, "2026-11-24", "2026-11-29")).toEqual([]);
  });

  it("lets a higher-priority season replace the regular timetable on its days only", () => {
    const rules = [
      rule({ id: 1, lastDeparture: "10:00" }),
      rule({
        id: 2,
        vesselId: 2,
        seasonStart: "12-15",
        seasonEnd: "01-07",
        firstDeparture: "08:30",
        lastDeparture: "09:30",
        intervalMinutes: 30,
        priority: 10,
      }),
    ];
    const sailings = generateSailings(rules, VESSELS, "2026-12-14", "2026-12-15");
    expect(
      sailings
        .filter((sailing) => sailing.serviceDate === "2026-12-14")
        .map((sailing) => localTimeOf(sailing.departsAt)),
    ).toEqual(["09:00", "10:00"]);
    expect(
      sailings
        .filter((sailing) => sailing.serviceDate === "2026-12-15")
        .map((sailing) => localTimeOf(sailing.departsAt)),
    ).toEqual(["08:30", "09:00", "09:30"]);
    expect(
      sailings.filter((sailing) => sailing.serviceDate === "2026-12-15").every((sailing) => sailing.ruleId === 2),
    ).toBe(true);
  });

  it("decides priority per crossing, and gives a shared departure to the lower rule id", () => {
    const rules = [
      rule({ id: 5, crossingId: 1, vesselId: 2, lastDeparture: "10:00" }),
      rule({ id: 3, crossingId: 1, vesselId: 1, lastDeparture: "09:00" }),
      rule({ id: 4, crossingId: 2, priority: 10, firstDeparture: "12:00", lastDeparture: "12:00" }),
    ];
    const sailings = generateSailings(rules, VESSELS, "2026-11-23", "2026-11-23");
    expect(sailings.map((sailing) => [sailing.crossingId, localTimeOf(sailing.departsAt), sailing.ruleId])).toEqual([
      [1, "09:00", 3],
      [1, "10:00", 5],
      [2, "12:00", 4],
    ]);
  });

  it("ignores rules whose vessel is unknown and refuses absurd ranges", () => {
    expect(generateSailings([rule({ vesselId: 99 })], VESSELS, "2026-11-23", "2026-11-23")).toEqual([]);
    expect(generateSailings([rule({})], VESSELS, "2026-11-24", "2026-11-23")).toEqual([]);
    expect(() => generateSailings([rule({})], VESSELS, "2026-01-01", "2027-12-31")).toThrow(RangeError);
  });

  it("is a pure function of its input: the same rules and range give the same sailings, each on its own service date", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 800 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 20, max: 180 }),
        fc.integer({ min: 0, max: 23 * 60 }),
        (startOffset, length, interval, first) => {
          const from = new Date(Date.UTC(2026, 0, 1 + startOffset)).toISOString().slice(0, 10);
          const to = new Date(Date.UTC(2026, 0, 1 + startOffset + length)).toISOString().slice(0, 10);
          const hh = String(Math.floor(first / 60)).padStart(2, "0");
          const mm = String(first % 60).padStart(2, "0");
          const rules = [rule({ firstDeparture: `${hh}:${mm}`, lastDeparture: "23:59", intervalMinutes: interval })];
          const a = generateSailings(rules, VESSELS, from, to);
          const b = generateSailings(rules, VESSELS, from, to);
          expect(a).toEqual(b);
          for (const sailing of a) expect(localDateOf(sailing.departsAt)).toBe(sailing.serviceDate);
          expect(new Set(a.map((sailing) => sailing.departsAt.getTime())).size).toBe(a.length);
        },
      ),
      { numRuns: 40 },
    );
  });
});
