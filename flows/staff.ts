// Granting and removing staff roles (ADR 0036), audited in the same transaction. An admin
// cannot take away their own admin role: the last admin could otherwise lock everyone out of the console.
import { AppError } from "../lib/errors.ts";
import type { Database } from "../lib/db.ts";
import { recordChange, recordRefusal, type AuditActor } from "../modules/audit/index.ts";
import { setStaffRole, type Account, type StaffRole } from "../modules/identity/index.ts";

export interface StaffRoleChange {
  email: string;
  role: StaffRole | null;
}

export async function changeStaffRole(
  db: Database,
  actor: AuditActor,
  change: StaffRoleChange,
  now: Date,
  requestId: string | null = null,
): Promise<Account> {
  const attempt = {
    actor,
    action: "staff.set_role",
    entityType: "user",
    entityId: change.email,
    after: { role: change.role },
    requestId,
    at: now,
  };
  try {
    return await db.transaction(async (tx) => {
      const { account, before } = await setStaffRole(tx, change.email, change.role, now);
      if (actor.userId === account.id && before === "admin" && change.role !== "admin")
        throw new AppError("STAFF_SELF_DEMOTION");
      await recordChange(tx, {
        ...attempt,
        entityId: account.id,
        before: { email: account.email, role: before },
        after: { email: account.email, role: change.role },
      });
      return account;
    });
  } catch (error) {
    if (error instanceof AppError) await recordRefusal(db, { ...attempt, reason: error.code });
    throw error;
  }
}
