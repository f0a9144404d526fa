// Decides which sailings a timetable makes on which days. Rules apply by weekday, by a season that
// repeats every year ("12-15" to "01-07" wraps the new year) and by an optional validity range; on a
// day, only the applicable rules of the highest priority count for a crossing, so a high-season rule
// replaces the regular timetable instead of adding to it. Pure: the caller reads rules and writes sailings.
import {
  OPERATOR_TIME_ZONE,
  addDays,
  daysBetween,
  instantOf,
  minutesOf,
  monthDayOf,
  timeOfMinutes,
  weekdayOf,
  type LocalDate,
  type LocalTime,
} from "./local-time.ts";

export interface TimetableRule {
  id: number;
  crossingId: number;
  vesselId: number;
  /** ISO weekdays the rule runs on: 1 Monday … 7 Sunday. */
  weekdays: readonly number[];
  /** A yearly season "MM-DD"–"MM-DD", both ends included; null for all year. */
  seasonStart: string | null;
  seasonEnd: string | null;
  /** Dates the rule is in force, both ends included; null for open-ended. */
  validFrom: LocalDate | null;
  validUntil: LocalDate | null;
  firstDeparture: LocalTime;
  lastDeparture: LocalTime;
  intervalMinutes: number;
  /** On a day, only the applicable rules with the highest priority of their crossing make sailings. */
  priority: number;
  active: boolean;
}

export interface VesselCapacity {
  id: number;
  capacity: number;
}

export interface PlannedSailing {
  crossingId: number;
  serviceDate: LocalDate;
  departsAt: Date;
  vesselId: number;
  capacity: number;
  ruleId: number;
}

/** How many days ahead sailings exist (and can be sold): the rolling window materialized at start. */
export const SALE_HORIZON_DAYS = 120;
/** A generation request longer than this is a mistake (a year of sailings is ~15,000 rows). */
export const MAX_GENERATION_DAYS = 400;

/** True when a yearly season includes a day; a season whose end is before its start wraps the year. */
export function isInSeason(monthDay: string, start: string | null, end: string | null): boolean {
  if (start === null || end === null) return true;
  return start <= end ? monthDay >= start && monthDay <= end : monthDay >= start || monthDay <= end;
}

export function appliesOn(rule: TimetableRule, date: LocalDate): boolean {
  if (!rule.active) return false;
  if (rule.validFrom !== null && date < rule.validFrom) return false;
  if (rule.validUntil !== null && date > rule.validUntil) return false;
  if (!rule.weekdays.includes(weekdayOf(date))) return false;
  return isInSeason(monthDayOf(date), rule.seasonStart, rule.seasonEnd);
}

/** The departure times of one rule, first to last every interval (the last one only if it falls on the step). */
export function departureTimes(
  rule: Pick<TimetableRule, "firstDeparture" | "lastDeparture" | "intervalMinutes">,
): LocalTime[] {
  const first = minutesOf(rule.firstDeparture);
  const last = minutesOf(rule.lastDeparture);
  if (rule.intervalMinutes < 1 || last < first) return [];
  const times: LocalTime[] = [];
  for (let minutes = first; minutes <= last; minutes += rule.intervalMinutes) times.push(timeOfMinutes(minutes));
  return times;
}

/**
 * Every sailing the rules make from `from` to `to` (both included), in departure order per crossing.
 * Two rules of the winning priority that make the same departure give one sailing: the lower rule id's.
 */
export function generateSailings(
  rules: readonly TimetableRule[],
  vessels: readonly VesselCapacity[],
  from: LocalDate,
  to: LocalDate,
  timeZone: string = OPERATOR_TIME_ZONE,
): PlannedSailing[] {
  const days = daysBetween(from, to) + 1;
  if (days <= 0) return [];
  if (days > MAX_GENERATION_DAYS) throw new RangeError(`cannot generate more than ${MAX_GENERATION_DAYS} days at once`);
  const capacityOf = new Map(vessels.map((vessel) => [vessel.id, vessel.capacity]));
  const ordered = [...rules].sort((a, b) => a.id - b.id);
  const planned: PlannedSailing[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    const date = addDays(from, offset);
    const applicable = ordered.filter((rule) => appliesOn(rule, date));
    const topPriority = new Map<number, number>();
    for (const rule of applicable) {
      topPriority.set(rule.crossingId, Math.max(topPriority.get(rule.crossingId) ?? rule.priority, rule.priority));
    }
    const byKey = new Map<string, PlannedSailing>();
    for (const rule of applicable) {
      if (rule.priority !== topPriority.get(rule.crossingId)) continue;
      const capacity = capacityOf.get(rule.vesselId);
      if (capacity === undefined) continue;
      for (const time of departureTimes(rule)) {
        const key = `${rule.crossingId}@${time}`;
        if (byKey.has(key)) continue;
        byKey.set(key, {
          crossingId: rule.crossingId,
          serviceDate: date,
          departsAt: instantOf(date, time, timeZone),
          vesselId: rule.vesselId,
          capacity,
          ruleId: rule.id,
        });
      }
    }
    planned.push(
      ...[...byKey.values()].sort(
        (a, b) => a.crossingId - b.crossingId || a.departsAt.getTime() - b.departsAt.getTime(),
      ),
    );
  }
  return planned;
}
