// What the realtime GTFS feed reports (ADR 0060): the sailings of a window that will not run as the
// timetable planned them, closed or moved, with the closures that stop them.
import { and, asc, gte, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import type { LocalDate } from "./local-time.ts";
import { closures, sailings } from "./schema.ts";

export interface ChangedSailing {
  id: number;
  crossingId: number;
  serviceDate: LocalDate;
  departsAt: Date;
  /** The departure first planned, when the sailing was moved; null when it leaves as planned. */
  plannedDepartsAt: Date | null;
}

export interface ClosureOfSailings {
  id: number;
  reason: "weather" | "port_authority";
  /** What it closes: one sailing, a crossing's day, or every crossing's day (the port). */
  scope: "sailing" | "crossing_day" | "port_day";
  serviceDate: LocalDate | null;
  sailings: ChangedSailing[];
}

const changedSailing = {
  id: sailings.id,
  crossingId: sailings.crossingId,
  serviceDate: sailings.serviceDate,
  departsAt: sailings.departsAt,
  plannedDepartsAt: sailings.plannedDepartsAt,
};

/** Sailings of the window moved from their planned departure (closed or not). */
export async function findMovedSailings(db: Database, from: LocalDate, to: LocalDate): Promise<ChangedSailing[]> {
  return db
    .select(changedSailing)
    .from(sailings)
    .where(and(isNotNull(sailings.plannedDepartsAt), gte(sailings.serviceDate, from), lte(sailings.serviceDate, to)))
    .orderBy(asc(sailings.departsAt), asc(sailings.id));
}

/** Closures in force on sailings of the window, each with the sailings it stops (activities' closures aside). */
export async function findClosuresOfSailings(
  db: Database,
  from: LocalDate,
  to: LocalDate,
): Promise<ClosureOfSailings[]> {
  const rows = await db
    .select({
      closureId: closures.id,
      reason: closures.reason,
      closedSailingId: closures.sailingId,
      closedCrossingId: closures.crossingId,
      closedDate: closures.serviceDate,
      ...changedSailing,
    })
    .from(closures)
    .innerJoin(
      sailings,
      or(
        sql`${closures.sailingId} = ${sailings.id}`,
        and(
          isNull(closures.sailingId),
          sql`${closures.serviceDate} = ${sailings.serviceDate}`,
          or(isNull(closures.crossingId), sql`${closures.crossingId} = ${sailings.crossingId}`),
        ),
      ),
    )
    .where(
      and(
        isNull(closures.liftedAt),
        isNull(closures.activityId),
        gte(sailings.serviceDate, from),
        lte(sailings.serviceDate, to),
      ),
    )
    .orderBy(asc(closures.id), asc(sailings.departsAt), asc(sailings.id));
  const byId = new Map<number, ClosureOfSailings>();
  for (const row of rows) {
    let closure = byId.get(row.closureId);
    if (!closure) {
      const scope =
        row.closedSailingId !== null ? "sailing" : row.closedCrossingId !== null ? "crossing_day" : "port_day";
      closure = { id: row.closureId, reason: row.reason, scope, serviceDate: row.closedDate, sailings: [] };
      byId.set(row.closureId, closure);
    }
    closure.sailings.push({
      id: row.id,
      crossingId: row.crossingId,
      serviceDate: row.serviceDate,
      departsAt: row.departsAt,
      plannedDepartsAt: row.plannedDepartsAt,
    });
  }
  return [...byId.values()];
}
