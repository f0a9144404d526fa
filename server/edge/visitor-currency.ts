// The visitor's currency for one request and the prices a page shows in it. The root loader
// and the page's loader run side by side and need the same answer: the first to ask keeps the pending
// choice in the request's router context, so a request chooses once. Amounts come from the database in
// MXN and are converted here with the rates in force; the browser never sends an amount.
import type { RouterContextProvider } from "react-router";
import { isAppError } from "../../lib/errors.ts";
import type { Language } from "../../lib/language.ts";
import { BASE_CURRENCY, formatMoney, money } from "../../lib/money.ts";
import {
  chooseCurrency,
  findCurrencyByCode,
  findVisitorCurrency,
  priceIn,
  readCurrencyCookies,
  takeQuote,
  type Currency,
  type Quote,
  type VisitorCurrency,
} from "../../modules/currency/index.ts";
import { boundedMemo } from "./bounded-memo.ts";
import { requestContext, servicesContext } from "./context.ts";
import { requestMemo } from "./request-memo.ts";

type Context = Readonly<RouterContextProvider>;

const visitorCurrencyOfRequest = requestMemo<VisitorCurrency>();
/**
 * The currency row a choice names, read at most once a second per process, database, language, code and
 * reason (reference data, server/edge/bounded-memo.ts): the answer depends on nothing else, and the
 * keys are bounded (17 codes, 3 languages, 3 reasons) whatever the cookies say.
 */
const sharedVisitorCurrency = boundedMemo<VisitorCurrency>();

/** The currency this request is priced in: cookies, else the edge country, else the language. */
export function findRequestCurrency(request: Request, context: Context, language: Language): Promise<VisitorCurrency> {
  return visitorCurrencyOfRequest(context, language, () => {
    const { db } = context.get(servicesContext);
    const { country } = context.get(requestContext);
    const input = { cookies: readCurrencyCookies(request.headers.get("Cookie")), country, language };
    const choice = chooseCurrency(input);
    return sharedVisitorCurrency(db, `${language}:${choice.code}:${choice.reason}`, () =>
      findVisitorCurrency(db, input),
    );
  });
}

/** An amount as the catalogue stores it: integer minor units of MXN. */
export interface StoredPrice {
  amountMinor: number;
  currency: string;
}

/** Writes a stored MXN price in `currency` with the quote's rate, the currency's own way. Pure. */
export function formatPriceIn(price: StoredPrice, currency: Currency, quote: Quote): string {
  if (price.currency !== BASE_CURRENCY)
    throw new Error(`catalogue prices are set in ${BASE_CURRENCY}, got ${price.currency}`);
  return formatMoney(priceIn(money(price.amountMinor, BASE_CURRENCY), currency.isoCode, quote), currency);
}

export interface PriceFormatter {
  /** The currency the prices are written in: the visitor's, or MXN when it has no rate in force. */
  code: string;
  format: (price: StoredPrice) => string;
}

/**
 * A formatter of stored MXN prices in the visitor's currency, at the rates in force now. Without a
 * rate for that currency (an operator removed it, a scheduled one not yet in force) prices are shown
 * in MXN, the currency they are set in, rather than failing the page.
 */
export async function createPriceFormatter(
  context: Context,
  currency: VisitorCurrency,
  language: Language,
): Promise<PriceFormatter> {
  const { db, clock } = context.get(servicesContext);
  try {
    const quote = await takeQuote(db, [currency.isoCode], clock.now());
    return { code: currency.isoCode, format: (price) => formatPriceIn(price, currency, quote) };
  } catch (error) {
    if (!isAppError(error) || error.code !== "EXCHANGE_RATE_UNAVAILABLE") throw error;
    context
      .get(requestContext)
      .logger.warn({ currency: currency.isoCode }, "no exchange rate in force: prices shown in MXN");
    const base = await findCurrencyByCode(db, BASE_CURRENCY, language);
    if (!base) throw error;
    const quote = await takeQuote(db, [BASE_CURRENCY], clock.now());
    return { code: base.isoCode, format: (price) => formatPriceIn(price, base, quote) };
  }
}
