// Who is asking, for the operator's console and the staff API (ADR 0036). One answer for
// both edges: the admin API token (machines; acts as an admin), a bearer access token of our identity
// provider that carries the `admin` scope (staff tools), or the site's session cookie of a staff
// account (the console in a browser). A visitor's session is a person without a role: FORBIDDEN, not
// UNAUTHORIZED, and the refusal is audited.
import { bearerOf, isSameSecret } from "../../lib/bearer.ts";
import { AppError } from "../../lib/errors.ts";
import { recordRefusal, type AuditActor } from "../../modules/audit/index.ts";
import {
  canStaff,
  findAccount,
  findLoginState,
  type Account,
  type StaffPermission,
  type StaffRole,
} from "../../modules/identity/index.ts";
import type { AppServices } from "./context.ts";
import { sessionSecretsOf } from "./session-cookies.ts";

export interface StaffActor extends AuditActor {
  role: StaffRole;
  /** The staff account; null for the admin API token. */
  account: Account | null;
}

export type Caller =
  | { kind: "anonymous" }
  | { kind: "person"; account: Account }
  | { kind: "staff"; actor: StaffActor };

export const ADMIN_TOKEN_ACTOR = "admin-api-token";

function staffCaller(account: Account): Caller {
  if (!account.active) return { kind: "anonymous" };
  if (!account.staffRole) return { kind: "person", account };
  return { kind: "staff", actor: { userId: account.id, label: account.email, role: account.staffRole, account } };
}

export async function resolveCaller(
  services: AppServices,
  headers: { authorization?: string | null; cookie?: string | null },
): Promise<Caller> {
  const bearer = bearerOf(headers.authorization);
  if (bearer) {
    if (isSameSecret(bearer, services.config.ADMIN_API_TOKEN)) {
      return { kind: "staff", actor: { userId: null, label: ADMIN_TOKEN_ACTOR, role: "admin", account: null } };
    }
    const holder = services.identityProvider ? await services.identityProvider.accountOfAccessToken(bearer) : null;
    const account = holder ? await findAccount(services.db, holder.accountId) : null;
    if (!holder || !account) return { kind: "anonymous" };
    // A token a visitor's app was given without the admin scope speaks for a person, not for staff.
    return holder.scopes.includes("admin") ? staffCaller(account) : { kind: "person", account };
  }
  const secure = services.config.NODE_ENV === "production";
  const state = await findLoginState(services.db, sessionSecretsOf(headers.cookie, secure), services.clock.now());
  return state.session ? staffCaller(state.session.account) : { kind: "anonymous" };
}

/**
 * The staff member a request speaks for, if they hold `permission` (null: any staff role). Throws UNAUTHORIZED for nobody,
 * FORBIDDEN for a person without the role (audited: who tried what).
 */
export async function authorizeStaff(
  services: AppServices,
  caller: Caller,
  permission: StaffPermission | null,
  attempt: { action: string; requestId?: string | null },
): Promise<StaffActor> {
  if (caller.kind === "anonymous") throw new AppError("UNAUTHORIZED");
  // null: any staff role will do (the console's home).
  if (caller.kind === "staff" && (permission === null || canStaff(caller.actor.role, permission))) return caller.actor;
  const actor: AuditActor =
    caller.kind === "staff" ? caller.actor : { userId: caller.account.id, label: caller.account.email, role: null };
  await recordRefusal(services.db, {
    actor: { userId: actor.userId, label: actor.label, role: actor.role },
    action: attempt.action,
    entityType: "permission",
    entityId: permission ?? "console",
    reason: "FORBIDDEN",
    requestId: attempt.requestId ?? null,
    at: services.clock.now(),
  });
  throw new AppError("FORBIDDEN");
}
