// The widget of a park or tour page: admission or tour, the date of the visit — or no date yet, a
// coupon valid 12 months —, passengers by type with their ages, fare category; then the day's state
// (places left, closed, sold out) or the coupon's validity, and the price. A GET form that works
// without JavaScript.
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { useLanguage, useTranslate } from "../../i18n/use-translate.ts";
import { pathOf } from "../../../lib/routing/localized-paths.ts";
import { buttonClass } from "../ui/styles.ts";
import { DateField } from "./date-field.tsx";
import { errorKey } from "./ferry-booking-widget.tsx";
import { formatLongDate } from "./format.ts";
import { CategoryField, PassengerFields, SelectionHiddenFields } from "./passenger-fields.tsx";
import { PresaleBadge, PriceSummary } from "./price-summary.tsx";
import { CARD, CHECK, FIELDSET_LEGEND } from "./styles.ts";
import type { ActivityWidgetView } from "../../../lib/views/booking.ts";

const MAX_PASSENGERS = 60;

export function ActivityBookingWidget({ view }: { view: ActivityWidgetView }) {
  const t = useTranslate();
  const language = useLanguage();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === view.action;
  const cartPath = pathOf("cart", language);
  const adding = navigation.state !== "idle" && navigation.formAction === cartPath;
  const result = view.result;
  const errorId = "activity-error";
  const [when, setWhen] = useState(view.when);
  // Without JavaScript the date stays on the form and the server ignores it for a coupon.
  return (
    <section aria-labelledby="activity-booking-title" className={CARD} data-testid="activity-booking">
      <h2 id="activity-booking-title" className="text-xl font-bold text-sea-950">
        {t("booking.searchActivity")}
      </h2>
      <Form method="get" action={view.action} preventScrollReset className="mt-4 space-y-5">
        {view.choices.length > 1 ? (
          <fieldset className="min-w-0">
            <legend className={FIELDSET_LEGEND}>{t("booking.product")}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {view.choices.map((choice) => (
                <label
                  key={choice.id}
                  className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 text-sm text-slate-800 has-[:checked]:border-sea-700 has-[:checked]:bg-sea-50"
                >
                  <input
                    type="radio"
                    name="product"
                    value={choice.id}
                    defaultChecked={choice.id === view.productId}
                    className={CHECK}
                  />
                  <span>
                    <span className="block font-semibold text-sea-950">
                      {t(choice.kind === "tour" ? "product.tour" : "product.admission")} · {choice.name}
                    </span>
                    {choice.fromPrice ? (
                      <span className="text-slate-700">{t("product.from", { price: choice.fromPrice })}</span>
                    ) : null}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <input type="hidden" name="product" value={view.productId} />
        )}
        <fieldset className="min-w-0">
          <legend className={FIELDSET_LEGEND}>{t("booking.when")}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {(["date", "coupon"] as const).map((kind) => (
              <label
                key={kind}
                className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 text-sm text-slate-800 has-[:checked]:border-sea-700 has-[:checked]:bg-sea-50"
              >
                <input
                  type="radio"
                  name="when"
                  value={kind}
                  checked={when === kind}
                  onChange={() => setWhen(kind)}
                  className={CHECK}
                  data-testid={`activity-when-${kind}`}
                />
                <span className="font-semibold text-sea-950">
                  {kind === "date" ? t("booking.when.date") : t("booking.when.coupon", { count: view.couponMonths })}
                </span>
              </label>
            ))}
          </div>
          <p className="mt-2 text-sm text-slate-700" data-for-when="coupon">
            {t("booking.couponHint", { count: view.couponMonths })}
          </p>
        </fieldset>
        <div className="max-w-sm" data-for-when="date">
          <DateField
            id="activity-date"
            name="date"
            label={t("booking.visitDate")}
            hint={t("booking.dateHint")}
            value={view.date}
            min={view.bounds.min}
            max={view.bounds.max}
            language={language}
            invalid={Boolean(view.error)}
            describedBy={view.error ? errorId : undefined}
          />
        </div>
        <PassengerFields
          idPrefix="activity"
          bands={view.bands}
          counts={view.passengers}
          max={MAX_PASSENGERS}
          freeLabel={t("booking.infantFreeEntry")}
          minAge={view.minAge}
        />
        <CategoryField
          idPrefix="activity"
          value={view.category}
          repriceWith={result || view.coupon ? "search" : null}
        />
        {view.error ? (
          <div
            id={errorId}
            role="alert"
            className="rounded-lg border border-coral-600 bg-coral-50 p-3 text-sm text-coral-700"
          >
            <p className="font-semibold">{t("booking.error.title")}</p>
            <p>{t(errorKey(view.error.code))}</p>
          </div>
        ) : null}
        <button type="submit" name="step" value="search" className={buttonClass("primary", "lg")} disabled={busy}>
          {when === "coupon" ? t("booking.coupon.search") : t("booking.searchActivity")}
        </button>
      </Form>
      {view.coupon ? (
        <div role="status" className="mt-6 space-y-3 border-t border-slate-200 pt-5" data-testid="coupon-result">
          <p className="text-base font-semibold text-sea-950">
            {t("booking.coupon.validUntil", { date: formatLongDate(view.coupon.validUntil, language) })}
          </p>
          <p className="text-sm text-slate-700">{t("booking.coupon.exchange", { count: view.couponMonths })}</p>
          <div className="rounded-xl bg-sand-50 p-4">
            <PriceSummary price={view.coupon.price} />
          </div>
          <Form method="post" action={cartPath}>
            <input type="hidden" name="intent" value="add-coupon" />
            <input type="hidden" name="product" value={view.productId} />
            <SelectionHiddenFields passengers={view.passengers} category={view.category} />
            <button type="submit" className={buttonClass("primary", "lg")} disabled={adding} data-testid="add-coupon">
              {t("booking.coupon.add")}
            </button>
          </Form>
        </div>
      ) : null}
      <ActivityDayResult result={result} cartPath={cartPath} view={view} adding={adding} />
    </section>
  );
}

/** The day searched: its state and places left, and the selection's price with the button to add it. */
function ActivityDayResult({
  result,
  cartPath,
  view,
  adding,
}: {
  result: ActivityWidgetView["result"];
  cartPath: string;
  view: ActivityWidgetView;
  adding: boolean;
}) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <>
      {result ? (
        <div
          role="status"
          className="mt-6 space-y-3 border-t border-slate-200 pt-5"
          data-testid="activity-result"
          data-day-status={result.status}
        >
          <p className="text-base font-semibold text-sea-950">
            {t("product.dayStatus", {
              date: formatLongDate(result.date, language),
              status:
                result.status === "closed" && result.closureReason
                  ? t(`booking.status.closed.${result.closureReason}`)
                  : result.status === "available" && !result.selectable
                    ? t("booking.status.notEnoughSeats")
                    : t(`booking.status.${result.status}`),
            })}
          </p>
          {result.hours ? (
            <p className="text-sm text-slate-700">
              {t("product.hoursLine", {
                days: formatLongDate(result.date, language),
                opens: result.hours.opens,
                closes: result.hours.closes,
              })}
            </p>
          ) : null}
          {result.status === "available" ? (
            <p className="text-sm font-medium text-slate-800">{t("booking.placesLeft", { count: result.left })}</p>
          ) : null}
          {result.price.presale ? (
            <PresaleBadge days={result.price.presale.days} percent={result.price.presale.percent} />
          ) : null}
          <div className="rounded-xl bg-sand-50 p-4">
            <PriceSummary price={result.price} />
          </div>
          {result.selectable ? (
            <Form method="post" action={cartPath}>
              <input type="hidden" name="intent" value="add-activity" />
              <input type="hidden" name="product" value={view.productId} />
              <input type="hidden" name="date" value={result.date} />
              <SelectionHiddenFields passengers={view.passengers} category={view.category} />
              <button type="submit" className={buttonClass("primary", "lg")} disabled={adding}>
                {t("cart.add")}
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
