export { currencies, exchangeRates } from "./schema.ts";
export {
  CURRENCIES,
  CURRENCY_IDS,
  DEFAULT_CURRENCY,
  DEFAULT_CURRENCY_ID,
  currencyRecordOf,
  type Currency,
  type CurrencyRecord,
} from "./currencies.ts";
export {
  COUNTRY_CURRENCY,
  chooseCurrency,
  countryFromHeaders,
  currencyFromCookies,
  currencyOfCountry,
  defaultCountryOf,
  type CurrencyChoice,
  type CurrencyChoiceInput,
  type CurrencyChoiceReason,
} from "./choice.ts";
export {
  MAX_RATE,
  MAX_RATE_CHANGE_FACTOR,
  MIN_RATE,
  QuoteSchema,
  RateUpdateSchema,
  buildQuote,
  isLargeChange,
  planRateUpdate,
  priceIn,
  rateInForce,
  readQuote,
  type ExchangeRate,
  type NewExchangeRate,
  type Quote,
  type QuotedRate,
  type RateUpdate,
} from "./rates.ts";
export {
  findCurrencies,
  findCurrencyByCode,
  findVisitorCurrency,
  findRateHistory,
  findRatesInForce,
  recordRates,
  takeQuote,
  type VisitorCurrency,
} from "./queries.ts";
