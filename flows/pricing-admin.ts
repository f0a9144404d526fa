// The operator edits prices and the words around them: a fare's MXN amount, a presale
// tier's discount, a complement's texts in es/en/pt, and the exchange rates. Each is one audited
// transaction (flows/staff-change.ts); bad input is refused with a code before anything changes.
import { AppError } from "../lib/errors.ts";
import type { LocalizedText } from "../lib/db.ts";
import {
  findComplementTexts,
  findFare,
  findPresaleTierRows,
  setComplementTexts,
  setFareAmount,
  setPresaleTier,
  type ComplementTexts,
  type FareListItem,
  type PresaleTierRow,
} from "../modules/catalog/index.ts";
import { RateUpdateSchema, findRatesInForce, recordRates, type ExchangeRate, type RateUpdate } from "../modules/currency/index.ts";
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

export async function changePresaleTier(deps: StaffDeps, tierId: number, values: { discountBasisPoints: number; active: boolean }): Promise<PresaleTierRow> {
  return runAuditedChange(deps, { action: "presale_tier.update", entityType: "presale_tier", entityId: String(tierId) }, async (tx) => {
    if (!Number.isInteger(values.discountBasisPoints) || values.discountBasisPoints < 0 || values.discountBasisPoints > 5000) {
      throw new AppError("INVALID_REQUEST", { issues: [{ path: "discount", code: "between_0_and_50_percent" }] });
    }
    const before = (await findPresaleTierRows(tx)).find((tier) => tier.id === tierId) ?? null;
    if (!before) throw new AppError("NOT_FOUND", { issues: [{ path: "tier.id", code: "unknown_presale_tier" }] });
    const after = await setPresaleTier(tx, tierId, values);
    return { result: after, before, after };
  });
}

type Texts = Omit<ComplementTexts, "productId" | "code">;

function readLocalized(value: LocalizedText, path: string, max: number): AppError | null {
  const wrong = (["es", "en", "pt"] as const).filter((language) => typeof value[language] !== "string" || value[language].trim() === "" || value[language].length > max);
  return wrong.length > 0 ? new AppError("INVALID_REQUEST", { issues: wrong.map((language) => ({ path: `${path}.${language}`, code: "required" })) }) : null;
}

export async function changeComplementTexts(deps: StaffDeps, productId: number, texts: Texts): Promise<ComplementTexts> {
  return runAuditedChange(deps, { action: "complement.update", entityType: "complement", entityId: String(productId) }, async (tx) => {
    const refusal =
      readLocalized(texts.titleDescription, "title", 120) ?? readLocalized(texts.subtitleDescription, "subtitle", 200) ?? readLocalized(texts.textDescription, "text", 5000);
    if (refusal) throw refusal;
    const trimmed = (value: LocalizedText): LocalizedText => ({ es: value.es.trim(), en: value.en.trim(), pt: value.pt.trim() });
    const before = (await findComplementTexts(tx)).find((complement) => complement.productId === productId) ?? null;
    if (!before) throw new AppError("NOT_FOUND", { issues: [{ path: "complement.id", code: "unknown_complement" }] });
    const after = await setComplementTexts(tx, productId, {
      titleDescription: trimmed(texts.titleDescription),
      subtitleDescription: trimmed(texts.subtitleDescription),
      textDescription: trimmed(texts.textDescription),
    });
    return { result: after, before, after };
  });
}

/** Appends exchange rates (modules/currency's checks: unknown currency, absurd or too large a jump). */
export async function changeExchangeRates(deps: StaffDeps, raw: unknown): Promise<ExchangeRate[]> {
  const parsed = RateUpdateSchema.safeParse(raw);
  const currencies = parsed.success ? parsed.data.rates.map((rate) => rate.currency).join(",") : "";
  return runAuditedChange(deps, { action: "exchange_rate.record", entityType: "exchange_rate", entityId: currencies }, async (tx) => {
    if (!parsed.success) {
      throw new AppError("INVALID_EXCHANGE_RATE", { issues: parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), code: issue.code })) });
    }
    const update: RateUpdate = parsed.data;
    const codes = update.rates.map((rate) => rate.currency).filter(isCurrencyCode);
    const before = await findRatesInForce(tx, deps.now, codes);
    const after = await recordRates(tx, update, deps.now);
    return { result: after, before, after };
  });
}
