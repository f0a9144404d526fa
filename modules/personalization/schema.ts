import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  char,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { JsonLogicRule, SlotContent } from "./types.ts";

/**
 * Content that is data: a banner at a named position a page renders (lib/routing/content-slots.ts), or
 * with no position, answered only by id (the personalization API). At most one slot is shown at a
 * position; a retired slot (`active` false) is kept with its versions and answered nowhere.
 */
export const contentSlots = pgTable(
  "content_slots",
  {
    id: text("id").primaryKey(),
    /** For the operator: what the slot is and where it shows. */
    description: text("description").notNull(),
    /** The named position whose page shows it; null: only the personalization API answers it. */
    position: text("position"),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("content_slots_position_active")
      .on(table.position)
      .where(sql`${table.active} and ${table.position} is not null`),
  ],
);

export const slotVersionStatus = pgEnum("slot_version_status", ["draft", "published"]);

/**
 * A slot's content changes by versions: visitors get the newest published one (or the version a page
 * pins); a preview token shows the newest, drafts included.
 */
export const contentSlotVersions = pgTable(
  "content_slot_versions",
  {
    slotId: text("slot_id")
      .notNull()
      .references(() => contentSlots.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    status: slotVersionStatus("status").notNull().default("draft"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.slotId, table.version] }),
    check("content_slot_versions_positive", sql`${table.version} > 0`),
  ],
);

/**
 * One variant of a slot version in one language: variants are tried in `position` order and the first
 * whose audience (a JSON Logic rule over the evaluation context) holds is answered; the variant without
 * an audience is the default, answered when none holds and served as static content.
 */
export const contentSlotVariants = pgTable(
  "content_slot_variants",
  {
    id: serial("id").primaryKey(),
    slotId: text("slot_id").notNull(),
    version: integer("version").notNull(),
    locale: char("locale", { length: 2 }).notNull(),
    position: smallint("position").notNull(),
    /** Names the variant in answers and logs: "resident", "cart-reminder", "default". */
    name: text("name").notNull(),
    audience: jsonb("audience").$type<JsonLogicRule>(),
    /** Sanitized before it is stored (and again before it is answered). */
    content: jsonb("content").$type<SlotContent>().notNull(),
  },
  (table) => [
    foreignKey({
      columns: [table.slotId, table.version],
      foreignColumns: [contentSlotVersions.slotId, contentSlotVersions.version],
    }).onDelete("cascade"),
    unique("content_slot_variants_order").on(table.slotId, table.version, table.locale, table.position),
    unique("content_slot_variants_name").on(table.slotId, table.version, table.locale, table.name),
    check("content_slot_variants_locale", sql`${table.locale} in ('es', 'en', 'pt')`),
  ],
);

/** A browser the service knows: how many visits it made, for the audience rules. */
export const personalizationClients = pgTable(
  "personalization_clients",
  {
    cid: text("cid").primaryKey(),
    siteCode: text("site_code").notNull(),
    visits: integer("visits").notNull().default(1),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
  },
  (table) => [check("personalization_clients_cid", sql`${table.cid} ~ '^[0-9a-f]{32}$'`)],
);

/** A key of the /external/web/… calls: stored hashed, with the origins and monthly active users it allows. */
export const personalizationApiKeys = pgTable("personalization_api_keys", {
  id: serial("id").primaryKey(),
  /** SHA-256 of the key, hex: a leaked table does not leak usable keys. */
  keyHash: text("key_hash").notNull().unique(),
  siteCode: text("site_code").notNull(),
  name: text("name").notNull(),
  /** Exact origins (scheme://host[:port]) a browser may call with this key. */
  allowedOrigins: text("allowed_origins").array().notNull(),
  monthlyActiveUserQuota: integer("monthly_active_user_quota").notNull(),
  active: boolean("active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Which clients used a key in a month (UTC, "2026-11"): their count is checked against the quota. */
export const personalizationMonthlyUsers = pgTable(
  "personalization_monthly_users",
  {
    apiKeyId: integer("api_key_id")
      .notNull()
      .references(() => personalizationApiKeys.id, { onDelete: "cascade" }),
    month: char("month", { length: 7 }).notNull(),
    cid: text("cid").notNull(),
  },
  (table) => [primaryKey({ columns: [table.apiKeyId, table.month, table.cid] })],
);

/** Tracked beacons, append-only: a trigger refuses UPDATE and DELETE. */
export const personalizationEvents = pgTable(
  "personalization_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    siteCode: text("site_code").notNull(),
    cid: text("cid"),
    type: text("type").notNull(),
    context: jsonb("context").notNull(),
    payload: jsonb("payload").notNull(),
    /** When it happened, corrected for the browser's clock skew (departure vs arrival). */
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("personalization_events_cid_idx").on(table.cid, table.receivedAt)],
);
