// The first administrator, made from the machine's command line (`npm run staff:create -- <email>`):
// whoever can run commands on the server already holds the database, so the command line vouches for
// the address. The account is made if it does not exist (confirmed, no password yet) or promoted if
// it does, and a one-time link to set its password comes back for the terminal to print. Audited.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { AppError } from "../lib/errors.ts";
import type { Database } from "../lib/db.ts";
import { isLanguage, type Language } from "../lib/language.ts";
import { recordChange, type AuditActor } from "../modules/audit/index.ts";
import { emailKeyOf, isEmailFormat, issueAccountToken, users, type StaffRole } from "../modules/identity/index.ts";

export const COMMAND_LINE_ACTOR: AuditActor = { userId: null, label: "staff:create (command line)", role: "admin" };

export interface FirstAdmin {
  userId: string;
  email: string;
  language: Language;
  created: boolean;
  roleBefore: StaffRole | null;
  /** A one-time token for the forgot page's reset form: the admin sets a password with it. */
  passwordToken: string;
}

export async function createStaffFromCommandLine(
  db: Database,
  email: string,
  now: Date,
  role: StaffRole = "admin",
): Promise<FirstAdmin> {
  const address = email.trim();
  if (!isEmailFormat(address)) throw new AppError("INVALID_EMAIL", { issues: [{ path: "email", code: "format" }] });
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(users)
      .where(eq(users.emailKey, emailKeyOf(address)))
      .limit(1)
      .for("update");
    const userId = current?.id ?? randomUUID();
    if (current) {
      await tx
        .update(users)
        .set({ staffRole: role, active: true, confirmedAt: current.confirmedAt ?? now, updatedAt: now })
        .where(eq(users.id, userId));
    } else {
      await tx.insert(users).values({
        id: userId,
        email: address,
        emailKey: emailKeyOf(address),
        staffRole: role,
        confirmedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    }
    const roleBefore = (current?.staffRole ?? null) as StaffRole | null;
    await recordChange(tx, {
      actor: COMMAND_LINE_ACTOR,
      action: "staff.set_role",
      entityType: "user",
      entityId: userId,
      before: current ? { email: current.email, role: roleBefore } : null,
      after: { email: address, role, created: !current },
      at: now,
    });
    const passwordToken = await issueAccountToken(tx, userId, "reset_password", now);
    const language = current && isLanguage(current.language) ? current.language : "es";
    return { userId, email: current?.email ?? address, language, created: !current, roleBefore, passwordToken };
  });
}
