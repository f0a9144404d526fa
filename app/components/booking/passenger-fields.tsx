// Passengers by type, each with its age range and what one person pays. Plain number
// inputs: they work without JavaScript and every screen reader knows them.
import type { ChangeEvent } from "react";
import { useTranslate } from "../../i18n/use-translate.ts";
import { CHECK, FIELD_LABEL, FIELDSET_LEGEND, INPUT } from "./styles.ts";
import type { FareCategoryId, PassengerBandView, PassengerCountsView } from "../../../lib/views/booking.ts";

const FIELD_NAME = { adult: "adults", child: "children", infant: "infants" } as const;

export function PassengerFields({
  idPrefix,
  bands,
  counts,
  max,
  freeLabel,
  minAge,
}: {
  idPrefix: string;
  bands: readonly PassengerBandView[];
  counts: PassengerCountsView;
  max: number;
  freeLabel: string;
  minAge?: number | null;
}) {
  const t = useTranslate();
  return (
    <fieldset className="min-w-0">
      <legend className={FIELDSET_LEGEND}>{t("booking.passengers")}</legend>
      <div className="mt-2 grid grid-cols-3 gap-2 sm:gap-3">
        {bands.map((band) => {
          const id = `${idPrefix}-${band.type}`;
          const hintId = `${id}-hint`;
          return (
            <div key={band.type} className="flex min-w-0 flex-col gap-1">
              <label htmlFor={id} className={FIELD_LABEL}>
                {t(`booking.passenger.${band.type}`)}
              </label>
              <input
                // A live page learns its counts in the browser (app/booking/live-sailings.ts): a new count is a new field.
                key={counts[band.type]}
                id={id}
                type="number"
                name={FIELD_NAME[band.type]}
                inputMode="numeric"
                min={band.type === "adult" ? 1 : 0}
                max={max}
                step={1}
                defaultValue={counts[band.type]}
                aria-describedby={hintId}
                className={INPUT}
              />
              <p id={hintId} className="text-xs leading-snug text-slate-600">
                {t("booking.ageRange", { range: band.range })}
                <br />
                {band.price ?? freeLabel}
              </p>
            </div>
          );
        })}
      </div>
      {minAge ? <p className="mt-2 text-xs text-slate-700">{t("product.minAge", { count: minAge })}</p> : null}
    </fieldset>
  );
}

/**
 * The fare category. With `repriceWith` (the step a shown price was made by), choosing another category
 * submits the form again through that step's button, so the price on screen is always the checked
 * fare's; without JavaScript the visitor searches again.
 */
export function CategoryField({
  idPrefix,
  value,
  repriceWith,
}: {
  idPrefix: string;
  value: "tourist" | "resident";
  repriceWith?: "search" | "continue" | null;
}) {
  const t = useTranslate();
  const hintId = `${idPrefix}-category-hint`;
  const reprice = (event: ChangeEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form;
    if (!repriceWith || !form) return;
    const submitter = form.querySelector<HTMLButtonElement>(
      `button[type="submit"][name="step"][value="${repriceWith}"]`,
    );
    form.requestSubmit(submitter ?? undefined);
  };
  return (
    <fieldset className="min-w-0" aria-describedby={hintId}>
      <legend className={FIELDSET_LEGEND}>{t("booking.category")}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {(["tourist", "resident"] as const).map((category) => (
          <label
            key={category}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 has-[:checked]:border-sea-700 has-[:checked]:bg-sea-50"
          >
            <input
              type="radio"
              name="category"
              value={category}
              defaultChecked={value === category}
              onChange={reprice}
              className={CHECK}
            />
            {t(`booking.category.${category}`)}
          </label>
        ))}
      </div>
      <p id={hintId} className="mt-2 text-xs text-slate-600">
        {t("booking.category.residentHint")}
      </p>
    </fieldset>
  );
}

/** The people and fare of a selection, carried by a form that adds it to the cart (names the cart page reads). */
export function SelectionHiddenFields({
  passengers,
  category,
}: {
  passengers: PassengerCountsView;
  category: FareCategoryId;
}) {
  return (
    <>
      <input type="hidden" name="adults" value={passengers.adult} />
      <input type="hidden" name="children" value={passengers.child} />
      <input type="hidden" name="infants" value={passengers.infant} />
      <input type="hidden" name="category" value={category} />
    </>
  );
}
