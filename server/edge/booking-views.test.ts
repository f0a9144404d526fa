// The widget's summary adds up: the lines at list price make the subtotal, less the discount the total.
import { describe, expect, it } from "vitest";
import { money, parseMoney, sum, type CurrencyFormat } from "../../lib/money.ts";
import type { OfferPrice } from "../../flows/booking-offers.ts";
import { priceView } from "./booking-views.ts";

const USD: CurrencyFormat = {
  isoCode: "USD",
  presentationSymbol: "US$",
  position: "I",
  decimalSeparator: ".",
  thousandSeparator: ",",
};
const usd = (minor: number) => money(minor, "USD");

// 2 adults at 509.00 and a child at 249.00, 5 % presale off each person's fare.
const offer: OfferPrice = {
  currency: "USD",
  quoteId: "fx:USD@1",
  presale: { minDaysAhead: 7, discountBasisPoints: 500 },
  lines: [
    { passengerType: "adult", quantity: 2, unit: usd(509_00), unitDiscount: usd(25_45), total: usd(967_10) },
    { passengerType: "child", quantity: 1, unit: usd(249_00), unitDiscount: usd(12_45), total: usd(236_55) },
  ],
  subtotal: usd(1267_00),
  discount: usd(63_35),
  total: usd(1203_65),
};

describe("the booking summary", () => {
  it("shows 2 × Adults and 1 × Child at list price, which add up to the fares before the discount", () => {
    const view = priceView(offer, USD);
    expect(view.lines.map((line) => line.total)).toEqual(["US$1,018.00", "US$249.00"]);
    const lines = sum(
      view.lines.map((line) => parseMoney(line.total, USD)!),
      "USD",
    );
    expect(lines).toEqual(parseMoney(view.subtotal, USD));
    expect([view.subtotal, view.discount, view.total]).toEqual(["US$1,267.00", "US$63.35", "US$1,203.65"]);
  });
});
