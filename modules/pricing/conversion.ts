// What a cart costs in its currency. A line keeps its price in MXN from the moment its seats were
// held (presale and fares as they were then); the cart converts every line with its own quote, and
// totals are sums of converted lines so that what is shown adds up to the cent.
import { BASE_CURRENCY, money, multiply, subtract, sum, type CurrencyCode, type Money } from "../../lib/money.ts";
import type { PassengerType } from "../catalog/index.ts";
import type { Presale, PriceResult } from "./selection.ts";
import { priceIn, type Quote } from "../currency/index.ts";

export interface CartLinePricing {
  presale: Presale | null;
  /** Per passenger type, MXN minor units. */
  lines: { passengerType: PassengerType; quantity: number; unitMinor: number; unitDiscountMinor: number }[];
}

/** The snapshot a line stores from the catalogue's price of its selection (MXN). */
export function pricingOf(result: PriceResult): CartLinePricing {
  return {
    presale: result.presale,
    lines: result.lines.map((line) => ({
      passengerType: line.passengerType,
      quantity: line.quantity,
      unitMinor: line.unit.amountMinor,
      unitDiscountMinor: line.unitDiscount.amountMinor,
    })),
  };
}

export interface ConvertedLine {
  passengerType: PassengerType;
  quantity: number;
  /** One person's fare before presale. */
  unit: Money;
  /** What one person pays: the fare less the presale discount, converted on its own. */
  net: Money;
  /** quantity × net. */
  total: Money;
}

export interface ConvertedPrice {
  presale: Presale | null;
  lines: ConvertedLine[];
  /** Before presale. */
  subtotal: Money;
  discount: Money;
  total: Money;
}

/**
 * A line's price in `currency`, the one conversion every price shown or charged goes through (the
 * widget's quote, the cart, the booking): each person's fare and net price converted and rounded
 * once, then multiplied, so unit × quantity is the line and the lines add up to the totals.
 */
export function convertPricing(pricing: CartLinePricing, currency: CurrencyCode, quote: Quote): ConvertedPrice {
  const convert = (minor: number) => priceIn(money(minor, BASE_CURRENCY), currency, quote);
  const lines = pricing.lines.map((line) => {
    const unit = convert(line.unitMinor);
    const net = convert(line.unitMinor - line.unitDiscountMinor);
    return {
      passengerType: line.passengerType,
      quantity: line.quantity,
      unit,
      net,
      total: multiply(net, line.quantity),
    };
  });
  const subtotal = sum(
    lines.map((line) => multiply(line.unit, line.quantity)),
    currency,
  );
  const total = sum(
    lines.map((line) => line.total),
    currency,
  );
  return { presale: pricing.presale, lines, subtotal, discount: subtract(subtotal, total), total };
}

/** The sum of some converted prices (the lines a visitor can still pay for). */
export function sumPrices(
  prices: readonly ConvertedPrice[],
  currency: CurrencyCode,
): { subtotal: Money; discount: Money; total: Money } {
  const subtotal = sum(
    prices.map((price) => price.subtotal),
    currency,
  );
  const total = sum(
    prices.map((price) => price.total),
    currency,
  );
  return { subtotal, discount: subtract(subtotal, total), total };
}
