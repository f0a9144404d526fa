// A line keeps its MXN price; the cart converts it with its own quote, and what it shows adds up.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Quote } from "../currency/index.ts";
import { convertPricing, sumPrices, type CartLinePricing } from "./conversion.ts";

const QUOTE: Quote = {
  id: "fx:test",
  base: "MXN",
  quotedAt: "2031-01-01T00:00:00.000Z",
  rates: [
    { currency: "USD", rate: "0.0512", rateId: 1, validFrom: "2031-01-01T00:00:00.000Z" },
    { currency: "JPY", rate: "8.1234", rateId: 2, validFrom: "2031-01-01T00:00:00.000Z" },
  ],
};

const pricing: CartLinePricing = {
  presale: { minDaysAhead: 7, discountBasisPoints: 500 },
  lines: [
    { passengerType: "adult", quantity: 2, unitMinor: 254_00, unitDiscountMinor: 12_70 },
    { passengerType: "child", quantity: 1, unitMinor: 125_00, unitDiscountMinor: 6_25 },
  ],
};

describe("convertPricing", () => {
  it("keeps MXN as stored: 2 × 241.30 + 118.75", () => {
    const price = convertPricing(pricing, "MXN", QUOTE);
    expect(price.total).toEqual({ amountMinor: 601_35, currency: "MXN" });
    expect(price.subtotal).toEqual({ amountMinor: 633_00, currency: "MXN" });
    expect(price.discount).toEqual({ amountMinor: 31_65, currency: "MXN" });
  });

  it("writes every amount in the cart's currency, and the totals are the sums of what is shown", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 60 }),
            unitMinor: fc.integer({ min: 0, max: 10_000_00 }),
            percent: fc.integer({ min: 0, max: 50 }),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        fc.constantFrom("USD" as const, "JPY" as const),
        (rows, currency) => {
          const lines = rows.map((row, index) => ({
            passengerType: (["adult", "child", "infant"] as const)[index]!,
            quantity: row.quantity,
            unitMinor: row.unitMinor,
            unitDiscountMinor: Math.floor((row.unitMinor * row.percent) / 100),
          }));
          const price = convertPricing({ presale: null, lines }, currency, QUOTE);
          expect(price.total.currency).toBe(currency);
          expect(price.total.amountMinor).toBe(price.lines.reduce((sum, line) => sum + line.total.amountMinor, 0));
          expect(price.subtotal.amountMinor - price.discount.amountMinor).toBe(price.total.amountMinor);
          const totals = sumPrices([price, price], currency);
          expect(totals.total.amountMinor).toBe(2 * price.total.amountMinor);
        },
      ),
    );
  });

  it("cannot price in a currency the quote lacks: prices could not be obtained", () => {
    expect(() => convertPricing(pricing, "EUR", QUOTE)).toThrow(
      expect.objectContaining({ code: "EXCHANGE_RATE_UNAVAILABLE" }),
    );
  });
});
