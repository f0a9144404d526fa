// The catalogue and timetable of the public contract: crossings, the sailings of a date with seats
// left and prices per passenger type in the visitor's currency, the timetable of a date, products with
// their complements, and a park or tour's day. Bad input is a coded 4xx, never a 500.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { bandsView, priceView, timetableDateOf, type AppServices } from "../edge/index.ts";
import { AppError } from "../../lib/errors.ts";
import { LANGUAGES, type Language } from "../../lib/language.ts";
import {
  formatMoney,
  minorUnitsOf,
  money,
  type CurrencyCode,
  type CurrencyFormat,
  type Money,
} from "../../lib/money.ts";
import {
  bookableRange,
  findActivityOffer,
  findFerryOffer,
  findFerryReference,
  findProductPrices,
  readBookingDate,
  type OfferPrice,
  type PassengerPrice,
  type SailingOffer,
} from "../../flows/booking-offers.ts";
import { findProduct, findProducts, type Product } from "../../modules/catalog/index.ts";
import {
  findCurrencyByCode,
  findVisitorCurrency,
  priceIn,
  takeQuote,
  type Quote,
  type VisitorCurrency,
} from "../../modules/currency/index.ts";
import {
  findActivities,
  findCrossings,
  findDaySailings,
  type Activity,
  type Crossing,
  type LocalDate,
  type SailingView,
} from "../../modules/inventory/index.ts";
import { getOrInsertComputed } from "../../lib/maps.ts";
import { readFerryQuery } from "../../lib/routing/ferry-query.ts";
import { CurrencySchema, currencyChoiceInput, currencyJson, knownCurrency } from "./currencies.ts";
import { createRouter, errorResponse, type ApiRouter } from "./openapi.ts";

const LanguageField = z
  .enum(LANGUAGES)
  .default("en")
  .openapi({ description: "Language of names and descriptions", example: "es" });
const CurrencyField = z.string().max(8).optional().openapi({
  description: "ISO code of one of the 17 currencies; when omitted, the visitor's (currency cookies, then country)",
  example: "USD",
});
const DateField = (description: string) => z.string().max(32).openapi({ description, example: "2026-12-18" });
// Counts are validated by the domain (negative, none, no adult, more than a vessel holds), not here,
// so that every such refusal carries the same code.
const CountField = z.coerce.number().int().min(-100_000).max(100_000).default(0);

const PassengersQuery = {
  adults: CountField.openapi({ description: "Adults (12+)", example: 2 }),
  children: CountField.openapi({ description: "Children (5–11; 6–11 for Xenotes)", example: 1 }),
  infants: CountField.openapi({ description: "Infants (0–4): free, but they take a seat", example: 0 }),
};

const MoneySchema = z
  .object({
    amountMinor: z.number().int().openapi({ example: 50900 }),
    currency: z.string().openapi({ example: "MXN" }),
    formatted: z.string().openapi({ example: "$509.00" }),
  })
  .openapi("Money");

const PortSchema = z.object({ code: z.string(), name: z.string(), place: z.string() }).openapi("Port");
const CrossingSchema = z
  .object({
    code: z.string().openapi({ example: "cancun-isla-mujeres" }),
    from: PortSchema,
    to: PortSchema,
    durationMinutes: z.number().int().openapi({ example: 25 }),
  })
  .openapi("Crossing");

const SailingStatusSchema = z.enum(["available", "sold_out", "closed", "departed", "check_in_closed"]).openapi({
  description: "closed: weather or port authority; check_in_closed: less than 30 minutes before departure",
});

const SailingSchema = z
  .object({
    id: z.number().int(),
    departsAt: z.string().openapi({ example: "2026-12-18T14:00:00.000Z" }),
    arrivesAt: z.string(),
    time: z.string().openapi({ example: "09:00", description: "Local departure time, America/Cancun" }),
    arrivalTime: z.string().openapi({ example: "09:25" }),
    vessel: z.object({ name: z.string() }),
    capacity: z.number().int(),
    seatsLeft: z.number().int(),
    status: SailingStatusSchema,
    closureReason: z.enum(["weather", "port_authority"]).nullable(),
  })
  .openapi("Sailing");

const SailingOfferSchema = SailingSchema.extend({
  selectable: z.boolean().openapi({ description: "Sellable now with a seat for every passenger asked for" }),
}).openapi("SailingOffer");

const PassengerPriceSchema = z
  .object({
    passengerType: z.enum(["adult", "child", "infant"]),
    minAge: z.number().int(),
    maxAge: z.number().int().nullable(),
    price: MoneySchema.openapi({ description: "What one person pays, presale discount applied" }),
    fullPrice: MoneySchema.openapi({ description: "The fare before any presale discount" }),
  })
  .openapi("PassengerPrice");

const PresaleSchema = z
  .object({
    minDaysAhead: z.number().int().openapi({ example: 21 }),
    discountBasisPoints: z.number().int().openapi({ example: 1000 }),
  })
  .nullable()
  .openapi("Presale", {
    description: "Earned by buying at least 7 or 21 days ahead (tourist fares); null when none applies",
  });

const PriceSchema = z
  .object({
    quoteId: z.string(),
    presale: PresaleSchema,
    lines: z.array(
      z.object({
        passengerType: z.enum(["adult", "child", "infant"]),
        quantity: z.number().int(),
        unit: MoneySchema,
        unitDiscount: MoneySchema,
        total: MoneySchema,
      }),
    ),
    subtotal: MoneySchema,
    discount: MoneySchema,
    total: MoneySchema,
  })
  .openapi("OfferPrice");

const ComplementSchema = z
  .object({
    id: z.number().int().openapi({ example: 101, description: "The admission product" }),
    idUpgrade: z.number().int().openapi({ example: 201, description: "The tour product it upgrades to" }),
    name: z.string(),
    nameUpgrade: z.string(),
    businessUnit: z.string(),
    businessUnitCode: z.string(),
    code: z.string(),
    price: z.null(),
    img: z.object({ src: z.string() }),
    infoDetails: z.object({
      titleDescription: z.string(),
      subtitleDescription: z.string(),
      textDescription: z.string().openapi({ description: "Sanitized HTML" }),
    }),
    hasBeenAdded: z.literal(false),
  })
  .openapi("Complement");

const ProductSchema = z
  .object({
    id: z.number().int().openapi({ example: 1945 }),
    code: z.string(),
    kind: z.enum(["ferry", "catamaran_tour", "catamaran_ferry_tour", "park_admission", "park_tour"]),
    name: z.string(),
    summary: z.string(),
    description: z.string().nullable().openapi({ description: "Sanitized HTML" }),
    image: z.string(),
    imageAlt: z.string(),
    locationId: z.number().int(),
    canAddPhoto: z.boolean(),
    deposit: MoneySchema.nullable().openapi({ description: "Paid on site, not online (snorkel gear: 10 USD)" }),
    openTicketMonths: z.number().int().nullable(),
    minRecommendedAge: z.number().int().nullable(),
    ageBands: z.array(
      z.object({
        passengerType: z.enum(["adult", "child", "infant"]),
        minAge: z.number().int(),
        maxAge: z.number().int().nullable(),
        takesSeat: z.boolean(),
      }),
    ),
    hours: z
      .array(z.object({ weekdays: z.array(z.number().int()), opens: z.string(), closes: z.string() }))
      .nullable()
      .openapi({ description: "Opening hours by ISO weekday (1 Monday); null for the ferry" }),
    dailyCapacity: z.number().int().nullable(),
    fromPrice: MoneySchema.nullable().openapi({
      description: "The cheapest tourist adult fare, in the visitor's currency",
    }),
    complements: z.array(ComplementSchema),
  })
  .openapi("Product");

type Formats = { visitor: VisitorCurrency; usd: VisitorCurrency | null };

function moneyJson(amount: Money, format: CurrencyFormat) {
  return { amountMinor: amount.amountMinor, currency: amount.currency, formatted: formatMoney(amount, format) };
}

function priceJson(price: OfferPrice, format: VisitorCurrency) {
  const m = (amount: Money) => moneyJson(amount, format);
  return {
    quoteId: price.quoteId,
    presale: price.presale,
    lines: price.lines.map((line) => ({
      ...line,
      unit: m(line.unit),
      unitDiscount: m(line.unitDiscount),
      total: m(line.total),
    })),
    subtotal: m(price.subtotal),
    discount: m(price.discount),
    total: m(price.total),
  };
}

function passengerPricesJson(prices: readonly PassengerPrice[], format: VisitorCurrency) {
  return prices.map((item) => ({
    passengerType: item.passengerType,
    minAge: item.minAge,
    maxAge: item.maxAge,
    price: moneyJson(item.net, format),
    fullPrice: moneyJson(item.unit, format),
  }));
}

function crossingJson(crossing: Crossing) {
  const port = (item: Crossing["from"]) => ({ code: item.code, name: item.name, place: item.place });
  return {
    code: crossing.code,
    from: port(crossing.from),
    to: port(crossing.to),
    durationMinutes: crossing.durationMinutes,
  };
}

function sailingJson(sailing: SailingView) {
  return {
    id: sailing.id,
    departsAt: sailing.departsAt.toISOString(),
    arrivesAt: sailing.arrivesAt.toISOString(),
    time: sailing.time,
    arrivalTime: sailing.arrivalTime,
    vessel: { name: sailing.vessel.name },
    capacity: sailing.capacity,
    seatsLeft: sailing.seatsLeft,
    status: sailing.status,
    closureReason: sailing.closure?.reason ?? null,
  };
}

function sailingOfferJson(sailing: SailingOffer) {
  return { ...sailingJson(sailing), selectable: sailing.selectable };
}

function productJson(product: Product, activity: Activity | null, formats: Formats, quote: Quote) {
  const visitor = formats.visitor;
  const deposit = product.deposit;
  const depositFormat =
    deposit && deposit.currency === "USD" ? formats.usd : deposit?.currency === visitor.isoCode ? visitor : null;
  return {
    id: product.id,
    code: product.code,
    kind: product.kind,
    name: product.name,
    summary: product.summary,
    description: product.description,
    image: product.image,
    imageAlt: product.imageAlt,
    locationId: product.locationId,
    canAddPhoto: product.canAddPhoto,
    deposit: deposit && depositFormat ? moneyJson(deposit, depositFormat) : null,
    openTicketMonths: product.openTicketMonths,
    minRecommendedAge: product.minRecommendedAge,
    ageBands: product.ageBands,
    hours: activity ? activity.hours : null,
    dailyCapacity: activity ? activity.dailyCapacity : null,
    fromPrice: product.fromPrice
      ? moneyJson(priceIn(money(product.fromPrice.amountMinor, "MXN"), visitor.isoCode, quote), visitor)
      : null,
    complements: product.complements,
  };
}

/** The currency answers are priced in: the `currency` query when given, else the visitor's. */
export async function currencyOfRequest(
  services: AppServices,
  c: Context,
  asked: string | undefined,
  language: Language,
): Promise<VisitorCurrency> {
  if (asked !== undefined) {
    const currency = await findCurrencyByCode(services.db, knownCurrency(asked, "query.currency"), language);
    if (!currency)
      throw new AppError("UNKNOWN_CURRENCY", { issues: [{ path: "query.currency", code: "unknown_currency" }] });
    return { ...currency, minorUnits: minorUnitsOf(currency.isoCode), reason: "cookie" };
  }
  return findVisitorCurrency(services.db, currencyChoiceInput(c, services.config, language));
}

/** The visitor's currency, US dollars for deposits, and the exchange quote products are priced with. */
async function productContext(
  services: AppServices,
  c: Context,
  askedCurrency: string | undefined,
  language: Language,
) {
  const visitor = await currencyOfRequest(services, c, askedCurrency, language);
  const usd = visitor.isoCode === "USD" ? visitor : await currencyOfRequest(services, c, "USD", language);
  const quote = await takeQuote(services.db, [visitor.isoCode as CurrencyCode], services.clock.now());
  return { formats: { visitor, usd }, quote };
}

const ProductIdParam = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2_147_483_647)
    .openapi({ param: { name: "id", in: "path" }, example: 1945 }),
});

export function catalogueRouter(services: AppServices) {
  const router = createRouter();

  registerCrossings(router, services);
  registerSailings(router, services);
  registerTimetable(router, services);
  registerLiveSailings(router, services);
  registerProducts(router, services);
  registerProduct(router, services);
  registerProductAvailability(router, services);
  return router;
}

function registerCrossings(router: ApiRouter, services: AppServices) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/crossings",
      tags: ["timetable"],
      summary: "The crossings sold, each a directed pair of piers",
      request: { query: z.object({ language: LanguageField }) },
      responses: {
        200: {
          description: "The crossings, in the operator's order",
          content: { "application/json": { schema: z.object({ crossings: z.array(CrossingSchema) }) } },
        },
        400: errorResponse("INVALID_REQUEST"),
      },
    }),
    async (c) => {
      const { language } = c.req.valid("query");
      const crossings = await findCrossings(services.db, language);
      c.header("Cache-Control", "public, max-age=300");
      return c.json({ crossings: crossings.map(crossingJson) }, 200);
    },
  );
}

function registerSailings(router: ApiRouter, services: AppServices) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/sailings",
      tags: ["timetable", "booking"],
      summary: "The sailings of a crossing on a date (and the way back on a return date), with seats left and prices",
      description:
        "Prices are per passenger type and for the whole selection, in the visitor's currency, with the presale label and discount the date earns. `trip=round_trip` needs `returnDate` (not before `date`); `open=true` prices an open ticket (undated, valid 6 months) and lists no sailings. Seats left = capacity − sold − unexpired holds, at the time of the request.",
      request: {
        query: z.object({
          crossing: z.string().max(64).openapi({ example: "cancun-isla-mujeres" }),
          date: DateField("Departure date (America/Cancun), YYYY-MM-DD; not needed with open=true").optional(),
          returnDate: DateField("Return date for a round trip, YYYY-MM-DD").optional(),
          trip: z.enum(["one_way", "round_trip"]).default("one_way"),
          open: z
            .enum(["true", "false"])
            .default("false")
            .openapi({ description: "An open ticket: undated, valid 6 months" }),
          category: z
            .enum(["tourist", "resident"])
            .default("tourist")
            .openapi({ description: "resident: Quintana Roo ID checked at boarding" }),
          ...PassengersQuery,
          currency: CurrencyField,
          language: LanguageField,
        }),
      },
      responses: {
        200: {
          description: "The legs and the price of the selection",
          content: {
            "application/json": {
              schema: z.object({
                crossing: CrossingSchema,
                returnCrossing: CrossingSchema.nullable(),
                trip: z.enum(["one_way", "round_trip"]),
                open: z.boolean(),
                date: z.string().nullable(),
                returnDate: z.string().nullable(),
                category: z.enum(["tourist", "resident"]),
                seatsNeeded: z.number().int(),
                currency: CurrencySchema,
                prices: z.array(PassengerPriceSchema),
                price: PriceSchema,
                outbound: z.array(SailingOfferSchema),
                inbound: z.array(SailingOfferSchema).nullable(),
              }),
            },
          },
        },
        400: errorResponse(
          "INVALID_DATE, DATE_IN_PAST, DATE_TOO_FAR_AHEAD, RETURN_BEFORE_DEPARTURE, INVALID_PASSENGERS, UNKNOWN_CURRENCY or INVALID_REQUEST",
        ),
        404: errorResponse("UNKNOWN_CROSSING"),
        422: errorResponse("TOO_MANY_PASSENGERS or FARE_UNAVAILABLE"),
        503: errorResponse("EXCHANGE_RATE_UNAVAILABLE: prices could not be obtained"),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const currency = await currencyOfRequest(services, c, query.currency, query.language);
      const open = query.open === "true";
      if (!open && query.date === undefined)
        throw new AppError("INVALID_DATE", { issues: [{ path: "query.date", code: "required" }] });
      const offer = await findFerryOffer(services.db, {
        crossing: query.crossing,
        trip: query.trip,
        date: open ? null : (query.date ?? null),
        returnDate: query.returnDate ?? null,
        category: query.category,
        passengers: { adult: query.adults, child: query.children, infant: query.infants },
        currency: currency.isoCode,
        language: query.language,
        now: services.clock.now(),
      });
      c.header("Cache-Control", "no-store");
      return c.json(
        {
          crossing: crossingJson(offer.crossing),
          returnCrossing: offer.returnCrossing ? crossingJson(offer.returnCrossing) : null,
          trip: offer.trip,
          open: offer.open,
          date: offer.date,
          returnDate: offer.returnDate,
          category: offer.category,
          seatsNeeded: offer.seatsNeeded,
          currency: currencyJson(currency),
          prices: passengerPricesJson(offer.perPassenger, currency),
          price: priceJson(offer.price, currency),
          outbound: offer.outbound.map(sailingOfferJson),
          inbound: offer.inbound ? offer.inbound.map(sailingOfferJson) : null,
        },
        200,
      );
    },
  );
}

function registerTimetable(router: ApiRouter, services: AppServices) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/timetable",
      tags: ["timetable"],
      summary: "The timetable of a date: every crossing's sailings with their state and seats left",
      request: {
        query: z.object({ date: DateField("Service date (America/Cancun), YYYY-MM-DD"), language: LanguageField }),
      },
      responses: {
        200: {
          description: "Each crossing with its sailings in departure order",
          content: {
            "application/json": {
              schema: z.object({
                date: z.string(),
                crossings: z.array(CrossingSchema.extend({ sailings: z.array(SailingSchema) })),
              }),
            },
          },
        },
        400: errorResponse("INVALID_DATE, DATE_IN_PAST, DATE_TOO_FAR_AHEAD or INVALID_REQUEST"),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const now = services.clock.now();
      const date = readBookingDate(query.date, now, "query.date");
      const crossings = await findCrossings(services.db, query.language);
      const sailings = await findDaySailings(
        services.db,
        crossings.map((crossing) => crossing.id),
        date,
        now,
      );
      c.header("Cache-Control", "no-store");
      return c.json(
        {
          date,
          crossings: crossings.map((crossing) => ({
            ...crossingJson(crossing),
            sailings: sailings.filter((sailing) => sailing.crossingId === crossing.id).map(sailingJson),
          })),
        },
        200,
      );
    },
  );
}

function registerLiveSailings(router: ApiRouter, services: AppServices) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/sailings/live",
      tags: ["timetable", "booking"],
      summary:
        "What the routes & schedules page shows live: seats and states of its sailings, and the price of a search",
      description:
        "Takes the page's own parameters. Every sailing of both crossings on the departure date, the return date and the timetable's day (`day`, else `date`, else today), with seats left and state; `selectable` is true for a sailing of the search's legs that can be sold now with a seat for every passenger asked for. `bands`: what one person of each type pays on that date and fare. `price` is the selection's in `currency` (required: the answer reads no cookie), null without a search. Shared for one second; the hold at add-to-cart is the check.",
      request: {
        query: z.object({
          crossing: z.string().max(64).optional(),
          trip: z.string().max(16).optional(),
          date: DateField("Departure date, YYYY-MM-DD").optional(),
          return: DateField("Return date of a round trip, YYYY-MM-DD").optional(),
          day: DateField("The timetable's date, YYYY-MM-DD").optional(),
          category: z.string().max(16).optional(),
          step: z.string().max(16).optional(),
          adults: z.string().max(12).optional(),
          children: z.string().max(12).optional(),
          infants: z.string().max(12).optional(),
          currency: z.string().max(8).openapi({ description: "ISO code of one of the 17 currencies", example: "USD" }),
        }),
      },
      responses: {
        200: {
          description: "Seats by sailing, and the price",
          content: {
            "application/json": {
              schema: z.object({
                bands: z.array(
                  z.object({
                    type: z.enum(["adult", "child", "infant"]),
                    range: z.string(),
                    price: z.string().nullable().openapi({ description: "What one person pays; null when free" }),
                  }),
                ),
                sailings: z.array(
                  z.object({
                    id: z.number().int(),
                    seatsLeft: z.number().int(),
                    status: SailingStatusSchema,
                    closureReason: z.enum(["weather", "port_authority"]).nullable(),
                    selectable: z.boolean(),
                  }),
                ),
                price: z
                  .object({
                    currency: z.string(),
                    lines: z.array(
                      z.object({
                        type: z.enum(["adult", "child", "infant"]),
                        count: z.number().int(),
                        total: z.string(),
                      }),
                    ),
                    subtotal: z.string(),
                    discount: z.string().nullable(),
                    total: z.string(),
                    presale: z.object({ days: z.number().int(), percent: z.number() }).nullable(),
                  })
                  .nullable(),
              }),
            },
          },
        },
        400: errorResponse(
          "INVALID_DATE, DATE_IN_PAST, DATE_TOO_FAR_AHEAD, RETURN_BEFORE_DEPARTURE, INVALID_PASSENGERS, UNKNOWN_CURRENCY or INVALID_REQUEST",
        ),
        404: errorResponse("UNKNOWN_CROSSING"),
        422: errorResponse("TOO_MANY_PASSENGERS or FARE_UNAVAILABLE"),
        503: errorResponse("EXCHANGE_RATE_UNAVAILABLE: prices could not be obtained"),
      },
    }),
    async (c) => {
      const answer = await liveSailings(services, c, c.req.valid("query").currency);
      c.header("Cache-Control", "public, max-age=1");
      return c.json(answer, 200);
    },
  );
}

/**
 * The live answer of the routes & schedules page: seats and state of every sailing the page shows,
 * which of them the search can take, the fare of each passenger type, and the search's price.
 */
async function liveSailings(services: AppServices, c: Context, askedCurrency: string) {
  const now = services.clock.now();
  const { db } = services;
  // Names are not sent, so the answer is the same in every language.
  const language = "en";
  const currency = await currencyOfRequest(services, c, askedCurrency, language);
  const reference = await findFerryReference(db, language);
  const crossingIds = reference.crossings.map((crossing) => crossing.id);
  const days = new Map<string, Promise<SailingView[]>>();
  const daySailings = (date: LocalDate) =>
    getOrInsertComputed(days, date, () => findDaySailings(db, crossingIds, date, now));
  const params = new URL(c.req.url).searchParams;
  const search = readFerryQuery(params, {
    crossing: reference.crossings[0]?.code ?? "",
    date: bookableRange(now).min,
  });
  const offer =
    search.step === null
      ? null
      : await findFerryOffer(
          db,
          {
            crossing: search.crossing,
            trip: search.trip === "open" ? "one_way" : search.trip,
            date: search.trip === "open" ? null : search.date,
            returnDate: search.trip === "round_trip" ? search.returnDate : null,
            category: search.category,
            passengers: search.passengers,
            currency: currency.isoCode,
            language,
            now,
          },
          {
            reference,
            daySailings: async (crossingId, date) =>
              (await daySailings(date)).filter((sailing) => sailing.crossingId === crossingId),
          },
        );
  const selectable = new Set(
    [...(offer?.outbound ?? []), ...(offer?.inbound ?? [])]
      .filter((sailing) => sailing.selectable)
      .map((sailing) => sailing.id),
  );
  const dates = new Set([
    timetableDateOf(params, now),
    ...(offer?.date ? [offer.date] : []),
    ...(offer?.returnDate ? [offer.returnDate] : []),
  ]);
  const sailings = (await Promise.all([...dates].map(daySailings))).flat().map((sailing) => ({
    id: sailing.id,
    seatsLeft: sailing.seatsLeft,
    status: sailing.status,
    closureReason: sailing.closure?.reason ?? null,
    selectable: selectable.has(sailing.id),
  }));
  const { ferry } = reference;
  const fares = offer
    ? offer.perPassenger
    : ferry
      ? await findProductPrices(db, {
          product: ferry,
          category: search.category,
          currency: currency.isoCode,
          now,
          tiers: reference.tiers,
        }).catch(() => [])
      : [];
  return {
    sailings,
    bands: ferry ? bandsView(ferry, fares, currency) : [],
    price: offer ? priceView(offer.price, currency) : null,
  };
}

function registerProducts(router: ApiRouter, services: AppServices) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/products",
      tags: ["catalogue"],
      summary: "Every product with its age bands, hours, deposit, from-price and complements",
      request: { query: z.object({ language: LanguageField, currency: CurrencyField }) },
      responses: {
        200: {
          description: "The products in the operator's order",
          content: {
            "application/json": { schema: z.object({ currency: CurrencySchema, products: z.array(ProductSchema) }) },
          },
        },
        400: errorResponse("UNKNOWN_CURRENCY or INVALID_REQUEST"),
        503: errorResponse("EXCHANGE_RATE_UNAVAILABLE"),
      },
    }),
    async (c) => {
      const { language, currency } = c.req.valid("query");
      const { formats, quote } = await productContext(services, c, currency, language);
      const products = await findProducts(services.db, language);
      const activities = await findActivities(services.db, language);
      const activityOf = (product: Product) =>
        activities.find((activity) => activity.id === product.activityId) ?? null;
      c.header("Cache-Control", "no-store");
      return c.json(
        {
          currency: currencyJson(formats.visitor),
          products: products.map((product) => productJson(product, activityOf(product), formats, quote)),
        },
        200,
      );
    },
  );
}

function registerProduct(router: ApiRouter, services: AppServices) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/products/{id}",
      tags: ["catalogue"],
      summary: "One product with its complements",
      request: { params: ProductIdParam, query: z.object({ language: LanguageField, currency: CurrencyField }) },
      responses: {
        200: {
          description: "The product",
          content: { "application/json": { schema: z.object({ currency: CurrencySchema, product: ProductSchema }) } },
        },
        400: errorResponse("UNKNOWN_CURRENCY or INVALID_REQUEST"),
        404: errorResponse("UNKNOWN_PRODUCT"),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { language, currency } = c.req.valid("query");
      const product = await findProduct(services.db, language, { id });
      const { formats, quote } = await productContext(services, c, currency, language);
      const [activity] =
        product.activityId === null ? [] : await findActivities(services.db, language, [product.activityId]);
      c.header("Cache-Control", "no-store");
      return c.json(
        { currency: currencyJson(formats.visitor), product: productJson(product, activity ?? null, formats, quote) },
        200,
      );
    },
  );
}

function registerProductAvailability(router: ApiRouter, services: AppServices) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/products/{id}/availability",
      tags: ["catalogue", "booking"],
      summary: "A park or tour on a date: hours, places left, state, and the price of the selection",
      request: {
        params: ProductIdParam,
        query: z.object({
          date: DateField("Visit date (America/Cancun), YYYY-MM-DD"),
          category: z.enum(["tourist", "resident"]).default("tourist"),
          ...PassengersQuery,
          currency: CurrencyField,
          language: LanguageField,
        }),
      },
      responses: {
        200: {
          description: "The day",
          content: {
            "application/json": {
              schema: z.object({
                productId: z.number().int(),
                date: z.string(),
                hours: z.object({ opens: z.string(), closes: z.string() }).nullable(),
                capacity: z.number().int(),
                left: z.number().int(),
                status: z.enum(["available", "sold_out", "closed", "past"]),
                closureReason: z.enum(["weather", "port_authority"]).nullable(),
                selectable: z.boolean(),
                currency: CurrencySchema,
                prices: z.array(PassengerPriceSchema),
                price: PriceSchema,
              }),
            },
          },
        },
        400: errorResponse("INVALID_DATE, DATE_IN_PAST, DATE_TOO_FAR_AHEAD, INVALID_PASSENGERS or INVALID_REQUEST"),
        404: errorResponse("UNKNOWN_PRODUCT"),
        422: errorResponse("TOO_MANY_PASSENGERS or FARE_UNAVAILABLE"),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const query = c.req.valid("query");
      const currency = await currencyOfRequest(services, c, query.currency, query.language);
      const offer = await findActivityOffer(services.db, {
        product: { id },
        date: query.date,
        category: query.category,
        passengers: { adult: query.adults, child: query.children, infant: query.infants },
        currency: currency.isoCode,
        language: query.language,
        now: services.clock.now(),
      });
      c.header("Cache-Control", "no-store");
      return c.json(
        {
          productId: offer.product.id,
          date: offer.day.date,
          hours: offer.day.hours,
          capacity: offer.day.capacity,
          left: offer.day.left,
          status: offer.day.status,
          closureReason: offer.day.closure?.reason ?? null,
          selectable: offer.selectable,
          currency: currencyJson(currency),
          prices: passengerPricesJson(offer.perPassenger, currency),
          price: priceJson(offer.price, currency),
        },
        200,
      );
    },
  );
}
