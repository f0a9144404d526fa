// Reads and writes of the inventory: crossings, the timetable's sailings, closures and what is taken.
// Decisions live in timetable.ts (which sailings exist) and availability.ts (what may be sold).
import { and, asc, eq, gt, inArray, isNull, lte, gte, sql, type Placeholder, type SQL } from "drizzle-orm";
import { getOrInsertComputed } from "../../lib/maps.ts";
import type { Database } from "../../lib/db.ts";
import { AppError } from "../../lib/errors.ts";
import type { Language } from "../../lib/language.ts";
import {
  sailingStatus,
  seatsLeft,
  activityDayStatus,
  type ActivityDayStatus,
  type SailingStatus,
} from "./availability.ts";
import {
  OPERATOR_TIME_ZONE,
  addDays,
  localDateOf,
  localTimeOf,
  minutesOf,
  timeOfMinutes,
  weekdayOf,
  type LocalDate,
} from "./local-time.ts";
import { SALE_HORIZON_DAYS, generateSailings, type TimetableRule } from "./timetable.ts";
import {
  activities,
  activityHours,
  closures,
  crossings,
  ports,
  sailings,
  seatAllocations,
  timetableRules,
  vessels,
} from "./schema.ts";

export interface Crossing {
  id: number;
  code: string;
  from: { id: number; code: string; name: string; place: string };
  to: { id: number; code: string; name: string; place: string };
  durationMinutes: number;
}

/** Every active crossing, in the operator's order, with its ports named in `language`. */
export async function findCrossings(db: Database, language: Language): Promise<Crossing[]> {
  const [crossingRows, portRows] = await Promise.all([
    db.select().from(crossings).where(eq(crossings.active, true)).orderBy(asc(crossings.sortOrder), asc(crossings.id)),
    db.select().from(ports),
  ]);
  const portOf = (id: number) => {
    const port = portRows.find((row) => row.id === id);
    if (!port) throw new Error(`crossing refers to a missing port ${id}`);
    return { id: port.id, code: port.code, name: port.name[language], place: port.place[language] };
  };
  return crossingRows.map((row) => ({
    id: row.id,
    code: row.code,
    from: portOf(row.fromPortId),
    to: portOf(row.toPortId),
    durationMinutes: row.durationMinutes,
  }));
}

/** The crossing with that code, or UNKNOWN_CROSSING. */
export async function findCrossing(db: Database, code: string, language: Language): Promise<Crossing> {
  const crossing = (await findCrossings(db, language)).find((row) => row.code === code);
  if (!crossing)
    throw new AppError("UNKNOWN_CROSSING", { issues: [{ path: "query.crossing", code: "unknown_crossing" }] });
  return crossing;
}

/** The way back of a crossing (its ports swapped), or null when the operator sells none. */
export function returnCrossingOf(all: readonly Crossing[], crossing: Crossing): Crossing | null {
  return all.find((row) => row.from.id === crossing.to.id && row.to.id === crossing.from.id) ?? null;
}

/** The largest seat count of any active vessel: no one booking can carry more people than this. */
export async function findLargestCapacity(db: Database): Promise<number> {
  const [row] = await db
    .select({ capacity: sql<number>`coalesce(max(${vessels.capacity}), 0)::int` })
    .from(vessels)
    .where(eq(vessels.active, true));
  return row?.capacity ?? 0;
}

function toRule(row: typeof timetableRules.$inferSelect): TimetableRule {
  return {
    id: row.id,
    crossingId: row.crossingId,
    vesselId: row.vesselId,
    weekdays: row.weekdays,
    seasonStart: row.seasonStart,
    seasonEnd: row.seasonEnd,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    firstDeparture: row.firstDeparture.slice(0, 5),
    lastDeparture: row.lastDeparture.slice(0, 5),
    intervalMinutes: row.intervalMinutes,
    priority: row.priority,
    active: row.active,
  };
}

export interface MaterializeResult {
  from: LocalDate;
  to: LocalDate;
  planned: number;
  inserted: number;
  removed: number;
}

const INSERT_BATCH = 1000;

/**
 * Makes the sailings of the timetable exist from `from` to `to`, idempotently: missing ones are
 * inserted, existing ones are left as they are (their capacity may have been changed by hand), and
 * with `prune` a future sailing the rules no longer make is removed when nothing was ever allocated
 * on it and no closure names it. A sailing with seats sold stays until the operator closes it.
 */
export async function materializeSailings(
  db: Database,
  options: { from: LocalDate; to: LocalDate; now: Date; prune?: boolean },
): Promise<MaterializeResult> {
  const [ruleRows, vesselRows] = await Promise.all([
    db.select().from(timetableRules).where(eq(timetableRules.active, true)),
    db.select({ id: vessels.id, capacity: vessels.capacity }).from(vessels),
  ]);
  const planned = generateSailings(ruleRows.map(toRule), vesselRows, options.from, options.to);
  let inserted = 0;
  for (let start = 0; start < planned.length; start += INSERT_BATCH) {
    const rows = await db
      .insert(sailings)
      .values(planned.slice(start, start + INSERT_BATCH))
      .onConflictDoNothing({ target: [sailings.crossingId, sailings.departsAt] })
      .returning({ id: sailings.id });
    inserted += rows.length;
  }
  let removed = 0;
  if (options.prune) {
    const keep = new Set(planned.map((sailing) => `${sailing.crossingId}@${sailing.departsAt.getTime()}`));
    const candidates = await db
      .select({ id: sailings.id, crossingId: sailings.crossingId, departsAt: sailings.departsAt })
      .from(sailings)
      .where(
        and(
          gte(sailings.serviceDate, options.from),
          lte(sailings.serviceDate, options.to),
          gt(sailings.departsAt, options.now),
          sql`${sailings.ruleId} is not null`,
          sql`not exists (select 1 from ${seatAllocations} where ${seatAllocations.sailingId} = ${sailings.id})`,
          sql`not exists (select 1 from ${closures} where ${closures.sailingId} = ${sailings.id})`,
        ),
      );
    const stale = candidates
      .filter((row) => !keep.has(`${row.crossingId}@${row.departsAt.getTime()}`))
      .map((row) => row.id);
    if (stale.length > 0)
      removed = (await db.delete(sailings).where(inArray(sailings.id, stale)).returning({ id: sailings.id })).length;
  }
  return { from: options.from, to: options.to, planned: planned.length, inserted, removed };
}

/** The rolling window: today (operator's date) and `days` days ahead. Run at start and by the operator. */
export async function materializeSaleWindow(
  db: Database,
  now: Date,
  days: number = SALE_HORIZON_DAYS,
  prune = true,
): Promise<MaterializeResult> {
  const from = localDateOf(now, OPERATOR_TIME_ZONE);
  return materializeSailings(db, { from, to: addDays(from, days), now, prune });
}

export interface SailingView {
  id: number;
  crossingId: number;
  serviceDate: LocalDate;
  departsAt: Date;
  arrivesAt: Date;
  /** Local wall-clock departure, "HH:MM". */
  time: string;
  arrivalTime: string;
  vessel: { id: number; name: string };
  capacity: number;
  taken: number;
  seatsLeft: number;
  status: SailingStatus;
  closure: { id: number; reason: "weather" | "port_authority" } | null;
}

/**
 * SQL twin of availability.isCounted: released rows and expired holds never count. `now` is an ISO
 * instant, or the placeholder a prepared statement fills with one.
 */
function countedAllocation(now: string | Placeholder) {
  return sql`${seatAllocations.releasedAt} is null
    and (${seatAllocations.state} <> 'held' or ${seatAllocations.expiresAt} > ${now}::timestamptz)`;
}

/**
 * SQL: the closure in this row of `closures` stops the sailing in this row of `sailings`: the
 * sailing's own, its crossing's day, or (crossing null) the port's day. For correlated subqueries.
 */
function closureStopsSailing() {
  return sql`${closures.liftedAt} is null and ${closures.activityId} is null
    and (${closures.sailingId} = ${sailings.id}
      or (${closures.sailingId} is null and ${closures.serviceDate} = ${sailings.serviceDate}
          and (${closures.crossingId} is null or ${closures.crossingId} = ${sailings.crossingId})))`;
}

type SailingFilter = { crossingIds: readonly number[]; date: LocalDate } | { sailingId: number };

/** The statement of readSailings: each sailing with its vessel, seats taken at `now` and closure. */
function selectSailings(db: Database, where: SQL | undefined, now: string | Placeholder) {
  return db
    .select({
      id: sailings.id,
      crossingId: sailings.crossingId,
      serviceDate: sailings.serviceDate,
      departsAt: sailings.departsAt,
      capacity: sailings.capacity,
      vesselId: vessels.id,
      vesselName: vessels.name,
      durationMinutes: crossings.durationMinutes,
      taken: sql<number>`coalesce((select sum(${seatAllocations.quantity}) from ${seatAllocations}
        where ${seatAllocations.sailingId} = ${sailings.id} and ${countedAllocation(now)}), 0)::int`,
      // In the same statement as the seats (ADR 0044): the sailing's own closure first, then its day's; the oldest of each.
      closure: sql<{
        id: number;
        reason: ClosureReason;
      } | null>`(select json_build_object('id', ${closures.id}, 'reason', ${closures.reason})
        from ${closures} where ${closureStopsSailing()} order by (${closures.sailingId} is null), ${closures.id} limit 1)`,
    })
    .from(sailings)
    .innerJoin(vessels, eq(vessels.id, sailings.vesselId))
    .innerJoin(crossings, eq(crossings.id, sailings.crossingId))
    .where(where)
    .orderBy(asc(sailings.crossingId), asc(sailings.departsAt));
}

type SailingRow = Awaited<ReturnType<typeof selectSailings>>[number];

/**
 * The day read of every page that shows sailings, prepared once per database handle: Drizzle builds
 * its SQL once instead of on every render, and node-postgres parses it once per connection. The
 * crossings go as one array parameter, so one statement serves any number of them.
 */
const daySailingsStatements = new WeakMap<Database, ReturnType<typeof prepareDaySailings>>();

function prepareDaySailings(db: Database) {
  return selectSailings(
    db,
    and(
      sql`${sailings.crossingId} = any(${sql.placeholder("crossingIds")}::int[])`,
      eq(sailings.serviceDate, sql.placeholder("date")),
    ),
    sql.placeholder("now"),
  ).prepare("inventory_day_sailings");
}

async function readSailings(db: Database, filter: SailingFilter, now: Date): Promise<SailingView[]> {
  if ("crossingIds" in filter && filter.crossingIds.length === 0) return [];
  let rows: SailingRow[];
  if ("sailingId" in filter) {
    rows = await selectSailings(db, eq(sailings.id, filter.sailingId), now.toISOString());
  } else {
    const statement = getOrInsertComputed(daySailingsStatements, db, prepareDaySailings);
    rows = (await statement.execute({
      // An array literal, not a JavaScript array: PGlite and node-postgres pass a string the same way.
      crossingIds: `{${filter.crossingIds.map((id) => Math.trunc(id)).join(",")}}`,
      date: filter.date,
      now: now.toISOString(),
    })) as SailingRow[];
  }
  return rows.map((row) => {
    const left = seatsLeft(row.capacity, row.taken);
    const arrivesAt = new Date(row.departsAt.getTime() + row.durationMinutes * 60_000);
    return {
      id: row.id,
      crossingId: row.crossingId,
      serviceDate: row.serviceDate,
      departsAt: row.departsAt,
      arrivesAt,
      time: localTimeOf(row.departsAt),
      arrivalTime: localTimeOf(arrivesAt),
      vessel: { id: row.vesselId, name: row.vesselName },
      capacity: row.capacity,
      taken: row.taken,
      seatsLeft: left,
      status: sailingStatus({ departsAt: row.departsAt, closed: row.closure !== null }, left, now),
      closure: row.closure,
    };
  });
}

/**
 * The sailings of some crossings on a service date, with seats left and state at `now`. A date inside
 * the sale window whose sailings were never made (a long-running process crossed midnight) is
 * materialized first, so the rolling window keeps itself without a scheduler.
 */
export async function findDaySailings(
  db: Database,
  crossingIds: readonly number[],
  date: LocalDate,
  now: Date,
): Promise<SailingView[]> {
  const found = await readSailings(db, { crossingIds, date }, now);
  const today = localDateOf(now, OPERATOR_TIME_ZONE);
  const missing = crossingIds.filter((id) => !found.some((sailing) => sailing.crossingId === id));
  if (missing.length === 0 || date < today || date > addDays(today, SALE_HORIZON_DAYS)) return found;
  const made = await materializeSailings(db, { from: date, to: date, now });
  return made.inserted > 0 ? readSailings(db, { crossingIds, date }, now) : found;
}

/** One sailing with its state, or UNKNOWN_SAILING. Reads that sailing only: holds call it under the lock. */
export async function findSailing(db: Database, sailingId: number, now: Date): Promise<SailingView> {
  const [sailing] = await readSailings(db, { sailingId }, now);
  if (!sailing) throw new AppError("UNKNOWN_SAILING");
  return sailing;
}

/**
 * Locks a sailing's row until the transaction ends, so that buyers of one sailing are serialized and
 * the seats re-checked after the lock are the truth.
 */
export async function lockSailing(tx: Database, sailingId: number): Promise<void> {
  // NO KEY UPDATE serializes buyers without conflicting with the KEY SHARE locks that foreign keys to
  // the sailing take (a cart line or allocation being inserted elsewhere): FOR UPDATE would deadlock there.
  const rows = await tx
    .select({ id: sailings.id })
    .from(sailings)
    .where(eq(sailings.id, sailingId))
    .for("no key update");
  if (rows.length === 0) throw new AppError("UNKNOWN_SAILING");
}

/** Serializes buyers of one activity day (there is no row per day to lock): a transaction-scoped advisory lock. */
export async function lockActivityDay(tx: Database, activityId: number, date: LocalDate): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('activity-day'), hashtext(${`${activityId}@${date}`}))`);
}

// ---------------------------------------------------------------------------------------------------
// Closures

export type ClosureReason = (typeof closures.$inferSelect)["reason"];

export type ClosureTarget =
  | { sailingId: number }
  | { crossingId: number | null; date: LocalDate }
  | { activityId: number; date: LocalDate };

export interface Closure {
  id: number;
  sailingId: number | null;
  crossingId: number | null;
  activityId: number | null;
  serviceDate: LocalDate | null;
  reason: ClosureReason;
  note: string | null;
  createdAt: Date;
  liftedAt: Date | null;
}

/** Stops sales of a sailing, of a crossing's (or, with crossing null, the port's) day, or of an activity day. */
export async function closeSales(
  db: Database,
  target: ClosureTarget,
  reason: ClosureReason,
  note: string | null = null,
): Promise<Closure> {
  const values =
    "sailingId" in target
      ? { sailingId: target.sailingId }
      : "activityId" in target
        ? { activityId: target.activityId, serviceDate: target.date }
        : { crossingId: target.crossingId, serviceDate: target.date };
  if ("sailingId" in target) {
    const [exists] = await db.select({ id: sailings.id }).from(sailings).where(eq(sailings.id, target.sailingId));
    if (!exists) throw new AppError("UNKNOWN_SAILING");
  }
  const [row] = await db
    .insert(closures)
    .values({ ...values, reason, note })
    .returning();
  if (!row) throw new Error("closure not stored");
  return row;
}

/** Reopens sales; the closure stays on record with the time it was lifted. */
export async function liftClosure(db: Database, closureId: number, now: Date): Promise<Closure> {
  const [row] = await db
    .update(closures)
    .set({ liftedAt: now })
    .where(and(eq(closures.id, closureId), isNull(closures.liftedAt)))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", { issues: [{ path: "params.id", code: "no_open_closure" }] });
  return row;
}

/** The columns of a closure as the module answers it: one list for every query that reads closures. */
export const CLOSURE_COLUMNS = {
  id: closures.id,
  sailingId: closures.sailingId,
  crossingId: closures.crossingId,
  activityId: closures.activityId,
  serviceDate: closures.serviceDate,
  reason: closures.reason,
  note: closures.note,
  createdAt: closures.createdAt,
  liftedAt: closures.liftedAt,
};

// ---------------------------------------------------------------------------------------------------
// Activities (parks and tours sold by the day)

export interface OpeningHours {
  weekdays: number[];
  opens: string;
  closes: string;
}

export interface Activity {
  id: number;
  code: string;
  name: string;
  dailyCapacity: number;
  hours: OpeningHours[];
}

export async function findActivities(db: Database, language: Language, ids?: readonly number[]): Promise<Activity[]> {
  const rows = await db
    .select()
    .from(activities)
    .where(ids ? inArray(activities.id, ids.length > 0 ? [...ids] : [-1]) : undefined)
    .orderBy(asc(activities.id));
  if (rows.length === 0) return [];
  const hours = await db
    .select()
    .from(activityHours)
    .where(
      inArray(
        activityHours.activityId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(activityHours.id));
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name[language],
    dailyCapacity: row.dailyCapacity,
    hours: hours
      .filter((item) => item.activityId === row.id)
      .map((item) => ({
        weekdays: [...item.weekdays].sort(),
        opens: item.opens.slice(0, 5),
        closes: item.closes.slice(0, 5),
      })),
  }));
}

/** The hours an activity keeps on a date's weekday (the widest when rows overlap), or null when closed that weekday. */
export function hoursOn(hours: readonly OpeningHours[], date: LocalDate): { opens: string; closes: string } | null {
  const weekday = weekdayOf(date);
  const today = hours.filter((item) => item.weekdays.includes(weekday));
  if (today.length === 0) return null;
  const opens = Math.min(...today.map((item) => minutesOf(item.opens)));
  const closes = Math.max(...today.map((item) => minutesOf(item.closes)));
  return { opens: timeOfMinutes(opens), closes: timeOfMinutes(closes) };
}

export interface ActivityDay {
  activityId: number;
  date: LocalDate;
  hours: { opens: string; closes: string } | null;
  capacity: number;
  taken: number;
  left: number;
  status: ActivityDayStatus;
  closure: { id: number; reason: ClosureReason } | null;
}

/** An activity's day at `now`: hours, places left and state. */
export async function findActivityDay(
  db: Database,
  activity: Activity,
  date: LocalDate,
  now: Date,
): Promise<ActivityDay> {
  const [takenRow] = await db
    .select({ taken: sql<number>`coalesce(sum(${seatAllocations.quantity}), 0)::int` })
    .from(seatAllocations)
    .where(
      and(
        eq(seatAllocations.activityId, activity.id),
        eq(seatAllocations.serviceDate, date),
        countedAllocation(now.toISOString()),
      ),
    );
  const [closure] = await db
    .select({ id: closures.id, reason: closures.reason })
    .from(closures)
    .where(and(eq(closures.activityId, activity.id), eq(closures.serviceDate, date), isNull(closures.liftedAt)))
    .limit(1);
  const taken = takenRow?.taken ?? 0;
  const hours = hoursOn(activity.hours, date);
  const left = seatsLeft(activity.dailyCapacity, taken);
  return {
    activityId: activity.id,
    date,
    hours,
    capacity: activity.dailyCapacity,
    taken,
    left,
    status: activityDayStatus({ date, hours, closed: closure !== undefined }, left, now),
    closure: closure ?? null,
  };
}

// ---------------------------------------------------------------------------------------------------
// Taking and giving back seats: operator blocks (group charters, crew) and carts' holds

export type AllocationTarget = { sailingId: number } | { activityId: number; date: LocalDate };

/**
 * Tells the database the instant the application decides at, for the rest of the transaction, so that
 * the capacity trigger (the last line against overselling, migration 0003) counts unexpired holds
 * with the same `now` as the use case did, even when the test clock is not the wall clock.
 */
export async function decideAt(tx: Database, now: Date): Promise<void> {
  await tx.execute(sql`select set_config('travesia.now', ${now.toISOString()}, true)`);
}

async function insertAllocation(
  db: Database,
  target: AllocationTarget,
  values: {
    quantity: number;
    state: "held" | "blocked" | "sold";
    reference: string;
    expiresAt: Date | null;
    now: Date;
    holder?: string | null;
  },
): Promise<number> {
  const where =
    "sailingId" in target
      ? { sailingId: target.sailingId }
      : { activityId: target.activityId, serviceDate: target.date };
  const [row] = await db
    .insert(seatAllocations)
    .values({
      ...where,
      quantity: values.quantity,
      state: values.state,
      reference: values.reference,
      expiresAt: values.expiresAt,
      holder: values.holder ?? null,
      createdAt: values.now,
    })
    .returning({ id: seatAllocations.id });
  if (!row) throw new Error("allocation not stored");
  return row.id;
}

export async function blockSeats(
  db: Database,
  target: AllocationTarget,
  quantity: number,
  reference: string,
  now: Date = new Date(),
): Promise<number> {
  return insertAllocation(db, target, { quantity, state: "blocked", reference, expiresAt: null, now });
}

/**
 * Holds seats until `expiresAt`, for `holder` when a visitor asked (ADR 0047). The caller has locked
 * the sailing or activity day (lockSailing, lockActivityDay) and checked what is left with the same
 * `now` inside the same transaction.
 */
export async function holdSeats(
  db: Database,
  target: AllocationTarget,
  quantity: number,
  reference: string,
  expiresAt: Date,
  now: Date,
  holder: string | null = null,
): Promise<number> {
  return insertAllocation(db, target, { quantity, state: "held", reference, expiresAt, now, holder });
}

/**
 * Seats of a sailing or activity day held at `now` (unexpired, not released) under any of
 * `references` (one cart's lines) and by `holder` (one address). The caller holds the sailing's or
 * day's lock, so the sums stay true until it writes.
 */
export async function findHeldSeats(
  db: Database,
  target: AllocationTarget,
  by: { references: readonly string[]; holder: string },
  now: Date,
): Promise<{ byReferences: number; byHolder: number }> {
  const where =
    "sailingId" in target
      ? eq(seatAllocations.sailingId, target.sailingId)
      : and(eq(seatAllocations.activityId, target.activityId), eq(seatAllocations.serviceDate, target.date));
  const underReferences =
    by.references.length > 0 ? inArray(seatAllocations.reference, [...by.references]) : sql`false`;
  const [row] = await db
    .select({
      byReferences: sql<number>`coalesce(sum(${seatAllocations.quantity}) filter (where ${underReferences}), 0)::int`,
      byHolder: sql<number>`coalesce(sum(${seatAllocations.quantity}) filter (where ${seatAllocations.holder} = ${by.holder}), 0)::int`,
    })
    .from(seatAllocations)
    .where(
      and(
        where,
        eq(seatAllocations.state, "held"),
        isNull(seatAllocations.releasedAt),
        gt(seatAllocations.expiresAt, now),
      ),
    );
  return { byReferences: row?.byReferences ?? 0, byHolder: row?.byHolder ?? 0 };
}

/**
 * Sells seats for good (a ticket). Like a hold, the caller has locked the sailing or activity day and
 * re-checked what is left with the same `now`; the capacity trigger is the last line.
 */
export async function sellSeats(
  db: Database,
  target: AllocationTarget,
  quantity: number,
  reference: string,
  now: Date,
): Promise<number> {
  return insertAllocation(db, target, { quantity, state: "sold", reference, expiresAt: null, now });
}

/** Gives back every seat still taken under `reference` (the row stays as history); returns how many rows. */
export async function releaseAllocations(db: Database, reference: string, now: Date): Promise<number> {
  const released = await db
    .update(seatAllocations)
    .set({ releasedAt: now })
    .where(and(eq(seatAllocations.reference, reference), isNull(seatAllocations.releasedAt)))
    .returning({ id: seatAllocations.id });
  return released.length;
}

/**
 * When the next hold on a sailing stops counting (a cart's, a waiting-list offer's), after `now`; null
 * when none runs. The waiting list checks again then: an expired hold frees seats without any write.
 */
export async function findNextHoldExpiry(db: Database, sailingId: number, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`min(${seatAllocations.expiresAt})` })
    .from(seatAllocations)
    .where(
      and(
        eq(seatAllocations.sailingId, sailingId),
        isNull(seatAllocations.releasedAt),
        eq(seatAllocations.state, "held"),
        gt(seatAllocations.expiresAt, now),
      ),
    );
  return row?.at ? new Date(row.at) : null;
}

export interface TimetableSailing {
  crossingId: number;
  serviceDate: LocalDate;
  departsAt: Date;
  /** A closure (of the sailing, its crossing's day or the port's day) is in force: it does not run. */
  closed: boolean;
}

/**
 * Every sailing of the active crossings from `from` to `to` (service dates), whether or not a closure
 * stops it, in departure order: what a public timetable (the GTFS feed) publishes.
 */
export async function findTimetableSailings(db: Database, from: LocalDate, to: LocalDate): Promise<TimetableSailing[]> {
  const rows = await db
    .select({
      crossingId: sailings.crossingId,
      serviceDate: sailings.serviceDate,
      departsAt: sailings.departsAt,
      closed: sql<boolean>`exists (select 1 from ${closures} where ${closureStopsSailing()})`,
    })
    .from(sailings)
    .innerJoin(crossings, eq(crossings.id, sailings.crossingId))
    .where(and(eq(crossings.active, true), gte(sailings.serviceDate, from), lte(sailings.serviceDate, to)))
    .orderBy(asc(sailings.departsAt), asc(sailings.crossingId));
  return rows;
}

/** When the published timetable last changed: the newest sailing made, closure made or lifted. Null when none. */
export async function findTimetableChangedAt(db: Database): Promise<Date | null> {
  const [made] = await db
    .select({ at: sql<number | null>`extract(epoch from max(${sailings.createdAt}))::float8` })
    .from(sailings);
  const [closed] = await db
    .select({
      at: sql<
        number | null
      >`extract(epoch from max(greatest(${closures.createdAt}, coalesce(${closures.liftedAt}, ${closures.createdAt}))))::float8`,
    })
    .from(closures);
  const instants = [made?.at, closed?.at].flatMap((at) => (at === null || at === undefined ? [] : [Number(at) * 1000]));
  return instants.length > 0 ? new Date(Math.max(...instants)) : null;
}

export interface PortPlace {
  id: number;
  code: string;
  name: string;
  place: string;
  latitude: number | null;
  longitude: number | null;
}

/** Every port with its coordinates, named in `language`. */
export async function findPortPlaces(db: Database, language: Language): Promise<PortPlace[]> {
  const rows = await db.select().from(ports).orderBy(asc(ports.id));
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name[language],
    place: row.place[language],
    latitude: row.latitude,
    longitude: row.longitude,
  }));
}

/**
 * Gives back `quantity` of the seats sold under `reference` on one sailing or activity day (tickets
 * cancelled by a refund): the sale's rows are released and what stays sold is written again as one
 * row, so the history keeps both. Returns how many seats were freed (never more than were sold there).
 */
export async function releaseSoldSeats(
  db: Database,
  reference: string,
  target: AllocationTarget,
  quantity: number,
  now: Date,
): Promise<number> {
  const where =
    "sailingId" in target
      ? eq(seatAllocations.sailingId, target.sailingId)
      : and(eq(seatAllocations.activityId, target.activityId), eq(seatAllocations.serviceDate, target.date));
  const released = await db
    .update(seatAllocations)
    .set({ releasedAt: now })
    .where(
      and(
        eq(seatAllocations.reference, reference),
        eq(seatAllocations.state, "sold"),
        isNull(seatAllocations.releasedAt),
        where,
      ),
    )
    .returning({ quantity: seatAllocations.quantity });
  const sold = released.reduce((total, row) => total + row.quantity, 0);
  const freed = Math.min(sold, Math.max(0, quantity));
  if (sold - freed > 0) await sellSeats(db, target, sold - freed, reference, now);
  return freed;
}
