// Decides the visitor's currency: the currency cookies when both are present
// and agree, otherwise the country from the edge geolocation header through the country map, otherwise
// the language's default country (MX for es, US for the rest). Unknown or malformed input is ignored.
import { COOKIE, parseCookieHeader } from "../../lib/cookies.ts";
import type { Language } from "../../lib/language.ts";
import { isCurrencyCode, type CurrencyCode } from "../../lib/money.ts";
import { CURRENCY_IDS, DEFAULT_CURRENCY } from "./currencies.ts";

/** Country to currency. Any other country pays in USD. */
export const COUNTRY_CURRENCY: Readonly<Record<string, CurrencyCode>> = {
  MX: "MXN",
  US: "USD",
  CA: "CAD",
  BR: "USD",
  CO: "COP",
  GB: "GBP",
  ES: "EUR",
  CL: "CLP",
  AR: "ARS",
  NL: "EUR",
  PE: "PEN",
  JP: "JPY",
  CN: "CNY",
  KR: "KRW",
  RU: "RUB",
  AU: "AUD",
  UY: "UYU",
  GT: "GTQ",
  CR: "CRC",
  PA: "USD",
  DE: "EUR",
  FR: "EUR",
  CH: "EUR",
  SE: "EUR",
  IT: "EUR",
};

/** Edge placeholders that are not countries: CloudFront/Cloudflare "unknown", Tor, anonymous proxies. */
const NOT_A_COUNTRY = new Set(["XX", "ZZ", "T1", "A1", "A2", "O1", "EU", "AP"]);

/** The visitor's country from the first configured header holding a real ISO 3166 alpha-2 code. */
export function countryFromHeaders(
  headers: { get(name: string): string | null },
  headerNames: readonly string[],
): string | null {
  for (const name of headerNames) {
    const value = headers.get(name)?.trim().toUpperCase();
    if (value && /^[A-Z]{2}$/.test(value) && !NOT_A_COUNTRY.has(value)) return value;
  }
  return null;
}

export function currencyOfCountry(country: string): CurrencyCode {
  return (Object.hasOwn(COUNTRY_CURRENCY, country) ? COUNTRY_CURRENCY[country] : undefined) ?? DEFAULT_CURRENCY;
}

/** The country assumed when the edge says nothing: Spanish readers are most likely in Mexico. */
export function defaultCountryOf(language: Language): string {
  return language === "es" ? "MX" : "US";
}

export type CurrencyChoiceReason = "cookie" | "country" | "language";

export interface CurrencyChoiceInput {
  /** Raw values of the `currency` and `currency_id` cookies, as sent. */
  cookies: { currency?: string | undefined; currencyId?: string | undefined };
  /** The country from the geolocation header (already read with countryFromHeaders), or null. */
  country: string | null;
  language: Language;
}

/** The two currency cookies of a Cookie header, as sent (validated later by `currencyFromCookies`). */
export function readCurrencyCookies(cookieHeader: string | null | undefined): CurrencyChoiceInput["cookies"] {
  const cookies = parseCookieHeader(cookieHeader);
  return { currency: cookies[COOKIE.currency], currencyId: cookies[COOKIE.currencyId] };
}

export interface CurrencyChoice {
  code: CurrencyCode;
  id: number;
  reason: CurrencyChoiceReason;
  /** The country that decided it (the edge's or the language default); null when the cookies did. */
  country: string | null;
}

/** The code named by the cookies when both are present, well formed and name the same currency. */
export function currencyFromCookies(cookies: CurrencyChoiceInput["cookies"]): CurrencyCode | null {
  const { currency, currencyId } = cookies;
  if (!isCurrencyCode(currency) || currencyId === undefined || !/^[1-9][0-9]{0,2}$/.test(currencyId)) return null;
  return CURRENCY_IDS[currency] === Number(currencyId) ? currency : null;
}

export function chooseCurrency(input: CurrencyChoiceInput): CurrencyChoice {
  const fromCookies = currencyFromCookies(input.cookies);
  if (fromCookies) return { code: fromCookies, id: CURRENCY_IDS[fromCookies], reason: "cookie", country: null };
  const country = input.country ?? defaultCountryOf(input.language);
  const code = currencyOfCountry(country);
  return { code, id: CURRENCY_IDS[code], reason: input.country ? "country" : "language", country };
}
