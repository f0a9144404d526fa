// One leg's sailings: time and arrival, vessel, seats left or why it cannot be sold (sold out, closed
// for weather or by the port authority, departed, check-in closed), the price and the presale label.
// Each sellable sailing is a radio button of the booking form; a full one links to its waiting list.
import { useTranslate } from "../../i18n/use-translate.ts";
import { PresaleBadge } from "./price-summary.tsx";
import type { LegView, PresaleView, SailingView } from "../../../lib/views/booking.ts";
import { sailingStatusLabel } from "./sailing-status.tsx";

const STATUS_STYLE: Record<SailingView["status"], string> = {
  available: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  sold_out: "bg-slate-100 text-slate-800 ring-slate-300",
  closed: "bg-amber-50 text-amber-900 ring-amber-300",
  departed: "bg-slate-100 text-slate-700 ring-slate-300",
  check_in_closed: "bg-slate-100 text-slate-700 ring-slate-300",
};

export function SailingList({
  name,
  leg,
  selected,
  priceLabel,
  presale,
  headingId,
  title,
  waitlistHref,
}: {
  name: "out" | "back";
  leg: LegView;
  selected: number | null;
  priceLabel: string | null;
  presale: PresaleView | null;
  headingId: string;
  title: string;
  /** Where a full sailing's waiting list is (ADR 0037); absent where a waiting list is not offered. */
  waitlistHref?: (sailingId: number) => string;
}) {
  const t = useTranslate();
  return (
    <fieldset className="min-w-0" aria-labelledby={headingId} data-testid={`leg-${name}`}>
      <h3 id={headingId} className="text-base font-bold text-sea-950">
        {title}
        <span className="block text-sm font-medium text-slate-600">{leg.date}</span>
      </h3>
      {leg.sailings.length === 0 ? (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{t("booking.noSailings")}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {leg.sailings.map((sailing) => {
            const id = `${name}-${sailing.id}`;
            const notEnough = !leg.pending && sailing.status === "available" && !sailing.selectable;
            const state = notEnough ? t("booking.status.notEnoughSeats") : sailingStatusLabel(t, sailing);
            return (
              <li
                key={sailing.id}
                data-sailing-status={leg.pending ? "pending" : notEnough ? "not_enough_seats" : sailing.status}
                data-sailing-time={sailing.time}
              >
                <label
                  htmlFor={id}
                  className={`flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border p-3 ${
                    sailing.selectable
                      ? "cursor-pointer border-slate-300 bg-white hover:border-sea-600 has-[:checked]:border-sea-700 has-[:checked]:bg-sea-50 has-[:checked]:ring-1 has-[:checked]:ring-sea-700"
                      : "border-slate-200 bg-slate-50"
                  }`}
                >
                  <input
                    id={id}
                    type="radio"
                    name={name}
                    value={sailing.id}
                    disabled={!sailing.selectable}
                    defaultChecked={selected === sailing.id && sailing.selectable}
                    className="size-5 accent-sea-700"
                  />
                  <span className="min-w-24 text-lg font-bold tabular-nums text-sea-950">
                    {t("booking.departsArrives", { departs: sailing.time, arrives: sailing.arrivalTime })}
                  </span>
                  <span className="text-sm text-slate-700">{t("booking.vessel", { name: sailing.vessel })}</span>
                  <span className="ml-auto flex flex-wrap items-center justify-end gap-2 text-sm">
                    {leg.pending ? (
                      <span className="text-slate-600 noscript:hidden">{t("booking.live.checking")}</span>
                    ) : sailing.status === "available" && !notEnough ? (
                      <span className="font-medium text-slate-800">
                        {t("booking.seatsLeft", { count: sailing.seatsLeft })}
                      </span>
                    ) : (
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLE[sailing.status]}`}
                      >
                        {state}
                      </span>
                    )}
                    {sailing.selectable && !leg.pending ? (
                      <>
                        {leg.included ? (
                          <span className="text-slate-700">{t("booking.roundTripIncluded")}</span>
                        ) : priceLabel ? (
                          <span className="font-semibold text-sea-950">
                            {t("booking.priceForGroup", { price: priceLabel })}
                          </span>
                        ) : null}
                        {presale && !leg.included ? (
                          <PresaleBadge days={presale.days} percent={presale.percent} />
                        ) : null}
                      </>
                    ) : null}
                  </span>
                </label>
                {waitlistHref && (sailing.status === "sold_out" || notEnough) ? (
                  <a
                    href={waitlistHref(sailing.id)}
                    className="mt-1 inline-block px-3 text-sm font-semibold text-sea-800 underline"
                    data-testid="waitlist-link"
                  >
                    {t("waitlist.link")}
                  </a>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
