// What copy may say about a crossing, read from the catalogue and the day's timetable rather than
// written into text: how long it takes, how often boats leave, the first and last departure.
import { OPERATOR_TIME_ZONE, localTimeOf, type LocalTime } from "./local-time.ts";

export interface CrossingFacts {
  durationMinutes: number;
  /** The shortest and longest wait between two departures of the day; null with fewer than two. */
  intervalMinutes: { shortest: number; longest: number } | null;
  firstDeparture: LocalTime | null;
  lastDeparture: LocalTime | null;
}

/**
 * The facts of one crossing on a day, from its published sailings of that day (closed ones included:
 * a closure does not change the timetable the copy describes).
 */
export function crossingFactsOf(
  crossing: { id: number; durationMinutes: number },
  daySailings: readonly { crossingId: number; departsAt: Date }[],
  timeZone: string = OPERATOR_TIME_ZONE,
): CrossingFacts {
  const departures = daySailings
    .filter((sailing) => sailing.crossingId === crossing.id)
    .map((sailing) => sailing.departsAt.getTime())
    .sort((a, b) => a - b);
  const gaps = departures.slice(1).map((departure, index) => Math.round((departure - departures[index]!) / 60_000));
  const first = departures[0];
  const last = departures.at(-1);
  return {
    durationMinutes: crossing.durationMinutes,
    intervalMinutes: gaps.length > 0 ? { shortest: Math.min(...gaps), longest: Math.max(...gaps) } : null,
    firstDeparture: first === undefined ? null : localTimeOf(new Date(first), timeZone),
    lastDeparture: last === undefined ? null : localTimeOf(new Date(last), timeZone),
  };
}
