import { sql } from "drizzle-orm";
import { bigint, char, check, index, integer, jsonb, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { LocalizedText } from "../../lib/db.ts";

/** The Currency entity, one row per currency the site sells in (ids are fixed: USD is 1). */
export const currencies = pgTable(
  "currencies",
  {
    id: integer("id").primaryKey(),
    isoCode: char("iso_code", { length: 3 }).notNull().unique(),
    isoNumber: char("iso_number", { length: 3 }).notNull().unique(),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    symbol: text("symbol").notNull(),
    presentationSymbol: text("presentation_symbol").notNull(),
    /** D: the symbol after the number; I: before it. */
    position: char("position", { length: 1 }).$type<"D" | "I">().notNull(),
    decimalSeparator: text("decimal_separator").notNull(),
    thousandSeparator: text("thousand_separator").notNull(),
  },
  (table) => [
    check("currencies_iso_code_format", sql`${table.isoCode} ~ '^[A-Z]{3}$'`),
    check("currencies_iso_number_format", sql`${table.isoNumber} ~ '^[0-9]{3}$'`),
    check("currencies_position", sql`${table.position} in ('D', 'I')`),
    check("currencies_decimal_separator", sql`char_length(${table.decimalSeparator}) = 1`),
    check(
      "currencies_thousand_separator",
      sql`char_length(${table.thousandSeparator}) <= 1 and ${table.thousandSeparator} <> ${table.decimalSeparator}`,
    ),
  ],
);

/**
 * Exchange rates from MXN, append-only: a new rate is a new row, so the history of what was in force
 * stays. The rate in force at an instant is the row with the latest `valid_from` at or before it (the
 * greater id on a tie, so a correction entered later wins). `rate` is units of the currency per one
 * MXN, an exact decimal.
 */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    currency: char("currency", { length: 3 })
      .notNull()
      .references(() => currencies.isoCode),
    rate: numeric("rate", { precision: 24, scale: 12 }).notNull(),
    source: text("source").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("exchange_rates_currency_valid_from_idx").on(table.currency, table.validFrom.desc(), table.id.desc()),
    check("exchange_rates_rate_positive", sql`${table.rate} > 0`),
    check("exchange_rates_not_base", sql`${table.currency} <> 'MXN'`),
  ],
);
