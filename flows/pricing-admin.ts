// The operator edits prices and the words around them: a fare's MXN amount, a presale
// tier's discount, a complement's texts in es/en/pt, and the exchange rates. Each is one audited
// transaction (flows/staff-change.ts); bad input is refused with a code before anything changes.
import { AppError } from "../lib/errors.ts";
import type { LocalizedText } from "../lib/db.ts";
import {
  deleteFare,
  findComplementOffers,
  findComplementTexts,
  setComplementOffers,
  findFare,
  insertFare,
  insertPresaleTier,
  type FareKey,
  findPresaleTierRows,
  setComplementTexts,
  setFareAmount,
  setPresaleTier,
  type ComplementTexts,
  type FareListItem,
  type PresaleTierRow,
} from "../modules/catalog/index.ts";
import {
  RateUpdateSchema,
  findRatesInForce,
  recordRates,
  type ExchangeRate,
  type RateUpdate,
} from "../modules/currency/index.ts";
import { isCurrencyCode } from "../lib/money.ts";
import { runAuditedChange, type StaffDeps } from "./staff-change.ts";

/** The most a fare may be (MXN 1,000,000.00): beyond it a typo, not a price. */
export const MAX_FARE_MINOR = 100_000_000;

export async function changeFare(deps: StaffDeps, fareId: number, amountMinor: number): Promise<FareListItem> {
  return runAuditedChange(deps, { action: "fare.update", entityType: "fare", entityId: String(fareId) }, async (tx) => {
    if (!Number.isInteger(amountMinor) || amountMinor < 0 || amountMinor > MAX_FARE_MINOR) {
      throw new AppError("INVALID_REQUEST", { issues: [{ path: "amount", code: "not_a_price" }] });
    }
    const before = await findFare(tx, fareId);
    if (!before) throw new AppError("NOT_FOUND", { issues: [{ path: "fare.id", code: "unknown_fare" }] });
    await setFareAmount(tx, fareId, amountMinor);
    const after = { ...before, amountMinor };
    return { result: after, before, after };
  });
}

const CATEGORIES = ["tourist", "resident"] as const;
const PASSENGERS = ["adult", "child"] as const;
const TRIPS = ["one_way", "round_trip", "single"] as const;

/** A new row of the price list (MXN): a product's fare for one category, passenger type and trip. */
export async function addFare(
  deps: StaffDeps,
  raw: { productId: number; category: string; passengerType: string; trip: string; amountMinor: number },
): Promise<FareListItem> {
  return runAuditedChange(deps, { action: "fare.create", entityType: "fare", entityId: null }, async (tx) => {
    const issues = [
      ...(CATEGORIES.includes(raw.category as never) ? [] : [{ path: "category", code: "unknown" }]),
      // Infants ride and enter free whatever the list says (pricing/selection.ts): a row for them would lie.
      ...(raw.passengerType === "infant"
        ? [{ path: "passengerType", code: "infants_ride_free" }]
        : PASSENGERS.includes(raw.passengerType as never)
          ? []
          : [{ path: "passengerType", code: "unknown" }]),
      ...(TRIPS.includes(raw.trip as never) ? [] : [{ path: "trip", code: "unknown" }]),
      ...(Number.isInteger(raw.amountMinor) && raw.amountMinor >= 0 && raw.amountMinor <= MAX_FARE_MINOR
        ? []
        : [{ path: "amount", code: "not_a_price" }]),
    ];
    if (issues.length > 0) throw new AppError("INVALID_REQUEST", { issues });
    const fare = await insertFare(
      tx,
      { productId: raw.productId, category: raw.category, passengerType: raw.passengerType, trip: raw.trip } as FareKey,
      raw.amountMinor,
    );
    return { result: fare, before: null, after: fare, entityId: String(fare.id) };
  });
}

/** Takes a fare row off the price list (bookings keep their own amounts); audited with the row as it was. */
export async function retireFare(deps: StaffDeps, fareId: number): Promise<FareListItem> {
  return runAuditedChange(deps, { action: "fare.retire", entityType: "fare", entityId: String(fareId) }, async (tx) => {
    const before = await findFare(tx, fareId);
    if (!before) throw new AppError("NOT_FOUND", { issues: [{ path: "fare.id", code: "unknown_fare" }] });
    await deleteFare(tx, fareId);
    return { result: before, before, after: null };
  });
}

/** A new presale tier, in force: buying `minDaysAhead` days ahead or more earns the discount. */
export async function addPresaleTier(
  deps: StaffDeps,
  values: { productId: number | null; minDaysAhead: number; discountBasisPoints: number },
): Promise<PresaleTierRow> {
  return runAuditedChange(
    deps,
    { action: "presale_tier.create", entityType: "presale_tier", entityId: null },
    async (tx) => {
      const issues = [
        ...(Number.isInteger(values.minDaysAhead) && values.minDaysAhead >= 1 && values.minDaysAhead <= 365
          ? []
          : [{ path: "minDaysAhead", code: "between_1_and_365" }]),
        ...(Number.isInteger(values.discountBasisPoints) &&
        values.discountBasisPoints >= 0 &&
        values.discountBasisPoints <= 5000
          ? []
          : [{ path: "discount", code: "between_0_and_50_percent" }]),
      ];
      if (issues.length > 0) throw new AppError("INVALID_REQUEST", { issues });
      const tier = await insertPresaleTier(tx, values);
      return { result: tier, before: null, after: tier, entityId: String(tier.id) };
    },
  );
}

export async function changePresaleTier(
  deps: StaffDeps,
  tierId: number,
  values: { discountBasisPoints: number; active: boolean },
): Promise<PresaleTierRow> {
  return runAuditedChange(
    deps,
    { action: "presale_tier.update", entityType: "presale_tier", entityId: String(tierId) },
    async (tx) => {
      if (
        !Number.isInteger(values.discountBasisPoints) ||
        values.discountBasisPoints < 0 ||
        values.discountBasisPoints > 5000
      ) {
        throw new AppError("INVALID_REQUEST", { issues: [{ path: "discount", code: "between_0_and_50_percent" }] });
      }
      const before = (await findPresaleTierRows(tx)).find((tier) => tier.id === tierId) ?? null;
      if (!before) throw new AppError("NOT_FOUND", { issues: [{ path: "tier.id", code: "unknown_presale_tier" }] });
      const after = await setPresaleTier(tx, tierId, values);
      return { result: after, before, after };
    },
  );
}

type Texts = Omit<ComplementTexts, "productId" | "code">;

function readLocalized(value: LocalizedText, path: string, max: number): AppError | null {
  const wrong = (["es", "en", "pt"] as const).filter(
    (language) => typeof value[language] !== "string" || value[language].trim() === "" || value[language].length > max,
  );
  return wrong.length > 0
    ? new AppError("INVALID_REQUEST", {
        issues: wrong.map((language) => ({ path: `${path}.${language}`, code: "required" })),
      })
    : null;
}

export async function changeComplementTexts(
  deps: StaffDeps,
  productId: number,
  texts: Texts,
): Promise<ComplementTexts> {
  return runAuditedChange(
    deps,
    { action: "complement.update", entityType: "complement", entityId: String(productId) },
    async (tx) => {
      const refusal =
        readLocalized(texts.titleDescription, "title", 120) ??
        readLocalized(texts.subtitleDescription, "subtitle", 200) ??
        readLocalized(texts.textDescription, "text", 5000);
      if (refusal) throw refusal;
      const trimmed = (value: LocalizedText): LocalizedText => ({
        es: value.es.trim(),
        en: value.en.trim(),
        pt: value.pt.trim(),
      });
      const before = (await findComplementTexts(tx)).find((complement) => complement.productId === productId) ?? null;
      if (!before) throw new AppError("NOT_FOUND", { issues: [{ path: "complement.id", code: "unknown_complement" }] });
      const after = await setComplementTexts(tx, productId, {
        titleDescription: trimmed(texts.titleDescription),
        subtitleDescription: trimmed(texts.subtitleDescription),
        textDescription: trimmed(texts.textDescription),
      });
      return { result: after, before, after };
    },
  );
}

/** Appends exchange rates (modules/currency's checks: unknown currency, absurd or too large a jump). */
export async function changeExchangeRates(deps: StaffDeps, raw: unknown): Promise<ExchangeRate[]> {
  const parsed = RateUpdateSchema.safeParse(raw);
  const currencies = parsed.success ? parsed.data.rates.map((rate) => rate.currency).join(",") : "";
  return runAuditedChange(
    deps,
    { action: "exchange_rate.record", entityType: "exchange_rate", entityId: currencies },
    async (tx) => {
      if (!parsed.success) {
        throw new AppError("INVALID_EXCHANGE_RATE", {
          issues: parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), code: issue.code })),
        });
      }
      const update: RateUpdate = parsed.data;
      const codes = update.rates.map((rate) => rate.currency).filter(isCurrencyCode);
      const before = await findRatesInForce(tx, deps.now, codes);
      const after = await recordRates(tx, update, deps.now);
      return { result: after, before, after };
    },
  );
}

/** Offers a complement with exactly these products; none retires it (offered nowhere, sold lines kept). */
export async function changeComplementOffers(
  deps: StaffDeps,
  complementId: number,
  productIds: readonly number[],
): Promise<number[]> {
  return runAuditedChange(
    deps,
    {
      action: productIds.length === 0 ? "complement.retire" : "complement.offer",
      entityType: "complement",
      entityId: String(complementId),
    },
    async (tx) => {
      const before = (await findComplementOffers(tx)).get(complementId) ?? [];
      const after = await setComplementOffers(tx, complementId, productIds);
      return { result: after, before: { offeredWith: before }, after: { offeredWith: after } };
    },
  );
}
