import fc from "fast-check";
import { describe, expect, it, test } from "vitest";
import {
  CURRENCY_CODES,
  CurrencyMismatchError,
  MINOR_UNITS,
  add,
  allocate,
  compare,
  convert,
  formatDecimal,
  formatMoney,
  isPricedInWholeUnits,
  money,
  multiply,
  negate,
  parseDecimal,
  parseMoney,
  roundToIncrement,
  split,
  subtract,
  sum,
  type CurrencyCode,
  type CurrencyFormat,
} from "./money.ts";

const currencyArb = fc.constantFrom(...CURRENCY_CODES);
const amountArb = fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 });
const moneyArb = fc
  .record({ amountMinor: amountArb, currency: currencyArb })
  .map(({ amountMinor, currency }) => money(amountMinor, currency));

describe("Money values", () => {
  it("are safe integers of a known currency", () => {
    expect(money(100, "MXN")).toEqual({ amountMinor: 100, currency: "MXN" });
    expect(money(-0, "USD").amountMinor).toBe(0);
    expect(Object.is(money(-0, "USD").amountMinor, 0)).toBe(true);
    expect(() => money(1.5, "MXN")).toThrow(RangeError);
    expect(() => money(Number.MAX_SAFE_INTEGER + 1, "MXN")).toThrow(RangeError);
    expect(() => money(Number.NaN, "MXN")).toThrow(RangeError);
    expect(() => money(1, "XYZ" as CurrencyCode)).toThrow(TypeError);
  });

  it("know each currency's ISO 4217 minor units: none for CLP, JPY and KRW, two for the rest", () => {
    const none = CURRENCY_CODES.filter((code) => MINOR_UNITS[code] === 0);
    expect(none.sort()).toEqual(["CLP", "JPY", "KRW"]);
    expect(CURRENCY_CODES).toHaveLength(17);
    expect(CURRENCY_CODES.filter((code) => MINOR_UNITS[code] === 2)).toHaveLength(14);
  });

  it("add, subtract, multiply and compare within one currency", () => {
    const a = money(25_400, "MXN");
    const b = money(12_500, "MXN");
    expect(add(a, b)).toEqual(money(37_900, "MXN"));
    expect(subtract(b, a)).toEqual(money(-12_900, "MXN"));
    expect(multiply(a, 3)).toEqual(money(76_200, "MXN"));
    expect(multiply(a, 0n)).toEqual(money(0, "MXN"));
    expect(negate(a)).toEqual(money(-25_400, "MXN"));
    expect(sum([a, b, a], "MXN")).toEqual(money(63_300, "MXN"));
    expect(sum([], "EUR")).toEqual(money(0, "EUR"));
    expect(compare(a, b)).toBe(1);
    expect(compare(b, a)).toBe(-1);
    expect(compare(a, money(25_400, "MXN"))).toBe(0);
  });

  it("refuse to mix currencies", () => {
    expect(() => add(money(1, "MXN"), money(1, "USD"))).toThrow(CurrencyMismatchError);
    expect(() => compare(money(1, "MXN"), money(1, "USD"))).toThrow(CurrencyMismatchError);
    expect(() => sum([money(1, "MXN"), money(1, "USD")], "MXN")).toThrow(CurrencyMismatchError);
  });

  it("refuse results beyond the safe integer range instead of losing precision", () => {
    expect(() => multiply(money(Number.MAX_SAFE_INTEGER, "MXN"), 2)).toThrow(RangeError);
    expect(() => add(money(Number.MAX_SAFE_INTEGER, "MXN"), money(1, "MXN"))).toThrow(RangeError);
    expect(() => multiply(money(1, "MXN"), 1.5)).toThrow(RangeError);
  });

  it("addition is exact: (a + b) − b = a", () => {
    fc.assert(
      fc.property(currencyArb, amountArb, amountArb, (currency, x, y) => {
        const a = money(x, currency);
        const b = money(y, currency);
        expect(subtract(add(a, b), b)).toEqual(a);
      }),
    );
  });
});

describe("allocate", () => {
  it("splits a total across passengers without losing a cent, extra cents to the first", () => {
    expect(split(money(1_000, "MXN"), 3).map((part) => part.amountMinor)).toEqual([334, 333, 333]);
    expect(split(money(-1_000, "MXN"), 3).map((part) => part.amountMinor)).toEqual([-334, -333, -333]);
    expect(split(money(2, "JPY"), 3).map((part) => part.amountMinor)).toEqual([1, 1, 0]);
  });

  it("splits by ratios with the largest remainder", () => {
    // 100 × 1/6 = 16.67, × 2/6 = 33.33, × 3/6 = 50 → floors 16, 33, 50 leave 1 for the largest remainder (0.67).
    expect(allocate(money(100, "USD"), [1, 2, 3]).map((part) => part.amountMinor)).toEqual([17, 33, 50]);
    expect(allocate(money(5, "USD"), [0, 1, 0]).map((part) => part.amountMinor)).toEqual([0, 5, 0]);
    expect(allocate(money(10, "USD"), [1n, 1n]).map((part) => part.amountMinor)).toEqual([5, 5]);
  });

  it("refuses ratios it cannot honour", () => {
    expect(() => allocate(money(1, "USD"), [])).toThrow(RangeError);
    expect(() => allocate(money(1, "USD"), [0, 0])).toThrow(RangeError);
    expect(() => allocate(money(1, "USD"), [1, -1])).toThrow(RangeError);
    expect(() => allocate(money(1, "USD"), [0.5, 1])).toThrow(RangeError);
    expect(() => split(money(1, "USD"), 0)).toThrow(RangeError);
  });

  it("always sums back to the total, and every part is within one minor unit of its exact share", () => {
    fc.assert(
      fc.property(
        moneyArb,
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 40 }),
        (total, ratios) => {
          fc.pre(ratios.some((ratio) => ratio > 0));
          const parts = allocate(total, ratios);
          expect(parts).toHaveLength(ratios.length);
          expect(sum(parts, total.currency)).toEqual(total);
          const weightSum = BigInt(ratios.reduce((a, b) => a + b, 0));
          parts.forEach((part, index) => {
            // |part × Σ − total × ratio| < Σ, i.e. the part is less than one minor unit from its exact share.
            const error = BigInt(part.amountMinor) * weightSum - BigInt(total.amountMinor) * BigInt(ratios[index] ?? 0);
            expect(error < 0n ? -error : error).toBeLessThan(weightSum);
          });
        },
      ),
    );
  });

  it("split into n parts differs by at most one minor unit between parts", () => {
    fc.assert(
      fc.property(moneyArb, fc.integer({ min: 1, max: 60 }), (total, n) => {
        const amounts = split(total, n).map((part) => part.amountMinor);
        expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
        expect(amounts.reduce((a, b) => a + b, 0)).toBe(total.amountMinor);
      }),
    );
  });
});

describe("exact decimals", () => {
  test.each([
    ["0.0543", 543n, 4, "0.0543"],
    ["18", 18n, 0, "18"],
    ["212.450", 21245n, 2, "212.45"],
    ["0.000001", 1n, 6, "0.000001"],
    ["007.5", 75n, 1, "7.5"],
  ])("%s reads as %s × 10^-%i and writes back as %s", (text, digits, scale, written) => {
    expect(parseDecimal(text)).toEqual({ digits, scale });
    expect(formatDecimal({ digits, scale })).toBe(written);
  });

  test.each(["", ".5", "5.", "1e3", "-1", "0x10", "1,5", " 1", "NaN", "Infinity", "1.2.3"])(
    "%j is not a decimal",
    (text) => {
      expect(parseDecimal(text)).toBeNull();
    },
  );
});

describe("convert", () => {
  it("multiplies by the rate exactly and rounds half away from zero to the target's increment", () => {
    const usdPerMxn = parseDecimal("0.0543")!;
    expect(convert(money(25_400, "MXN"), "USD", usdPerMxn)).toEqual(money(1_379, "USD")); // 13.7922
    expect(convert(money(10_000, "MXN"), "USD", parseDecimal("0.05425")!)).toEqual(money(543, "USD")); // 5.425 → 5.43
    expect(convert(money(-10_000, "MXN"), "USD", parseDecimal("0.05425")!)).toEqual(money(-543, "USD"));
    expect(convert(money(10_000, "MXN"), "USD", parseDecimal("0.05424999")!)).toEqual(money(542, "USD"));
  });

  it("goes between currencies with different minor units", () => {
    expect(convert(money(25_400, "MXN"), "JPY", parseDecimal("8.32")!)).toEqual(money(2_113, "JPY")); // 2113.28
    expect(convert(money(2_113, "JPY"), "MXN", parseDecimal("0.12")!)).toEqual(money(25_356, "MXN")); // 253.56
  });

  it("prices COP, ARS and CRC in whole units (half up), like their markets", () => {
    expect(isPricedInWholeUnits("COP")).toBe(true);
    expect(isPricedInWholeUnits("ARS")).toBe(true);
    expect(isPricedInWholeUnits("CRC")).toBe(true);
    expect(isPricedInWholeUnits("MXN")).toBe(false);
    expect(isPricedInWholeUnits("JPY")).toBe(false); // no minor unit at all
    expect(convert(money(25_400, "MXN"), "COP", parseDecimal("212.45")!)).toEqual(money(5_396_200, "COP")); // 53,962.30 → 53,962
    expect(convert(money(100, "MXN"), "COP", parseDecimal("212.5")!)).toEqual(money(21_300, "COP")); // 212.50 → 213
    expect(roundToIncrement(money(5_396_230, "COP"))).toEqual(money(5_396_200, "COP"));
    expect(roundToIncrement(money(-150, "ARS"))).toEqual(money(-200, "ARS"));
  });

  it("refuses a non-positive rate", () => {
    expect(() => convert(money(1, "MXN"), "USD", { digits: 0n, scale: 0 })).toThrow(RangeError);
  });

  it("never drifts more than half an increment from the exact product", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }), // up to 10 million pesos
        currencyArb,
        fc.bigInt({ min: 1n, max: 10n ** 12n }), // with scale ≥ 6: rates up to the admin API's 1,000,000
        fc.integer({ min: 6, max: 12 }),
        (amount, to, digits, scale) => {
          const result = convert(money(amount, "MXN"), to, { digits, scale });
          // exact = amount × digits × 10^toUnits / 10^(scale + 2), in target minor units.
          const numerator = BigInt(amount) * digits * 10n ** BigInt(MINOR_UNITS[to]);
          const denominator = 10n ** BigInt(scale + 2);
          const error = BigInt(result.amountMinor) * denominator - numerator;
          const increment = isPricedInWholeUnits(to) ? 100n : 1n;
          expect((error < 0n ? -error : error) * 2n).toBeLessThanOrEqual(increment * denominator);
          expect(BigInt(result.amountMinor) % increment).toBe(0n);
        },
      ),
    );
  });
});

describe("formatMoney and parseMoney", () => {
  const usd: CurrencyFormat = {
    isoCode: "USD",
    presentationSymbol: "US$",
    position: "I",
    decimalSeparator: ".",
    thousandSeparator: ",",
  };
  const eur: CurrencyFormat = {
    isoCode: "EUR",
    presentationSymbol: "\u00a0€",
    position: "D",
    decimalSeparator: ",",
    thousandSeparator: ".",
  };
  const rub: CurrencyFormat = {
    isoCode: "RUB",
    presentationSymbol: "\u00a0₽",
    position: "D",
    decimalSeparator: ",",
    thousandSeparator: "\u00a0",
  };
  const jpy: CurrencyFormat = {
    isoCode: "JPY",
    presentationSymbol: "¥",
    position: "I",
    decimalSeparator: ".",
    thousandSeparator: ",",
  };
  const cop: CurrencyFormat = {
    isoCode: "COP",
    presentationSymbol: "$\u00a0",
    position: "I",
    decimalSeparator: ",",
    thousandSeparator: ".",
  };
  const plain: CurrencyFormat = {
    isoCode: "MXN",
    presentationSymbol: "$",
    position: "I",
    decimalSeparator: ".",
    thousandSeparator: "",
  };

  test.each([
    [money(0, "USD"), usd, "US$0.00"],
    [money(5, "USD"), usd, "US$0.05"],
    [money(100_000, "USD"), usd, "US$1,000.00"],
    [money(-123_456, "USD"), usd, "-US$1,234.56"],
    [money(123_456, "EUR"), eur, "1.234,56\u00a0€"],
    [money(-99, "EUR"), eur, "-0,99\u00a0€"],
    [money(123_456_789, "RUB"), rub, "1\u00a0234\u00a0567,89\u00a0₽"],
    [money(1_234, "JPY"), jpy, "¥1,234"],
    [money(123_400, "COP"), cop, "$\u00a01.234,00"],
    [money(123_450, "COP"), cop, "$\u00a01.234,50"],
    [money(123_456_789, "MXN"), plain, "$1234567.89"],
  ])("%o with %o reads %j", (amount, format, expected) => {
    expect(formatMoney(amount, format)).toBe(expected);
    expect(parseMoney(expected, format)).toEqual(amount);
  });

  it("refuses a format of another currency", () => {
    expect(() => formatMoney(money(1, "MXN"), usd)).toThrow(CurrencyMismatchError);
  });

  test.each([
    ["1,234.56", usd, 123_456],
    ["US$ 1,234.56", usd, 123_456],
    ["  US$1234.5 ", usd, 123_450],
    ["1.234,56 €", eur, 123_456],
    ["1234 €", eur, 123_400],
    ["1 234 567,89 ₽", rub, 123_456_789],
    ["1234567,89", rub, 123_456_789],
    ["- ¥1,234", jpy, -1_234],
  ])("reads %j leniently where it is unambiguous", (text, format, minor) => {
    expect(parseMoney(text, format)?.amountMinor).toBe(minor);
  });

  test.each([
    ["", usd],
    ["US$", usd],
    ["US$1,234.567", usd], // more decimals than the currency has
    ["US$1,23,4.56", usd], // misplaced grouping
    ["US$1.234,56", usd], // another currency's separators
    ["€1.234,56", eur],
    ["¥1,234.5", jpy], // JPY has no minor unit
    ["US$1e3", usd],
    ["US$99999999999999999999", usd],
    ["--1", usd],
    ["1 2", usd],
  ])("refuses %j", (text, format) => {
    expect(parseMoney(text, format)).toBeNull();
  });
});
