// Console: fares (MXN, what every other currency is derived from), presale tiers and exchange rates.
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { CARD, FIELD_LABEL, INPUT } from "../../components/booking/styles.ts";
import { buttonClass } from "../../components/ui/styles.ts";
import { useConsoleT } from "../console-i18n.ts";
import type { PricesPageData } from "./prices.server.ts";
import { ChoiceField, InputField } from "../fields.tsx";
import { RefusalBox } from "./refusal.tsx";
import type { Refusal } from "./shared.server.ts";

export function PricesPage({ page, refusal }: { page: PricesPageData; refusal: Refusal | null }) {
  const t = useConsoleT();
  const busy = useNavigation().state !== "idle";
  const products = [...new Set(page.fares.map((fare) => fare.product))];
  const here = (intent: string, target: string) =>
    refusal && refusal.intent === intent && refusal.target === target ? <RefusalBox refusal={refusal} /> : null;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-sea-950">{t("ops.prices.title")}</h1>
      {page.done ? (
        <p
          role="status"
          data-testid="prices-done"
          className="rounded-lg border border-sea-700 bg-sea-50 p-3 text-sm font-semibold text-sea-900"
        >
          {t(`ops.prices.done.${page.done}`)}
        </p>
      ) : null}

      <ExchangeRatesSection page={page} here={here} busy={busy} />

      <section className={`${CARD} space-y-3`} aria-labelledby="prices-tiers">
        <h2 id="prices-tiers" className="text-lg font-bold text-sea-950">
          {t("ops.prices.tiers")}
        </h2>
        <ul className="divide-y divide-slate-200">
          {page.tiers.map((tier) => (
            <li key={tier.id} className="py-3">
              {here("tier", String(tier.id))}
              <Form method="post" className="flex flex-wrap items-end gap-3">
                <input type="hidden" name="intent" value="tier" />
                <input type="hidden" name="id" value={tier.id} />
                <p className="min-w-48 text-sm font-semibold text-sea-950">
                  {t("ops.prices.tier", {
                    count: tier.minDaysAhead,
                    product: tier.product ?? t("ops.prices.allProducts"),
                  })}
                </p>
                <InputField
                  id={`tier-${tier.id}`}
                  label={t("ops.prices.discount")}
                  name="discount"
                  inputMode="decimal"
                  required
                  defaultValue={(tier.discountBasisPoints / 100).toString()}
                  wrapperClassName="w-28"
                />
                <label className="flex min-h-11 items-center gap-2 text-sm">
                  <input type="checkbox" name="active" defaultChecked={tier.active} />
                  {t("ops.prices.active")}
                </label>
                <button type="submit" className={buttonClass("secondary")} disabled={busy}>
                  {t("ops.prices.save")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
        <NewTier page={page} refusal={here("add-tier", "new-tier")} />
      </section>

      <section className={`${CARD} space-y-3`} aria-labelledby="prices-fares">
        <h2 id="prices-fares" className="text-lg font-bold text-sea-950">
          {t("ops.prices.fares")}
        </h2>
        {products.map((product) => (
          <details key={product} className="rounded-lg border border-slate-200 p-3">
            <summary className="cursor-pointer font-semibold text-sea-950">{product}</summary>
            <ul className="mt-2 divide-y divide-slate-200">
              {page.fares
                .filter((fare) => fare.product === product)
                .map((fare) => (
                  <li
                    key={fare.id}
                    className="py-2"
                    data-testid="fare"
                    data-fare={`${fare.productId}:${fare.trip}:${fare.category}:${fare.passengerType}`}
                  >
                    {here("fare", String(fare.id))}
                    {/* One form, two buttons: the one pressed names the intent (Enter saves, the first). */}
                    <Form method="post" className="flex flex-wrap items-center gap-3">
                      <input type="hidden" name="id" value={fare.id} />
                      <label htmlFor={`fare-${fare.id}`} className="w-full text-sm text-slate-700 sm:w-72">
                        {t(`ops.prices.trip.${fare.trip}`)} · {t(`ops.prices.category.${fare.category}`)} ·{" "}
                        {t(`ops.prices.passenger.${fare.passengerType}`)} (MXN)
                      </label>
                      <div className="w-32">
                        <input
                          id={`fare-${fare.id}`}
                          name="amount"
                          inputMode="decimal"
                          required
                          defaultValue={fare.amount}
                          className={INPUT}
                        />
                      </div>
                      <button
                        type="submit"
                        name="intent"
                        value="fare"
                        className={buttonClass("secondary")}
                        disabled={busy}
                      >
                        {t("ops.prices.save")}
                      </button>
                      <button
                        type="submit"
                        name="intent"
                        value="retire-fare"
                        className={buttonClass("ghost")}
                        disabled={busy}
                        data-testid="retire-fare"
                      >
                        {t("ops.prices.retireFare")}
                      </button>
                    </Form>
                  </li>
                ))}
            </ul>
          </details>
        ))}
        <NewFare page={page} refusal={here("add-fare", "new-fare")} />
      </section>
    </div>
  );
}

/** The exchange rates in force, and a form to record a new one. */
function ExchangeRatesSection({
  page,
  here,
  busy,
}: {
  page: PricesPageData;
  here: (intent: string, target: string) => ReactNode;
  busy: boolean;
}) {
  const t = useConsoleT();
  return (
    <>
      <section className={`${CARD} space-y-4`} aria-labelledby="prices-rates">
        <h2 id="prices-rates" className="text-lg font-bold text-sea-950">
          {t("ops.prices.rates")}
        </h2>
        <ul className="grid gap-1 text-sm text-slate-700 sm:grid-cols-2 lg:grid-cols-3">
          {page.rates.map((rate) => (
            <li key={rate.currency}>
              <span className="font-semibold text-sea-950">{rate.currency}</span> {rate.rate} · {rate.source}
            </li>
          ))}
        </ul>
        {here("rate", "rate")}
        <Form method="post" className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4">
          <input type="hidden" name="intent" value="rate" />
          <div>
            <label htmlFor="rate-currency" className={FIELD_LABEL}>
              {t("ops.prices.currency")}
            </label>
            <select id="rate-currency" name="currency" className={`${INPUT} mt-1`}>
              {page.currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="rate-value" className={FIELD_LABEL}>
              {t("ops.prices.rate")}
            </label>
            <input
              id="rate-value"
              name="rate"
              required
              inputMode="decimal"
              className={`${INPUT} mt-1`}
              placeholder="0.0541"
            />
          </div>
          <InputField id="rate-source" label={t("ops.prices.source")} name="source" defaultValue="manual" />
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" name="allowLargeChange" />
            {t("ops.prices.allowLargeChange")}
          </label>
          <button type="submit" className={buttonClass("primary")} disabled={busy}>
            {t("ops.prices.recordRate")}
          </button>
        </Form>
      </section>
    </>
  );
}

const CATEGORIES = ["tourist", "resident"] as const;
const PASSENGERS = ["adult", "child"] as const;
const TRIPS = ["one_way", "round_trip", "single"] as const;

/** A new row of the price list; the flow refuses a trip the product does not sell or a row that exists. */
function NewFare({ page, refusal }: { page: PricesPageData; refusal: React.ReactNode }) {
  const t = useConsoleT();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="space-y-3 border-t border-slate-200 pt-4">
      <h3 className="font-bold text-sea-950">{t("ops.prices.newFare")}</h3>
      <p className="text-sm text-slate-700">{t("ops.prices.newFareHint")}</p>
      {refusal}
      <Form method="post" className="flex flex-wrap items-end gap-3" data-testid="new-fare-form">
        <input type="hidden" name="intent" value="add-fare" />
        <ChoiceField
          id="new-fare-product"
          name="productId"
          label={t("ops.prices.product")}
          choices={page.products.map((product) => ({ value: product.id, label: product.name }))}
        />
        <ChoiceField
          id="new-fare-trip"
          name="trip"
          label={t("ops.prices.tripLabel")}
          choices={TRIPS.map((trip) => ({ value: trip, label: t(`ops.prices.trip.${trip}`) }))}
        />
        <ChoiceField
          id="new-fare-category"
          name="category"
          label={t("ops.prices.categoryLabel")}
          choices={CATEGORIES.map((category) => ({ value: category, label: t(`ops.prices.category.${category}`) }))}
        />
        <ChoiceField
          id="new-fare-passenger"
          name="passengerType"
          label={t("ops.prices.passengerLabel")}
          choices={PASSENGERS.map((passenger) => ({ value: passenger, label: t(`ops.prices.passenger.${passenger}`) }))}
        />
        <InputField
          id="new-fare-amount"
          label={t("ops.prices.amount")}
          name="amount"
          inputMode="decimal"
          required
          wrapperClassName="w-32"
        />
        <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="add-fare">
          {t("ops.prices.addFare")}
        </button>
      </Form>
    </div>
  );
}

function NewTier({ page, refusal }: { page: PricesPageData; refusal: React.ReactNode }) {
  const t = useConsoleT();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="space-y-3 border-t border-slate-200 pt-4">
      <h3 className="font-bold text-sea-950">{t("ops.prices.newTier")}</h3>
      {refusal}
      <Form method="post" className="flex flex-wrap items-end gap-3" data-testid="new-tier-form">
        <input type="hidden" name="intent" value="add-tier" />
        <div>
          <label htmlFor="new-tier-product" className={FIELD_LABEL}>
            {t("ops.prices.product")}
          </label>
          <select id="new-tier-product" name="productId" className={`${INPUT} mt-1`}>
            <option value="">{t("ops.prices.allProducts")}</option>
            {page.products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </select>
        </div>
        <div className="w-40">
          <label htmlFor="new-tier-days" className={FIELD_LABEL}>
            {t("ops.prices.minDays")}
          </label>
          <input
            id="new-tier-days"
            name="minDaysAhead"
            type="number"
            min={1}
            max={365}
            required
            className={`${INPUT} mt-1`}
          />
        </div>
        <InputField
          id="new-tier-discount"
          label={t("ops.prices.discount")}
          name="discount"
          inputMode="decimal"
          required
          wrapperClassName="w-28"
        />
        <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="add-tier">
          {t("ops.prices.addTier")}
        </button>
      </Form>
    </div>
  );
}
