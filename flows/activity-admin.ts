// The operator adds a park or tour sold by the day (an activity) and changes its name, daily capacity
// and weekly hours (ADR 0079); each is one audited transaction (flows/staff-change.ts). A change never
// leaves tickets without a place: a capacity below the places taken on a day ahead is refused
// (CAPACITY_BELOW_SOLD, the days named), and so are hours that close a weekday on which a day ahead
// still has places taken (RECORD_IN_USE), unless that day is already closed from the closures page,
// which is where its holders are told and moved.
import { AppError } from "../lib/errors.ts";
import {
  activityChangeBlockers,
  activityIssues,
  findActivityRecord,
  findTakenDaysAhead,
  insertActivity,
  localDateOf,
  updateActivity,
  type ActivityDraft,
  type ActivityRecord,
} from "../modules/inventory/index.ts";
import { runAuditedChange, type StaffDeps } from "./staff-change.ts";

/** A new activity with its name in every language, its daily capacity and its hours by weekday. */
export async function createActivity(deps: StaffDeps, raw: ActivityDraft): Promise<ActivityRecord> {
  return runAuditedChange(deps, { action: "activity.create", entityType: "activity", entityId: null }, async (tx) => {
    const draft = { ...raw, code: raw.code.trim().toLowerCase() };
    const issues = activityIssues(draft);
    if (issues.length > 0) throw new AppError("INVALID_REQUEST", { issues });
    const activity = await insertActivity(tx, draft);
    return { result: activity, before: null, after: activity, entityId: String(activity.id) };
  });
}

/**
 * An activity's name, daily capacity and hours, as given. The activity's row is locked first: a
 * buyer's hold reads it FOR SHARE in the capacity trigger (migration 0031), so no hold can pass
 * against the old capacity while the days ahead are counted against the new one.
 */
export async function changeActivity(
  deps: StaffDeps,
  id: number,
  change: Pick<ActivityDraft, "name" | "dailyCapacity" | "hours">,
): Promise<ActivityRecord> {
  return runAuditedChange(
    deps,
    { action: "activity.change", entityType: "activity", entityId: String(id) },
    async (tx) => {
      const before = await findActivityRecord(tx, id, { lock: true });
      if (!before)
        throw new AppError("INVALID_REQUEST", { issues: [{ path: "activityId", code: "unknown_activity" }] });
      const issues = activityIssues({ ...change, code: before.code });
      if (issues.length > 0) throw new AppError("INVALID_REQUEST", { issues });
      const days = await findTakenDaysAhead(tx, id, localDateOf(deps.now), deps.now);
      const blockers = activityChangeBlockers(days, change);
      if (blockers.capacity.length > 0) throw new AppError("CAPACITY_BELOW_SOLD", { issues: blockers.capacity });
      if (blockers.hours.length > 0) throw new AppError("RECORD_IN_USE", { issues: blockers.hours });
      await updateActivity(tx, id, change);
      const after = (await findActivityRecord(tx, id))!;
      return { result: after, before, after };
    },
  );
}
