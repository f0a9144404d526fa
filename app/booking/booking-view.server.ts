// Builds the view data of the booking widgets and the timetable for a request: parses the GET form,
// calls the use cases with the visitor's currency and `now`, formats every amount the currency's way,
// and turns a refusal (AppError) into a coded error the widget translates, with its HTTP status.
import type { RouterContextProvider } from "react-router";
import { isAppError } from "../../lib/errors.ts";
import type { Language } from "../../lib/language.ts";
import { formatDecimal, formatMoney, isCurrencyCode, minorUnitsOf, type Money } from "../../lib/money.ts";
import {
  bookableRange,
  findActivityOffer,
  findCouponOffer,
  findFerryOffer,
  findFerryReference,
  findProductPrices,
  type FerryReference,
  type SailingOffer,
} from "../../flows/booking-offers.ts";
import { COUPON_MONTHS } from "../../modules/cart/index.ts";
import {
  findPresaleTiers,
  findProduct,
  findFerryProductId,
  findProducts,
  type PresaleTier,
  type Product,
} from "../../modules/catalog/index.ts";
import { findCurrencyByCode } from "../../modules/currency/index.ts";
import {
  bandsView,
  findRequestCurrency,
  priceView,
  requestMemo,
  servicesContext,
  timetableDateOf,
} from "../../server/edge/index.ts";
import {
  addDays,
  findActivities,
  findCrossings,
  findDaySailings,
  type LocalDate,
  type SailingView as DaySailing,
} from "../../modules/inventory/index.ts";
import type {
  ActivityWidgetView,
  FerryWidgetView,
  LegView,
  PassengerBandView,
  PresaleView,
  SailingView,
} from "../../lib/views/booking.ts";
import type { TimetableView } from "../components/booking/timetable.tsx";
import { formatLongDate } from "../components/booking/format.ts";
import { siteOriginOf } from "../../lib/config.ts";
import { boatTrip, breadcrumbList, productJsonLd, type JsonLd, type OfferPrice } from "../content/structured-data.ts";
import { rasterImageOf } from "../content/og-images.ts";
import { CATALOGUES } from "../../lib/i18n/catalogues.server.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import { checkSelection, readCount, readFerryQuery, DEFAULT_ADULTS } from "../../lib/routing/ferry-query.ts";

type Context = Readonly<RouterContextProvider>;

function presaleView(tiers: readonly PresaleTier[]): PresaleView[] {
  return tiers
    .filter((tier) => tier.active && tier.productId === null && tier.discountBasisPoints > 0)
    .map((tier) => ({ days: tier.minDaysAhead, percent: tier.discountBasisPoints / 100 }));
}

function sailingView(sailing: SailingOffer): SailingView {
  return {
    id: sailing.id,
    time: sailing.time,
    arrivalTime: sailing.arrivalTime,
    vessel: sailing.vessel.name,
    seatsLeft: sailing.seatsLeft,
    status: sailing.status,
    closureReason: sailing.closure?.reason ?? null,
    selectable: sailing.selectable,
  };
}

const ferryReferenceOfRequest = requestMemo<FerryReference>();
const daySailingsOfRequest = requestMemo<DaySailing[]>();

/** Crossings, the ferry product, presale tiers: read once for the ferry widget and the timetable of a request. */
function requestFerryReference(context: Context, language: Language): Promise<FerryReference> {
  return ferryReferenceOfRequest(context, language, () =>
    findFerryReference(context.get(servicesContext).db, language),
  );
}

/**
 * Every crossing's sailings on a date, live at `now`, read once per request: the timetable of a day
 * and the search's leg on that day show the same seats.
 */
function requestDaySailings(
  context: Context,
  reference: FerryReference,
  date: LocalDate,
  now: Date,
): Promise<DaySailing[]> {
  const { db } = context.get(servicesContext);
  return daySailingsOfRequest(context, date, () =>
    findDaySailings(
      db,
      reference.crossings.map((crossing) => crossing.id),
      date,
      now,
    ),
  );
}

export interface Loaded<T> {
  view: T;
  status: number;
}

/** The ferry widget of a page whose path is `action`. */
export async function loadFerryWidget(
  request: Request,
  context: Context,
  language: Language,
  action: string,
): Promise<Loaded<FerryWidgetView>> {
  const { db, clock } = context.get(servicesContext);
  const now = clock.now();
  const url = new URL(request.url);
  const reference = await requestFerryReference(context, language);
  const { crossings, ferry, tiers } = reference;
  const bounds = bookableRange(now);
  const query = readFerryQuery(url.searchParams, { crossing: crossings[0]?.code ?? "", date: bounds.min });
  const currency = await findRequestCurrency(request, context, language);
  const openMonths = ferry?.openTicketMonths ?? 6;
  const base: FerryWidgetView = {
    action,
    query,
    crossings: crossings.map((crossing) => ({ code: crossing.code, from: crossing.from.name, to: crossing.to.name })),
    bounds,
    openMonths,
    bands: [],
    result: null,
    error: null,
    selectionError: null,
    summary: null,
    presaleTiers: presaleView(tiers),
  };
  const fallbackBands = async () =>
    ferry
      ? bandsView(
          ferry,
          await findProductPrices(db, {
            product: ferry,
            category: query.category,
            currency: currency.isoCode,
            now,
            tiers,
          }).catch(() => []),
          currency,
        )
      : [];
  if (query.step === null) return { view: { ...base, bands: await fallbackBands() }, status: 200 };
  try {
    // The legs come from the request's reads of their dates: the timetable below shows the same seats.
    const daySailings = async (crossingId: number, date: LocalDate) =>
      (await requestDaySailings(context, reference, date, now)).filter((sailing) => sailing.crossingId === crossingId);
    const search = {
      crossing: query.crossing,
      trip: query.trip === "open" ? ("one_way" as const) : query.trip,
      date: query.trip === "open" ? null : query.date,
      returnDate: query.trip === "round_trip" ? query.returnDate : null,
      category: query.category,
      passengers: query.passengers,
      currency: currency.isoCode,
      language,
      now,
    };
    const offer = await findFerryOffer(db, search, { reference, daySailings });
    const leg = (sailings: SailingOffer[], from: string, to: string, date: string, included: boolean): LegView => ({
      from,
      to,
      date: formatLongDate(date, language),
      sailings: sailings.map(sailingView),
      included,
    });
    const outbound = offer.date
      ? leg(offer.outbound, offer.crossing.from.name, offer.crossing.to.name, offer.date, false)
      : null;
    const inbound =
      offer.inbound && offer.returnCrossing && offer.returnDate
        ? leg(offer.inbound, offer.returnCrossing.from.name, offer.returnCrossing.to.name, offer.returnDate, true)
        : null;
    const choice = (sailing: SailingOffer) => ({
      id: sailing.id,
      departsAt: sailing.departsAt.toISOString(),
      arrivesAt: sailing.arrivesAt.toISOString(),
      selectable: sailing.selectable,
    });
    let selectionError: FerryWidgetView["selectionError"] = null;
    let summary: FerryWidgetView["summary"] = null;
    if (query.step === "continue") {
      selectionError = checkSelection(
        query.trip,
        { chosen: query.outbound, sailings: offer.outbound.map(choice) },
        offer.inbound ? { chosen: query.inbound, sailings: offer.inbound.map(choice) } : null,
      );
      if (selectionError === null) {
        const pick = (sailings: SailingOffer[], id: number | null) => sailings.find((sailing) => sailing.id === id);
        const out = pick(offer.outbound, query.outbound);
        const back = offer.inbound ? pick(offer.inbound, query.inbound) : undefined;
        summary = {
          outbound:
            out && offer.date
              ? {
                  from: offer.crossing.from.name,
                  to: offer.crossing.to.name,
                  date: offer.date,
                  time: out.time,
                  arrivalTime: out.arrivalTime,
                }
              : null,
          inbound:
            back && offer.returnCrossing && offer.returnDate
              ? {
                  from: offer.returnCrossing.from.name,
                  to: offer.returnCrossing.to.name,
                  date: offer.returnDate,
                  time: back.time,
                  arrivalTime: back.arrivalTime,
                }
              : null,
          openMonths: offer.open ? openMonths : null,
        };
      }
    }
    return {
      view: {
        ...base,
        bands: ferry ? bandsView(ferry, offer.perPassenger, currency) : [],
        result: { outbound, inbound, price: priceView(offer.price, currency) },
        selectionError,
        summary,
      },
      status: selectionError ? 422 : 200,
    };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { view: { ...base, bands: await fallbackBands(), error: { code: error.code } }, status: error.status };
  }
}

/** The live timetable of the date asked for (`day`, else the departure date, else today). */
export async function loadTimetable(
  request: Request,
  context: Context,
  language: Language,
  action: string,
): Promise<TimetableView> {
  const { clock } = context.get(servicesContext);
  const now = clock.now();
  const bounds = bookableRange(now);
  const date = timetableDateOf(new URL(request.url).searchParams, now);
  const reference = await requestFerryReference(context, language);
  const { crossings } = reference;
  const sailings = await requestDaySailings(context, reference, date, now);
  return {
    action,
    date,
    bounds,
    crossings: crossings.map((crossing) => ({
      code: crossing.code,
      from: crossing.from.name,
      to: crossing.to.name,
      place: crossing.from.place,
      durationMinutes: crossing.durationMinutes,
      sailings: sailings
        .filter((sailing) => sailing.crossingId === crossing.id)
        .map((sailing) => ({
          id: sailing.id,
          time: sailing.time,
          arrivalTime: sailing.arrivalTime,
          seatsLeft: sailing.seatsLeft,
          status: sailing.status,
          closureReason: sailing.closure?.reason ?? null,
        })),
    })),
  };
}

export interface ProductPageData {
  product: Product;
  upgrade: Product | null;
  fromPrice: string | null;
  /** The same adult fare as an amount, for the personalization tracker's productViewed. */
  fromAmount: Money | null;
  upgradeFromPrice: string | null;
  deposit: string | null;
  hours: { weekdays: number[]; opens: string; closes: string }[];
  dailyCapacity: number | null;
  widget: ActivityWidgetView;
  /** The product's age bands with its undated tourist prices (the page's fare table). */
  fareBands: PassengerBandView[];
  /** Product code of each complement's admission, to link to its page. */
  complementCodes: Record<number, string>;
  /** schema.org: the breadcrumbs and the Product with its Offer, in the page's language. */
  jsonLd: JsonLd[];
}

/** A price set in the catalogue as schema.org wants it ("254.00", "MXN"), or null. */
function offerPriceOf(money: { amountMinor: number; currency: string } | null | undefined): OfferPrice | null {
  if (!money || !isCurrencyCode(money.currency)) return null;
  return {
    value: formatDecimal({ digits: BigInt(money.amountMinor), scale: minorUnitsOf(money.currency) }),
    currency: money.currency,
  };
}

/** The fare an Offer states, named in the page's language: "Sencillo · Adultos · Turista". */
export function offerCategoryOf(language: Language, oneWay: boolean): string {
  const messages = CATALOGUES[language];
  return [
    oneWay ? messages["booking.trip.oneWay"] : null,
    messages["booking.passenger.adult"],
    messages["booking.category.tourist"],
  ]
    .filter(Boolean)
    .join(" · ");
}

/** Breadcrumbs and the Product of a tour or park page, priced at the operator's adult tourist fare. */
export function productPageJsonLd(input: {
  origin: string;
  language: Language;
  url: string;
  product: Product;
}): JsonLd[] {
  const { origin, language, url, product } = input;
  const crumbs = breadcrumbList([
    { name: CATALOGUES[language]["nav.home"], url: `${origin}${pathOf("home", language)}` },
    { name: product.name, url },
  ]);
  const price = offerPriceOf(product.fromPrice);
  if (!price) return [crumbs];
  return [
    crumbs,
    productJsonLd({
      origin,
      url,
      name: product.name,
      description: product.summary,
      image: `${origin}${rasterImageOf(product.image)}`,
      price,
      category: offerCategoryOf(language, false),
    }),
  ];
}

/** A tour or park page: the product, its tour upgrade, hours, prices and the day widget. */
export async function loadProductPage(
  request: Request,
  context: Context,
  language: Language,
  code: string,
  action: string,
): Promise<Loaded<ProductPageData>> {
  const { db, clock, config } = context.get(servicesContext);
  const now = clock.now();
  const product = await findProduct(db, language, { code });
  const upgradeId = product.complements.find((complement) => complement.id === product.id)?.idUpgrade ?? null;
  const upgrade = upgradeId === null ? null : await findProduct(db, language, { id: upgradeId });
  const currency = await findRequestCurrency(request, context, language);
  const priceOf = async (item: Product) => {
    const prices = await findProductPrices(db, {
      product: item,
      category: "tourist",
      currency: currency.isoCode,
      now,
    }).catch(() => []);
    const adult = prices.find((price) => price.passengerType === "adult");
    return { prices, from: adult ? formatMoney(adult.unit, currency) : null, amount: adult?.unit ?? null };
  };
  const own = await priceOf(product);
  const upgraded = upgrade ? await priceOf(upgrade) : null;
  const usd = product.deposit ? await findCurrencyByCode(db, product.deposit.currency, language) : null;
  const [activity] = product.activityId === null ? [] : await findActivities(db, language, [product.activityId]);

  const params = new URL(request.url).searchParams;
  const bounds = bookableRange(now);
  const choices = [product, ...(upgrade ? [upgrade] : [])];
  const askedId = Number(params.get("product"));
  const selected = choices.find((item) => item.id === askedId) ?? product;
  const date = params.get("date")?.trim() || addDays(bounds.min, 1);
  const passengers = {
    adult: readCount(params.get("adults"), DEFAULT_ADULTS),
    child: readCount(params.get("children"), 0),
    infant: readCount(params.get("infants"), 0),
  };
  const category = params.get("category") === "resident" ? "resident" : "tourist";
  const when = params.get("when") === "coupon" ? "coupon" : "date";
  const widget: ActivityWidgetView = {
    action,
    productId: selected.id,
    choices: choices.map((item) => ({
      id: item.id,
      name: item.name,
      kind: item.kind === "park_tour" ? "tour" : "admission",
      fromPrice: item === product ? own.from : (upgraded?.from ?? null),
    })),
    when,
    couponMonths: COUPON_MONTHS,
    date,
    passengers,
    category,
    bounds,
    bands: bandsView(selected, selected === product ? own.prices : (upgraded?.prices ?? []), currency),
    minAge: selected.minRecommendedAge,
    result: null,
    coupon: null,
    error: null,
    presaleTiers: presaleView(await findPresaleTiers(db)),
  };
  let status = 200;
  if (when === "coupon" && params.get("step") !== null) {
    try {
      const offer = await findCouponOffer(db, {
        product: { id: selected.id },
        category,
        passengers,
        currency: currency.isoCode,
        language,
        now,
      });
      widget.bands = bandsView(selected, offer.perPassenger, currency);
      widget.coupon = { validUntil: offer.validUntil, price: priceView(offer.price, currency) };
    } catch (error) {
      if (!isAppError(error)) throw error;
      widget.error = { code: error.code };
      status = error.status;
    }
  } else if (params.get("step") !== null || params.has("date")) {
    try {
      const offer = await findActivityOffer(db, {
        product: { id: selected.id },
        date,
        category,
        passengers,
        currency: currency.isoCode,
        language,
        now,
      });
      widget.bands = bandsView(selected, offer.perPassenger, currency);
      widget.result = {
        date: offer.day.date,
        status: offer.day.status,
        closureReason: offer.day.closure?.reason ?? null,
        left: offer.day.left,
        hours: offer.day.hours,
        selectable: offer.selectable,
        price: priceView(offer.price, currency),
      };
    } catch (error) {
      if (!isAppError(error)) throw error;
      widget.error = { code: error.code };
      status = error.status;
    }
  }
  return {
    view: {
      product,
      upgrade,
      fromPrice: own.from,
      fromAmount: own.amount,
      upgradeFromPrice: upgraded?.from ?? null,
      deposit: product.deposit && usd ? formatMoney(product.deposit, usd) : null,
      hours: activity?.hours ?? [],
      dailyCapacity: activity?.dailyCapacity ?? null,
      widget,
      fareBands: bandsView(product, own.prices, currency),
      complementCodes: Object.fromEntries(
        (await findProducts(db, language, { ids: product.complements.map((complement) => complement.id) })).map(
          (item) => [item.id, item.code],
        ),
      ),
      jsonLd: productPageJsonLd({
        origin: siteOriginOf(config, request.url),
        language,
        url: `${siteOriginOf(config, request.url)}${action}`,
        product,
      }),
    },
    status,
  };
}

/**
 * schema.org BoatTrip with its Offer for each crossing (the ferry page): piers and the
 * adult tourist one-way fare in pesos, the price the operator sets (not the visitor's conversion).
 */
export async function loadBoatTrips(request: Request, context: Context, language: Language): Promise<JsonLd[]> {
  const { db, config } = context.get(servicesContext);
  const origin = siteOriginOf(config, request.url);
  const url = `${origin}${pathOf("ferry", language)}`;
  const ferryId = await findFerryProductId(db);
  const ferry = ferryId === null ? null : await findProduct(db, language, { id: ferryId }, { withComplements: false });
  const price = offerPriceOf(ferry?.fromPrice);
  const category = offerCategoryOf(language, true);
  return (await findCrossings(db, language)).map((crossing) =>
    boatTrip({ origin, url, from: crossing.from, to: crossing.to, price, category }),
  );
}
