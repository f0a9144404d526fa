import { describe, expect, it } from "vitest";
import type { CurrencyCode } from "../../lib/money.ts";
import { buildQuote, currencyRecordOf, type Currency } from "../../modules/currency/index.ts";
import { formatPriceIn } from "./visitor-currency.ts";

function entity(code: CurrencyCode): Currency {
  const record = currencyRecordOf(code);
  return { ...record, name: record.name.en };
}

const NOW = new Date("2026-11-20T12:00:00Z");
const QUOTE = buildQuote(
  [
    { id: 11, currency: "USD", rate: "0.0543", source: "test", validFrom: NOW, createdAt: NOW },
    { id: 12, currency: "EUR", rate: "0.0468", source: "test", validFrom: NOW, createdAt: NOW },
    { id: 13, currency: "JPY", rate: "8.32", source: "test", validFrom: NOW, createdAt: NOW },
  ],
  NOW,
);

describe("a catalogue price written in the visitor's currency", () => {
  it.each<[CurrencyCode, string]>([
    ["MXN", "$254.00"],
    ["USD", "US$13.79"], // 254 × 0.0543 = 13.7922
    ["EUR", "11,89\u00a0€"], // 254 × 0.0468 = 11.8872
    ["JPY", "¥2,113"], // 254 × 8.32 = 2113.28, no minor unit
  ])("MXN 254.00 in %s is %s", (code, expected) => {
    expect(formatPriceIn({ amountMinor: 254_00, currency: "MXN" }, entity(code), QUOTE)).toBe(expected);
  });

  it("refuses a price not set in MXN: the catalogue sets every price in pesos", () => {
    expect(() => formatPriceIn({ amountMinor: 10_00, currency: "USD" }, entity("EUR"), QUOTE)).toThrow(/MXN/);
  });

  it("refuses a currency the quote has no rate for", () => {
    expect(() => formatPriceIn({ amountMinor: 254_00, currency: "MXN" }, entity("GBP"), QUOTE)).toThrow(/GBP/);
  });
});
