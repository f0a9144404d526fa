// The 17 currencies of the site with the conventions each is written with. This table is
// the seed of the `currencies` table and the source of the fixed code ↔ id pairs the currency cookies
// carry; USD is id 1 and the default.
//
// Conventions, one per currency, from how its home market writes prices (CLDR for the capital's
// locale, checked against local retail sites). `presentation_symbol` is the symbol exactly as printed
// beside an amount, including the no-break space (U+00A0) that some conventions put between symbol and
// number; `symbol` is the bare symbol the currency switcher shows next to the code. USD is printed
// "US$" because it is the default for every visitor whose country has no currency of its own in the map
// (Brazil, Panama, the rest of the world), and those visitors are not in the United States.
import type { LocalizedText } from "../../lib/db.ts";
import { CURRENCY_CODES, type CurrencyCode, type CurrencyFormat } from "../../lib/money.ts";

export const DEFAULT_CURRENCY: CurrencyCode = "USD";
export const DEFAULT_CURRENCY_ID = 1;

const NBSP = "\u00a0";

/** The Currency entity as the API and the pages see it: the contract's field names, name in one language. */
export interface Currency extends CurrencyFormat {
  id: number;
  name: string;
  symbol: string;
  /** ISO 4217 numeric code, three digits with leading zeros ("036" for AUD). */
  iso_number: string;
  iso_code: CurrencyCode;
  presentation_symbol: string;
  position: "D" | "I";
  decimal_separator: string;
  thousand_separator: string;
}

/** The stored form: the name in every site language. */
export type CurrencyRecord = Omit<Currency, "name"> & { name: LocalizedText };

export const CURRENCIES: readonly CurrencyRecord[] = [
  {
    id: 1,
    iso_code: "USD",
    iso_number: "840",
    name: { es: "Dólar estadounidense", en: "US dollar", pt: "Dólar americano" },
    symbol: "$",
    presentation_symbol: "US$",
    position: "I",
    decimal_separator: ".",
    thousand_separator: ",",
  },
  {
    id: 2,
    iso_code: "MXN",
    iso_number: "484",
    name: { es: "Peso mexicano", en: "Mexican peso", pt: "Peso mexicano" },
    symbol: "$",
    presentation_symbol: "$",
    position: "I",
    decimal_separator: ".",
    thousand_separator: ",",
  },
  {
    // Spain, Germany, Italy and the Netherlands — most of our EUR visitors — group with "." and
    // write "," for decimals with the symbol after the number; one convention for all EUR prices.
    id: 3,
    iso_code: "EUR",
    iso_number: "978",
    name: { es: "Euro", en: "Euro", pt: "Euro" },
    symbol: "€",
    presentation_symbol: `${NBSP}€`,
    position: "D",
    decimal_separator: ",",
    thousand_separator: ".",
  },
  {
    id: 4,
    iso_code: "CAD",
    iso_number: "124",
    name: { es: "Dólar canadiense", en: "Canadian dollar", pt: "Dólar canadense" },
    symbol: "$",
    presentation_symbol: "$",
    position: "I",
    decimal_separator: ".",
    thousand_separator: ",",
  },
  {
    id: 5,
    iso_code: "GBP",
    iso_number: "826",
    name: { es: "Libra esterlina", en: "Pound sterling", pt: "Libra esterlina" },
    symbol: "£",
    presentation_symbol: "£",
    position: "I",
    decimal_separator: ".",
    thousand_separator: ",",
  },
  {
    id: 6,
    iso_code: "AUD",
    iso_number: "036",
    name: { es: "Dólar australiano", en: "Australian dollar", pt: "Dólar australiano" },
    symbol: "$",
    presentation_symbol: "$",
    position: "I",
    decimal_separator: ".",
    thousand_separator: ",",
  },
  {
    id: 7,
    iso_code: "COP",
    iso_number: "170",
    name: { es: "Peso colombiano", en: "Colombian peso", pt: "Peso colombiano" },
    symbol: "$",
    presentation_symbol: `$${NBSP}`,
    position: "I",
    decimal_separator: ",",
    thousand_separator: ".",
  },
  {
    id: 8,
    iso_code: "CLP",
    iso_number: "152",
    name: { es: "Peso chileno", en: "Chilean peso", pt: "Peso chileno" },
    symbol: "$",
    presentation_symbol: "$",
    position: "I",
    decimal_separator: ",",
    thousand_separator: ".",
  },
  {
    id: 9,
    iso_code: "ARS",
    iso_number: "032",
    name: { es: "Peso argentino", en: "Argentine peso", pt: "Peso argentino" },
    symbol: "$",
    presentation_symbol: `$${NBSP}`,
    position: "I",
    decimal_separator: ",",
    thousand_separator: ".",
  },
  {
    id: 10,
    iso_code: "PEN",
    iso_number: "604",
    name: { es: "Sol peruano", en: "Peruvian sol", pt: "Sol peruano" },
    symbol: "S/",
    presentation_symbol: `S/${NBSP}`,
    position: "I",
    decimal_separator: ".",
    thousand_separator: ",",
  },
  {
    id: 11,
    iso_code: "JPY",
    iso_number: "392",
    name: { es: "Yen japonés", en: "Japanese yen", pt: "Iene japonês" },
    symbol: "¥",
    presentation_symbol: "¥",
    position: "I",
    decimal_separator: ".",
    thousand_separator: ",",
  },
  {
    id: 12,
    iso_code: "CNY",
    iso_number: "156",
    name: { es: "Yuan chino", en: "Chinese yuan", pt: "Yuan chinês" },
    // The yen is "¥" too, and both are offered side by side: CLDR's "CN¥" tells them apart.
    symbol: "CN¥",
    presentation_symbol: "CN¥",
    position: "I",
    decimal_separator: ".",
    thousand_separator: ",",
  },
  {
    id: 13,
    iso_code: "KRW",
    iso_number: "410",
    name: { es: "Won surcoreano", en: "South Korean won", pt: "Won sul-coreano" },
    symbol: "₩",
    presentation_symbol: "₩",
    position: "I",
    decimal_separator: ".",
    thousand_separator: ",",
  },
  {
    id: 14,
    iso_code: "RUB",
    iso_number: "643",
    name: { es: "Rublo ruso", en: "Russian ruble", pt: "Rublo russo" },
    symbol: "₽",
    presentation_symbol: `${NBSP}₽`,
    position: "D",
    decimal_separator: ",",
    thousand_separator: NBSP,
  },
  {
    // "$U" tells it apart from the Argentine peso, whose visitors are its neighbours.
    id: 15,
    iso_code: "UYU",
    iso_number: "858",
    name: { es: "Peso uruguayo", en: "Uruguayan peso", pt: "Peso uruguaio" },
    symbol: "$U",
    presentation_symbol: `$U${NBSP}`,
    position: "I",
    decimal_separator: ",",
    thousand_separator: ".",
  },
  {
    id: 16,
    iso_code: "GTQ",
    iso_number: "320",
    name: { es: "Quetzal guatemalteco", en: "Guatemalan quetzal", pt: "Quetzal guatemalteco" },
    symbol: "Q",
    presentation_symbol: "Q",
    position: "I",
    decimal_separator: ".",
    thousand_separator: ",",
  },
  {
    id: 17,
    iso_code: "CRC",
    iso_number: "188",
    name: { es: "Colón costarricense", en: "Costa Rican colón", pt: "Colón costarriquenho" },
    symbol: "₡",
    presentation_symbol: "₡",
    position: "I",
    decimal_separator: ",",
    thousand_separator: NBSP,
  },
];

const BY_CODE = new Map(CURRENCIES.map((currency) => [currency.iso_code, currency]));

/** The fixed id of each code: the currency_id cookie must carry exactly this. */
export const CURRENCY_IDS: Readonly<Record<CurrencyCode, number>> = Object.fromEntries(
  CURRENCY_CODES.map((code) => [code, BY_CODE.get(code)?.id ?? 0]),
) as Record<CurrencyCode, number>;

export function currencyRecordOf(code: CurrencyCode): CurrencyRecord {
  const record = BY_CODE.get(code);
  if (!record) throw new Error(`no currency record for ${code}`);
  return record;
}

/**
 * Whether an amount written with this currency's symbol names the currency by itself ("US$", "€",
 * "CN¥") or shares its symbol with another of the 17 ("$": MXN, CAD, AUD, COP, CLP, ARS) and needs its
 * ISO code beside it where the page's currency is not in view (e-mails): "$1,270.00 MXN", "US$240.45".
 */
export function symbolNamesCurrency(code: CurrencyCode): boolean {
  const symbolOf = (currency: CurrencyRecord) => currency.presentation_symbol.trim();
  const own = symbolOf(currencyRecordOf(code));
  return CURRENCIES.every((currency) => currency.iso_code === code || symbolOf(currency) !== own);
}
