import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  instantOf,
  isLocalDate,
  isLocalTime,
  localDateOf,
  localTimeOf,
  offsetMinutesAt,
  weekdayOf,
} from "./local-time.ts";

describe("local dates", () => {
  it.each([
    ["2026-12-18", true],
    ["2028-02-29", true],
    ["2027-02-29", false],
    ["2026-13-01", false],
    ["2026-04-31", false],
    ["2026-1-01", false],
    ["18/12/2026", false],
    ["1999-12-31", false],
    ["", false],
  ])("%s is a date: %s", (text, expected) => {
    expect(isLocalDate(text)).toBe(expected);
  });

  it("adds days across months, years and leap days", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-12-18", "2027-01-08")).toBe(21);
    expect(daysBetween("2026-12-18", "2026-12-11")).toBe(-7);
  });

  it("numbers weekdays the ISO way", () => {
    expect(weekdayOf("2026-11-23")).toBe(1); // a Monday
    expect(weekdayOf("2026-11-28")).toBe(6);
    expect(weekdayOf("2026-11-29")).toBe(7);
  });

  it.each([
    ["09:00", true],
    ["23:59", true],
    ["09:00:00", true],
    ["24:00", false],
    ["9:00", false],
    ["09:60", false],
  ])("%s is a time: %s", (text, expected) => {
    expect(isLocalTime(text)).toBe(expected);
  });
});

describe("instants in America/Cancun", () => {
  it("keeps UTC−5 all year (no daylight saving since 2015)", () => {
    expect(instantOf("2026-12-18", "09:00").toISOString()).toBe("2026-12-18T14:00:00.000Z");
    expect(instantOf("2026-07-04", "09:00").toISOString()).toBe("2026-07-04T14:00:00.000Z");
    expect(offsetMinutesAt(new Date("2026-07-04T12:00:00Z"), "America/Cancun")).toBe(-300);
  });

  it("reads an instant back as the operator's date and time, across midnight UTC", () => {
    const late = instantOf("2026-12-18", "21:30");
    expect(late.toISOString()).toBe("2026-12-19T02:30:00.000Z");
    expect(localDateOf(late)).toBe("2026-12-18");
    expect(localTimeOf(late)).toBe("21:30");
  });

  it("works in a zone with daylight saving: gaps resolve after the jump, repeats to the first", () => {
    expect(instantOf("2026-07-01", "09:00", "America/New_York").toISOString()).toBe("2026-07-01T13:00:00.000Z");
    expect(instantOf("2026-01-15", "09:00", "America/New_York").toISOString()).toBe("2026-01-15T14:00:00.000Z");
    // 2026-03-08 02:30 does not exist in New York: 03:30 EDT.
    expect(instantOf("2026-03-08", "02:30", "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    // 2026-11-01 01:30 happens twice: the first (EDT).
    expect(instantOf("2026-11-01", "01:30", "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });
});
