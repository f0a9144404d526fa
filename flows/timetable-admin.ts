// The operator changes the timetable and the fleet (ADR 0038): add, edit or end a timetable
// rule, make the sale window's sailings again, change a vessel's name or capacity. Each is one
// audited transaction (flows/staff-change.ts). The timetable is locked for the whole change, the
// candidate rule is checked against every other rule (one vessel cannot sail twice at once; rules of
// equal priority of a crossing may not make the same departure) and the sailings are made again from
// today: unsold sailings follow the rule, a sailing with seats sold or held is never deleted.
import { AppError } from "../lib/errors.ts";
import {
  assertCapacityCoversSales,
  assertNoTimetableClash,
  assertVesselRetirable,
  insertVessel,
  findCrossingRows,
  findTimetableClashes,
  findTimetableRule,
  findTimetableRules,
  findVessel,
  deleteTimetableRule,
  isRuleEnded,
  forgetUnsoldSailingsOfRule,
  insertTimetableRule,
  isLocalDate,
  localDateOf,
  lockFutureSailingsOfVessel,
  lockTimetable,
  materializeSaleWindow,
  readTimetableRuleInput,
  setSailingsCapacity,
  updateTimetableRule,
  updateVessel,
  MAX_GENERATION_DAYS,
  SALE_HORIZON_DAYS,
  type MaterializeResult,
  type RawTimetableRule,
  type StoredTimetableRule,
  type TimetableRuleInput,
  type Vessel,
} from "../modules/inventory/index.ts";
import type { Database } from "../lib/db.ts";
import { runAuditedChange, type StaffDeps } from "./staff-change.ts";

export interface RuleChange {
  rule: StoredTimetableRule;
  materialized: MaterializeResult;
}

async function assertFitsTimetable(tx: Database, candidate: StoredTimetableRule, now: Date): Promise<void> {
  const [crossings, rules] = await Promise.all([findCrossingRows(tx), findTimetableRules(tx)]);
  const crossing = crossings.find((row) => row.id === candidate.crossingId);
  if (!crossing) throw new AppError("UNKNOWN_CROSSING", { issues: [{ path: "crossingId", code: "unknown_crossing" }] });
  const vessel = await findVessel(tx, candidate.vesselId);
  if (!vessel) throw new AppError("INVALID_REQUEST", { issues: [{ path: "vesselId", code: "unknown_vessel" }] });
  if (!vessel.active)
    throw new AppError("INVALID_REQUEST", { issues: [{ path: "vesselId", code: "vessel_inactive" }] });
  const clashes = findTimetableClashes(
    candidate,
    rules.filter((rule) => rule.active),
    crossings,
    localDateOf(now),
  );
  assertNoTimetableClash(clashes);
}

/** Adds a rule (id null) or replaces one; refuses TIMETABLE_CONFLICT / VESSEL_DOUBLE_BOOKED listing every clash. */
export async function saveTimetableRule(
  deps: StaffDeps,
  id: number | null,
  raw: RawTimetableRule | TimetableRuleInput,
): Promise<RuleChange> {
  return runAuditedChange(
    deps,
    {
      action: id === null ? "timetable_rule.create" : "timetable_rule.update",
      entityType: "timetable_rule",
      entityId: id === null ? null : String(id),
    },
    async (tx) => {
      // Read here, inside the audited change, so a form refused for its fields is audited like a clash.
      const input = readTimetableRuleInput(raw as RawTimetableRule);
      await lockTimetable(tx);
      const before = id === null ? null : await findTimetableRule(tx, id);
      if (id !== null && !before)
        throw new AppError("NOT_FOUND", { issues: [{ path: "rule.id", code: "unknown_rule" }] });
      // A new rule has no id yet: -1 stands for it in the clash check (no stored rule has it).
      await assertFitsTimetable(tx, { ...input, id: id ?? -1 }, deps.now);
      const rule = id === null ? await insertTimetableRule(tx, input) : await updateTimetableRule(tx, id, input);
      if (id !== null) await forgetUnsoldSailingsOfRule(tx, id, deps.now);
      const materialized = await materializeSaleWindow(tx, deps.now);
      return { result: { rule, materialized }, before, after: { rule, materialized }, entityId: String(rule.id) };
    },
  );
}

/**
 * Ends a rule: it makes no sailing after `lastDay` (its validity ends there; the rule stays on
 * record). Unsold sailings after that day go; sold ones stay for the operator to close (ADR 0038).
 */
export async function endTimetableRule(deps: StaffDeps, id: number, lastDay: string): Promise<RuleChange> {
  return runAuditedChange(
    deps,
    { action: "timetable_rule.end", entityType: "timetable_rule", entityId: String(id) },
    async (tx) => {
      await lockTimetable(tx);
      const before = await findTimetableRule(tx, id);
      if (!before) throw new AppError("NOT_FOUND", { issues: [{ path: "rule.id", code: "unknown_rule" }] });
      const today = localDateOf(deps.now);
      if (!isLocalDate(lastDay))
        throw new AppError("INVALID_DATE", { issues: [{ path: "lastDay", code: "invalid_date" }] });
      // Yesterday at the earliest: "ends yesterday" stops today's departures not yet sailed.
      if (
        lastDay < localDateOf(new Date(deps.now.getTime() - 86_400_000)) ||
        (before.validFrom !== null && lastDay < before.validFrom)
      ) {
        throw new AppError("DATE_IN_PAST", {
          issues: [{ path: "lastDay", code: lastDay < today ? "in_past" : "before_valid_from" }],
        });
      }
      const { id: _id, ...fields } = before;
      const rule = await updateTimetableRule(tx, id, {
        ...fields,
        validUntil: before.validUntil !== null && before.validUntil < lastDay ? before.validUntil : lastDay,
      });
      await forgetUnsoldSailingsOfRule(tx, id, deps.now);
      const materialized = await materializeSaleWindow(tx, deps.now);
      return { result: { rule, materialized }, before, after: { rule, materialized } };
    },
  );
}

/**
 * Deletes a rule. Its unsold future sailings go with it; sailings with seats taken (and past ones)
 * stay, as sailings added by hand, for the operator to close or keep.
 */
export async function deleteTimetableRuleOf(deps: StaffDeps, id: number): Promise<{ materialized: MaterializeResult }> {
  return runAuditedChange(
    deps,
    { action: "timetable_rule.delete", entityType: "timetable_rule", entityId: String(id) },
    async (tx) => {
      await lockTimetable(tx);
      const before = await findTimetableRule(tx, id);
      if (!before) throw new AppError("NOT_FOUND", { issues: [{ path: "rule.id", code: "unknown_rule" }] });
      await forgetUnsoldSailingsOfRule(tx, id, deps.now);
      await deleteTimetableRule(tx, id);
      const materialized = await materializeSaleWindow(tx, deps.now);
      return { result: { materialized }, before, after: { deleted: true, materialized } };
    },
  );
}

/** Puts an ended rule back in force with no last day, checked for clashes like a new one. */
export async function reactivateTimetableRule(deps: StaffDeps, id: number): Promise<RuleChange> {
  return runAuditedChange(
    deps,
    { action: "timetable_rule.reactivate", entityType: "timetable_rule", entityId: String(id) },
    async (tx) => {
      await lockTimetable(tx);
      const before = await findTimetableRule(tx, id);
      if (!before) throw new AppError("NOT_FOUND", { issues: [{ path: "rule.id", code: "unknown_rule" }] });
      if (!isRuleEnded(before, localDateOf(deps.now)))
        throw new AppError("INVALID_REQUEST", { issues: [{ path: "rule.id", code: "not_ended" }] });
      const { id: _id, ...fields } = before;
      const candidate = { ...fields, active: true, validUntil: null };
      await assertFitsTimetable(tx, { ...candidate, id }, deps.now);
      const rule = await updateTimetableRule(tx, id, candidate);
      const materialized = await materializeSaleWindow(tx, deps.now);
      return { result: { rule, materialized }, before, after: { rule, materialized } };
    },
  );
}

/** Makes the sale window's sailings again (idempotent; unsold sailings the rules no longer make go). */
export async function regenerateSailings(
  deps: StaffDeps,
  days: number = SALE_HORIZON_DAYS,
  prune = true,
): Promise<MaterializeResult> {
  return runAuditedChange(
    deps,
    { action: "sailings.materialize", entityType: "timetable", entityId: "sale-window" },
    async (tx) => {
      if (!Number.isInteger(days) || days < 0 || days >= MAX_GENERATION_DAYS)
        throw new AppError("INVALID_REQUEST", { issues: [{ path: "days", code: "out_of_range" }] });
      await lockTimetable(tx);
      const result = await materializeSaleWindow(tx, deps.now, days, prune);
      return { result, before: null, after: result };
    },
  );
}

export interface VesselChange {
  vessel: Vessel;
  /** Future sailings of the vessel whose capacity followed. */
  sailingsUpdated: number;
}

function vesselIssues(input: { name: string; capacity: number }) {
  return [
    ...(input.name.length === 0 || input.name.length > 80 ? [{ path: "name", code: "required" }] : []),
    ...(!Number.isInteger(input.capacity) || input.capacity < 1 || input.capacity > 5000
      ? [{ path: "capacity", code: "between_1_and_5000" }]
      : []),
  ];
}

/** Adds a vessel to the fleet (in service; the timetable's rules choose it). Its code is unique. */
export async function createVessel(
  deps: StaffDeps,
  input: { code: string; name: string; capacity: number },
): Promise<Vessel> {
  return runAuditedChange(deps, { action: "vessel.create", entityType: "vessel", entityId: null }, async (tx) => {
    const code = input.code.trim().toLowerCase();
    const name = input.name.trim();
    const issues = [
      ...(/^[a-z0-9-]{2,40}$/.test(code) ? [] : [{ path: "code", code: "format" }]),
      ...vesselIssues({ name, capacity: input.capacity }),
    ];
    if (issues.length > 0) throw new AppError("INVALID_REQUEST", { issues });
    await lockTimetable(tx);
    const vessel = await insertVessel(tx, { code, name, capacity: input.capacity });
    return { result: vessel, before: null, after: vessel, entityId: String(vessel.id) };
  });
}

/**
 * Renames a vessel, changes its capacity or retires it (out of service). The capacity applies to its
 * sailings not yet departed, except those whose capacity was set by hand.
 * A cut below the seats taken on any of them (sold, blocked or held) is refused with
 * CAPACITY_BELOW_SOLD naming each such sailing; the sailings are locked as buyers lock them.
 * Retiring a vessel that rules in force still sail is refused with VESSEL_IN_USE naming the rules.
 */
export async function changeVessel(
  deps: StaffDeps,
  id: number,
  input: { name: string; capacity: number; active: boolean },
): Promise<VesselChange> {
  return runAuditedChange(deps, { action: "vessel.update", entityType: "vessel", entityId: String(id) }, async (tx) => {
    const name = input.name.trim();
    const issues = vesselIssues({ name, capacity: input.capacity });
    if (issues.length > 0) throw new AppError("INVALID_REQUEST", { issues });
    const before = await findVessel(tx, id, { lock: true });
    if (!before) throw new AppError("NOT_FOUND", { issues: [{ path: "vessel.id", code: "unknown_vessel" }] });
    if (before.active && !input.active) assertVesselRetirable(await findTimetableRules(tx), id, localDateOf(deps.now));
    let sailingsUpdated = 0;
    if (input.capacity !== before.capacity) {
      // A capacity the operator set by hand on one sailing (a charter, a smaller boat that day) stays.
      const loads = (await lockFutureSailingsOfVessel(tx, id, deps.now)).filter((load) => !load.byHand);
      assertCapacityCoversSales(loads, input.capacity);
      sailingsUpdated = await setSailingsCapacity(
        tx,
        loads.map((load) => load.sailingId),
        input.capacity,
      );
    }
    const vessel = await updateVessel(tx, id, { name, capacity: input.capacity, active: input.active });
    return { result: { vessel, sailingsUpdated }, before, after: { ...vessel, sailingsUpdated } };
  });
}
