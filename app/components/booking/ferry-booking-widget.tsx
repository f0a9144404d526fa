// The ferry booking widget: one way, round trip or open ticket; departure and return dates; passengers
// by type with their ages; fare category; then each leg's sailings to choose from, and the summary.
// It is one GET form: without JavaScript the server renders every step; with it, React Router submits
// the same form without a full reload and the dates get React Aria's pickers.
import { Form, useNavigation } from "react-router";
import { useState } from "react";
import { useLanguage, useTranslate } from "../../i18n/use-translate.ts";
import { pathOf } from "../../../lib/routing/localized-paths.ts";
import { buttonClass } from "../ui/styles.ts";
import { DateField } from "./date-field.tsx";
import { LegLine } from "./leg-line.tsx";
import { CategoryField, PassengerFields, SelectionHiddenFields } from "./passenger-fields.tsx";
import { PresaleBadge, PriceSummary } from "./price-summary.tsx";
import { NoScriptField, SailingList } from "./sailing-list.tsx";
import { MAX_PASSENGERS } from "../../../lib/routing/live-query.ts";
import { CARD, FIELD_LABEL, FIELDSET_LEGEND, INPUT } from "./styles.ts";
import type { FerryWidgetView, TripKind } from "../../../lib/views/booking.ts";

export function FerryBookingWidget({ view, headingLevel = 2 }: { view: FerryWidgetView; headingLevel?: 2 | 3 }) {
  const t = useTranslate();
  const language = useLanguage();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === view.action;
  const cartPath = pathOf("cart", language);
  const adding = navigation.state !== "idle" && navigation.formAction === cartPath;
  const [trip, setTrip] = useState<TripKind>(view.query.trip);
  const { query, result } = view;
  const Heading = `h${headingLevel}` as const;
  const errorId = "booking-error";
  const selectionErrorId = "booking-selection-error";
  // Fields the checked trip does not use are hidden by app.css from the checked radio (data-for-trip):
  // the server's HTML already has the final layout (no shift when the page hydrates, ADR 0035), with or
  // without JavaScript; the server reads only the fields the trip needs.
  const outboundPrice = result && result.outbound && !result.outbound.included ? (result.price?.total ?? null) : null;

  return (
    <section aria-labelledby="booking-title" className={CARD} data-testid="ferry-booking">
      <Heading id="booking-title" className="text-xl font-bold text-sea-950">
        {t("booking.title")}
      </Heading>
      <Form
        method="get"
        action={view.action}
        preventScrollReset
        className="mt-4 space-y-5"
        aria-busy={busy || undefined}
      >
        <NoScriptField />
        <fieldset className="min-w-0">
          <legend className={FIELDSET_LEGEND}>{t("booking.trip")}</legend>
          <div className="mt-2 grid max-w-xl grid-cols-3 gap-2">
            {(["one_way", "round_trip", "open"] as const).map((kind) => (
              <label
                key={kind}
                className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-2 text-center text-sm font-semibold text-slate-800 has-[:checked]:border-sea-700 has-[:checked]:bg-sea-700 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sea-700"
              >
                <input
                  type="radio"
                  name="trip"
                  value={kind}
                  checked={trip === kind}
                  onChange={() => setTrip(kind)}
                  className="sr-only"
                />
                {t(
                  kind === "one_way"
                    ? "booking.trip.oneWay"
                    : kind === "round_trip"
                      ? "booking.trip.roundTrip"
                      : "booking.trip.open",
                )}
              </label>
            ))}
          </div>
          <p className="mt-2 text-sm text-slate-700" data-for-trip="open">
            {t("booking.openHint", { count: view.openMonths })}
          </p>
        </fieldset>

        <CrossingAndDates query={query} view={view} errorId={errorId} />

        <div className="grid gap-5 md:grid-cols-2 md:gap-6">
          <PassengerFields
            idPrefix="booking"
            bands={view.bands}
            counts={query.passengers}
            max={MAX_PASSENGERS}
            freeLabel={t("booking.infantFree")}
          />
          <CategoryField
            idPrefix="booking"
            value={query.category}
            repriceWith={result ? (view.summary ? "continue" : "search") : null}
          />
        </div>

        {view.presaleTiers.length > 0 ? (
          <ul
            className="flex flex-wrap gap-2"
            aria-label={t("booking.presale", { count: view.presaleTiers.map((tier) => tier.days).join(" / ") })}
          >
            {view.presaleTiers.map((tier) => (
              <li key={tier.days} className="text-xs text-slate-700">
                {t("booking.presaleHint", { count: tier.days, percent: tier.percent })}
              </li>
            ))}
          </ul>
        ) : null}

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
          {t("booking.search")}
        </button>

        <SearchResults
          result={result}
          query={query}
          outboundPrice={outboundPrice}
          view={view}
          selectionErrorId={selectionErrorId}
          busy={busy}
        />
      </Form>

      <SelectionSummary
        view={view}
        Heading={Heading}
        result={result}
        cartPath={cartPath}
        query={query}
        adding={adding}
      />
    </section>
  );
}

/** The crossing, and the departure and return dates. */
function CrossingAndDates({
  query,
  view,
  errorId,
}: {
  query: FerryWidgetView["query"];
  view: FerryWidgetView;
  errorId: string;
}) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="booking-crossing" className={FIELD_LABEL}>
            {t("booking.crossing")}
          </label>
          <select id="booking-crossing" name="crossing" defaultValue={query.crossing} className={INPUT}>
            {view.crossings.map((crossing) => (
              <option key={crossing.code} value={crossing.code}>
                {crossing.from} → {crossing.to}
              </option>
            ))}
          </select>
        </div>
        <div data-for-trip="one_way round_trip">
          <DateField
            id="booking-date"
            name="date"
            label={t("booking.departureDate")}
            hint={t("booking.dateHint")}
            value={query.date}
            min={view.bounds.min}
            max={view.bounds.max}
            language={language}
            invalid={
              view.error?.code === "INVALID_DATE" ||
              view.error?.code === "DATE_IN_PAST" ||
              view.error?.code === "DATE_TOO_FAR_AHEAD"
            }
            describedBy={view.error ? errorId : undefined}
          />
        </div>
        <div data-for-trip="round_trip">
          <DateField
            id="booking-return"
            name="return"
            label={t("booking.returnDate")}
            value={query.returnDate || query.date}
            min={view.bounds.min}
            max={view.bounds.max}
            language={language}
            invalid={view.error?.code === "RETURN_BEFORE_DEPARTURE"}
            describedBy={view.error ? errorId : undefined}
          />
        </div>
      </div>
    </>
  );
}

/** The sailings of each leg to choose from, with the price of the selection. */
function SearchResults({
  result,
  query,
  outboundPrice,
  view,
  selectionErrorId,
  busy,
}: {
  result: FerryWidgetView["result"];
  query: FerryWidgetView["query"];
  outboundPrice: string | null;
  view: FerryWidgetView;
  selectionErrorId: string;
  busy: boolean;
}) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <>
      {result ? (
        <div className="space-y-6 border-t border-slate-200 pt-5" data-testid="booking-results">
          {result.outbound ? (
            <SailingList
              name="out"
              leg={result.outbound}
              selected={query.outbound}
              priceLabel={outboundPrice}
              presale={result.price?.presale ?? null}
              headingId="leg-out-title"
              title={t("booking.outbound", { from: result.outbound.from, to: result.outbound.to })}
              waitlistHref={
                query.trip === "one_way"
                  ? (sailingId) => waitlistHrefOf(pathOf("waitlist", language), sailingId, query)
                  : undefined
              }
            />
          ) : null}
          {result.inbound ? (
            <SailingList
              name="back"
              leg={result.inbound}
              selected={query.inbound}
              priceLabel={null}
              presale={null}
              headingId="leg-back-title"
              title={t("booking.inbound", { from: result.inbound.from, to: result.inbound.to })}
            />
          ) : null}
          {view.selectionError ? (
            <p
              id={selectionErrorId}
              role="alert"
              className="rounded-lg border border-coral-600 bg-coral-50 p-3 text-sm font-semibold text-coral-700"
            >
              {t(
                view.selectionError === "scheduleRequired"
                  ? "booking.scheduleRequired"
                  : "booking.error.returnBeforeOutbound",
              )}
            </p>
          ) : null}
          <div className="rounded-xl bg-sand-50 p-4" aria-busy={result.price ? undefined : true}>
            {result.price?.presale ? (
              <p className="mb-2">
                <PresaleBadge days={result.price.presale.days} percent={result.price.presale.percent} />
              </p>
            ) : null}
            {result.price ? (
              <PriceSummary price={result.price} />
            ) : (
              <>
                <p className="text-sm text-slate-700 noscript:hidden">{t("booking.live.checking")}</p>
                <noscript>
                  <p className="mt-1 text-sm font-semibold text-slate-800">{t("booking.live.noScript")}</p>
                </noscript>
              </>
            )}
          </div>
          <button type="submit" name="step" value="continue" className={buttonClass("primary", "lg")} disabled={busy}>
            {t("booking.continue")}
          </button>
        </div>
      ) : null}
    </>
  );
}

/** The selection once chosen: its legs and price, and the button that adds it to the cart. */
function SelectionSummary({
  view,
  Heading,
  result,
  cartPath,
  query,
  adding,
}: {
  view: FerryWidgetView;
  Heading: "h2" | "h3";
  result: FerryWidgetView["result"];
  cartPath: string;
  query: FerryWidgetView["query"];
  adding: boolean;
}) {
  const t = useTranslate();
  return (
    <>
      {view.summary ? (
        <div
          role="status"
          className="mt-6 rounded-xl border border-sea-700 bg-sea-50 p-4"
          data-testid="booking-summary"
        >
          <Heading className="text-lg font-bold text-sea-950">{t("booking.summary")}</Heading>
          <ul className="mt-2 space-y-1 text-sm text-slate-800">
            {view.summary.outbound ? <LegLine direction="outbound" leg={view.summary.outbound} /> : null}
            {view.summary.inbound ? <LegLine direction="inbound" leg={view.summary.inbound} /> : null}
            {view.summary.openMonths ? <li>{t("booking.summary.open", { count: view.summary.openMonths })}</li> : null}
          </ul>
          {result?.price ? (
            <div className="mt-3">
              <PriceSummary price={result.price} />
            </div>
          ) : null}
          <p className="mt-3 text-sm text-slate-700">{t("booking.summary.ready")}</p>
          <Form method="post" action={cartPath} className="mt-4">
            <input type="hidden" name="intent" value="add-ferry" />
            <input type="hidden" name="trip" value={query.trip} />
            <input type="hidden" name="crossing" value={query.crossing} />
            {query.trip === "open" ? null : <input type="hidden" name="date" value={query.date} />}
            {query.trip === "round_trip" ? <input type="hidden" name="return" value={query.returnDate} /> : null}
            <SelectionHiddenFields passengers={query.passengers} category={query.category} />
            {query.outbound !== null && query.trip !== "open" ? (
              <input type="hidden" name="out" value={query.outbound} />
            ) : null}
            {query.inbound !== null && query.trip === "round_trip" ? (
              <input type="hidden" name="back" value={query.inbound} />
            ) : null}
            <button type="submit" className={buttonClass("primary", "lg")} disabled={adding}>
              {t("cart.add")}
            </button>
          </Form>
        </div>
      ) : null}
    </>
  );
}

/** A full sailing's waiting list, with the passengers and fare already chosen in the widget. */
function waitlistHrefOf(path: string, sailingId: number, query: FerryWidgetView["query"]): string {
  const params = new URLSearchParams({
    sailing: String(sailingId),
    adults: String(query.passengers.adult),
    children: String(query.passengers.child),
    infants: String(query.passengers.infant),
    category: query.category,
  });
  return `${path}?${params.toString()}`;
}

const KNOWN_ERRORS = [
  "INVALID_DATE",
  "DATE_IN_PAST",
  "DATE_TOO_FAR_AHEAD",
  "RETURN_BEFORE_DEPARTURE",
  "INVALID_PASSENGERS",
  "TOO_MANY_PASSENGERS",
  "UNKNOWN_CROSSING",
  "UNKNOWN_PRODUCT",
  "FARE_UNAVAILABLE",
  "EXCHANGE_RATE_UNAVAILABLE",
  "COUPON_NOT_SOLD",
  "COUPON_TOURIST_ONLY",
  "INVALID_REQUEST",
] as const;

type KnownError = (typeof KNOWN_ERRORS)[number];

/** The message key of an error code; codes the widget does not know read as an invalid request. */
export function errorKey(code: string): `booking.error.${KnownError}` {
  const known = (KNOWN_ERRORS as readonly string[]).includes(code) ? (code as KnownError) : "INVALID_REQUEST";
  return `booking.error.${known}`;
}
