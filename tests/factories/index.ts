// Row builders shared by the tests and the seed: one place knows what a valid row looks like.
import type { complements, fares, presaleTiers, productPassengerTypes, products } from "../../modules/catalog/index.ts";
import type {
  activities,
  activityHours,
  crossings,
  ports,
  timetableRules,
  vessels,
} from "../../modules/inventory/index.ts";
import type { sites } from "../../modules/site/index.ts";
import type { currencies, CurrencyRecord, exchangeRates } from "../../modules/currency/index.ts";
import type { instalmentBanks, InstalmentBankRecord } from "../../modules/payments/index.ts";
import type { LocalizedText } from "../../lib/db.ts";

type NewProduct = typeof products.$inferInsert;
type NewFare = typeof fares.$inferInsert;
type NewSite = typeof sites.$inferInsert;

let nextProductId = 90_000;

export function same(text: string): LocalizedText {
  return { es: text, en: text, pt: text };
}

export function buildSite(overrides: Partial<NewSite> = {}): NewSite {
  return {
    code: "travesia",
    name: "Travesía",
    languages: ["es", "en", "pt"],
    flags: { enableCroct: false, enableCroctShopping: false, enableUplift: true },
    ...overrides,
  };
}

export function buildProduct(overrides: Partial<NewProduct> = {}): NewProduct {
  const id = overrides.id ?? nextProductId++;
  return {
    id,
    code: `product-${id}`,
    kind: "park_admission",
    name: same(`Product ${id}`),
    summary: same(`Summary of product ${id}`),
    image: "/images/products/ferry.svg",
    locationId: 4,
    canAddPhoto: false,
    featured: false,
    sortOrder: 0,
    ...overrides,
  };
}

/** MXN pesos in, minor units out: seed tables read like the public fare tables they copy. */
export function pesos(amount: number): number {
  return Math.round(amount * 100);
}

export function buildFare(overrides: Partial<NewFare> & Pick<NewFare, "productId">): NewFare {
  return {
    category: "tourist",
    passengerType: "adult",
    trip: "single",
    amountMinor: pesos(100),
    currency: "MXN",
    ...overrides,
  };
}

type NewCurrency = typeof currencies.$inferInsert;
type NewExchangeRate = typeof exchangeRates.$inferInsert;
type NewInstalmentBank = typeof instalmentBanks.$inferInsert;

/** A currencies row from the entity's field names. */
export function buildCurrency(record: CurrencyRecord): NewCurrency {
  return {
    id: record.id,
    isoCode: record.isoCode,
    isoNumber: record.isoNumber,
    name: record.name,
    symbol: record.symbol,
    presentationSymbol: record.presentationSymbol,
    position: record.position,
    decimalSeparator: record.decimalSeparator,
    thousandSeparator: record.thousandSeparator,
  };
}

export function buildExchangeRate(
  overrides: Partial<NewExchangeRate> & Pick<NewExchangeRate, "currency" | "rate">,
): NewExchangeRate {
  return {
    source: "test",
    validFrom: new Date("2025-01-01T00:00:00Z"),
    ...overrides,
  };
}

export function buildInstalmentBank(record: InstalmentBankRecord, sortOrder = record.id): NewInstalmentBank {
  return {
    id: record.id,
    code: record.code,
    name: record.name,
    logo: record.logo,
    description: record.description,
    maxMonths: record.max_months,
    sortOrder,
  };
}

// ---------------------------------------------------------------------------------------------------
// Inventory (ports, crossings, vessels, timetable, activities) and the rest of the catalogue

type NewPort = typeof ports.$inferInsert;
type NewCrossing = typeof crossings.$inferInsert;
type NewVessel = typeof vessels.$inferInsert;
type NewTimetableRule = typeof timetableRules.$inferInsert;
type NewActivity = typeof activities.$inferInsert;
type NewActivityHours = typeof activityHours.$inferInsert;
type NewPassengerType = typeof productPassengerTypes.$inferInsert;
type NewPresaleTier = typeof presaleTiers.$inferInsert;
type NewComplement = typeof complements.$inferInsert;

let nextInventoryId = 90_000;

export function buildPort(overrides: Partial<NewPort> = {}): NewPort {
  const id = overrides.id ?? nextInventoryId++;
  return {
    id,
    code: `port-${id}`,
    name: same(`Port ${id}`),
    place: same(`Pier ${id}`),
    timeZone: "America/Cancun",
    ...overrides,
  };
}

export function buildCrossing(
  overrides: Partial<NewCrossing> & Pick<NewCrossing, "fromPortId" | "toPortId">,
): NewCrossing {
  const id = overrides.id ?? nextInventoryId++;
  return { id, code: `crossing-${id}`, durationMinutes: 25, sortOrder: 0, active: true, ...overrides };
}

export function buildVessel(overrides: Partial<NewVessel> = {}): NewVessel {
  const id = overrides.id ?? nextInventoryId++;
  return { id, code: `vessel-${id}`, name: `Vessel ${id}`, capacity: 350, active: true, ...overrides };
}

/** A rule every day, all year, hourly 09:00–17:00, unless told otherwise. */
export function buildTimetableRule(
  overrides: Partial<NewTimetableRule> & Pick<NewTimetableRule, "crossingId" | "vesselId">,
): NewTimetableRule {
  return {
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    seasonStart: null,
    seasonEnd: null,
    validFrom: null,
    validUntil: null,
    firstDeparture: "09:00",
    lastDeparture: "17:00",
    intervalMinutes: 60,
    priority: 0,
    active: true,
    ...overrides,
  };
}

export function buildActivity(overrides: Partial<NewActivity> = {}): NewActivity {
  const id = overrides.id ?? nextInventoryId++;
  return {
    id,
    code: `activity-${id}`,
    name: same(`Activity ${id}`),
    dailyCapacity: 1000,
    timeZone: "America/Cancun",
    ...overrides,
  };
}

export function buildActivityHours(
  overrides: Partial<NewActivityHours> & Pick<NewActivityHours, "activityId">,
): NewActivityHours {
  return { weekdays: [1, 2, 3, 4, 5, 6, 7], opens: "09:00", closes: "17:00", ...overrides };
}

export function buildPassengerType(
  overrides: Partial<NewPassengerType> & Pick<NewPassengerType, "productId" | "passengerType">,
): NewPassengerType {
  const defaults = { adult: [12, null], child: [5, 11], infant: [0, 4] } as const;
  const [minAge, maxAge] = defaults[overrides.passengerType];
  return { minAge, maxAge, takesSeat: true, ...overrides };
}

export function buildPresaleTier(
  overrides: Partial<NewPresaleTier> & Pick<NewPresaleTier, "minDaysAhead">,
): NewPresaleTier {
  return { productId: null, discountBasisPoints: 500, active: true, ...overrides };
}

export function buildComplement(
  overrides: Partial<NewComplement> & Pick<NewComplement, "productId" | "upgradeProductId">,
): NewComplement {
  return {
    businessUnit: "Parks",
    businessUnitCode: "PK",
    code: `complement-${overrides.productId}`,
    image: "/images/products/xcaret.svg",
    titleDescription: same("Admission or tour"),
    subtitleDescription: same("Choose how you get there"),
    textDescription: same("<p>Admission, or the tour with transport.</p>"),
    ...overrides,
  };
}
