import fc from "fast-check";
import { describe, expect, it, test } from "vitest";
import { SEED_EXCHANGE_RATES } from "../../db/seed.ts";
import { CURRENCY_CODES, MINOR_UNITS, formatMoney, money, parseMoney } from "../../lib/money.ts";
import { CURRENCIES, CURRENCY_IDS, DEFAULT_CURRENCY, DEFAULT_CURRENCY_ID, currencyRecordOf } from "./currencies.ts";
import { buildQuote, priceIn, type ExchangeRate } from "./rates.ts";

describe("the 17 currencies", () => {
  it("are exactly the 17 sold, each once, with USD as id 1 and the default", () => {
    expect(CURRENCIES.map((currency) => currency.isoCode).sort()).toEqual([...CURRENCY_CODES].sort());
    expect(new Set(CURRENCIES.map((currency) => currency.id)).size).toBe(17);
    expect(new Set(CURRENCIES.map((currency) => currency.isoNumber)).size).toBe(17);
    expect(DEFAULT_CURRENCY).toBe("USD");
    expect(DEFAULT_CURRENCY_ID).toBe(1);
    expect(CURRENCY_IDS.USD).toBe(1);
    expect(currencyRecordOf("USD").id).toBe(1);
  });

  test.each(CURRENCIES.map((currency) => [currency.isoCode, currency] as const))(
    "%s is well formed",
    (_code, currency) => {
      expect(currency.isoNumber).toMatch(/^\d{3}$/);
      expect(["D", "I"]).toContain(currency.position);
      expect(currency.decimalSeparator).toHaveLength(1);
      expect(currency.thousandSeparator.length).toBeLessThanOrEqual(1);
      expect(currency.thousandSeparator).not.toBe(currency.decimalSeparator);
      expect(currency.presentationSymbol.trim()).not.toBe("");
      expect(currency.presentationSymbol).toContain(currency.symbol);
      for (const language of ["es", "en", "pt"] as const) expect(currency.name[language]).not.toBe("");
    },
  );

  test.each(CURRENCIES.map((currency) => [currency.isoCode, currency] as const))(
    "%s prices show as many decimals as the currency API's minor_units",
    (code, currency) => {
      const written = formatMoney(money(123_400 * 10 ** MINOR_UNITS[code], code), currency);
      const decimals = written.replace(currency.presentationSymbol, "").split(currency.decimalSeparator)[1] ?? "";
      expect(decimals.replace(/\D/g, "").length).toBe(MINOR_UNITS[code]);
    },
  );

  it("tell the yen from the yuan, which the currency switcher lists side by side (CN¥, as CLDR writes it)", () => {
    expect(currencyRecordOf("JPY").presentationSymbol).toBe("¥");
    expect(currencyRecordOf("CNY").presentationSymbol).toBe("CN¥");
    expect(currencyRecordOf("CNY").symbol).toBe("CN¥");
  });

  it("carry their ISO 4217 numeric codes", () => {
    expect(Object.fromEntries(CURRENCIES.map((currency) => [currency.isoCode, currency.isoNumber]))).toEqual({
      USD: "840",
      MXN: "484",
      EUR: "978",
      CAD: "124",
      GBP: "826",
      AUD: "036",
      COP: "170",
      CLP: "152",
      ARS: "032",
      PEN: "604",
      JPY: "392",
      CNY: "156",
      KRW: "410",
      RUB: "643",
      UYU: "858",
      GTQ: "320",
      CRC: "188",
    });
  });
});

describe("one amount written in each currency's own way", () => {
  // 1,234,567.89 units (1,234,567 where the currency has no minor unit). \u00a0 is a no-break space.
  test.each([
    ["USD", "US$1,234,567.89"],
    ["MXN", "$1,234,567.89"],
    ["EUR", "1.234.567,89\u00a0€"],
    ["CAD", "$1,234,567.89"],
    ["GBP", "£1,234,567.89"],
    ["AUD", "$1,234,567.89"],
    ["COP", "$\u00a01.234.567,89"],
    ["CLP", "$1.234.567"],
    ["ARS", "$\u00a01.234.567,89"],
    ["PEN", "S/\u00a01,234,567.89"],
    ["JPY", "¥1,234,567"],
    ["CNY", "CN¥1,234,567.89"],
    ["KRW", "₩1,234,567"],
    ["RUB", "1\u00a0234\u00a0567,89\u00a0₽"],
    ["UYU", "$U\u00a01.234.567,89"],
    ["GTQ", "Q1,234,567.89"],
    ["CRC", "₡1\u00a0234\u00a0567,89"],
  ] as const)("%s: %s", (code, expected) => {
    const amount = money(MINOR_UNITS[code] === 0 ? 1_234_567 : 123_456_789, code);
    expect(formatMoney(amount, currencyRecordOf(code))).toBe(expected);
  });
});

describe("MXN 123,456.78 as the site shows it in each currency, with the seeded rates", () => {
  const rates: ExchangeRate[] = Object.entries(SEED_EXCHANGE_RATES).map(([currency, rate], index) => ({
    id: index + 1,
    currency: currency as ExchangeRate["currency"],
    rate,
    source: "seed",
    validFrom: new Date("2025-01-01T00:00:00Z"),
    createdAt: new Date("2025-01-01T00:00:00Z"),
  }));
  const quote = buildQuote(rates, new Date("2026-01-01T00:00:00Z"));

  test.each([
    ["USD", "US$6,703.70"],
    ["MXN", "$123,456.78"],
    ["EUR", "5.777,78\u00a0€"],
    ["CAD", "$9,283.95"],
    ["GBP", "£5,000.00"],
    ["AUD", "$10,222.22"],
    ["COP", "$\u00a026.228.393,00"],
    ["CLP", "$6.335.802"],
    ["ARS", "$\u00a09.487.654,00"],
    ["PEN", "S/\u00a022,654.32"],
    ["JPY", "¥1,027,160"],
    ["CNY", "CN¥47,716.05"],
    ["KRW", "₩9,622,221"],
    ["RUB", "533\u00a0333,29\u00a0₽"],
    ["UYU", "$U\u00a0267.283,93"],
    ["GTQ", "Q51,419.75"],
    ["CRC", "₡3\u00a0364\u00a0197,00"],
  ] as const)("%s: %s", (code, expected) => {
    expect(formatMoney(priceIn(money(12_345_678, "MXN"), code, quote), currencyRecordOf(code))).toBe(expected);
  });
});

describe("formatting then parsing gives the amount back", () => {
  test.each(CURRENCIES.map((currency) => [currency.isoCode, currency] as const))("in %s", (code, currency) => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (amountMinor) => {
        const amount = money(amountMinor, code);
        expect(parseMoney(formatMoney(amount, currency), currency)).toEqual(amount);
      }),
      { numRuns: 300 },
    );
  });
});
