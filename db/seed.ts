// Demo data for a fresh database, built with the same factories as the tests. Idempotent: rows that
// exist are left as they are (an operator's later edits win), so a second start changes nothing.
// Fares follow the public 2024 table of domain-facts.md (MXN); the operator sets the real ones.
import {
  complements,
  fares,
  presaleTiers,
  productComplements,
  productPassengerTypes,
  products,
} from "../modules/catalog/index.ts";
import {
  activities,
  activityHours,
  addDays,
  blockSeats,
  closeSales,
  closures,
  crossings,
  findDaySailings,
  localDateOf,
  ports,
  seatAllocations,
  timetableRules,
  vessels,
} from "../modules/inventory/index.ts";
import { sites } from "../modules/site/index.ts";
import { insertSlotIfMissing } from "../modules/personalization/index.ts";
import { SEED_SLOTS } from "./seed-personalization.ts";
import { CURRENCIES, currencies, exchangeRates } from "../modules/currency/index.ts";
import {
  INSTALMENT_BANKS,
  PAYMENT_METHODS,
  instalmentBanks,
  paymentMethodCurrencies,
  paymentMethods,
} from "../modules/payments/index.ts";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../lib/db.ts";
import type { CurrencyCode } from "../lib/money.ts";
import { buildCurrency, buildExchangeRate, buildInstalmentBank, buildSite } from "../tests/factories/index.ts";
import {
  CROSSING_TO_ISLA,
  SEED_ACTIVITIES,
  SEED_ACTIVITY_HOURS,
  SEED_COMPLEMENTS,
  SEED_CROSSINGS,
  SEED_FARES,
  SEED_PASSENGER_TYPES,
  SEED_PORTS,
  SEED_PRESALE_TIERS,
  SEED_PRODUCT_COMPLEMENTS,
  SEED_PRODUCTS,
  SEED_TIMETABLE,
  SEED_VESSELS,
} from "./seed-catalogue.ts";

export {
  CATAMARAN_FERRY_TOUR_ID,
  CATAMARAN_TOUR_ID,
  CROSSING_TO_CANCUN_CODE,
  CROSSING_TO_ISLA_CODE,
  FERRY_PRODUCT_ID,
  SEED_FARES,
  SEED_PRODUCTS,
} from "./seed-catalogue.ts";

/**
 * Demo exchange rates, units of each currency per one MXN (mid-market levels of late 2025, rounded).
 * They are in force from the start of 2025 so that any test clock after it can price; the operator
 * replaces them through PUT /api/exchange-rates.
 */
export const SEED_RATES_VALID_FROM = new Date("2025-01-01T00:00:00Z");
export const SEED_EXCHANGE_RATES: Readonly<Record<Exclude<CurrencyCode, "MXN">, string>> = {
  USD: "0.0543",
  EUR: "0.0468",
  CAD: "0.0752",
  GBP: "0.0405",
  AUD: "0.0828",
  COP: "212.45",
  CLP: "51.32",
  ARS: "76.85",
  PEN: "0.1835",
  JPY: "8.32",
  CNY: "0.3865",
  KRW: "77.94",
  RUB: "4.32",
  UYU: "2.165",
  GTQ: "0.4165",
  CRC: "27.25",
};

export async function seed(db: Database, siteCode = "travesia", now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    // Personalization (Croct) is on for the seeded site: its home and promotions banners
    // come from content slots. Shopping events stay off until the browser tracker sends them.
    await tx
      .insert(sites)
      .values(
        buildSite({ code: siteCode, flags: { enableCroct: true, enableCroctShopping: false, enableUplift: true } }),
      )
      .onConflictDoNothing();
    await seedInventory(tx as unknown as Database);
    await tx.insert(products).values(SEED_PRODUCTS).onConflictDoNothing();
    await tx
      .insert(fares)
      .values(SEED_FARES)
      .onConflictDoNothing({ target: [fares.productId, fares.category, fares.passengerType, fares.trip] });
    await seedCatalogue(tx as unknown as Database);
    await seedCurrencies(tx as unknown as Database);
    await seedDemoOperations(tx as unknown as Database, now);
    for (const slot of SEED_SLOTS) await insertSlotIfMissing(tx as unknown as Database, slot);
  });
}

async function seedInventory(db: Database): Promise<void> {
  await db.insert(ports).values(SEED_PORTS).onConflictDoNothing();
  // Ports seeded before they had coordinates get them (the GTFS feed's stops); an operator's own stay.
  for (const port of SEED_PORTS) {
    await db
      .update(ports)
      .set({ latitude: port.latitude, longitude: port.longitude })
      .where(and(eq(ports.id, port.id), isNull(ports.latitude)));
  }
  await db.insert(crossings).values(SEED_CROSSINGS).onConflictDoNothing();
  await db.insert(vessels).values(SEED_VESSELS).onConflictDoNothing();
  await db.insert(activities).values(SEED_ACTIVITIES).onConflictDoNothing();
  // Hours and timetable rules have generated ids: seeded only into an empty table, so an operator's
  // timetable is never mixed with the demo one.
  if ((await db.select({ id: activityHours.id }).from(activityHours).limit(1)).length === 0) {
    await db.insert(activityHours).values(SEED_ACTIVITY_HOURS);
    await db.execute(
      sql`select setval(pg_get_serial_sequence('activity_hours', 'id'), (select max(id) from activity_hours))`,
    );
  }
  if ((await db.select({ id: timetableRules.id }).from(timetableRules).limit(1)).length === 0) {
    await db.insert(timetableRules).values(SEED_TIMETABLE);
    await db.execute(
      sql`select setval(pg_get_serial_sequence('timetable_rules', 'id'), (select max(id) from timetable_rules))`,
    );
  }
}

async function seedCatalogue(db: Database): Promise<void> {
  await db.insert(productPassengerTypes).values(SEED_PASSENGER_TYPES).onConflictDoNothing();
  if ((await db.select({ id: presaleTiers.id }).from(presaleTiers).limit(1)).length === 0) {
    await db.insert(presaleTiers).values(SEED_PRESALE_TIERS);
    await db.execute(
      sql`select setval(pg_get_serial_sequence('presale_tiers', 'id'), (select max(id) from presale_tiers))`,
    );
  }
  await db.insert(complements).values(SEED_COMPLEMENTS).onConflictDoNothing();
  await db.insert(productComplements).values(SEED_PRODUCT_COMPLEMENTS).onConflictDoNothing();
}

/** The demo day: a few days after the first start, so that a fresh site shows every state a visitor can meet. */
export const DEMO_DAYS_AHEAD = 3;
export const DEMO_CLOSED_TIME = "12:00";
export const DEMO_CHARTERED_TIME = "15:00";
export const DEMO_CHARTER_REFERENCE = "block:demo-charter";

/**
 * On a fresh database only (no closure and no allocation yet): the Cancún → Isla Mujeres sailing at
 * 12:00 on the demo day closed for weather, and the 15:00 one taken whole by a group charter.
 */
async function seedDemoOperations(db: Database, now: Date): Promise<void> {
  const [closure] = await db.select({ id: closures.id }).from(closures).limit(1);
  const [allocation] = await db.select({ id: seatAllocations.id }).from(seatAllocations).limit(1);
  if (closure || allocation) return;
  const date = addDays(localDateOf(now), DEMO_DAYS_AHEAD);
  const day = await findDaySailings(db, [CROSSING_TO_ISLA], date, now);
  const closed = day.find((sailing) => sailing.time === DEMO_CLOSED_TIME);
  const chartered = day.find((sailing) => sailing.time === DEMO_CHARTERED_TIME);
  if (closed)
    await closeSales(db, { sailingId: closed.id }, "weather", "Demo: northerly winds, port authority advisory");
  if (chartered) await blockSeats(db, { sailingId: chartered.id }, chartered.capacity, DEMO_CHARTER_REFERENCE);
}

async function seedCurrencies(db: Database): Promise<void> {
  await db.insert(currencies).values(CURRENCIES.map(buildCurrency)).onConflictDoNothing();
  // Rates are history: a currency that has any rate (seeded or the operator's) gets no seed rate.
  const rated = new Set(
    (await db.selectDistinct({ currency: exchangeRates.currency }).from(exchangeRates)).map((row) => row.currency),
  );
  const missing = Object.entries(SEED_EXCHANGE_RATES).filter(([currency]) => !rated.has(currency));
  if (missing.length > 0) {
    await db
      .insert(exchangeRates)
      .values(
        missing.map(([currency, rate]) =>
          buildExchangeRate({ currency, rate, source: "seed", validFrom: SEED_RATES_VALID_FROM }),
        ),
      );
  }
  const added = await db
    .insert(paymentMethods)
    .values(PAYMENT_METHODS.map(({ id, api_code, name }) => ({ id, apiCode: api_code, name })))
    .onConflictDoNothing()
    .returning({ id: paymentMethods.id });
  // Only a method seeded just now gets its currencies: an operator who withdrew one keeps it withdrawn.
  const offers = PAYMENT_METHODS.filter((method) => added.some((row) => row.id === method.id)).flatMap((method) =>
    method.currencies.map((currency) => ({ paymentMethodId: method.id, currency })),
  );
  if (offers.length > 0) await db.insert(paymentMethodCurrencies).values(offers).onConflictDoNothing();
  await db
    .insert(instalmentBanks)
    .values(INSTALMENT_BANKS.map((bank) => buildInstalmentBank(bank)))
    .onConflictDoNothing();
}
