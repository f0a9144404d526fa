// Decides whether one sailing added or moved by hand fits its vessel's day: the vessel cannot sail twice
// at once (a departure keeps it busy for the crossing plus the turnaround), and it can only leave from
// the pier it is at: where its previous sailing arrived. The sailing after it must leave from where this
// one arrives. Pure: the caller reads the vessel's sailings around the departure.
import { AppError, type ErrorIssue } from "../../lib/errors.ts";
import { localDateOf, localTimeOf } from "./local-time.ts";
import { VESSEL_TURNAROUND_MINUTES } from "./timetable-conflicts.ts";

export interface VesselLeg {
  /** The sailing's id; the candidate's own id when it is moved (-1 when new). */
  sailingId: number;
  departsAt: Date;
  durationMinutes: number;
  /** Port codes. */
  from: string;
  to: string;
}

const busyUntil = (leg: VesselLeg) =>
  leg.departsAt.getTime() + (leg.durationMinutes + VESSEL_TURNAROUND_MINUTES) * 60_000;
const whenOf = (leg: VesselLeg) => `${localDateOf(leg.departsAt)}T${localTimeOf(leg.departsAt)}`;

/**
 * The clashes of `candidate` with the vessel's other sailings, as issues: `sailing.<id>` →
 * `vessel_busy:<date>T<time>` (at sea or turning around), `at_pier:<port>:<date>T<time>` (the previous
 * sailing leaves the vessel at another pier) or `next_from:<port>:<date>T<time>` (the next one leaves
 * from another pier than this one arrives at).
 */
export function findSailingClashes(candidate: VesselLeg, others: readonly VesselLeg[]): ErrorIssue[] {
  const rest = others
    .filter((leg) => leg.sailingId !== candidate.sailingId)
    .sort((a, b) => a.departsAt.getTime() - b.departsAt.getTime());
  const start = candidate.departsAt.getTime();
  const issues: ErrorIssue[] = rest
    .filter((leg) => leg.departsAt.getTime() < busyUntil(candidate) && start < busyUntil(leg))
    .map((leg) => ({ path: `sailing.${leg.sailingId}`, code: `vessel_busy:${whenOf(leg)}` }));
  const previous = rest.filter((leg) => leg.departsAt.getTime() < start).at(-1);
  const next = rest.find((leg) => leg.departsAt.getTime() > start);
  if (previous && previous.to !== candidate.from)
    issues.push({ path: `sailing.${previous.sailingId}`, code: `at_pier:${previous.to}:${whenOf(previous)}` });
  if (next && next.from !== candidate.to)
    issues.push({ path: `sailing.${next.sailingId}`, code: `next_from:${next.from}:${whenOf(next)}` });
  return issues;
}

export function assertSailingFits(candidate: VesselLeg, others: readonly VesselLeg[]): void {
  const issues = findSailingClashes(candidate, others);
  if (issues.length > 0) throw new AppError("VESSEL_DOUBLE_BOOKED", { issues });
}
