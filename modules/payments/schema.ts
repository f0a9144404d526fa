import { sql } from "drizzle-orm";
import { char, check, integer, jsonb, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import type { LocalizedText } from "../../lib/db.ts";
import { currencies } from "../currency/index.ts";

/** Payment methods: id and api_code are the ones existing clients know (VI 1 … PP 9). */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: integer("id").primaryKey(),
    apiCode: char("api_code", { length: 2 }).notNull().unique(),
    name: text("name").notNull(),
  },
  (table) => [check("payment_methods_api_code_format", sql`${table.apiCode} ~ '^[A-Z]{2}$'`)],
);

/** Which methods each currency offers. A method with no row here is known but offered nowhere (CB). */
export const paymentMethodCurrencies = pgTable(
  "payment_method_currencies",
  {
    paymentMethodId: integer("payment_method_id")
      .notNull()
      .references(() => paymentMethods.id),
    currency: char("currency", { length: 3 })
      .notNull()
      .references(() => currencies.isoCode),
  },
  (table) => [primaryKey({ columns: [table.paymentMethodId, table.currency] })],
);

/** Banks whose Mexican-issued credit cards pay in monthly instalments without interest. */
export const instalmentBanks = pgTable(
  "instalment_banks",
  {
    id: integer("id").primaryKey(),
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    /** Public path of the bank's monogram, e.g. /images/banks/bbva.svg */
    logo: text("logo").notNull(),
    description: jsonb("description").$type<LocalizedText>().notNull(),
    maxMonths: smallint("max_months").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [check("instalment_banks_max_months", sql`${table.maxMonths} in (12, 15)`)],
);
