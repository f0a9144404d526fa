// The 17 currencies of the site with the conventions each is written with. This table is
// the seed of the `currencies` table and the source of the fixed code ↔ id pairs the currency cookies
// carry; USD is id 1 and the default.
//
// Conventions, one per currency, from how its home market writes prices (CLDR for the capital's
// locale, checked against local retail sites). `presentationSymbol` is the symbol exactly as printed
// beside an amount, including the no-break space (U+00A0) that some conventions put between symbol and
// number; `symbol` is the bare symbol the currency switcher shows next to the code. USD is printed
// "US$" because it is the default for every visitor whose country has no currency of its own in the map
// (Brazil, Panama, the rest of the world), and those visitors are not in the United States.
import type { LocalizedText } from "../../lib/db.ts";
import { CURRENCY_CODES, type CurrencyCode, type CurrencyFormat } from "../../lib/money.ts";

export const DEFAULT_CURRENCY: CurrencyCode = "USD";
export const DEFAULT_CURRENCY_ID = 1;

const NBSP = "\u00a0";

/**
 * The Currency entity as the code sees it, named in one language. The API writes it with the public
 * contract's snake_case names (`iso_code`, `presentation_symbol`, …): server/api/currencies.ts currencyJson.
 */
export interface Currency extends CurrencyFormat {
  id: number;
  name: string;
  symbol: string;
  /** ISO 4217 numeric code, three digits with leading zeros ("036" for AUD). */
  isoNumber: string;
  isoCode: CurrencyCode;
  presentationSymbol: string;
  position: "D" | "I";
  decimalSeparator: string;
  thousandSeparator: string;
}

/** The stored form: the name in every site language. */
export type CurrencyRecord = Omit<Currency, "name"> & { name: LocalizedText };

export const CURRENCIES: readonly CurrencyRecord[] = [
  {
    id: 1,
    isoCode: "USD",
    isoNumber: "840",
    name: { es: "Dólar estadounidense", en: "US dollar", pt: "Dólar americano" },
    symbol: "$",
    presentationSymbol: "US$",
    position: "I",
    decimalSeparator: ".",
    thousandSeparator: ",",
  },
  {
    id: 2,
    isoCode: "MXN",
    isoNumber: "484",
    name: { es: "Peso mexicano", en: "Mexican peso", pt: "Peso mexicano" },
    symbol: "$",
    presentationSymbol: "$",
    position: "I",
    decimalSeparator: ".",
    thousandSeparator: ",",
  },
  {
    // Spain, Germany, Italy and the Netherlands — most of our EUR visitors — group with "." and
    // write "," for decimals with the symbol after the number; one convention for all EUR prices.
    id: 3,
    isoCode: "EUR",
    isoNumber: "978",
    name: { es: "Euro", en: "Euro", pt: "Euro" },
    symbol: "€",
    presentationSymbol: `${NBSP}€`,
    position: "D",
    decimalSeparator: ",",
    thousandSeparator: ".",
  },
  {
    id: 4,
    isoCode: "CAD",
    isoNumber: "124",
    name: { es: "Dólar canadiense", en: "Canadian dollar", pt: "Dólar canadense" },
    symbol: "$",
    presentationSymbol: "$",
    position: "I",
    decimalSeparator: ".",
    thousandSeparator: ",",
  },
  {
    id: 5,
    isoCode: "GBP",
    isoNumber: "826",
    name: { es: "Libra esterlina", en: "Pound sterling", pt: "Libra esterlina" },
    symbol: "£",
    presentationSymbol: "£",
    position: "I",
    decimalSeparator: ".",
    thousandSeparator: ",",
  },
  {
    id: 6,
    isoCode: "AUD",
    isoNumber: "036",
    name: { es: "Dólar australiano", en: "Australian dollar", pt: "Dólar australiano" },
    symbol: "$",
    presentationSymbol: "$",
    position: "I",
    decimalSeparator: ".",
    thousandSeparator: ",",
  },
  {
    id: 7,
    isoCode: "COP",
    isoNumber: "170",
    name: { es: "Peso colombiano", en: "Colombian peso", pt: "Peso colombiano" },
    symbol: "$",
    presentationSymbol: `$${NBSP}`,
    position: "I",
    decimalSeparator: ",",
    thousandSeparator: ".",
  },
  {
    id: 8,
    isoCode: "CLP",
    isoNumber: "152",
    name: { es: "Peso chileno", en: "Chilean peso", pt: "Peso chileno" },
    symbol: "$",
    presentationSymbol: "$",
    position: "I",
    decimalSeparator: ",",
    thousandSeparator: ".",
  },
  {
    id: 9,
    isoCode: "ARS",
    isoNumber: "032",
    name: { es: "Peso argentino", en: "Argentine peso", pt: "Peso argentino" },
    symbol: "$",
    presentationSymbol: `$${NBSP}`,
    position: "I",
    decimalSeparator: ",",
    thousandSeparator: ".",
  },
  {
    id: 10,
    isoCode: "PEN",
    isoNumber: "604",
    name: { es: "Sol peruano", en: "Peruvian sol", pt: "Sol peruano" },
    symbol: "S/",
    presentationSymbol: `S/${NBSP}`,
    position: "I",
    decimalSeparator: ".",
    thousandSeparator: ",",
  },
  {
    id: 11,
    isoCode: "JPY",
    isoNumber: "392",
    name: { es: "Yen japonés", en: "Japanese yen", pt: "Iene japonês" },
    symbol: "¥",
    presentationSymbol: "¥",
    position: "I",
    decimalSeparator: ".",
    thousandSeparator: ",",
  },
  {
    id: 12,
    isoCode: "CNY",
    isoNumber: "156",
    name: { es: "Yuan chino", en: "Chinese yuan", pt: "Yuan chinês" },
    // The yen is "¥" too, and both are offered side by side: CLDR's "CN¥" tells them apart.
    symbol: "CN¥",
    presentationSymbol: "CN¥",
    position: "I",
    decimalSeparator: ".",
    thousandSeparator: ",",
  },
  {
    id: 13,
    isoCode: "KRW",
    isoNumber: "410",
    name: { es: "Won surcoreano", en: "South Korean won", pt: "Won sul-coreano" },
    symbol: "₩",
    presentationSymbol: "₩",
    position: "I",
    decimalSeparator: ".",
    thousandSeparator: ",",
  },
  {
    id: 14,
    isoCode: "RUB",
    isoNumber: "643",
    name: { es: "Rublo ruso", en: "Russian ruble", pt: "Rublo russo" },
    symbol: "₽",
    presentationSymbol: `${NBSP}₽`,
    position: "D",
    decimalSeparator: ",",
    thousandSeparator: NBSP,
  },
  {
    // "$U" tells it apart from the Argentine peso, whose visitors are its neighbours.
    id: 15,
    isoCode: "UYU",
    isoNumber: "858",
    name: { es: "Peso uruguayo", en: "Uruguayan peso", pt: "Peso uruguaio" },
    symbol: "$U",
    presentationSymbol: `$U${NBSP}`,
    position: "I",
    decimalSeparator: ",",
    thousandSeparator: ".",
  },
  {
    id: 16,
    isoCode: "GTQ",
    isoNumber: "320",
    name: { es: "Quetzal guatemalteco", en: "Guatemalan quetzal", pt: "Quetzal guatemalteco" },
    symbol: "Q",
    presentationSymbol: "Q",
    position: "I",
    decimalSeparator: ".",
    thousandSeparator: ",",
  },
  {
    id: 17,
    isoCode: "CRC",
    isoNumber: "188",
    name: { es: "Colón costarricense", en: "Costa Rican colón", pt: "Colón costarriquenho" },
    symbol: "₡",
    presentationSymbol: "₡",
    position: "I",
    decimalSeparator: ",",
    thousandSeparator: NBSP,
  },
];

const BY_CODE = new Map(CURRENCIES.map((currency) => [currency.isoCode, currency]));

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
  const symbolOf = (currency: CurrencyRecord) => currency.presentationSymbol.trim();
  const own = symbolOf(currencyRecordOf(code));
  return CURRENCIES.every((currency) => currency.isoCode === code || symbolOf(currency) !== own);
}
