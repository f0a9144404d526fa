import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, bigint } from "drizzle-orm/pg-core";

/**
 * Search analytics: one row per event the search box or the
 * results page sends, e.g. a result clicked at a position. `user_pseudo_id` is the browser's random
 * id, never a person's; the query is kept as typed (cut to 200 characters).
 */
export const searchEvents = pgTable(
  "search_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    dataStore: text("data_store").notNull(),
    language: text("language").notNull(),
    eventType: text("event_type").notNull(),
    searchQuery: text("search_query").notNull(),
    userPseudoId: text("user_pseudo_id").notNull(),
    /** The documents the event is about: [{ id, uri }], the clicked one for a click. */
    documents: jsonb("documents").$type<{ id: string; uri?: string }[]>().notNull(),
    selectedPosition: integer("selected_position").notNull().default(0),
    attributionToken: text("attribution_token"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("search_events_created_idx").on(table.createdAt),
    check("search_events_position", sql`${table.selectedPosition} >= 0`),
  ],
);

/**
 * Errors browsers report through /reporting (token and suggestion failures). The client is
 * kept only as a keyed hash of its address, enough to rate-limit it.
 */
export const clientErrorReports = pgTable(
  "client_error_reports",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    clientKey: text("client_key").notNull(),
    error: text("error").notNull(),
    params: jsonb("params").$type<Record<string, unknown>>().notNull(),
    hostPath: text("host_path").notNull(),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("client_error_reports_client_idx").on(table.clientKey, table.createdAt)],
);

/**
 * The secret search tokens are signed with when SEARCH_TOKEN_SECRET is not set: made by the first node
 * that starts and read by every other, so a token one node issued is good on all (ADR 0053).
 */
export const searchTokenSecrets = pgTable("search_token_secrets", {
  site: text("site").primaryKey(),
  secret: text("secret").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
