// The boarding pages' choice of day and sailing: a GET form (works without JavaScript; the choice
// is in the URL, so a phone's bookmark or installed scanner reopens on it).
import { Form } from "react-router";
import { FIELD_LABEL, INPUT } from "../components/booking/styles.ts";
import { buttonClass } from "../components/ui/styles.ts";
import type { DaySailing } from "./boarding.server.ts";
import type { ConsoleTranslate } from "./console-i18n.ts";

export function sailingLabel(t: ConsoleTranslate, sailing: DaySailing): string {
  return t("console.boarding.sailingOption", { time: sailing.time, from: sailing.from, to: sailing.to });
}

export function SailingPicker(props: {
  t: ConsoleTranslate;
  date: string;
  min: string;
  max: string;
  sailings: readonly DaySailing[];
  chosen: number | null;
  showSeats?: boolean;
}) {
  const { t, date, min, max, sailings, chosen, showSeats } = props;
  return (
    <Form method="get" className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end" data-testid="sailing-picker">
      <label className="flex flex-col gap-1">
        <span className={FIELD_LABEL}>{t("console.boarding.date")}</span>
        <input type="date" name="date" defaultValue={date} min={min} max={max} className={INPUT} />
      </label>
      <label className="flex flex-col gap-1">
        <span className={FIELD_LABEL}>{t("console.boarding.sailing")}</span>
        <select name="sailing" defaultValue={chosen ?? ""} className={INPUT}>
          <option value="">
            {sailings.length === 0 ? t("console.boarding.noSailings") : t("console.boarding.pickSailing")}
          </option>
          {sailings.map((sailing) => (
            <option key={sailing.id} value={sailing.id}>
              {sailingLabel(t, sailing)}
              {showSeats ? ` · ${t("console.boarding.seatsLeft", { count: sailing.seatsLeft })}` : ""}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass("secondary")}>
        {t("console.boarding.choose")}
      </button>
    </Form>
  );
}
