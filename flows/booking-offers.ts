// Use cases of the booking widget and the catalogue API: what can be booked on a date, with seats
// left and prices in the visitor's currency. They span the catalogue (fares, presale, age bands), the
// inventory (sailings, activity days) and currencies (the quote the prices are converted with).
import type { Database } from "../lib/db.ts";
import { AppError } from "../lib/errors.ts";
import type { Language } from "../lib/language.ts";
import { subtract, type CurrencyCode, type Money } from "../lib/money.ts";
import {
  assertValidPassengers,
  findFerryProductId,
  findPresaleTiers,
  findProduct,
  seatsNeeded,
  type AgeBand,
  type FareCategory,
  type PassengerCounts,
  type PassengerType,
  type PresaleTier,
  type Product,
} from "../modules/catalog/index.ts";
import {
  priceSelection,
  unitPrices,
  type Presale,
  type PriceResult,
  convertPricing,
  pricingOf,
} from "../modules/pricing/index.ts";
import { COUPON_MONTHS, assertCanBuyCoupon } from "../modules/cart/index.ts";
import { addMonths } from "../lib/calendar-date.ts";
import { priceIn, takeQuote, type Quote } from "../modules/currency/index.ts";
import {
  OPERATOR_TIME_ZONE,
  SALE_HORIZON_DAYS,
  addDays,
  daysAhead,
  findActivities,
  findActivityDay,
  findCrossings,
  findDaySailings,
  findLargestCapacity,
  isLocalDate,
  localDateOf,
  returnCrossingOf,
  type Activity,
  type ActivityDay,
  type Crossing,
  type LocalDate,
  type SailingView,
} from "../modules/inventory/index.ts";

/**
 * Reads a date a visitor asked for: unparsable → INVALID_DATE; before the operator's today →
 * DATE_IN_PAST; past the sale window → DATE_TOO_FAR_AHEAD.
 */
export function readBookingDate(value: string, now: Date, path: string): LocalDate {
  if (!isLocalDate(value)) throw new AppError("INVALID_DATE", { issues: [{ path, code: "invalid_date" }] });
  const today = localDateOf(now, OPERATOR_TIME_ZONE);
  if (value < today) throw new AppError("DATE_IN_PAST", { issues: [{ path, code: "in_past" }] });
  if (value > addDays(today, SALE_HORIZON_DAYS))
    throw new AppError("DATE_TOO_FAR_AHEAD", { issues: [{ path, code: "too_far_ahead" }] });
  return value;
}

/** The first and last dates a visitor can pick (the date pickers' bounds). */
export function bookableRange(now: Date): { min: LocalDate; max: LocalDate } {
  const today = localDateOf(now, OPERATOR_TIME_ZONE);
  return { min: today, max: addDays(today, SALE_HORIZON_DAYS) };
}

export interface PriceLine {
  passengerType: PassengerType;
  quantity: number;
  unit: Money;
  unitDiscount: Money;
  total: Money;
}

export interface OfferPrice {
  currency: CurrencyCode;
  /** The exchange-rate quote the amounts were converted with (audit trail; a cart keeps its own). */
  quoteId: string;
  presale: Presale | null;
  lines: PriceLine[];
  subtotal: Money;
  discount: Money;
  total: Money;
}

export interface PassengerPrice {
  passengerType: PassengerType;
  minAge: number;
  maxAge: number | null;
  /** What one person of this type pays after any presale discount; free infants are 0. */
  net: Money;
  unit: Money;
}

interface PriceInput {
  product: Product;
  tiers: readonly PresaleTier[];
  category: FareCategory;
  trip: "one_way" | "round_trip" | "single";
  passengers: PassengerCounts;
  date: LocalDate | null;
  currency: CurrencyCode;
  now: Date;
}

/** The quote of a priced selection in the visitor's currency: the cart's conversion, so the cart and the charge agree with it. */
export function offerPriceOf(priced: PriceResult, currency: CurrencyCode, quote: Quote): OfferPrice {
  const converted = convertPricing(pricingOf(priced), currency, quote);
  return {
    currency,
    quoteId: quote.id,
    presale: converted.presale,
    lines: converted.lines.map((line) => ({
      passengerType: line.passengerType,
      quantity: line.quantity,
      unit: line.unit,
      unitDiscount: subtract(line.unit, line.net),
      total: line.total,
    })),
    subtotal: converted.subtotal,
    discount: converted.discount,
    total: converted.total,
  };
}

async function priceOffer(
  db: Database,
  input: PriceInput,
): Promise<{ price: OfferPrice; perPassenger: PassengerPrice[] }> {
  const quote: Quote = await takeQuote(db, [input.currency], input.now);
  const convert = (amount: Money) => priceIn(amount, input.currency, quote);
  const request = {
    productId: input.product.id,
    fares: input.product.fares,
    tiers: [...input.tiers],
    category: input.category,
    trip: input.trip,
    daysAhead: input.date === null ? null : daysAhead(input.date, input.now),
  };
  const priced = priceSelection({ ...request, passengers: input.passengers });
  const units = unitPrices(request);
  const bandOf = (type: PassengerType): AgeBand | undefined =>
    input.product.ageBands.find((band) => band.passengerType === type);
  return {
    price: offerPriceOf(priced, input.currency, quote),
    perPassenger: units.flatMap((unit) => {
      const band = bandOf(unit.passengerType);
      return band
        ? [
            {
              passengerType: unit.passengerType,
              minAge: band.minAge,
              maxAge: band.maxAge,
              net: convert(unit.net),
              unit: convert(unit.unit),
            },
          ]
        : [];
    }),
  };
}

export interface SailingOffer extends SailingView {
  /** True when the sailing can be sold now and has a seat for every passenger of the selection. */
  selectable: boolean;
}

export interface FerrySearch {
  crossing: string;
  trip: "one_way" | "round_trip";
  /** Null for an open ticket (undated, valid for the product's months): no sailings, only prices. */
  date: string | null;
  /** Required for a dated round trip; ignored otherwise. */
  returnDate: string | null;
  category: FareCategory;
  passengers: PassengerCounts;
  currency: CurrencyCode;
  language: Language;
  now: Date;
}

export interface FerryOffer {
  product: Pick<Product, "id" | "code" | "name" | "openTicketMonths">;
  crossing: Crossing;
  returnCrossing: Crossing | null;
  trip: "one_way" | "round_trip";
  open: boolean;
  date: LocalDate | null;
  returnDate: LocalDate | null;
  category: FareCategory;
  passengers: PassengerCounts;
  seatsNeeded: number;
  outbound: SailingOffer[];
  inbound: SailingOffer[] | null;
  price: OfferPrice;
  perPassenger: PassengerPrice[];
}

/**
 * What a ferry offer reads besides live seats: crossings, the ferry product (age bands, fares),
 * presale tiers and the largest vessel. Operators edit them, so they are read, never kept between
 * requests; a page that shows several offers reads them once per request and hands them over.
 */
export interface FerryReference {
  crossings: Crossing[];
  /** The ferry fare product without its complements; null when the operator sells none. */
  ferry: Product | null;
  tiers: PresaleTier[];
  largestCapacity: number;
}

export async function findFerryReference(db: Database, language: Language): Promise<FerryReference> {
  const ferryOf = async () => {
    const id = await findFerryProductId(db);
    return id === null ? null : findProduct(db, language, { id }, { withComplements: false });
  };
  const [crossings, ferry, tiers, largestCapacity] = await Promise.all([
    findCrossings(db, language),
    ferryOf(),
    findPresaleTiers(db),
    findLargestCapacity(db),
  ]);
  return { crossings, ferry, tiers, largestCapacity };
}

/** Reads an offer can be given instead of making them (a page asks for the same ones more than once). */
export interface FerryOfferReads {
  reference?: FerryReference;
  /** The sailings of one crossing on a date, live at the search's `now` (seats, closures). */
  daySailings?: (crossingId: number, date: LocalDate) => Promise<SailingView[]>;
}

function toOffers(sailings: readonly SailingView[], seats: number): SailingOffer[] {
  return sailings.map((sailing) => ({
    ...sailing,
    selectable: sailing.status === "available" && sailing.seatsLeft >= seats,
  }));
}

/** The sailings of a crossing on a date (and the way back on the return date), priced for the selection. */
export async function findFerryOffer(
  db: Database,
  search: FerrySearch,
  reads: FerryOfferReads = {},
): Promise<FerryOffer> {
  const date = search.date === null ? null : readBookingDate(search.date, search.now, "query.date");
  const dated = date !== null && search.trip === "round_trip";
  if (dated && search.returnDate === null)
    throw new AppError("INVALID_DATE", { issues: [{ path: "query.returnDate", code: "required" }] });
  const returnDate =
    dated && search.returnDate !== null ? readBookingDate(search.returnDate, search.now, "query.returnDate") : null;
  if (date !== null && returnDate !== null && returnDate < date) {
    throw new AppError("RETURN_BEFORE_DEPARTURE", { issues: [{ path: "query.returnDate", code: "before_departure" }] });
  }
  const reference = reads.reference ?? (await findFerryReference(db, search.language));
  const daySailings =
    reads.daySailings ?? ((crossingId: number, day: LocalDate) => findDaySailings(db, [crossingId], day, search.now));
  const crossings = reference.crossings;
  const crossing = crossings.find((item) => item.code === search.crossing);
  if (!crossing)
    throw new AppError("UNKNOWN_CROSSING", { issues: [{ path: "query.crossing", code: "unknown_crossing" }] });
  const returnCrossing = returnCrossingOf(crossings, crossing);
  const product = reference.ferry;
  if (product === null) throw new AppError("UNKNOWN_PRODUCT");
  assertValidPassengers(search.passengers, product.ageBands, reference.largestCapacity);
  const seats = seatsNeeded(search.passengers, product.ageBands);
  const trip = search.trip;
  if (trip === "round_trip" && returnCrossing === null)
    throw new AppError("UNKNOWN_CROSSING", { issues: [{ path: "query.crossing", code: "no_return" }] });
  const [outbound, inbound] = await Promise.all([
    date === null ? Promise.resolve([]) : daySailings(crossing.id, date),
    returnDate === null || returnCrossing === null ? Promise.resolve(null) : daySailings(returnCrossing.id, returnDate),
  ]);
  const { price, perPassenger } = await priceOffer(db, {
    product,
    tiers: reference.tiers,
    category: search.category,
    trip,
    passengers: search.passengers,
    date,
    currency: search.currency,
    now: search.now,
  });
  return {
    product: { id: product.id, code: product.code, name: product.name, openTicketMonths: product.openTicketMonths },
    crossing,
    returnCrossing,
    trip,
    open: date === null,
    date,
    returnDate,
    category: search.category,
    passengers: search.passengers,
    seatsNeeded: seats,
    outbound: toOffers(outbound, seats),
    inbound: inbound === null ? null : toOffers(inbound, seats),
    price,
    perPassenger,
  };
}

export interface ActivitySearch {
  product: { id: number } | { code: string };
  date: string;
  category: FareCategory;
  passengers: PassengerCounts;
  currency: CurrencyCode;
  language: Language;
  now: Date;
}

export interface ActivityOffer {
  product: Product;
  activity: Activity;
  day: ActivityDay;
  seatsNeeded: number;
  selectable: boolean;
  price: OfferPrice;
  perPassenger: PassengerPrice[];
}

/** A park or tour product on a date: hours, places left, state and the price of the selection. */
export async function findActivityOffer(db: Database, search: ActivitySearch): Promise<ActivityOffer> {
  const date = readBookingDate(search.date, search.now, "query.date");
  const product = await findProduct(db, search.language, search.product, { withComplements: false });
  if (product.activityId === null)
    throw new AppError("UNKNOWN_PRODUCT", { issues: [{ path: "params.id", code: "not_sold_by_day" }] });
  const [activity] = await findActivities(db, search.language, [product.activityId]);
  if (!activity) throw new AppError("UNKNOWN_PRODUCT");
  assertValidPassengers(search.passengers, product.ageBands, activity.dailyCapacity);
  const seats = seatsNeeded(search.passengers, product.ageBands);
  const day = await findActivityDay(db, activity, date, search.now);
  const { price, perPassenger } = await priceOffer(db, {
    product,
    tiers: await findPresaleTiers(db),
    category: search.category,
    trip: "single",
    passengers: search.passengers,
    date,
    currency: search.currency,
    now: search.now,
  });
  return {
    product,
    activity,
    day,
    seatsNeeded: seats,
    selectable: day.status === "available" && day.left >= seats,
    price,
    perPassenger,
  };
}

export interface CouponSearch {
  product: { id: number } | { code: string };
  category: FareCategory;
  passengers: PassengerCounts;
  currency: CurrencyCode;
  language: Language;
  now: Date;
}

export interface CouponOffer {
  product: Product;
  /** Bought at `now`, the coupon can be exchanged for a day until this one (COUPON_MONTHS later). */
  validUntil: LocalDate;
  price: OfferPrice;
  perPassenger: PassengerPrice[];
}

/**
 * A park or tour as a coupon: no day, so no capacity to check and no presale; the tourist fare only
 * (the same rules the cart applies when the coupon is added).
 */
export async function findCouponOffer(db: Database, search: CouponSearch): Promise<CouponOffer> {
  const product = await findProduct(db, search.language, search.product, { withComplements: false });
  assertCanBuyCoupon(product, search.category);
  const [activity] = await findActivities(db, search.language, [product.activityId!]);
  if (!activity) throw new AppError("UNKNOWN_PRODUCT");
  assertValidPassengers(search.passengers, product.ageBands, activity.dailyCapacity);
  const { price, perPassenger } = await priceOffer(db, {
    product,
    tiers: await findPresaleTiers(db),
    category: search.category,
    trip: "single",
    passengers: search.passengers,
    date: null,
    currency: search.currency,
    now: search.now,
  });
  return {
    product,
    validUntil: addMonths(localDateOf(search.now, OPERATOR_TIME_ZONE), COUPON_MONTHS),
    price,
    perPassenger,
  };
}

/** The prices of one product for each passenger type, undated (the product page before a date is chosen). */
export async function findProductPrices(
  db: Database,
  input: {
    product: Product;
    category: FareCategory;
    currency: CurrencyCode;
    now: Date;
    tiers?: readonly PresaleTier[];
  },
): Promise<PassengerPrice[]> {
  const trip = input.product.kind === "ferry" ? "one_way" : "single";
  const { perPassenger } = await priceOffer(db, {
    product: input.product,
    tiers: input.tiers ?? (await findPresaleTiers(db)),
    category: input.category,
    trip,
    passengers: { adult: 1, child: 0, infant: 0 },
    date: null,
    currency: input.currency,
    now: input.now,
  });
  return perPassenger;
}
