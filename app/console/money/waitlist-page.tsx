// Console: the waiting list of one day. Each sailing with a line: its free seats, how many wait, were
// offered, took or let their offer expire, and the line itself in order; "offer now" runs the check.
import { Form, useLocation, useNavigation } from "react-router";
import { LOCALE } from "../../components/booking/format.ts";
import { CARD, FIELD_LABEL, INPUT } from "../../components/booking/styles.ts";
import { buttonClass } from "../../components/ui/styles.ts";
import { languageOfPath } from "../../../lib/language.ts";
import { useConsoleT } from "../console-i18n.ts";
import { RefusalBox } from "../operations/refusal.tsx";
import type { Refusal } from "../operations/shared.server.ts";
import type { WaitlistPageData } from "./waitlist.server.ts";

const STATUS_STYLE = {
  waiting: "bg-slate-100 text-slate-800",
  offered: "bg-amber-100 text-amber-900",
  claimed: "bg-emerald-100 text-emerald-900",
  expired: "bg-coral-50 text-coral-700",
  lapsed: "bg-slate-100 text-slate-600",
} as const;

export function WaitlistPage({ page, refusal }: { page: WaitlistPageData; refusal: Refusal | null }) {
  const t = useConsoleT();
  const location = useLocation();
  const busy = useNavigation().state !== "idle";
  const when = new Intl.DateTimeFormat(LOCALE[languageOfPath(location.pathname)], {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: "America/Cancun",
  });
  const at = (iso: string | null) => (iso ? when.format(new Date(iso)) : "—");
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-sea-950">{t("money.waitlist.title")}</h1>
        <p className="mt-1 text-sm text-slate-700">{t("money.waitlist.intro")}</p>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1">
          <span className={FIELD_LABEL}>{t("money.waitlist.date")}</span>
          <input type="date" name="date" defaultValue={page.date} className={INPUT} />
        </label>
        <button type="submit" className={buttonClass("secondary")}>
          {t("money.waitlist.show")}
        </button>
      </Form>
      {page.offered !== null ? (
        <p
          role="status"
          data-testid="waitlist-offered"
          className="rounded-lg border border-sea-700 bg-sea-50 p-3 text-sm font-semibold text-sea-900"
        >
          {t("money.waitlist.offered", { count: page.offered })}
        </p>
      ) : null}
      {refusal ? <RefusalBox refusal={refusal} /> : null}
      {page.sailings.length === 0 ? <p data-testid="waitlist-empty">{t("money.waitlist.empty")}</p> : null}
      {page.sailings.map((sailing) => (
        <section
          key={sailing.id}
          className={`${CARD} space-y-3`}
          data-testid="waitlist-sailing"
          data-sailing={sailing.id}
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-lg font-semibold text-sea-950">
              {t("money.waitlist.sailing", {
                time: sailing.time,
                from: sailing.from,
                to: sailing.to,
                count: sailing.seatsLeft,
              })}
            </h2>
            <Form method="post">
              <input type="hidden" name="intent" value="offer-now" />
              <input type="hidden" name="sailing" value={sailing.id} />
              <button
                type="submit"
                className={buttonClass("secondary")}
                disabled={busy || sailing.totals.waiting === 0}
              >
                {t("money.waitlist.offerNow")}
              </button>
            </Form>
          </div>
          <p className="text-sm text-slate-700" data-testid="waitlist-totals">
            {t("money.waitlist.totals", { ...sailing.totals })}
          </p>
          <div className="overflow-x-auto" role="region" aria-label={t("money.waitlist.title")} tabIndex={0}>
            <table className="w-full text-left text-sm">
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    {t("money.waitlist.place")}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    {t("money.waitlist.email")}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    {t("money.waitlist.people")}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    {t("money.waitlist.status")}
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    {t("money.waitlist.when")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {sailing.entries.map((entry) => (
                  <tr key={entry.place} className="border-t border-slate-100 align-top" data-status={entry.status}>
                    <td className="py-2 pr-3">{entry.place}</td>
                    <td className="break-all py-2 pr-3">{entry.email}</td>
                    <td className="whitespace-nowrap py-2 pr-3">
                      {t("console.booking.passengers", {
                        adults: entry.people.adults,
                        children: entry.people.children,
                        infants: entry.people.infants,
                      })}{" "}
                      · {t(`console.fare.${entry.category as "tourist" | "resident"}`)}
                    </td>
                    <td className="py-2 pr-3">
                      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[entry.status]}`}>
                        {t(`money.waitlist.status.${entry.status}`)}
                      </span>
                    </td>
                    <td className="py-2 text-xs text-slate-700">
                      <span className="block">{at(entry.joinedAt)}</span>
                      {entry.offeredAt ? (
                        <span className="block">
                          {t("money.waitlist.offeredUntil", {
                            at: at(entry.offeredAt),
                            until: at(entry.offerExpiresAt),
                          })}
                        </span>
                      ) : null}
                      {entry.finishedAt ? (
                        <span className="block">{t("money.waitlist.finished", { at: at(entry.finishedAt) })}</span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}
