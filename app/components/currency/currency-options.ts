// What the currency switcher decides without the network: how a search matches a currency (by code,
// name or symbol, ignoring case and accents), the client state (`currency`, `currency_id`)
// and where the no-JavaScript form may send the visitor back to (same-site paths only).
import { sameSitePath } from "../../../lib/return-path.ts";

/** One currency as the switcher lists it: what identifies it, named in the page's language. */
export interface CurrencyOption {
  id: number;
  /** ISO 4217 code, e.g. "EUR". */
  code: string;
  /** The bare symbol shown beside the code ("€", "S/"). */
  symbol: string;
  name: string;
}

/** The currency code (default USD) and its id (default 1), under the client state's published names. */
export interface CurrencyState {
  currency: string;
  currency_id: number;
}

export const DEFAULT_CURRENCY_STATE: Readonly<CurrencyState> = { currency: "USD", currency_id: 1 };

/** The client state from the page's currency entity, or USD (id 1) when there is none (error screens). */
export function currencyStateOf(entity: { isoCode: string; id: number } | null | undefined): CurrencyState {
  return entity ? { currency: entity.isoCode, currency_id: entity.id } : { ...DEFAULT_CURRENCY_STATE };
}

/** Lower case without diacritics, so "dolar" finds "Dólar" and "iene" finds "Iene". */
export function normalizeForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();
}

/** The text a currency is searched by: code, name and symbol. */
export function searchTextOf(option: CurrencyOption): string {
  return `${option.code} ${option.name} ${option.symbol}`;
}

/**
 * Whether a searched text matches: every word of the query must appear in it ("peso mex" finds the
 * Mexican peso, "eur" the euro, "£" the pound). An empty query matches everything.
 */
export function matchesSearch(searchText: string, query: string): boolean {
  const words = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normalizeForSearch(searchText);
  return words.every((word) => haystack.includes(word));
}

export function filterCurrencies(options: readonly CurrencyOption[], query: string): CurrencyOption[] {
  return options.filter((option) => matchesSearch(searchTextOf(option), query));
}

/**
 * The path to send the visitor back to after the no-JavaScript form: only a path on this site
 * ("/es/rutas-horarios/?date=…"), never another origin ("//evil.example", "/\\evil", "https://…"),
 * otherwise the fallback. Fragments are dropped: browsers keep them across a redirect anyway.
 */
export function safeReturnPath(value: unknown, fallback: string): string {
  return (typeof value === "string" ? sameSitePath(value) : null) ?? fallback;
}

/** Where the no-JavaScript currency form posts (app/routes/currency-choice.ts), per language. */
export function currencyFormAction(language: string): string {
  return `/${language}/currency/`;
}

export const CURRENCY_FORM_FIELD = { currency: "currency", returnTo: "returnTo" } as const;
