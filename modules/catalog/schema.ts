import { sql } from "drizzle-orm";
import { bigint, boolean, char, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import type { LocalizedText } from "../../lib/db.ts";

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

export const products = pgTable("products", {
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
});

/** A price list entry, set in MXN (architecture §4: other currencies are derived). */
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
    unique("fares_product_category_passenger_trip").on(table.productId, table.category, table.passengerType, table.trip),
    index("fares_product_idx").on(table.productId),
    check("fares_amount_non_negative", sql`${table.amountMinor} >= 0`),
  ],
);
