// Reads a timetable rule as the operator typed it (the console's form, the staff API's JSON) into a
// rule the database accepts, or refuses it with every wrong field named: the table's CHECK
// constraints are the last line, never the message the operator reads.
import { AppError, type ErrorIssue } from "../../lib/errors.ts";
import { isLocalDate, isLocalTime, minutesOf } from "./local-time.ts";
import type { TimetableRuleInput } from "./operations.ts";

export interface RawTimetableRule {
  crossingId?: unknown;
  vesselId?: unknown;
  weekdays?: unknown;
  seasonStart?: unknown;
  seasonEnd?: unknown;
  validFrom?: unknown;
  validUntil?: unknown;
  firstDeparture?: unknown;
  lastDeparture?: unknown;
  intervalMinutes?: unknown;
  priority?: unknown;
  note?: unknown;
}

const MONTH_DAY = /^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/;

function blank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

function integerOf(value: unknown): number | null {
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (typeof value === "string" && /^-?\d{1,6}$/.test(value.trim())) return Number(value.trim());
  return null;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** The rule in `raw`, or INVALID_REQUEST with one issue per wrong field (path = the field's name). */
export function readTimetableRuleInput(raw: RawTimetableRule): TimetableRuleInput {
  const issues: ErrorIssue[] = [];
  const bad = (path: string, code: string) => issues.push({ path, code });

  const crossingId = integerOf(raw.crossingId);
  if (crossingId === null || crossingId <= 0) bad("crossingId", "required");
  const vesselId = integerOf(raw.vesselId);
  if (vesselId === null || vesselId <= 0) bad("vesselId", "required");

  const weekdayValues = Array.isArray(raw.weekdays) ? raw.weekdays : blank(raw.weekdays) ? [] : [raw.weekdays];
  const weekdays = [...new Set(weekdayValues.map(integerOf))].filter((day): day is number => day !== null);
  if (weekdays.length === 0 || weekdays.length !== weekdayValues.length || weekdays.some((day) => day < 1 || day > 7))
    bad("weekdays", "one_to_seven");

  const seasonStart = text(raw.seasonStart);
  const seasonEnd = text(raw.seasonEnd);
  if ((seasonStart === null) !== (seasonEnd === null))
    bad(seasonStart === null ? "seasonStart" : "seasonEnd", "both_or_neither");
  if (seasonStart !== null && !MONTH_DAY.test(seasonStart)) bad("seasonStart", "month_day");
  if (seasonEnd !== null && !MONTH_DAY.test(seasonEnd)) bad("seasonEnd", "month_day");

  const validFrom = text(raw.validFrom);
  const validUntil = text(raw.validUntil);
  if (validFrom !== null && !isLocalDate(validFrom)) bad("validFrom", "invalid_date");
  if (validUntil !== null && !isLocalDate(validUntil)) bad("validUntil", "invalid_date");
  if (
    validFrom !== null &&
    validUntil !== null &&
    isLocalDate(validFrom) &&
    isLocalDate(validUntil) &&
    validFrom > validUntil
  )
    bad("validUntil", "before_valid_from");

  const firstDeparture = text(raw.firstDeparture);
  const lastDeparture = text(raw.lastDeparture);
  if (firstDeparture === null || !isLocalTime(firstDeparture)) bad("firstDeparture", "time");
  if (lastDeparture === null || !isLocalTime(lastDeparture)) bad("lastDeparture", "time");
  if (
    firstDeparture &&
    lastDeparture &&
    isLocalTime(firstDeparture) &&
    isLocalTime(lastDeparture) &&
    minutesOf(lastDeparture) < minutesOf(firstDeparture)
  ) {
    bad("lastDeparture", "before_first_departure");
  }

  const intervalMinutes = integerOf(raw.intervalMinutes);
  if (intervalMinutes === null || intervalMinutes < 5 || intervalMinutes > 720)
    bad("intervalMinutes", "between_5_and_720");
  const priority = blank(raw.priority) ? 0 : integerOf(raw.priority);
  if (priority === null || priority < 0 || priority > 100) bad("priority", "between_0_and_100");
  const note = text(raw.note);
  if (note !== null && note.length > 200) bad("note", "too_long");

  if (issues.length > 0) throw new AppError("INVALID_REQUEST", { issues });
  return {
    crossingId: crossingId!,
    vesselId: vesselId!,
    weekdays: weekdays.sort((a, b) => a - b),
    seasonStart,
    seasonEnd,
    validFrom,
    validUntil,
    firstDeparture: firstDeparture!,
    lastDeparture: lastDeparture!,
    intervalMinutes: intervalMinutes!,
    priority: priority!,
    active: true,
    note,
  };
}
