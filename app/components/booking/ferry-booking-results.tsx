// The booking widget's second half: each leg's sailings to choose from with the price, and the
// selection with its add-to-cart form. Only a search shows them, so the widget loads this module when
// its view has a result or a selection (ADR 0086): home and routes & schedules without a search do not.
import { Form } from "react-router";
import { useLanguage, useTranslate } from "../../i18n/use-translate.ts";
import { pathOf } from "../../../lib/routing/localized-paths.ts";
import { buttonClass } from "../ui/styles.ts";
import { LegLine } from "./leg-line.tsx";
import { SelectionHiddenFields } from "./passenger-fields.tsx";
import { PresaleBadge, PriceSummary } from "./price-summary.tsx";
import { SailingList } from "./sailing-list.tsx";
import type { FerryWidgetView } from "../../../lib/views/booking.ts";

/** The sailings of each leg to choose from, with the price of the selection. */
export function SearchResults({
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
export function SelectionSummary({
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
