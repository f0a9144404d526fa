// The booking views a page's loader and the live-sailings API both answer with: the fares per passenger
// type, the timetable's date, and how a quote reads in the widgets' summary — each passenger line at
// its list price (fare × people), then the presale discount, then the total, so the figures shown add
// up from top to bottom. The cart's lines and totals read the same way.
import { formatMoney, multiply, type CurrencyFormat } from "../../lib/money.ts";
import type { PassengerBandView, PriceView } from "../../lib/views/booking.ts";
import { bookableRange, type OfferPrice, type PassengerPrice } from "../../flows/booking-offers.ts";
import { ageRangeLabel, type Product } from "../../modules/catalog/index.ts";
import type { VisitorCurrency } from "../../modules/currency/index.ts";
import { OPERATOR_TIME_ZONE, isLocalDate, localDateOf, type LocalDate } from "../../modules/inventory/index.ts";

export function priceView(price: OfferPrice, currency: CurrencyFormat): PriceView {
  return {
    currency: currency.isoCode,
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

/** Each passenger type the product sells, its age range and what one person pays (null when free). */
export function bandsView(
  product: Product,
  prices: readonly PassengerPrice[],
  currency: VisitorCurrency,
): PassengerBandView[] {
  return product.ageBands.map((band) => {
    const price = prices.find((item) => item.passengerType === band.passengerType);
    return {
      type: band.passengerType,
      range: ageRangeLabel(band),
      price: price && price.net.amountMinor > 0 ? formatMoney(price.net, currency) : null,
    };
  });
}

/** The timetable's date: `day`, else the departure date, else today (a date outside the sale is ignored). */
export function timetableDateOf(params: URLSearchParams, now: Date): LocalDate {
  const bounds = bookableRange(now);
  const wanted = [params.get("day"), params.get("date")].find(
    (value) => isLocalDate(value) && value >= bounds.min && value <= bounds.max,
  );
  return wanted ?? localDateOf(now, OPERATOR_TIME_ZONE);
}
