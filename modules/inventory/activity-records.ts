// Activities (a park, a tour sold by the day) as records the operator keeps (ADR 0079): their fields
// checked (pure), added with the next id, and their name, daily capacity and weekly hours changed. A
// capacity below the places already taken on a day ahead, or a weekday closed while a day ahead on it
// still has places taken and no closure, is found here and refused by the use case.
import { and, asc, eq, gte, isNull, sql } from "drizzle-orm";
import type { Database, LocalizedText } from "../../lib/db.ts";
import { AppError, type ErrorIssue } from "../../lib/errors.ts";
import { weekdayOf, type LocalDate } from "./local-time.ts";
import { activities, activityHours, closures, seatAllocations } from "./schema.ts";

const LANGS = ["es", "en", "pt"] as const;
const CODE = /^[a-z0-9-]{2,40}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A park's day: more places than this is a typing slip, not a park. */
export const MAX_DAILY_CAPACITY = 100_000;

/** One weekday's hours (ISO weekday: 1 Monday … 7 Sunday); a weekday left out is closed. */
export interface WeekdayHours {
  weekday: number;
  opens: string;
  closes: string;
}

export interface ActivityDraft {
  code: string;
  name: LocalizedText;
  dailyCapacity: number;
  hours: WeekdayHours[];
}

export interface ActivityRecord {
  id: number;
  code: string;
  name: LocalizedText;
  dailyCapacity: number;
  hours: WeekdayHours[];
}

/** What is wrong with an activity's fields (the code's uniqueness is checked against the database). */
export function activityIssues(draft: ActivityDraft): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  if (!CODE.test(draft.code)) issues.push({ path: "code", code: "format" });
  for (const language of LANGS) {
    const value = draft.name[language].trim();
    if (value.length === 0) issues.push({ path: `name.${language}`, code: "required" });
    else if (value.length > 80) issues.push({ path: `name.${language}`, code: "too_long" });
  }
  const capacityOk = Number.isInteger(draft.dailyCapacity) && draft.dailyCapacity >= 0;
  if (!capacityOk || draft.dailyCapacity > MAX_DAILY_CAPACITY)
    issues.push({ path: "dailyCapacity", code: "out_of_range" });
  const seen = new Set<number>();
  for (const day of draft.hours) {
    if (!Number.isInteger(day.weekday) || day.weekday < 1 || day.weekday > 7 || seen.has(day.weekday)) {
      issues.push({ path: "hours", code: "unknown" });
      continue;
    }
    seen.add(day.weekday);
    if (!TIME.test(day.opens) || !TIME.test(day.closes))
      issues.push({ path: `weekday.${day.weekday}`, code: "time_format" });
    else if (day.opens >= day.closes) issues.push({ path: `weekday.${day.weekday}`, code: "opens_before_closes" });
  }
  return issues;
}

/** The weekdays of equal hours as one row each (the table keeps hours by sets of weekdays). */
export function hoursRowsOf(hours: readonly WeekdayHours[]): { weekdays: number[]; opens: string; closes: string }[] {
  const rows = new Map<string, { weekdays: number[]; opens: string; closes: string }>();
  for (const day of [...hours].sort((a, b) => a.weekday - b.weekday)) {
    const key = `${day.opens}-${day.closes}`;
    const row = rows.get(key) ?? { weekdays: [], opens: day.opens, closes: day.closes };
    row.weekdays.push(day.weekday);
    rows.set(key, row);
  }
  return [...rows.values()];
}

/** Weekly hours as one entry per open weekday (the widest when rows overlap, as the sale reads them). */
export function weekdayHoursOf(rows: readonly { weekdays: number[]; opens: string; closes: string }[]): WeekdayHours[] {
  const days: WeekdayHours[] = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    const today = rows.filter((row) => row.weekdays.includes(weekday));
    if (today.length === 0) continue;
    const opens = today.map((row) => row.opens.slice(0, 5)).sort()[0]!;
    const closes = today
      .map((row) => row.closes.slice(0, 5))
      .sort()
      .at(-1)!;
    days.push({ weekday, opens, closes });
  }
  return days;
}

export async function findActivityRecord(
  db: Database,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ActivityRecord | null> {
  const query = db.select().from(activities).where(eq(activities.id, id));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) return null;
  const hours = await db
    .select()
    .from(activityHours)
    .where(eq(activityHours.activityId, id))
    .orderBy(asc(activityHours.id));
  return { id: row.id, code: row.code, name: row.name, dailyCapacity: row.dailyCapacity, hours: weekdayHoursOf(hours) };
}

/** A new activity with the next id after the highest (the table is locked for it), and its hours. */
export async function insertActivity(tx: Database, draft: ActivityDraft): Promise<ActivityRecord> {
  await tx.execute(sql`lock table ${activities} in exclusive mode`);
  const [taken] = await tx.select({ id: activities.id }).from(activities).where(eq(activities.code, draft.code));
  if (taken) throw new AppError("INVALID_REQUEST", { issues: [{ path: "code", code: "taken" }] });
  const [next] = await tx.select({ id: sql<number>`coalesce(max(${activities.id}), 0)::int + 1` }).from(activities);
  const id = next?.id ?? 1;
  const name = { es: draft.name.es.trim(), en: draft.name.en.trim(), pt: draft.name.pt.trim() };
  await tx.insert(activities).values({ id, code: draft.code, name, dailyCapacity: draft.dailyCapacity });
  await replaceHours(tx, id, draft.hours);
  return {
    id,
    code: draft.code,
    name,
    dailyCapacity: draft.dailyCapacity,
    hours: weekdayHoursOf(hoursRowsOf(draft.hours)),
  };
}

async function replaceHours(tx: Database, id: number, hours: readonly WeekdayHours[]): Promise<void> {
  await tx.delete(activityHours).where(eq(activityHours.activityId, id));
  const rows = hoursRowsOf(hours);
  if (rows.length > 0) await tx.insert(activityHours).values(rows.map((row) => ({ activityId: id, ...row })));
}

/** An activity's name, daily capacity and hours as given (its code stays). */
export async function updateActivity(
  tx: Database,
  id: number,
  change: Pick<ActivityDraft, "name" | "dailyCapacity" | "hours">,
): Promise<void> {
  const name = { es: change.name.es.trim(), en: change.name.en.trim(), pt: change.name.pt.trim() };
  await tx.update(activities).set({ name, dailyCapacity: change.dailyCapacity }).where(eq(activities.id, id));
  await replaceHours(tx, id, change.hours);
}

/** Places taken (sold, blocked or held unexpired at `now`) per day of an activity from `from` on. */
export async function findTakenDaysAhead(
  db: Database,
  activityId: number,
  from: LocalDate,
  now: Date,
): Promise<{ date: LocalDate; taken: number; closed: boolean }[]> {
  const rows = await db
    .select({
      date: seatAllocations.serviceDate,
      taken: sql<number>`sum(${seatAllocations.quantity})::int`,
    })
    .from(seatAllocations)
    .where(
      and(
        eq(seatAllocations.activityId, activityId),
        gte(seatAllocations.serviceDate, from),
        isNull(seatAllocations.releasedAt),
        sql`(${seatAllocations.state} <> 'held' or ${seatAllocations.expiresAt} > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .groupBy(seatAllocations.serviceDate)
    .orderBy(asc(seatAllocations.serviceDate));
  const closed = await db
    .select({ date: closures.serviceDate })
    .from(closures)
    .where(and(eq(closures.activityId, activityId), gte(closures.serviceDate, from), isNull(closures.liftedAt)));
  const closedDays = new Set(closed.map((row) => row.date));
  return rows
    .filter((row) => row.taken > 0)
    .map((row) => ({ date: row.date as LocalDate, taken: row.taken, closed: closedDays.has(row.date) }));
}

/**
 * The days ahead a change would leave with tickets it cannot honour: more places taken than the new
 * capacity (`taken:<n>`), or places taken on a weekday the new hours close, unless a closure already
 * stops that day (the closures page tells its holders). Pure.
 */
export function activityChangeBlockers(
  days: readonly { date: LocalDate; taken: number; closed: boolean }[],
  change: { dailyCapacity: number; hours: readonly WeekdayHours[] },
): { capacity: ErrorIssue[]; hours: ErrorIssue[] } {
  const open = new Set(change.hours.map((day) => day.weekday));
  return {
    capacity: days
      .filter((day) => day.taken > change.dailyCapacity)
      .map((day) => ({ path: `day.${day.date}`, code: `taken:${day.taken}` })),
    hours: days
      .filter((day) => !day.closed && !open.has(weekdayOf(day.date)))
      .map((day) => ({ path: `day.${day.date}`, code: "tickets_on_closed_weekday" })),
  };
}
