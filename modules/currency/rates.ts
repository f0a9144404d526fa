// Decides which exchange rate is in force, whether a new rate may be recorded, and what an amount set
// in MXN costs in another currency. Rates are exact decimals (units of the currency per one MXN);
// rounding is half away from zero to each currency's increment (lib/money ROUNDING_INCREMENT).
import { z } from "zod";
import { AppError, type ErrorIssue } from "../../lib/errors.ts";
import {
  BASE_CURRENCY,
  compareDecimal,
  convert,
  formatDecimal,
  isCurrencyCode,
  parseDecimal,
  type CurrencyCode,
  type Decimal,
  type Money,
} from "../../lib/money.ts";

/** Bounds no real rate from MXN comes near: a typo or an inverted rate usually lands outside them. */
export const MIN_RATE: Decimal = { digits: 1n, scale: 6 }; // 0.000001 per MXN
export const MAX_RATE: Decimal = { digits: 1_000_000n, scale: 0 }; // 1,000,000 per MXN
/** A new rate more than this factor away from the one in force needs `allowLargeChange`. */
export const MAX_RATE_CHANGE_FACTOR = 2n;
export const MAX_RATE_FRACTION_DIGITS = 12;
/** Clock skew tolerated for "valid from now": a rate may not be back-dated further than this. */
export const BACKDATE_TOLERANCE_MS = 5 * 60_000;
/** How far ahead a rate may be scheduled. */
export const MAX_SCHEDULE_AHEAD_MS = 366 * 24 * 60 * 60_000;

export interface ExchangeRate {
  id: number;
  currency: CurrencyCode;
  /** Units of `currency` per one MXN, shortest exact decimal ("0.0543"). */
  rate: string;
  source: string;
  validFrom: Date;
  createdAt: Date;
}

/** The rate in force at `now` among rows of one currency: latest validFrom ≤ now, greater id on a tie. */
export function rateInForce<T extends Pick<ExchangeRate, "id" | "validFrom">>(rows: readonly T[], now: Date): T | null {
  let best: T | null = null;
  for (const row of rows) {
    if (row.validFrom.getTime() > now.getTime()) continue;
    if (
      best === null ||
      row.validFrom.getTime() > best.validFrom.getTime() ||
      (row.validFrom.getTime() === best.validFrom.getTime() && row.id > best.id)
    ) {
      best = row;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------
// Recording rates (the admin API)

const RATE_TEXT = new RegExp(`^\\d{1,12}(\\.\\d{1,${MAX_RATE_FRACTION_DIGITS}})?$`);

export const RateUpdateSchema = z
  .object({
    /** Where the rates come from, e.g. "banxico-fix", "ecb", "manual". */
    source: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,63}$/),
    /** When the rates take effect; now when omitted. Never in the past: history is append-only. */
    validFrom: z.iso.datetime({ offset: true }).optional(),
    /** Accept a rate more than twice or less than half the one in force (a devaluation, a correction). */
    allowLargeChange: z.boolean().default(false),
    rates: z
      .array(
        z.object({
          /** ISO 4217 code; unknown codes are refused with UNKNOWN_CURRENCY. */
          currency: z.string().min(1).max(8),
          /** Units of the currency per one MXN, as a decimal string: floats are not accepted. */
          rate: z.string().min(1).max(40),
        }),
      )
      .min(1)
      .max(32),
  })
  .strict();

export type RateUpdate = z.infer<typeof RateUpdateSchema>;

export interface NewExchangeRate {
  currency: CurrencyCode;
  rate: string;
  source: string;
  validFrom: Date;
}

/**
 * Checks a rate update against the rates in force and returns the rows to append, or throws one
 * AppError listing every offending entry: UNKNOWN_CURRENCY when a code is not one of ours,
 * INVALID_EXCHANGE_RATE for malformed, non-positive, absurd or back-dated rates (and for MXN, whose
 * rate is 1 by definition), EXCHANGE_RATE_CHANGE_TOO_LARGE for a jump beyond the allowed factor.
 */
export function planRateUpdate(
  update: RateUpdate,
  inForce: ReadonlyMap<CurrencyCode, Decimal>,
  now: Date,
): NewExchangeRate[] {
  const unknown: ErrorIssue[] = [];
  const invalid: ErrorIssue[] = [];
  const tooLarge: ErrorIssue[] = [];
  const validFrom = update.validFrom ? new Date(update.validFrom) : now;
  if (validFrom.getTime() < now.getTime() - BACKDATE_TOLERANCE_MS)
    invalid.push({ path: "body.validFrom", code: "in_past" });
  if (validFrom.getTime() > now.getTime() + MAX_SCHEDULE_AHEAD_MS)
    invalid.push({ path: "body.validFrom", code: "too_far_ahead" });

  const seen = new Set<string>();
  const rows: NewExchangeRate[] = [];
  update.rates.forEach((entry, index) => {
    const path = `body.rates.${index}`;
    const currency = entry.currency;
    if (!isCurrencyCode(currency)) {
      unknown.push({ path: `${path}.currency`, code: "unknown_currency" });
      return;
    }
    if (currency === BASE_CURRENCY) {
      invalid.push({ path: `${path}.currency`, code: "base_currency" });
      return;
    }
    if (seen.has(currency)) {
      invalid.push({ path: `${path}.currency`, code: "duplicate" });
      return;
    }
    seen.add(currency);
    const rate = RATE_TEXT.test(entry.rate) ? parseDecimal(entry.rate) : null;
    if (!rate) {
      invalid.push({ path: `${path}.rate`, code: "not_a_decimal" });
      return;
    }
    if (rate.digits <= 0n) {
      invalid.push({ path: `${path}.rate`, code: "not_positive" });
      return;
    }
    if (compareDecimal(rate, MIN_RATE) < 0 || compareDecimal(rate, MAX_RATE) > 0) {
      invalid.push({ path: `${path}.rate`, code: "out_of_range" });
      return;
    }
    const current = inForce.get(currency);
    if (current && !update.allowLargeChange && isLargeChange(current, rate)) {
      tooLarge.push({ path: `${path}.rate`, code: "change_too_large" });
      return;
    }
    rows.push({ currency, rate: formatDecimal(rate), source: update.source, validFrom });
  });

  if (unknown.length > 0) throw new AppError("UNKNOWN_CURRENCY", { issues: [...unknown, ...invalid, ...tooLarge] });
  if (invalid.length > 0) throw new AppError("INVALID_EXCHANGE_RATE", { issues: [...invalid, ...tooLarge] });
  if (tooLarge.length > 0) throw new AppError("EXCHANGE_RATE_CHANGE_TOO_LARGE", { issues: tooLarge });
  return rows;
}

/** candidate > current × factor or candidate < current / factor, compared exactly. */
export function isLargeChange(current: Decimal, candidate: Decimal): boolean {
  const scale = BigInt(Math.max(current.scale, candidate.scale));
  const a = current.digits * 10n ** (scale - BigInt(current.scale));
  const b = candidate.digits * 10n ** (scale - BigInt(candidate.scale));
  return b > a * MAX_RATE_CHANGE_FACTOR || b * MAX_RATE_CHANGE_FACTOR < a;
}

// ---------------------------------------------------------------------------------------------------
// Quotes: the rates a cart or a booking was priced with

export const QuotedRateSchema = z.object({
  currency: z.string().refine(isCurrencyCode),
  rate: z.string().regex(RATE_TEXT),
  /** The exchange_rates row the rate came from: the audit trail back to its source. */
  rateId: z.number().int().positive(),
  validFrom: z.iso.datetime({ offset: true }),
});

export const QuoteSchema = z.object({
  /** Names the set of rates ("fx:EUR@12,USD@3"): two quotes with the same rates share it. */
  id: z.string().min(3).max(400),
  base: z.literal(BASE_CURRENCY),
  quotedAt: z.iso.datetime({ offset: true }),
  rates: z.array(QuotedRateSchema).max(16),
});

export type QuotedRate = Omit<z.infer<typeof QuotedRateSchema>, "currency"> & { currency: CurrencyCode };
export type Quote = Omit<z.infer<typeof QuoteSchema>, "rates"> & { rates: QuotedRate[] };

/** A quote of the given rates, taken at `now`. Pure: the caller found the rates in force. */
export function buildQuote(rates: readonly ExchangeRate[], now: Date): Quote {
  const quoted = [...rates]
    .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0))
    .map((rate) => ({
      currency: rate.currency,
      rate: rate.rate,
      rateId: rate.id,
      validFrom: rate.validFrom.toISOString(),
    }));
  return {
    id: `fx:${quoted.map((rate) => `${rate.currency}@${rate.rateId}`).join(",")}`,
    base: BASE_CURRENCY,
    quotedAt: now.toISOString(),
    rates: quoted,
  };
}

/** Reads a quote back from storage (a cart or booking column); null when it is not a valid quote. */
export function readQuote(value: unknown): Quote | null {
  const parsed = QuoteSchema.safeParse(value);
  return parsed.success ? (parsed.data as Quote) : null;
}

/**
 * The price in `currency` of an amount set in MXN, with the quote's rate. MXN needs no rate. A quote
 * without the currency cannot price it: EXCHANGE_RATE_UNAVAILABLE ("prices could not be obtained").
 */
export function priceIn(amount: Money, currency: CurrencyCode, quote: Quote): Money {
  if (amount.currency !== BASE_CURRENCY) throw new Error(`prices are set in ${BASE_CURRENCY}, got ${amount.currency}`);
  if (currency === BASE_CURRENCY) return amount;
  const quoted = quote.rates.find((rate) => rate.currency === currency);
  const rate = quoted ? parseDecimal(quoted.rate) : null;
  if (!rate)
    throw new AppError("EXCHANGE_RATE_UNAVAILABLE", { message: `quote ${quote.id} has no rate for ${currency}` });
  return convert(amount, currency, rate);
}
