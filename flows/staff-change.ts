// How every console and staff-API change of the operations flows runs (ADR 0038): the change and its
// audit entry (who, when, before, after) commit in one transaction, so there is never a change
// without its entry nor an entry for a change rolled back; a refusal (a coded AppError: bad input,
// a rule broken) changes nothing and is itself audited with its code, outside the rolled-back transaction.
import type { Database } from "../lib/db.ts";
import { isAppError } from "../lib/errors.ts";
import { recordChange, recordRefusal, type AuditActor } from "../modules/audit/index.ts";

export interface StaffDeps {
  db: Database;
  now: Date;
  actor: AuditActor;
  requestId: string | null;
}

export interface AuditedTarget {
  /** "<domain>.<verb>", e.g. "sailing.close". */
  action: string;
  entityType: string;
  /** Known before the change (an edit), or null when the change makes the entity (its id comes back in `entityId`). */
  entityId: string | null;
}

export interface AuditedOutcome<T> {
  result: T;
  before: unknown;
  after: unknown;
  entityId?: string;
}

export async function runAuditedChange<T>(
  deps: StaffDeps,
  target: AuditedTarget,
  change: (tx: Database) => Promise<AuditedOutcome<T>>,
): Promise<T> {
  try {
    return await deps.db.transaction(async (tx) => {
      const outcome = await change(tx);
      await recordChange(tx, {
        actor: deps.actor,
        action: target.action,
        entityType: target.entityType,
        entityId: outcome.entityId ?? target.entityId ?? "",
        before: outcome.before ?? null,
        after: outcome.after ?? null,
        requestId: deps.requestId,
        at: deps.now,
      });
      return outcome.result;
    });
  } catch (error) {
    if (isAppError(error)) {
      await recordRefusal(deps.db, {
        actor: deps.actor,
        action: target.action,
        entityType: target.entityType,
        entityId: target.entityId,
        reason: error.code,
        requestId: deps.requestId,
        at: deps.now,
      });
    }
    throw error;
  }
}
