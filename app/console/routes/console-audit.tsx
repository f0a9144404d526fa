// The audit log: newest first, optionally of one entity, fifty at a time. Read-only, like the log.
import { Form, Link, useLocation } from "react-router";
import { z } from "zod";
import { languageOfPath } from "../../../lib/language.ts";
import { findAuditEntries, type AuditEntry } from "../../../modules/audit/index.ts";
import { CARD, FIELD_LABEL, INPUT } from "../../components/booking/styles.ts";
import { LOCALE } from "../../components/booking/format.ts";
import { buttonClass } from "../../components/ui/styles.ts";
import { servicesContext } from "../../../server/edge/index.ts";
import { useConsoleT } from "../console-i18n.ts";
import { PRIVATE_NO_STORE, requireStaffPage } from "../staff-page.server.ts";
import type { Route } from "./+types/console-audit";

const PAGE_SIZE = 50;

const FilterSchema = z.object({
  type: z.string().trim().max(40).optional().catch(undefined),
  id: z.string().trim().max(100).optional().catch(undefined),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});

export async function loader(args: Route.LoaderArgs) {
  await requireStaffPage(args, "audit.read");
  const filter = FilterSchema.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const entries = await findAuditEntries(args.context.get(servicesContext).db, {
    entityType: filter.type || undefined,
    entityId: filter.id || undefined,
    beforeId: filter.before,
    limit: PAGE_SIZE,
  });
  return { entries, filter: { type: filter.type ?? "", id: filter.id ?? "" }, more: entries.length === PAGE_SIZE };
}

export const headers = () => PRIVATE_NO_STORE;

function changes(entry: AuditEntry): string {
  const show = (value: unknown) => (value === null || value === undefined ? "—" : JSON.stringify(value));
  return entry.before === null && entry.after === null ? "—" : `${show(entry.before)} → ${show(entry.after)}`;
}

export default function ConsoleAudit({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const location = useLocation();
  const locale = LOCALE[languageOfPath(location.pathname)];
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "medium", timeZone: "America/Cancun" });
  const last = loaderData.entries.at(-1);
  const older = new URLSearchParams({
    ...(loaderData.filter.type ? { type: loaderData.filter.type } : {}),
    ...(loaderData.filter.id ? { id: loaderData.filter.id } : {}),
    ...(last ? { before: String(last.id) } : {}),
  });
  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold text-sea-950">{t("console.audit.title")}</h1>
        <p className="mt-1 text-slate-700">{t("console.audit.summary")}</p>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="audit-type" className={FIELD_LABEL}>
            {t("console.audit.entityType")}
          </label>
          <input
            id="audit-type"
            name="type"
            defaultValue={loaderData.filter.type}
            maxLength={40}
            className={`${INPUT} mt-1`}
          />
        </div>
        <div>
          <label htmlFor="audit-id" className={FIELD_LABEL}>
            {t("console.audit.entityId")}
          </label>
          <input
            id="audit-id"
            name="id"
            defaultValue={loaderData.filter.id}
            maxLength={100}
            className={`${INPUT} mt-1`}
          />
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          {t("console.audit.filter")}
        </button>
      </Form>
      <div className={`${CARD} overflow-x-auto`}>
        {loaderData.entries.length === 0 ? (
          <p className="text-slate-700">{t("console.audit.empty")}</p>
        ) : (
          <table className="w-full min-w-[48rem] text-left text-sm" data-testid="audit-entries">
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t("console.audit.at")}
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t("console.audit.actor")}
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t("console.audit.action")}
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t("console.audit.entity")}
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t("console.audit.outcome")}
                </th>
                <th scope="col" className="py-2 font-semibold">
                  {t("console.audit.changes")}
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.entries.map((entry) => (
                <tr
                  key={entry.id}
                  className="border-t border-slate-100 align-top"
                  data-action={entry.action}
                  data-outcome={entry.outcome}
                >
                  <td className="whitespace-nowrap py-2 pr-4">{when.format(new Date(entry.at))}</td>
                  <td className="break-all py-2 pr-4">{entry.actor}</td>
                  <td className="py-2 pr-4 font-mono text-xs">{entry.action}</td>
                  <td className="break-all py-2 pr-4 font-mono text-xs">{`${entry.entityType}${entry.entityId ? ` ${entry.entityId}` : ""}`}</td>
                  <td className="py-2 pr-4">
                    {entry.outcome === "applied"
                      ? t("console.audit.applied")
                      : t("console.audit.refused", { reason: entry.reason ?? "" })}
                  </td>
                  <td className="max-w-md break-all py-2 font-mono text-xs">{changes(entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {loaderData.more ? (
        <Link to={`?${older.toString()}`} className={buttonClass("secondary")}>
          {t("console.audit.older")}
        </Link>
      ) : null}
    </section>
  );
}
