// The ferry booking widget: one way, round trip or open ticket; departure and return dates; passengers
// by type with their ages; fare category; then each leg's sailings to choose from, and the summary.
// It is one GET form: without JavaScript the server renders every step; with it, React Router submits
// the same form without a full reload and the dates get React Aria's pickers.
import { Form, useNavigation } from "react-router";
import { use, useState } from "react";
import { useLanguage, useTranslate } from "../../i18n/use-translate.ts";
import { pathOf } from "../../../lib/routing/localized-paths.ts";
import { chunkLoader } from "../ui/chunk-loader.ts";
import { buttonClass } from "../ui/styles.ts";
import { DateField } from "./date-field.tsx";
import { CategoryField, PassengerFields } from "./passenger-fields.tsx";
import { NoScriptField } from "./sailing-status.tsx";
import { MAX_PASSENGERS } from "../../../lib/routing/live-query.ts";
import { CARD, FIELD_LABEL, FIELDSET_LEGEND, INPUT } from "./styles.ts";
import type { FerryWidgetView, TripKind } from "../../../lib/views/booking.ts";

type ResultsModule = typeof import("./ferry-booking-results.tsx");

// The sailings to choose from and the selection come with a search (ADR 0086): their code is fetched
// when a view first has them, and kept. The server renders them in place, so its copy loads at once.
let resultsModule: ResultsModule | null = null;
const loadResults = chunkLoader(() => import("./ferry-booking-results.tsx").then((module) => (resultsModule = module)));
if (typeof document === "undefined") void loadResults();

/**
 * The results' module when the view shows results, else null. Until it has arrived the widget
 * suspends with no boundary of its own: a search (a navigation, a transition) keeps the page as it was
 * until then, and a page served with results waits for it to hydrate, its server HTML in place.
 */
function useResultsModule(shown: boolean): ResultsModule | null {
  if (!shown) return null;
  return resultsModule ?? use(loadResults());
}

export function FerryBookingWidget({ view, headingLevel = 2 }: { view: FerryWidgetView; headingLevel?: 2 | 3 }) {
  const t = useTranslate();
  const language = useLanguage();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === view.action;
  const cartPath = pathOf("cart", language);
  const adding = navigation.state !== "idle" && navigation.formAction === cartPath;
  const [trip, setTrip] = useState<TripKind>(view.query.trip);
  const { query, result } = view;
  const results = useResultsModule(Boolean(result || view.summary));
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

        {results ? (
          <results.SearchResults
            result={result}
            query={query}
            outboundPrice={outboundPrice}
            view={view}
            selectionErrorId={selectionErrorId}
            busy={busy}
          />
        ) : null}
      </Form>

      {results ? (
        <results.SelectionSummary
          view={view}
          Heading={Heading}
          result={result}
          cartPath={cartPath}
          query={query}
          adding={adding}
        />
      ) : null}
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
