// Decides whether a timetable rule the operator adds or edits fits the rest of the timetable: one
// vessel cannot sail twice at once (a departure keeps its vessel busy for the crossing's duration plus
// a turnaround at the pier), and two rules of equal priority of one crossing may not make the same
// departure (which one's vessel sails would be an accident of rule ids). Only days on which a rule
// really makes sailings count: a rule outranked on a day by a higher-priority rule of its crossing
// makes none there (timetable.ts), so a high-season rule may reuse the vessels of the rules it replaces.
// Pure: the caller reads the rules and crossings and passes the first day to look at.
import { AppError, type ErrorIssue } from "../../lib/errors.ts";
import { addDays, minutesOf, timeOfMinutes, type LocalDate, type LocalTime } from "./local-time.ts";
import { appliesOn, departureTimes, type TimetableRule } from "./timetable.ts";

/** Minutes a vessel stays at the pier after arriving before it can leave again (unload, clean, board). */
export const VESSEL_TURNAROUND_MINUTES = 5;
/**
 * Days looked at from the first day the rule is in force: a year and a day covers every weekday of
 * every yearly season, so rules that repeat (all of ours do) clash within it if they ever clash.
 */
export const CONFLICT_CHECK_DAYS = 366;

export interface CrossingTiming {
  id: number;
  durationMinutes: number;
}

export type TimetableClash =
  /** The candidate and another rule of equal priority make the same departure of one crossing. */
  | { kind: "same_departure"; otherRuleId: number; crossingId: number; date: LocalDate; time: LocalTime }
  /**
   * The candidate's vessel is still at sea or turning around when another departure of the same
   * vessel is due (`otherRuleId` is the candidate's own id when its departures come too close).
   */
  | {
      kind: "vessel_busy";
      otherRuleId: number;
      vesselId: number;
      date: LocalDate;
      time: LocalTime;
      otherTime: LocalTime;
    };

interface Occupation {
  ruleId: number;
  start: number;
  end: number;
}

function winnersOn(rules: readonly TimetableRule[], date: LocalDate): TimetableRule[] {
  const applicable = rules.filter((rule) => appliesOn(rule, date));
  const top = new Map<number, number>();
  for (const rule of applicable)
    top.set(rule.crossingId, Math.max(top.get(rule.crossingId) ?? rule.priority, rule.priority));
  return applicable.filter((rule) => rule.priority === top.get(rule.crossingId));
}

/**
 * Every rule the candidate clashes with, at most one clash per kind and other rule (the first day
 * and time it happens), in date order. `others` may contain the candidate's stored version (same id):
 * it is replaced by the candidate. An inactive candidate clashes with nothing.
 */
export function findTimetableClashes(
  candidate: TimetableRule,
  others: readonly TimetableRule[],
  crossings: readonly CrossingTiming[],
  from: LocalDate,
  options: { days?: number; turnaroundMinutes?: number } = {},
): TimetableClash[] {
  if (!candidate.active) return [];
  const days = options.days ?? CONFLICT_CHECK_DAYS;
  const turnaround = options.turnaroundMinutes ?? VESSEL_TURNAROUND_MINUTES;
  const durationOf = new Map(crossings.map((crossing) => [crossing.id, crossing.durationMinutes]));
  const rules = [...others.filter((rule) => rule.id !== candidate.id), candidate];
  const start = candidate.validFrom !== null && candidate.validFrom > from ? candidate.validFrom : from;
  const found = new Map<string, TimetableClash>();
  const timesOf = new Map(rules.map((rule) => [rule.id, departureTimes(rule)]));
  const busyFor = (rule: TimetableRule) => (durationOf.get(rule.crossingId) ?? 0) + turnaround;

  for (let offset = 0; offset < days; offset += 1) {
    const date = addDays(start, offset);
    if (candidate.validUntil !== null && date > candidate.validUntil) break;
    const winners = winnersOn(rules, date);
    if (!winners.some((rule) => rule.id === candidate.id)) continue;
    const candidateTimes = timesOf.get(candidate.id) ?? [];

    for (const other of winners) {
      if (other.id === candidate.id || other.crossingId !== candidate.crossingId) continue;
      const key = `same_departure:${other.id}`;
      if (found.has(key)) continue;
      const otherTimes = new Set(timesOf.get(other.id) ?? []);
      const shared = candidateTimes.find((time) => otherTimes.has(time));
      if (shared !== undefined)
        found.set(key, {
          kind: "same_departure",
          otherRuleId: other.id,
          crossingId: candidate.crossingId,
          date,
          time: shared,
        });
    }

    const mine: Occupation[] = candidateTimes.map((time) => ({
      ruleId: candidate.id,
      start: minutesOf(time),
      end: minutesOf(time) + busyFor(candidate),
    }));
    const theirs: Occupation[] = winners
      .filter((rule) => rule.id !== candidate.id && rule.vesselId === candidate.vesselId)
      .flatMap((rule) =>
        (timesOf.get(rule.id) ?? []).map((time) => ({
          ruleId: rule.id,
          start: minutesOf(time),
          end: minutesOf(time) + busyFor(rule),
        })),
      );
    // The candidate's own departures against each other (an interval shorter than a crossing), then against the others'.
    const pairs: [Occupation, Occupation][] = [];
    for (let index = 1; index < mine.length; index += 1) pairs.push([mine[index - 1]!, mine[index]!]);
    for (const own of mine) for (const their of theirs) pairs.push([own, their]);
    for (const [own, their] of pairs) {
      const key = `vessel_busy:${their.ruleId}`;
      if (found.has(key)) continue;
      if (own.start < their.end && their.start < own.end) {
        found.set(key, {
          kind: "vessel_busy",
          otherRuleId: their.ruleId,
          vesselId: candidate.vesselId,
          date,
          time: timeOfMinutes(own.start),
          otherTime: timeOfMinutes(their.start),
        });
      }
    }
  }
  return [...found.values()].sort((a, b) => a.date.localeCompare(b.date) || a.otherRuleId - b.otherRuleId);
}

/** How a clash is named in an error's issues: "rule.5:same_departure:2026-12-18T09:00". */
export function clashIssue(clash: TimetableClash): ErrorIssue {
  return clash.kind === "same_departure"
    ? { path: `rule.${clash.otherRuleId}`, code: `same_departure:${clash.date}T${clash.time}` }
    : { path: `rule.${clash.otherRuleId}`, code: `vessel_busy:${clash.date}T${clash.time}/${clash.otherTime}` };
}

/**
 * Refuses a rule that clashes: VESSEL_DOUBLE_BOOKED when its vessel would sail twice at once,
 * otherwise TIMETABLE_CONFLICT for a departure another rule of equal priority already makes. Every
 * clash is listed in the issues, so the operator sees all of them at once.
 */
export function assertNoTimetableClash(clashes: readonly TimetableClash[]): void {
  if (clashes.length === 0) return;
  const code = clashes.some((clash) => clash.kind === "vessel_busy") ? "VESSEL_DOUBLE_BOOKED" : "TIMETABLE_CONFLICT";
  throw new AppError(code, { issues: clashes.map(clashIssue) });
}
