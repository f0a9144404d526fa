// The live timetable of a date: each crossing's departures with arrival, seats left and state.
import { Form } from "react-router";
import { useLanguage, useTranslate } from "../../i18n/use-translate.ts";
import { buttonClass, FOCUS_RING } from "../ui/styles.ts";
import { DateField } from "./date-field.tsx";
import { formatLongDate } from "./format.ts";
import { NoScriptField, sailingStatusLabel } from "./sailing-status.tsx";
import type { DateBounds, SailingView } from "../../../lib/views/booking.ts";

/** What a timetable row shows: no vessel, and no "selectable" (nothing is chosen in a timetable). */
export type TimetableSailingView = Pick<
  SailingView,
  "id" | "time" | "arrivalTime" | "seatsLeft" | "status" | "closureReason"
>;

export interface TimetableView {
  action: string;
  date: string;
  bounds: DateBounds;
  crossings: {
    code: string;
    from: string;
    to: string;
    place: string;
    durationMinutes: number;
    sailings: TimetableSailingView[];
  }[];
  /** Seats and states are still to come from the live data: the rows carry placeholders. */
  pending?: true;
}

export function Timetable({ view }: { view: TimetableView }) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <section aria-labelledby="timetable-title" className="space-y-4" data-testid="timetable">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="timetable-title" className="text-2xl font-bold text-sea-950">
          {t("timetable.title", { date: formatLongDate(view.date, language) })}
        </h2>
        <Form method="get" action={view.action} preventScrollReset className="flex flex-wrap items-end gap-2">
          <DateField
            id="timetable-day"
            name="day"
            label={t("timetable.date")}
            value={view.date}
            min={view.bounds.min}
            max={view.bounds.max}
            language={language}
          />
          <NoScriptField />
          <button type="submit" className={buttonClass("secondary", "md")}>
            {t("timetable.show")}
          </button>
        </Form>
      </div>
      <p className="text-sm text-slate-700">{t("timetable.checkIn")}</p>
      {view.pending ? (
        <noscript>
          <p className="text-sm font-semibold text-slate-800">{t("timetable.noScript")}</p>
        </noscript>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        {view.crossings.map((crossing) => (
          // Narrow enough for a 320 px screen with the widest state ("Documentación cerrada") in every
          // row: cells pad 6 px on phones. Should a language's words still not fit, the table scrolls
          // inside its own box (focusable, so a keyboard can scroll it) and the page never does.
          <div
            key={crossing.code}
            role="region"
            aria-labelledby={`timetable-${crossing.code}`}
            tabIndex={0}
            className={`overflow-x-auto rounded-2xl border border-slate-200 bg-white ${FOCUS_RING}`}
          >
            <table className="w-full text-left text-sm" data-crossing={crossing.code}>
              <caption id={`timetable-${crossing.code}`} className="bg-sea-900 px-3 py-3 text-left text-white sm:px-4">
                <span className="block text-base font-bold">
                  {crossing.from} → {crossing.to}
                </span>
                <span className="block text-xs text-sea-100">
                  {t("timetable.from", { place: crossing.place })} ·{" "}
                  {t("timetable.duration", { count: crossing.durationMinutes })}
                </span>
              </caption>
              <thead className="bg-sea-50 text-xs text-sea-950 sm:uppercase sm:tracking-wide">
                <tr>
                  <th scope="col" className="px-1.5 py-2 sm:px-4">
                    {t("timetable.time")}
                  </th>
                  <th scope="col" className="px-1.5 py-2 sm:px-4">
                    {t("timetable.arrival")}
                  </th>
                  <th scope="col" className="px-1.5 py-2 sm:px-4">
                    {t("timetable.seats")}
                  </th>
                  <th scope="col" className="px-1.5 py-2 sm:px-4">
                    {t("timetable.state")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {crossing.sailings.length === 0 ? (
                  <tr>
                    <td colSpan={4} className="px-3 py-3 text-slate-700 sm:px-4">
                      {t("booking.noSailings")}
                    </td>
                  </tr>
                ) : (
                  crossing.sailings.map((sailing) => (
                    <tr
                      key={sailing.id}
                      className="border-t border-slate-100"
                      data-sailing-status={view.pending ? "pending" : sailing.status}
                      data-sailing-time={sailing.time}
                    >
                      <th scope="row" className="px-1.5 py-2 sm:px-4 font-bold tabular-nums text-sea-950">
                        {sailing.time}
                      </th>
                      <td className="px-1.5 py-2 sm:px-4 tabular-nums text-slate-700">{sailing.arrivalTime}</td>
                      <td className="px-1.5 py-2 sm:px-4 tabular-nums text-slate-800">
                        {view.pending ? "…" : sailing.status === "available" ? sailing.seatsLeft : "—"}
                      </td>
                      <td className="px-1.5 py-2 sm:px-4 text-slate-800">
                        {view.pending ? "…" : sailingStatusLabel(t, sailing)}
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        ))}
      </div>
    </section>
  );
}
