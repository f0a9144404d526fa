import { describe, expect, it } from "vitest";
import {
  currencyFormAction,
  currencyStateOf,
  filterCurrencies,
  matchesSearch,
  safeReturnPath,
  type CurrencyOption,
} from "./currency-options.ts";

// The 17 as the root loader lists them (modules/currency seeds the same names; components may not import it).
const LIST: [number, string, string, Record<"es" | "en" | "pt", string>][] = [
  [1, "USD", "$", { es: "Dólar estadounidense", en: "US dollar", pt: "Dólar americano" }],
  [2, "MXN", "$", { es: "Peso mexicano", en: "Mexican peso", pt: "Peso mexicano" }],
  [3, "EUR", "€", { es: "Euro", en: "Euro", pt: "Euro" }],
  [4, "CAD", "$", { es: "Dólar canadiense", en: "Canadian dollar", pt: "Dólar canadense" }],
  [5, "GBP", "£", { es: "Libra esterlina", en: "Pound sterling", pt: "Libra esterlina" }],
  [6, "AUD", "$", { es: "Dólar australiano", en: "Australian dollar", pt: "Dólar australiano" }],
  [7, "COP", "$", { es: "Peso colombiano", en: "Colombian peso", pt: "Peso colombiano" }],
  [8, "CLP", "$", { es: "Peso chileno", en: "Chilean peso", pt: "Peso chileno" }],
  [9, "ARS", "$", { es: "Peso argentino", en: "Argentine peso", pt: "Peso argentino" }],
  [10, "PEN", "S/", { es: "Sol peruano", en: "Peruvian sol", pt: "Sol peruano" }],
  [11, "JPY", "¥", { es: "Yen japonés", en: "Japanese yen", pt: "Iene japonês" }],
  [12, "CNY", "CN¥", { es: "Yuan chino", en: "Chinese yuan", pt: "Yuan chinês" }],
  [13, "KRW", "₩", { es: "Won surcoreano", en: "South Korean won", pt: "Won sul-coreano" }],
  [14, "RUB", "₽", { es: "Rublo ruso", en: "Russian ruble", pt: "Rublo russo" }],
  [15, "UYU", "$U", { es: "Peso uruguayo", en: "Uruguayan peso", pt: "Peso uruguaio" }],
  [16, "GTQ", "Q", { es: "Quetzal guatemalteco", en: "Guatemalan quetzal", pt: "Quetzal guatemalteco" }],
  [17, "CRC", "₡", { es: "Colón costarricense", en: "Costa Rican colón", pt: "Colón costarriquenho" }],
];

function optionsIn(language: "es" | "en" | "pt"): CurrencyOption[] {
  return LIST.map(([id, code, symbol, name]) => ({ id, code, symbol, name: name[language] }));
}

const codes = (options: CurrencyOption[]) => options.map((option) => option.code).sort();

describe("searching the currency list by code, name or symbol", () => {
  it.each<[string, "es" | "en" | "pt", string, string[]]>([
    [
      "an empty query lists all 17",
      "en",
      "",
      optionsIn("en")
        .map((option) => option.code)
        .sort(),
    ],
    [
      "blank space is an empty query",
      "en",
      "   ",
      optionsIn("en")
        .map((option) => option.code)
        .sort(),
    ],
    ["a code, any case", "en", "eur", ["EUR"]],
    ["a code prefix", "en", "CL", ["CLP"]],
    ["a word of the name", "en", "yen", ["JPY"]],
    ["a name without its accent", "es", "dolar", ["AUD", "CAD", "USD"]],
    ["a name with its accent", "es", "dólar", ["AUD", "CAD", "USD"]],
    ["Portuguese names", "pt", "iene", ["JPY"]],
    ["every word must match", "es", "peso mex", ["MXN"]],
    ["words in any order", "en", "peso chilean", ["CLP"]],
    ["a symbol", "en", "£", ["GBP"]],
    ["a symbol shared by several", "en", "€", ["EUR"]],
    ["the sol by its symbol", "en", "S/", ["PEN"]],
    ["nothing matches", "en", "bitcoin", []],
  ])("%s (%s, %j)", (_case, language, query, expected) => {
    expect(codes(filterCurrencies(optionsIn(language), query))).toEqual(expected);
  });

  it("matches text and query the same way (case and accents ignored on both sides)", () => {
    expect(matchesSearch("MXN Peso mexicano $", "PESO")).toBe(true);
    expect(matchesSearch("JPY Iéne japonês ¥", "iene JAPONES")).toBe(true);
    expect(matchesSearch("USD US dollar $", "euro")).toBe(false);
  });
});

describe("the client state", () => {
  it("mirrors the page's currency", () => {
    expect(currencyStateOf({ isoCode: "EUR", id: 3 })).toEqual({ currency: "EUR", currency_id: 3 });
  });

  it("defaults to USD with id 1 without one", () => {
    expect(currencyStateOf(null)).toEqual({ currency: "USD", currency_id: 1 });
    expect(currencyStateOf(undefined)).toEqual({ currency: "USD", currency_id: 1 });
  });
});

describe("where the no-JavaScript form sends the visitor back to", () => {
  it.each<[string, unknown, string]>([
    ["a page path", "/es/rutas-horarios/", "/es/rutas-horarios/"],
    [
      "a path with a query",
      "/en/routes-schedules/?date=2026-12-01&adults=2",
      "/en/routes-schedules/?date=2026-12-01&adults=2",
    ],
    ["a fragment is dropped", "/en/#featured", "/en/"],
    ["dot segments resolve on this site", "/es/../en/", "/en/"],
    ["another origin", "https://evil.example/", "/es/"],
    ["a protocol-relative URL", "//evil.example/", "/es/"],
    ["a backslash trick", "/\\evil.example/", "/es/"],
    ["a backslash anywhere", "/es/\\evil", "/es/"],
    ["a tab inside", "/\t/evil.example/", "/es/"],
    ["a javascript URL", "javascript:alert(1)", "/es/"],
    ["a relative path", "es/", "/es/"],
    ["an empty value", "", "/es/"],
    ["not a string", 42, "/es/"],
    ["nothing", undefined, "/es/"],
    ["a very long path", `/${"a".repeat(3000)}`, "/es/"],
  ])("%s", (_case, value, expected) => {
    expect(safeReturnPath(value, "/es/")).toBe(expected);
  });

  it("posts to the form route of the page's language", () => {
    expect(currencyFormAction("pt")).toBe("/pt/currency/");
  });
});
