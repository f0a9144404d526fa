import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  char,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import type { LocalizedText } from "../../lib/db.ts";
import { activities } from "../inventory/index.ts";

export const productKind = pgEnum("product_kind", [
  "ferry",
  "catamaran_tour",
  "catamaran_ferry_tour",
  "park_admission",
  "park_tour",
]);

export const fareCategory = pgEnum("fare_category", ["tourist", "resident"]);
export const passengerType = pgEnum("passenger_type", ["adult", "child", "infant"]);
/** `single` is an activity's admission; ferries sell one-way and round-trip fares. */
export const tripType = pgEnum("trip_type", ["one_way", "round_trip", "single"]);

export const products = pgTable(
  "products",
  {
    /** The operator's product id (the catamaran tour is 1945, catamaran + ferry 1948). */
    id: integer("id").primaryKey(),
    code: text("code").notNull().unique(),
    kind: productKind("kind").notNull(),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    summary: jsonb("summary").$type<LocalizedText>().notNull(),
    image: text("image").notNull(),
    locationId: integer("location_id").notNull(),
    canAddPhoto: boolean("can_add_photo").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The park or tour whose daily capacity and hours this product sells; null for the ferry. */
    activityId: integer("activity_id").references(() => activities.id),
    /** Long description as HTML from the catalogue: sanitized before it reaches a page. */
    description: jsonb("description").$type<LocalizedText>(),
    imageAlt: jsonb("image_alt").$type<LocalizedText>(),
    /** A deposit paid on site, not online (the catamaran's snorkel gear: 10 USD). */
    depositMinor: bigint("deposit_minor", { mode: "number" }),
    depositCurrency: char("deposit_currency", { length: 3 }),
    /** Undated tickets are sold, valid this many months from purchase (the ferry's open ticket: 6). */
    openTicketMonths: smallint("open_ticket_months"),
    /** The youngest a child may be: 5 for Xplor, Xplor Fuego, Xoximilco, Xavage and Xenses; 6 for Xenotes. */
    minRecommendedAge: smallint("min_recommended_age"),
    /**
     * Unticked: retired. Nothing public offers it (pages, listings, search, the catalogue API, the
     * cart); bookings already sold keep their lines and tickets, which still point here.
     */
    active: boolean("active").notNull().default(true),
  },
  (table) => [
    check("products_deposit_pair", sql`(${table.depositMinor} is null) = (${table.depositCurrency} is null)`),
    check("products_deposit_positive", sql`${table.depositMinor} is null or ${table.depositMinor} > 0`),
    check(
      "products_open_ticket_months",
      sql`${table.openTicketMonths} is null or ${table.openTicketMonths} between 1 and 24`,
    ),
    check("products_min_age", sql`${table.minRecommendedAge} is null or ${table.minRecommendedAge} between 0 and 17`),
  ],
);

/** A price list entry, set in MXN (other currencies are derived). */
export const fares = pgTable(
  "fares",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    category: fareCategory("category").notNull(),
    passengerType: passengerType("passenger_type").notNull(),
    trip: tripType("trip").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull().default("MXN"),
  },
  (table) => [
    unique("fares_product_category_passenger_trip").on(
      table.productId,
      table.category,
      table.passengerType,
      table.trip,
    ),
    index("fares_product_idx").on(table.productId),
    check("fares_amount_non_negative", sql`${table.amountMinor} >= 0`),
  ],
);

/** The age band of each passenger type a product sells. Infants ride free but take a seat. */
export const productPassengerTypes = pgTable(
  "product_passenger_types",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    passengerType: passengerType("passenger_type").notNull(),
    minAge: smallint("min_age").notNull(),
    /** Null: no upper bound (adults). */
    maxAge: smallint("max_age"),
    takesSeat: boolean("takes_seat").notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.passengerType] }),
    check(
      "product_passenger_types_ages",
      sql`${table.minAge} >= 0 and (${table.maxAge} is null or ${table.maxAge} >= ${table.minAge})`,
    ),
  ],
);

/**
 * Presale: buying at least `min_days_ahead` days before the date earns a label and a discount in
 * basis points (1000 = 10 %). A row without a product applies to every dated product; a product's own
 * row for the same threshold wins. Tourist fares only: resident fares are not combined with discounts.
 */
export const presaleTiers = pgTable(
  "presale_tiers",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    productId: integer("product_id").references(() => products.id),
    minDaysAhead: smallint("min_days_ahead").notNull(),
    discountBasisPoints: integer("discount_basis_points").notNull(),
    active: boolean("active").notNull().default(true),
  },
  (table) => [
    unique("presale_tiers_product_days").on(table.productId, table.minDaysAhead).nullsNotDistinct(),
    check("presale_tiers_days", sql`${table.minDaysAhead} between 1 and 365`),
    check("presale_tiers_discount", sql`${table.discountBasisPoints} between 0 and 5000`),
  ],
);

/**
 * A complement: an admission (`product_id`, the complement's id) paired with its tour
 * version (`upgrade_product_id`, idUpgrade). Names come from the two products.
 */
export const complements = pgTable("complements", {
  productId: integer("product_id")
    .primaryKey()
    .references(() => products.id),
  upgradeProductId: integer("upgrade_product_id")
    .notNull()
    .references(() => products.id),
  businessUnit: text("business_unit").notNull(),
  businessUnitCode: text("business_unit_code").notNull(),
  code: text("code").notNull().unique(),
  image: text("image").notNull(),
  titleDescription: jsonb("title_description").$type<LocalizedText>().notNull(),
  subtitleDescription: jsonb("subtitle_description").$type<LocalizedText>().notNull(),
  /** HTML: sanitized before it reaches a page. */
  textDescription: jsonb("text_description").$type<LocalizedText>().notNull(),
});

/** Which complements are offered with which product, in order. */
export const productComplements = pgTable(
  "product_complements",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    complementId: integer("complement_id")
      .notNull()
      .references(() => complements.productId),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.productId, table.complementId] })],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Pictures uploaded from the console, served at /images/uploads/<name>. The name is the digest of the
 * bytes, so a stored picture never changes and may be cached for good.
 */
export const pictures = pgTable(
  "pictures",
  {
    name: text("name").primaryKey(),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("pictures_size", sql`octet_length(${table.bytes}) <= 2097152`)],
);
