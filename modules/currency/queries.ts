// Reads and writes of currencies and exchange rates. Decisions live in rates.ts and choice.ts.
import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import { getOrInsertComputed } from "../../lib/maps.ts";
import type { Database } from "../../lib/db.ts";
import { AppError } from "../../lib/errors.ts";
import type { Language } from "../../lib/language.ts";
import {
  BASE_CURRENCY,
  formatDecimal,
  formatMoney,
  isCurrencyCode,
  money,
  minorUnitsOf,
  parseDecimal,
  type CurrencyCode,
  type Decimal,
} from "../../lib/money.ts";
import { chooseCurrency, type CurrencyChoiceInput, type CurrencyChoiceReason } from "./choice.ts";
import { currencyRecordOf, type Currency } from "./currencies.ts";
import { buildQuote, planRateUpdate, type ExchangeRate, type Quote, type RateUpdate } from "./rates.ts";
import { currencies, exchangeRates } from "./schema.ts";

type CurrencyRow = typeof currencies.$inferSelect;
type RateRow = typeof exchangeRates.$inferSelect;

function toCurrency(row: CurrencyRow, language: Language): Currency {
  if (!isCurrencyCode(row.isoCode)) throw new Error(`currencies row ${row.id} has an unsupported code ${row.isoCode}`);
  return {
    id: row.id,
    name: row.name[language],
    symbol: row.symbol,
    isoNumber: row.isoNumber,
    isoCode: row.isoCode,
    presentationSymbol: row.presentationSymbol,
    position: row.position,
    decimalSeparator: row.decimalSeparator,
    thousandSeparator: row.thousandSeparator,
  };
}

function toRate(row: RateRow): ExchangeRate {
  const rate = parseDecimal(row.rate);
  if (!isCurrencyCode(row.currency) || !rate) throw new Error(`exchange_rates row ${row.id} is not readable`);
  return {
    id: row.id,
    currency: row.currency,
    rate: formatDecimal(rate),
    source: row.source,
    validFrom: row.validFrom,
    createdAt: row.createdAt,
  };
}

/** Every currency the site sells in, by id (USD first), named in `language`. */
export async function findCurrencies(db: Database, language: Language): Promise<Currency[]> {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.id));
  return rows.filter((row) => isCurrencyCode(row.isoCode)).map((row) => toCurrency(row, language));
}

export async function findCurrencyByCode(
  db: Database,
  code: CurrencyCode,
  language: Language,
): Promise<Currency | null> {
  const [row] = await db.select().from(currencies).where(eq(currencies.isoCode, code)).limit(1);
  return row ? toCurrency(row, language) : null;
}

/**
 * Writes minor units of a stored amount (a booking's, in the currency it was charged in) the currency's
 * own way, read once for the page; a code this table does not know is written as number and code.
 */
export async function findAmountFormatter(
  db: Database,
  code: string,
  language: Language,
): Promise<(amountMinor: number) => string> {
  if (!isCurrencyCode(code)) return (amountMinor) => `${amountMinor} ${code}`;
  const currency = (await findCurrencyByCode(db, code, language)) ?? currencyRecordOf(code);
  return (amountMinor) => formatMoney(money(amountMinor, code), currency);
}

/** The currency a page is shown in, with what the browser needs to write amounts and why it was chosen. */
export type VisitorCurrency = Currency & { minorUnits: number; reason: CurrencyChoiceReason };

/** Chooses the visitor's currency and reads its entity; the seed table backs a missing row. */
export async function findVisitorCurrency(db: Database, input: CurrencyChoiceInput): Promise<VisitorCurrency> {
  const choice = chooseCurrency(input);
  const stored = await findCurrencyByCode(db, choice.code, input.language);
  const record = currencyRecordOf(choice.code);
  const currency = stored ?? { ...record, name: record.name[input.language] };
  return { ...currency, minorUnits: minorUnitsOf(choice.code), reason: choice.reason };
}

/** The rate in force at `at` for each currency that has one (all of them, or those asked for). */
export async function findRatesInForce(
  db: Database,
  at: Date,
  only?: readonly CurrencyCode[],
): Promise<ExchangeRate[]> {
  const wanted = only?.filter((code) => code !== BASE_CURRENCY);
  if (wanted && wanted.length === 0) return [];
  if (wanted) {
    const statement = getOrInsertComputed(ratesInForceStatements, db, prepareRatesInForce);
    // An array literal of ISO codes (three letters), which PGlite and node-postgres pass alike.
    const rows = await statement.execute({ at: at.toISOString(), codes: `{${wanted.join(",")}}` });
    return rows.map(toRate);
  }
  const rows = await db
    .selectDistinctOn([exchangeRates.currency])
    .from(exchangeRates)
    .where(lte(exchangeRates.validFrom, at))
    .orderBy(asc(exchangeRates.currency), desc(exchangeRates.validFrom), desc(exchangeRates.id));
  return rows.map(toRate);
}

/**
 * The rates of some currencies, which every priced page reads, prepared once per database handle:
 * Drizzle builds its SQL once and node-postgres parses it once per connection.
 */
const ratesInForceStatements = new WeakMap<Database, ReturnType<typeof prepareRatesInForce>>();

function prepareRatesInForce(db: Database) {
  return db
    .selectDistinctOn([exchangeRates.currency])
    .from(exchangeRates)
    .where(
      and(
        sql`${exchangeRates.validFrom} <= ${sql.placeholder("at")}::timestamptz`,
        sql`${exchangeRates.currency} = any(${sql.placeholder("codes")}::bpchar[])`,
      ),
    )
    .orderBy(asc(exchangeRates.currency), desc(exchangeRates.validFrom), desc(exchangeRates.id))
    .prepare("currency_rates_in_force");
}

/** Every rate recorded, newest first (scheduled ones included), for one currency or all. */
export async function findRateHistory(
  db: Database,
  options: { currency?: CurrencyCode | undefined; limit: number },
): Promise<ExchangeRate[]> {
  const rows = await db
    .select()
    .from(exchangeRates)
    .where(options.currency ? eq(exchangeRates.currency, options.currency) : undefined)
    .orderBy(desc(exchangeRates.validFrom), desc(exchangeRates.id))
    .limit(options.limit);
  return rows.map(toRate);
}

/**
 * Appends the rates of an update, all or none. Each new rate is checked against the one it succeeds
 * (the rate in force when it takes effect); any refusal stores nothing.
 */
export async function recordRates(db: Database, update: RateUpdate, now: Date): Promise<ExchangeRate[]> {
  const takesEffect = update.validFrom ? new Date(update.validFrom) : now;
  return db.transaction(async (tx) => {
    const inForce = new Map<CurrencyCode, Decimal>();
    for (const rate of await findRatesInForce(tx, takesEffect)) {
      const decimal = parseDecimal(rate.rate);
      if (decimal) inForce.set(rate.currency, decimal);
    }
    const planned = planRateUpdate(update, inForce, now);
    const inserted = await tx
      .insert(exchangeRates)
      .values(
        planned.map((row) => ({
          currency: row.currency,
          rate: row.rate,
          source: row.source,
          validFrom: row.validFrom,
        })),
      )
      .returning();
    return inserted.map(toRate);
  });
}

/**
 * The quote a cart or booking is priced with: the rates in force at `now` for the currencies asked
 * for (MXN needs none). A currency without a rate cannot be priced: EXCHANGE_RATE_UNAVAILABLE.
 */
export async function takeQuote(db: Database, wanted: readonly CurrencyCode[], now: Date): Promise<Quote> {
  const needed = [...new Set(wanted.filter((code) => code !== BASE_CURRENCY))];
  const rates = await findRatesInForce(db, now, needed);
  const missing = needed.filter((code) => !rates.some((rate) => rate.currency === code));
  if (missing.length > 0) {
    throw new AppError("EXCHANGE_RATE_UNAVAILABLE", { message: `no exchange rate in force for ${missing.join(", ")}` });
  }
  return buildQuote(rates, now);
}
