// A price is made once in MXN, converted once and rounded once: the widget's quote, the cart, the
// booking and the amount the provider is asked to charge are the same figure in every currency.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CURRENCY_CODES, formatDecimal, multiply, subtract, sum, type CurrencyCode } from "../lib/money.ts";
import { convertPricing, pricingOf, sumPrices, priceSelection } from "../modules/pricing/index.ts";
import type { PassengerCounts, PresaleTier } from "../modules/catalog/index.ts";
import type { Quote } from "../modules/currency/index.ts";
import { offerPriceOf } from "./booking-offers.ts";

const quoteOf = (currency: CurrencyCode, rate: string): Quote => ({
  id: `fx:${currency}@1`,
  base: "MXN",
  quotedAt: "2031-01-01T00:00:00.000Z",
  rates: [{ currency, rate, rateId: 1, validFrom: "2031-01-01T00:00:00.000Z" }],
});

const fare = (passengerType: "adult" | "child" | "infant", amountMinor: number) => ({
  category: "tourist" as const,
  passengerType,
  trip: "single" as const,
  amountMinor,
  currency: "MXN",
});

function pricedSelection(
  fares: { adult: number; child: number },
  passengers: PassengerCounts,
  discountBasisPoints: number,
) {
  const tiers: PresaleTier[] =
    discountBasisPoints > 0 ? [{ productId: null, minDaysAhead: 7, discountBasisPoints, active: true }] : [];
  return priceSelection({
    productId: 1,
    fares: [fare("adult", fares.adult), fare("child", fares.child)],
    tiers,
    category: "tourist",
    trip: "single",
    passengers,
    daysAhead: 30,
  });
}

/** What checkout charges: the booking's total, the sum of its lines as the cart converts them. */
function chargedFor(priced: ReturnType<typeof pricedSelection>, currency: CurrencyCode, quote: Quote) {
  return sumPrices([convertPricing(pricingOf(priced), currency, quote)], currency).total;
}

describe("one price from the widget to the charge", () => {
  it("quotes 2 adults and a child on the catamaran at what the cart and the charge say (US$, 10 % presale)", () => {
    const priced = pricedSelection({ adult: 1790_00, child: 1340_00 }, { adult: 2, child: 1, infant: 0 }, 1000);
    const quote = quoteOf("USD", "0.054311");
    const offer = offerPriceOf(priced, "USD", quote);
    expect(offer.total).toEqual(chargedFor(priced, "USD", quote));
  });

  it("is the same figure in all 17 currencies, and the quote's lines add up to its total", () => {
    fc.assert(
      fc.property(
        fc.record({ adult: fc.integer({ min: 1, max: 5_000_00 }), child: fc.integer({ min: 1, max: 5_000_00 }) }),
        fc.record({
          adult: fc.integer({ min: 1, max: 20 }),
          child: fc.integer({ min: 0, max: 20 }),
          infant: fc.integer({ min: 0, max: 5 }),
        }),
        fc.constantFrom(0, 500, 1000, 1500),
        fc.constantFrom(...CURRENCY_CODES),
        fc.record({ digits: fc.bigInt({ min: 1n, max: 10_000_000n }), scale: fc.integer({ min: 0, max: 8 }) }),
        (fares, passengers, discountBasisPoints, currency, rate) => {
          const priced = pricedSelection(fares, passengers, discountBasisPoints);
          const quote = quoteOf(currency, formatDecimal(rate));
          const offer = offerPriceOf(priced, currency, quote);
          const cart = sumPrices([convertPricing(pricingOf(priced), currency, quote)], currency);
          expect(offer.total).toEqual(cart.total);
          expect(offer.subtotal).toEqual(cart.subtotal);
          expect(offer.total).toEqual(chargedFor(priced, currency, quote));
          // The summary shows each line at its list price, the discount, then the total.
          expect(
            sum(
              offer.lines.map((line) => multiply(line.unit, line.quantity)),
              currency,
            ),
          ).toEqual(offer.subtotal);
          expect(subtract(offer.subtotal, offer.discount)).toEqual(offer.total);
          expect(
            sum(
              offer.lines.map((line) => line.total),
              currency,
            ),
          ).toEqual(offer.total);
        },
      ),
      { numRuns: 500 },
    );
  });
});
