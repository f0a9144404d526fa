// One leg of a crossing in words: "Departure · Cancún → Isla Mujeres: Tuesday, 1 December 2026 · 11:00 → 11:25".
// The booking summary and the cart's lines say it the same way.
import { useLanguage, useTranslate } from "../../i18n/use-translate.ts";
import { formatLongDate } from "./format.ts";

export interface LegWords {
  from: string;
  to: string;
  date: string;
  time: string;
  arrivalTime: string;
}

export function LegLine({ direction, leg }: { direction: "outbound" | "inbound"; leg: LegWords }) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <li>
      <strong>
        {t(direction === "outbound" ? "booking.outbound" : "booking.inbound", { from: leg.from, to: leg.to })}
      </strong>
      : {formatLongDate(leg.date, language)} ·{" "}
      {t("booking.departsArrives", { departs: leg.time, arrives: leg.arrivalTime })}
    </li>
  );
}
