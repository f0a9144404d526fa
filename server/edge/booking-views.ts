// How a quote reads in the widgets' summary: each passenger line at its list price (fare × people),
// then the presale discount, then the total, so the figures shown add up from top to bottom. The
// cart's lines and totals read the same way.
import { formatMoney, multiply, type CurrencyFormat } from "../../lib/money.ts";
import type { OfferPrice } from "../../flows/booking-offers.ts";
import type { PriceView } from "../../lib/views/booking.ts";

export function priceView(price: OfferPrice, currency: CurrencyFormat): PriceView {
  return {
    currency: currency.iso_code,
    lines: price.lines.map((line) => ({
      type: line.passengerType,
      count: line.quantity,
      total: formatMoney(multiply(line.unit, line.quantity), currency),
    })),
    subtotal: formatMoney(price.subtotal, currency),
    discount: price.discount.amountMinor > 0 ? formatMoney(price.discount, currency) : null,
    total: formatMoney(price.total, currency),
    presale: price.presale
      ? { days: price.presale.minDaysAhead, percent: price.presale.discountBasisPoints / 100 }
      : null,
  };
}
