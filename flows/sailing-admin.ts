// The operator changes one sailing by hand: its capacity (never below the seats taken; the vessel's
// later capacity changes leave it alone), a sailing added outside the timetable or moved to another
// time or vessel (the vessel must be free and at the pier it leaves from), and seats blocked for a
// charter or a group, or released. Each is one audited transaction that locks the sailing as buyers do.
import { AppError } from "../lib/errors.ts";
import {
  assertSailingFits,
  blockSeats,
  countTakenOnSailing,
  decideAt,
  findCrossingLeg,
  findSeatBlocks,
  findVessel,
  findVesselLegs,
  instantOf,
  insertSailing,
  isLocalDate,
  isLocalTime,
  lockSailingRow,
  lockTimetable,
  releaseSeatBlock,
  updateSailingRow,
  type SailingRow,
  type SeatBlock,
} from "../modules/inventory/index.ts";
import type { Database } from "../lib/db.ts";
import { runAuditedChange, type StaffDeps } from "./staff-change.ts";

const MAX_SEATS = 5000;

async function lockFutureSailing(tx: Database, sailingId: number, now: Date): Promise<SailingRow> {
  const sailing = await lockSailingRow(tx, sailingId);
  if (sailing.departsAt.getTime() <= now.getTime())
    throw new AppError("SAILING_DEPARTED", { issues: [{ path: "sailingId", code: "departed" }] });
  return sailing;
}

function assertSeats(value: number, path: string, min: number): void {
  if (!Number.isInteger(value) || value < min || value > MAX_SEATS)
    throw new AppError("INVALID_REQUEST", { issues: [{ path, code: `between_${min}_and_${MAX_SEATS}` }] });
}

/** Sets one sailing's capacity by hand; below the seats taken it is refused with CAPACITY_BELOW_SOLD. */
export async function changeSailingCapacity(deps: StaffDeps, sailingId: number, capacity: number): Promise<SailingRow> {
  return runAuditedChange(
    deps,
    { action: "sailing.set_capacity", entityType: "sailing", entityId: String(sailingId) },
    async (tx) => {
      assertSeats(capacity, "capacity", 0);
      const before = await lockFutureSailing(tx, sailingId, deps.now);
      const taken = await countTakenOnSailing(tx, sailingId, deps.now);
      if (capacity < taken)
        throw new AppError("CAPACITY_BELOW_SOLD", {
          issues: [{ path: `sailing.${sailingId}`, code: `taken:${taken}` }],
        });
      const sailing = await updateSailingRow(tx, sailingId, { capacity, capacityByHand: true });
      return { result: sailing, before, after: { ...sailing, taken } };
    },
  );
}

export interface SailingPlan {
  crossingId: number;
  date: string;
  time: string;
  vesselId: number;
  /** Null: the vessel's seats. */
  capacity: number | null;
}

/** Where and when a planned sailing leaves, checked: the vessel in service, free, and at that pier. */
async function placeOf(tx: Database, plan: Omit<SailingPlan, "capacity">, sailingId: number, now: Date) {
  if (!isLocalDate(plan.date) || !isLocalTime(plan.time))
    throw new AppError("INVALID_DATE", { issues: [{ path: "date", code: "invalid_date" }] });
  const departsAt = instantOf(plan.date, plan.time);
  if (departsAt.getTime() <= now.getTime())
    throw new AppError("DATE_IN_PAST", { issues: [{ path: "date", code: "in_past" }] });
  const [crossing, vessel] = await Promise.all([findCrossingLeg(tx, plan.crossingId), findVessel(tx, plan.vesselId)]);
  if (!crossing) throw new AppError("UNKNOWN_CROSSING", { issues: [{ path: "crossingId", code: "unknown_crossing" }] });
  if (!vessel || !vessel.active)
    throw new AppError("INVALID_REQUEST", {
      issues: [{ path: "vesselId", code: vessel ? "vessel_inactive" : "unknown_vessel" }],
    });
  assertSailingFits(
    { sailingId, departsAt, durationMinutes: crossing.durationMinutes, from: crossing.from, to: crossing.to },
    await findVesselLegs(tx, vessel.id, departsAt),
  );
  return { departsAt, vessel };
}

/** Adds a sailing outside the timetable (no rule makes it, none removes it). */
export async function addSailingByHand(deps: StaffDeps, plan: SailingPlan): Promise<SailingRow> {
  return runAuditedChange(deps, { action: "sailing.create", entityType: "sailing", entityId: null }, async (tx) => {
    if (plan.capacity !== null) assertSeats(plan.capacity, "capacity", 1);
    await lockTimetable(tx);
    const { departsAt, vessel } = await placeOf(tx, plan, -1, deps.now);
    const sailing = await insertSailing(tx, {
      crossingId: plan.crossingId,
      serviceDate: plan.date,
      departsAt,
      vesselId: vessel.id,
      capacity: plan.capacity ?? vessel.capacity,
      capacityByHand: plan.capacity !== null && plan.capacity !== vessel.capacity,
      ruleId: null,
    });
    return { result: sailing, before: null, after: sailing, entityId: String(sailing.id) };
  });
}

/**
 * Moves a sailing to another time or vessel of its crossing. Only a sailing added by hand changes its
 * time: a rule would make its departure again at the old time (add one by hand and close the rule's).
 * A sailing with seats taken keeps its time (its passengers hold tickets for it: close it and let them
 * choose), but may change vessel when the new one has the seats.
 */
export async function moveSailing(
  deps: StaffDeps,
  sailingId: number,
  plan: Omit<SailingPlan, "crossingId" | "capacity">,
): Promise<SailingRow> {
  return runAuditedChange(
    deps,
    { action: "sailing.move", entityType: "sailing", entityId: String(sailingId) },
    async (tx) => {
      await lockTimetable(tx);
      const before = await lockFutureSailing(tx, sailingId, deps.now);
      const taken = await countTakenOnSailing(tx, sailingId, deps.now);
      const retimed = !(
        isLocalDate(plan.date) &&
        isLocalTime(plan.time) &&
        instantOf(plan.date, plan.time).getTime() === before.departsAt.getTime()
      );
      if (retimed && before.ruleId !== null)
        throw new AppError("INVALID_REQUEST", {
          issues: [{ path: `sailing.${sailingId}`, code: `made_by_rule:${before.ruleId}` }],
        });
      if (retimed && taken > 0)
        throw new AppError("INVALID_REQUEST", { issues: [{ path: `sailing.${sailingId}`, code: `sold:${taken}` }] });
      const { departsAt, vessel } = await placeOf(tx, { ...plan, crossingId: before.crossingId }, sailingId, deps.now);
      const capacity = before.capacityByHand ? before.capacity : vessel.capacity;
      if (capacity < taken)
        throw new AppError("CAPACITY_BELOW_SOLD", {
          issues: [{ path: `sailing.${sailingId}`, code: `taken:${taken}` }],
        });
      const sailing = await updateSailingRow(tx, sailingId, {
        serviceDate: plan.date,
        departsAt,
        vesselId: vessel.id,
        capacity,
      });
      return { result: sailing, before, after: sailing };
    },
  );
}

/** Blocks seats for a charter or a group; refused SAILING_SOLD_OUT when fewer seats are left. */
export async function blockSailingSeats(
  deps: StaffDeps,
  sailingId: number,
  quantity: number,
  label: string,
): Promise<SeatBlock> {
  return runAuditedChange(
    deps,
    { action: "sailing.block_seats", entityType: "sailing", entityId: String(sailingId) },
    async (tx) => {
      assertSeats(quantity, "quantity", 1);
      const name = label.trim().slice(0, 60);
      if (name.length === 0) throw new AppError("INVALID_REQUEST", { issues: [{ path: "label", code: "required" }] });
      const sailing = await lockFutureSailing(tx, sailingId, deps.now);
      await decideAt(tx, deps.now);
      const left = sailing.capacity - (await countTakenOnSailing(tx, sailingId, deps.now));
      if (quantity > left)
        throw new AppError("SAILING_SOLD_OUT", { issues: [{ path: "quantity", code: `left:${Math.max(left, 0)}` }] });
      const reference = `block:${name}`;
      const id = await blockSeats(tx, { sailingId }, quantity, reference, deps.now);
      const block = { id, quantity, reference, createdAt: deps.now };
      return { result: block, before: null, after: block };
    },
  );
}

export async function releaseSailingSeats(deps: StaffDeps, sailingId: number, blockId: number): Promise<SeatBlock> {
  return runAuditedChange(
    deps,
    { action: "sailing.release_seats", entityType: "sailing", entityId: String(sailingId) },
    async (tx) => {
      await lockSailingRow(tx, sailingId);
      const block = await releaseSeatBlock(tx, sailingId, blockId, deps.now);
      if (!block) throw new AppError("NOT_FOUND", { issues: [{ path: "blockId", code: "unknown_block" }] });
      return { result: block, before: block, after: null };
    },
  );
}

export { findSeatBlocks };
