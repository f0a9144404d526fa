// Staff roles (admin only): who holds one, and granting or removing a role by the account's e-mail.
// The change and every refusal are audited (flows/staff.ts).
import { Form, useNavigation } from "react-router";
import { changeStaffRole } from "../../../flows/staff.ts";
import { isAppError } from "../../../lib/errors.ts";
import { findStaffMembers, isStaffRole, STAFF_ROLES } from "../../../modules/identity/index.ts";
import { CARD, FIELD_LABEL, INPUT } from "../../components/booking/styles.ts";
import { buttonClass } from "../../components/ui/styles.ts";
import { requestContext, servicesContext } from "../../../server/edge/index.ts";
import { consoleErrorKey, useConsoleLayoutData, useConsoleT } from "../console-i18n.ts";
import { formText, PRIVATE_NO_STORE, requireStaffPage } from "../staff-page.server.ts";
import type { Route } from "./+types/console-staff";

export async function loader(args: Route.LoaderArgs) {
  await requireStaffPage(args, "staff.manage");
  const members = await findStaffMembers(args.context.get(servicesContext).db);
  // The roles come with the data: the identity module is server code, never bundled for the browser.
  return { members, roles: STAFF_ROLES };
}

export const headers = () => PRIVATE_NO_STORE;

export type StaffActionData = { saved: string } | { error: string };

export async function action(args: Route.ActionArgs): Promise<StaffActionData> {
  const actor = await requireStaffPage(args, "staff.manage");
  const services = args.context.get(servicesContext);
  const form = await args.request.formData();
  const email = formText(form, "email", 254);
  const role = formText(form, "role", 20);
  if (email.length === 0 || (role !== "" && !isStaffRole(role))) return { error: "INVALID_REQUEST" };
  try {
    const account = await changeStaffRole(
      services.db,
      actor,
      { email, role: role === "" ? null : role },
      services.clock.now(),
      args.context.get(requestContext).requestId,
    );
    return { saved: account.email };
  } catch (error) {
    if (isAppError(error)) return { error: error.code };
    throw error;
  }
}

export default function ConsoleStaff({ loaderData, actionData }: Route.ComponentProps) {
  const t = useConsoleT();
  const { messages } = useConsoleLayoutData();
  const busy = useNavigation().state === "submitting";
  const answer = actionData as StaffActionData | undefined;
  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold text-sea-950">{t("console.staff.title")}</h1>
        <p className="mt-1 text-slate-700">{t("console.staff.summary")}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start">
        <div className={CARD}>
          <h2 className="text-lg font-semibold text-sea-950">{t("console.staff.list")}</h2>
          {loaderData.members.length === 0 ? (
            <p className="mt-2 text-slate-700">{t("console.staff.empty")}</p>
          ) : (
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="staff-members">
                <thead className="text-slate-600">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      {t("console.staff.email")}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      {t("console.staff.name")}
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      {t("console.staff.role")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {loaderData.members.map((member) => (
                    <tr key={member.id} className="border-t border-slate-100">
                      <td className="break-all py-2 pr-4">{member.email}</td>
                      <td className="py-2 pr-4">{`${member.firstName} ${member.lastName}`.trim()}</td>
                      <td className="py-2">{t(`console.role.${member.staffRole}`)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
        <Form method="post" className={`${CARD} space-y-4`} data-testid="staff-form">
          {answer && "saved" in answer ? (
            <p role="status" className="rounded-lg bg-sea-50 p-3 text-sm text-sea-950" data-testid="staff-saved">
              {t("console.staff.saved", { email: answer.saved })}
            </p>
          ) : null}
          {answer && "error" in answer ? (
            <p
              role="alert"
              className="rounded-lg bg-coral-50 p-3 text-sm text-coral-700"
              data-testid="staff-error"
              data-code={answer.error}
            >
              {t(consoleErrorKey(answer.error, messages))}
            </p>
          ) : null}
          <div>
            <label htmlFor="staff-email" className={FIELD_LABEL}>
              {t("console.staff.email")}
            </label>
            <input
              id="staff-email"
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="off"
              aria-describedby="staff-email-hint"
              className={`${INPUT} mt-1`}
            />
            <p id="staff-email-hint" className="mt-1 text-xs text-slate-600">
              {t("console.staff.emailHint")}
            </p>
          </div>
          <div>
            <label htmlFor="staff-role" className={FIELD_LABEL}>
              {t("console.staff.role")}
            </label>
            <select id="staff-role" name="role" className={`${INPUT} mt-1`} defaultValue="agent">
              {loaderData.roles.map((role) => (
                <option key={role} value={role}>
                  {t(`console.role.${role}`)}
                </option>
              ))}
              <option value="">{t("console.staff.none")}</option>
            </select>
          </div>
          <button type="submit" className={buttonClass()} disabled={busy}>
            {t("console.staff.save")}
          </button>
        </Form>
      </div>
    </section>
  );
}
