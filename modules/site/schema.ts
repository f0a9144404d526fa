import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** One row per site this code serves: its languages and feature flags are data, not code. */
export const sites = pgTable("sites", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  /** Enabled languages, in the order the switcher offers them. */
  languages: text("languages").array().notNull(),
  flags: jsonb("flags").$type<Record<string, boolean>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
