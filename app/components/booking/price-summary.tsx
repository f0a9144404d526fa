// The price of a selection: a line per passenger type, the presale discount when earned, the total.
import { useTranslate } from "../../i18n/use-translate.ts";
import type { PriceView } from "../../../lib/views/booking.ts";

export function PresaleBadge({ days, percent }: { days: number; percent: number }) {
  const t = useTranslate();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-coral-50 px-2 py-0.5 text-xs font-semibold text-coral-700 ring-1 ring-coral-100">
      {t("booking.presale", { count: days })} · {t("booking.presaleOff", { percent })}
    </span>
  );
}

export function PriceSummary({ price }: { price: PriceView }) {
  const t = useTranslate();
  return (
    <div>
      <dl className="space-y-1 text-sm text-slate-800">
        {price.lines.map((line) => (
          <div key={line.type} className="flex justify-between gap-4">
            <dt>{t(`booking.passengerCount.${line.type}`, { count: line.count })}</dt>
            <dd className="tabular-nums">{line.total}</dd>
          </div>
        ))}
        {price.discount ? (
          <>
            <div className="flex justify-between gap-4 border-t border-slate-200 pt-1">
              <dt>{t("booking.summary.subtotal")}</dt>
              <dd className="tabular-nums">{price.subtotal}</dd>
            </div>
            <div className="flex justify-between gap-4 text-coral-700">
              <dt>
                {t("booking.summary.discount")}
                {price.presale ? ` (${t("booking.presale", { count: price.presale.days })})` : ""}
              </dt>
              <dd className="tabular-nums">−{price.discount}</dd>
            </div>
          </>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-slate-300 pt-2 text-base font-bold text-sea-950">
          <dt>{t("booking.summary.total")}</dt>
          <dd className="tabular-nums" data-testid="booking-total">
            {price.total}
          </dd>
        </div>
      </dl>
      <p className="pt-2 text-xs text-slate-600">{t("booking.summary.currency", { currency: price.currency })}</p>
    </div>
  );
}
