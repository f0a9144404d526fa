// Reads and writes the operator's console needs to run the crossing: the timetable's rules as stored,
// the vessels, the seats taken on a vessel's future sailings, the sailings a closure covers. The
// decisions are pure (timetable-conflicts.ts, capacityCutBlockers below); the flows call these in
// their one transaction.
import { and, asc, between, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../lib/db.ts";
import { AppError } from "../../lib/errors.ts";
import type { LocalDate } from "./local-time.ts";
import { CLOSURE_COLUMNS } from "./queries.ts";
import type { VesselLeg } from "./sailing-clash.ts";
import type { TimetableRule } from "./timetable.ts";
import { closures, crossings, ports, sailings, seatAllocations, timetableRules, vessels } from "./schema.ts";

export interface StoredTimetableRule extends TimetableRule {
  note: string | null;
}

export type TimetableRuleInput = Omit<StoredTimetableRule, "id">;

function toStoredRule(row: typeof timetableRules.$inferSelect): StoredTimetableRule {
  return {
    id: row.id,
    crossingId: row.crossingId,
    vesselId: row.vesselId,
    weekdays: [...row.weekdays].sort((a, b) => a - b),
    seasonStart: row.seasonStart,
    seasonEnd: row.seasonEnd,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    firstDeparture: row.firstDeparture.slice(0, 5),
    lastDeparture: row.lastDeparture.slice(0, 5),
    intervalMinutes: row.intervalMinutes,
    priority: row.priority,
    active: row.active,
    note: row.note,
  };
}

/** Every rule, active or ended, by crossing then priority then first departure. */
export async function findTimetableRules(db: Database): Promise<StoredTimetableRule[]> {
  const rows = await db
    .select()
    .from(timetableRules)
    .orderBy(
      asc(timetableRules.crossingId),
      asc(timetableRules.priority),
      asc(timetableRules.firstDeparture),
      asc(timetableRules.id),
    );
  return rows.map(toStoredRule);
}

export async function findTimetableRule(db: Database, id: number): Promise<StoredTimetableRule | null> {
  const [row] = await db.select().from(timetableRules).where(eq(timetableRules.id, id));
  return row ? toStoredRule(row) : null;
}

/**
 * Serializes changes of the timetable: two operators saving rules at once would each check against
 * the other's old version. A transaction-scoped advisory lock, like the activity days'.
 */
export async function lockTimetable(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('timetable'), 0)`);
}

export async function insertTimetableRule(tx: Database, input: TimetableRuleInput): Promise<StoredTimetableRule> {
  const [row] = await tx
    .insert(timetableRules)
    .values({ ...input, weekdays: [...input.weekdays] })
    .returning();
  if (!row) throw new Error("timetable rule not stored");
  return toStoredRule(row);
}

export async function updateTimetableRule(
  tx: Database,
  id: number,
  input: TimetableRuleInput,
): Promise<StoredTimetableRule> {
  const [row] = await tx
    .update(timetableRules)
    .set({ ...input, weekdays: [...input.weekdays] })
    .where(eq(timetableRules.id, id))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", { issues: [{ path: "rule.id", code: "unknown_rule" }] });
  return toStoredRule(row);
}

/** Deletes a rule; the sailings it made that stay (sold, departed) keep running as sailings added by hand. */
export async function deleteTimetableRule(tx: Database, id: number): Promise<void> {
  await tx.update(sailings).set({ ruleId: null }).where(eq(sailings.ruleId, id));
  await tx.delete(timetableRules).where(eq(timetableRules.id, id));
}

/** Whether a rule has ended: it was switched off or its last day is before `today`. */
export function isRuleEnded(rule: Pick<StoredTimetableRule, "active" | "validUntil">, today: LocalDate): boolean {
  return !rule.active || (rule.validUntil !== null && rule.validUntil < today);
}

export interface CrossingRow {
  id: number;
  code: string;
  durationMinutes: number;
  active: boolean;
}

export async function findCrossingRows(db: Database): Promise<CrossingRow[]> {
  return db
    .select({
      id: crossings.id,
      code: crossings.code,
      durationMinutes: crossings.durationMinutes,
      active: crossings.active,
    })
    .from(crossings)
    .orderBy(asc(crossings.sortOrder), asc(crossings.id));
}

// ---- Vessels

export interface Vessel {
  id: number;
  code: string;
  name: string;
  capacity: number;
  active: boolean;
}

export async function findVessels(db: Database): Promise<Vessel[]> {
  return db.select().from(vessels).orderBy(asc(vessels.id));
}

export async function findVessel(db: Database, id: number, options: { lock?: boolean } = {}): Promise<Vessel | null> {
  const query = db.select().from(vessels).where(eq(vessels.id, id));
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

/** A new vessel: the next id, its code unique (a taken code is refused, not overwritten). */
export async function insertVessel(tx: Database, values: Pick<Vessel, "code" | "name" | "capacity">): Promise<Vessel> {
  const [taken] = await tx.select({ id: vessels.id }).from(vessels).where(eq(vessels.code, values.code));
  if (taken) throw new AppError("INVALID_REQUEST", { issues: [{ path: "code", code: "taken" }] });
  const [next] = await tx.select({ id: sql<number>`coalesce(max(${vessels.id}), 0)::int + 1` }).from(vessels);
  const [row] = await tx
    .insert(vessels)
    .values({ ...values, id: next?.id ?? 1, active: true })
    .returning();
  if (!row) throw new Error("vessel not stored");
  return row;
}

/** The rules that still make sailings with a vessel from `today` on: what forbids retiring it. */
export function rulesUsingVessel(
  rules: readonly StoredTimetableRule[],
  vesselId: number,
  today: LocalDate,
): StoredTimetableRule[] {
  return rules.filter(
    (rule) => rule.vesselId === vesselId && rule.active && (rule.validUntil === null || rule.validUntil >= today),
  );
}

/** Refuses to retire a vessel that rules in force still sail, naming each rule. */
export function assertVesselRetirable(rules: readonly StoredTimetableRule[], vesselId: number, today: LocalDate): void {
  const using = rulesUsingVessel(rules, vesselId, today);
  if (using.length > 0)
    throw new AppError("VESSEL_IN_USE", {
      issues: using.map((rule) => ({ path: `rule.${rule.id}`, code: "in_force" })),
    });
}

export async function updateVessel(
  tx: Database,
  id: number,
  values: Pick<Vessel, "name" | "capacity" | "active">,
): Promise<Vessel> {
  const [row] = await tx.update(vessels).set(values).where(eq(vessels.id, id)).returning();
  if (!row) throw new AppError("NOT_FOUND", { issues: [{ path: "vessel.id", code: "unknown_vessel" }] });
  return row;
}

/** A sailing not yet departed and the seats counted on it at `now` (sales, blocks, unexpired holds). */
export interface SailingLoad {
  sailingId: number;
  serviceDate: LocalDate;
  departsAt: Date;
  capacity: number;
  /** Set by hand on this sailing: a vessel's new capacity leaves it alone. */
  byHand: boolean;
  taken: number;
}

/**
 * The future sailings of a vessel with what is taken on each, their rows locked (NO KEY UPDATE, as
 * buyers lock them) so no hold can slip in between the check and the capacity change.
 */
export async function lockFutureSailingsOfVessel(tx: Database, vesselId: number, now: Date): Promise<SailingLoad[]> {
  const ids = await tx
    .select({ id: sailings.id })
    .from(sailings)
    .where(and(eq(sailings.vesselId, vesselId), gt(sailings.departsAt, now)))
    .orderBy(asc(sailings.id))
    .for("no key update");
  if (ids.length === 0) return [];
  const sailingIds = ids.map((row) => row.id);
  const [rows, counted] = await Promise.all([
    tx
      .select({
        sailingId: sailings.id,
        serviceDate: sailings.serviceDate,
        departsAt: sailings.departsAt,
        capacity: sailings.capacity,
        byHand: sailings.capacityByHand,
      })
      .from(sailings)
      .where(inArray(sailings.id, sailingIds))
      .orderBy(asc(sailings.departsAt)),
    tx
      .select({ sailingId: seatAllocations.sailingId, taken: sql<number>`sum(${seatAllocations.quantity})::int` })
      .from(seatAllocations)
      .where(
        and(
          inArray(seatAllocations.sailingId, sailingIds),
          isNull(seatAllocations.releasedAt),
          sql`(${seatAllocations.state} <> 'held' or ${seatAllocations.expiresAt} > ${now.toISOString()}::timestamptz)`,
        ),
      )
      .groupBy(seatAllocations.sailingId),
  ]);
  const takenOf = new Map(counted.map((row) => [row.sailingId, row.taken]));
  return rows.map((row) => ({ ...row, taken: takenOf.get(row.sailingId) ?? 0 }));
}

/** The sailings whose seats taken exceed a capacity: what forbids cutting a vessel's capacity to it. */
export function capacityCutBlockers(loads: readonly SailingLoad[], capacity: number): SailingLoad[] {
  return loads.filter((load) => load.taken > capacity);
}

/** Refuses a capacity below the seats taken on any future sailing, naming each sailing and its seats taken. */
export function assertCapacityCoversSales(loads: readonly SailingLoad[], capacity: number): void {
  const blockers = capacityCutBlockers(loads, capacity);
  if (blockers.length > 0) {
    throw new AppError("CAPACITY_BELOW_SOLD", {
      issues: blockers.map((load) => ({ path: `sailing.${load.sailingId}`, code: `taken:${load.taken}` })),
    });
  }
}

export async function setSailingsCapacity(
  tx: Database,
  sailingIds: readonly number[],
  capacity: number,
): Promise<number> {
  if (sailingIds.length === 0) return 0;
  const rows = await tx
    .update(sailings)
    .set({ capacity })
    .where(inArray(sailings.id, [...sailingIds]))
    .returning({ id: sailings.id });
  return rows.length;
}

// ---- Closures as the console sees them

export interface ClosureTargetRow {
  sailingId: number | null;
  crossingId: number | null;
  activityId: number | null;
  serviceDate: LocalDate | null;
}

/** The sailings not yet departed at `now` that a closure stops: its sailing, or those of its day (of its crossing, or of all). */
export async function findSailingIdsOfClosure(db: Database, closure: ClosureTargetRow, now: Date): Promise<number[]> {
  if (closure.activityId !== null) return [];
  const target =
    closure.sailingId !== null
      ? eq(sailings.id, closure.sailingId)
      : closure.serviceDate === null
        ? sql`false`
        : and(
            eq(sailings.serviceDate, closure.serviceDate),
            closure.crossingId === null ? undefined : eq(sailings.crossingId, closure.crossingId),
          );
  const rows = await db
    .select({ id: sailings.id })
    .from(sailings)
    .where(and(target, gt(sailings.departsAt, now)))
    .orderBy(asc(sailings.id));
  return rows.map((row) => row.id);
}

/**
 * Forgets the future sailings of a rule that nothing was ever allocated on and no closure names, so
 * that materializing again makes them as the edited rule says (its vessel, its capacity). Sailings
 * with seats sold or held stay as they are (ADR 0038).
 */
export async function forgetUnsoldSailingsOfRule(tx: Database, ruleId: number, now: Date): Promise<number> {
  const rows = await tx
    .delete(sailings)
    .where(
      and(
        eq(sailings.ruleId, ruleId),
        gt(sailings.departsAt, now),
        sql`not exists (select 1 from ${seatAllocations} where ${seatAllocations.sailingId} = ${sailings.id})`,
        sql`not exists (select 1 from ${closures} where ${closures.sailingId} = ${sailings.id})`,
      ),
    )
    .returning({ id: sailings.id });
  return rows.length;
}

export async function findClosure(
  db: Database,
  id: number,
): Promise<
  | (ClosureTargetRow & {
      id: number;
      reason: "weather" | "port_authority";
      note: string | null;
      createdAt: Date;
      liftedAt: Date | null;
    })
  | null
> {
  const [row] = await db.select().from(closures).where(eq(closures.id, id));
  return row ?? null;
}

/** An open closure with exactly this target (closing twice is refused, not stacked). */
export async function findOpenClosureOf(db: Database, target: ClosureTargetRow): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: closures.id })
    .from(closures)
    .where(
      and(
        isNull(closures.liftedAt),
        target.sailingId === null ? isNull(closures.sailingId) : eq(closures.sailingId, target.sailingId),
        target.crossingId === null ? isNull(closures.crossingId) : eq(closures.crossingId, target.crossingId),
        target.activityId === null ? isNull(closures.activityId) : eq(closures.activityId, target.activityId),
        target.serviceDate === null ? isNull(closures.serviceDate) : eq(closures.serviceDate, target.serviceDate),
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface ClosureListItem extends ClosureTargetRow {
  id: number;
  reason: "weather" | "port_authority";
  note: string | null;
  createdAt: Date;
  liftedAt: Date | null;
  /** The sailing's own date and departure when the closure is of one sailing. */
  sailingDate: LocalDate | null;
  sailingDepartsAt: Date | null;
}

export type ClosureFilter = "open" | "lifted" | "all";

/**
 * Closures newest first, a page at a time: in force ("open"), lifted, or both; lifted ones only when
 * their day is not older than `since` (a busy season makes many).
 */
export async function findRecentClosures(
  db: Database,
  since: LocalDate,
  limit = 100,
  options: { state?: ClosureFilter; offset?: number } = {},
): Promise<ClosureListItem[]> {
  const state = options.state ?? "all";
  const lifted = sql`${closures.liftedAt} is not null and coalesce(${closures.serviceDate}, ${sailings.serviceDate}) >= ${since}`;
  const where =
    state === "open" ? isNull(closures.liftedAt) : state === "lifted" ? lifted : or(isNull(closures.liftedAt), lifted);
  return db
    .select({
      ...CLOSURE_COLUMNS,
      sailingDate: sailings.serviceDate,
      sailingDepartsAt: sailings.departsAt,
    })
    .from(closures)
    .leftJoin(sailings, eq(sailings.id, closures.sailingId))
    .where(where)
    .orderBy(sql`${closures.id} desc`)
    .limit(limit)
    .offset(options.offset ?? 0);
}

/** Whether a sailing is stopped by a closure in force (its own, its crossing's day or the port's day). */
export async function isSailingClosed(db: Database, sailingId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: closures.id })
    .from(closures)
    .innerJoin(sailings, eq(sailings.id, sailingId))
    .where(
      and(
        isNull(closures.liftedAt),
        isNull(closures.activityId),
        or(
          eq(closures.sailingId, sailingId),
          and(
            eq(closures.serviceDate, sailings.serviceDate),
            or(isNull(closures.crossingId), eq(closures.crossingId, sailings.crossingId)),
          ),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

// ---- One sailing by hand

export interface SailingRow {
  id: number;
  crossingId: number;
  serviceDate: LocalDate;
  departsAt: Date;
  vesselId: number;
  capacity: number;
  capacityByHand: boolean;
  ruleId: number | null;
}

/** A sailing's row, locked as buyers lock it (NO KEY UPDATE), so no hold slips in during the change. */
export async function lockSailingRow(tx: Database, id: number): Promise<SailingRow> {
  const [row] = await tx.select().from(sailings).where(eq(sailings.id, id)).for("no key update");
  if (!row) throw new AppError("UNKNOWN_SAILING", { issues: [{ path: "sailingId", code: "unknown" }] });
  const { createdAt: _createdAt, ...rest } = row;
  return rest;
}

/** Seats counted on a sailing at `now`: sales, blocks and unexpired holds. */
export async function countTakenOnSailing(db: Database, sailingId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ taken: sql<number>`coalesce(sum(${seatAllocations.quantity}), 0)::int` })
    .from(seatAllocations)
    .where(
      and(
        eq(seatAllocations.sailingId, sailingId),
        isNull(seatAllocations.releasedAt),
        sql`(${seatAllocations.state} <> 'held' or ${seatAllocations.expiresAt} > ${now.toISOString()}::timestamptz)`,
      ),
    );
  return row?.taken ?? 0;
}

export interface CrossingLeg {
  id: number;
  durationMinutes: number;
  from: string;
  to: string;
}

const fromPort = alias(ports, "from_port");
const toPort = alias(ports, "to_port");

export async function findCrossingLeg(db: Database, crossingId: number): Promise<CrossingLeg | null> {
  const [row] = await db
    .select({ id: crossings.id, durationMinutes: crossings.durationMinutes, from: fromPort.code, to: toPort.code })
    .from(crossings)
    .innerJoin(fromPort, eq(fromPort.id, crossings.fromPortId))
    .innerJoin(toPort, eq(toPort.id, crossings.toPortId))
    .where(and(eq(crossings.id, crossingId), eq(crossings.active, true)));
  return row ?? null;
}

/** The vessel's sailings within a day either side of `around`, with the piers they leave and reach. */
export async function findVesselLegs(db: Database, vesselId: number, around: Date): Promise<VesselLeg[]> {
  return db
    .select({
      sailingId: sailings.id,
      departsAt: sailings.departsAt,
      durationMinutes: crossings.durationMinutes,
      from: fromPort.code,
      to: toPort.code,
    })
    .from(sailings)
    .innerJoin(crossings, eq(crossings.id, sailings.crossingId))
    .innerJoin(fromPort, eq(fromPort.id, crossings.fromPortId))
    .innerJoin(toPort, eq(toPort.id, crossings.toPortId))
    .where(
      and(
        eq(sailings.vesselId, vesselId),
        between(sailings.departsAt, new Date(around.getTime() - 86_400_000), new Date(around.getTime() + 86_400_000)),
      ),
    );
}

export async function insertSailing(tx: Database, values: Omit<SailingRow, "id">): Promise<SailingRow> {
  const [taken] = await tx
    .select({ id: sailings.id })
    .from(sailings)
    .where(and(eq(sailings.crossingId, values.crossingId), eq(sailings.departsAt, values.departsAt)));
  if (taken)
    throw new AppError("VESSEL_DOUBLE_BOOKED", { issues: [{ path: `sailing.${taken.id}`, code: "same_departure" }] });
  const [row] = await tx.insert(sailings).values(values).returning();
  if (!row) throw new Error("sailing not stored");
  const { createdAt: _createdAt, ...rest } = row;
  return rest;
}

export async function updateSailingRow(
  tx: Database,
  id: number,
  values: Partial<Omit<SailingRow, "id">>,
): Promise<SailingRow> {
  const [row] = await tx.update(sailings).set(values).where(eq(sailings.id, id)).returning();
  if (!row) throw new AppError("UNKNOWN_SAILING");
  const { createdAt: _createdAt, ...rest } = row;
  return rest;
}

export interface SeatBlock {
  id: number;
  quantity: number;
  reference: string;
  createdAt: Date;
}

/** The operator's blocks in force on a sailing (charters, groups, crew). */
export async function findSeatBlocks(db: Database, sailingId: number): Promise<SeatBlock[]> {
  return db
    .select({
      id: seatAllocations.id,
      quantity: seatAllocations.quantity,
      reference: seatAllocations.reference,
      createdAt: seatAllocations.createdAt,
    })
    .from(seatAllocations)
    .where(
      and(
        eq(seatAllocations.sailingId, sailingId),
        eq(seatAllocations.state, "blocked"),
        isNull(seatAllocations.releasedAt),
      ),
    )
    .orderBy(asc(seatAllocations.id));
}

export async function releaseSeatBlock(
  tx: Database,
  sailingId: number,
  blockId: number,
  now: Date,
): Promise<SeatBlock | null> {
  const [row] = await tx
    .update(seatAllocations)
    .set({ releasedAt: now })
    .where(
      and(
        eq(seatAllocations.id, blockId),
        eq(seatAllocations.sailingId, sailingId),
        eq(seatAllocations.state, "blocked"),
        isNull(seatAllocations.releasedAt),
      ),
    )
    .returning({
      id: seatAllocations.id,
      quantity: seatAllocations.quantity,
      reference: seatAllocations.reference,
      createdAt: seatAllocations.createdAt,
    });
  return row ?? null;
}

export interface SailingByHand {
  ruleId: number | null;
  capacityByHand: boolean;
  blocks: SeatBlock[];
}

/** What the console shows beside a day's sailings: the rule that made each, a capacity set by hand, the blocks. */
export async function findSailingsByHand(
  db: Database,
  sailingIds: readonly number[],
): Promise<Map<number, SailingByHand>> {
  if (sailingIds.length === 0) return new Map();
  const [rows, blocks] = await Promise.all([
    db
      .select({ id: sailings.id, ruleId: sailings.ruleId, capacityByHand: sailings.capacityByHand })
      .from(sailings)
      .where(inArray(sailings.id, [...sailingIds])),
    db
      .select({
        sailingId: seatAllocations.sailingId,
        id: seatAllocations.id,
        quantity: seatAllocations.quantity,
        reference: seatAllocations.reference,
        createdAt: seatAllocations.createdAt,
      })
      .from(seatAllocations)
      .where(
        and(
          inArray(seatAllocations.sailingId, [...sailingIds]),
          eq(seatAllocations.state, "blocked"),
          isNull(seatAllocations.releasedAt),
        ),
      )
      .orderBy(asc(seatAllocations.id)),
  ]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ruleId: row.ruleId,
        capacityByHand: row.capacityByHand,
        blocks: blocks
          .filter((block) => block.sailingId === row.id)
          .map(({ sailingId: _sailingId, ...block }) => block),
      },
    ]),
  );
}
