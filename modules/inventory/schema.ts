import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  smallint,
  text,
  time,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import type { LocalizedText } from "../../lib/db.ts";

/** A pier sailings leave from and arrive at. */
export const ports = pgTable("ports", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: jsonb("name").$type<LocalizedText>().notNull(),
  /** Where it is, for the timetable page ("Hotel zone km 4, Cancún"). */
  place: jsonb("place").$type<LocalizedText>().notNull(),
  timeZone: text("time_zone").notNull().default("America/Cancun"),
  /** Where the pier is (WGS 84 degrees): the GTFS feed's stop (ADR 0037). */
  latitude: numeric("latitude", { precision: 8, scale: 6, mode: "number" }),
  longitude: numeric("longitude", { precision: 9, scale: 6, mode: "number" }),
  /** False: retired. No new crossing may use it; crossings and sailings already made keep it. */
  active: boolean("active").notNull().default(true),
});

/** A directed pair of ports ("route" is React Router's word, never ours). */
export const crossings = pgTable(
  "crossings",
  {
    id: integer("id").primaryKey(),
    code: text("code").notNull().unique(),
    fromPortId: integer("from_port_id")
      .notNull()
      .references(() => ports.id),
    toPortId: integer("to_port_id")
      .notNull()
      .references(() => ports.id),
    durationMinutes: smallint("duration_minutes").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (table) => [
    unique("crossings_ports").on(table.fromPortId, table.toPortId),
    check("crossings_distinct_ports", sql`${table.fromPortId} <> ${table.toPortId}`),
    check("crossings_duration", sql`${table.durationMinutes} between 1 and 600`),
  ],
);

export const vessels = pgTable(
  "vessels",
  {
    id: integer("id").primaryKey(),
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    /** Passenger seats: every person aboard takes one, infants included. */
    capacity: integer("capacity").notNull(),
    active: boolean("active").notNull().default(true),
  },
  (table) => [check("vessels_capacity", sql`${table.capacity} between 1 and 5000`)],
);

/**
 * The timetable: each rule makes departures every `interval_minutes` from `first_departure` to
 * `last_departure` on its weekdays, within a yearly season and a validity range. On a day, only the
 * applicable rules of the highest priority of a crossing count (modules/inventory/timetable.ts).
 */
export const timetableRules = pgTable(
  "timetable_rules",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    crossingId: integer("crossing_id")
      .notNull()
      .references(() => crossings.id),
    vesselId: integer("vessel_id")
      .notNull()
      .references(() => vessels.id),
    /** ISO weekdays: 1 Monday … 7 Sunday. */
    weekdays: smallint("weekdays").array().notNull(),
    seasonStart: char("season_start", { length: 5 }),
    seasonEnd: char("season_end", { length: 5 }),
    validFrom: date("valid_from", { mode: "string" }),
    validUntil: date("valid_until", { mode: "string" }),
    firstDeparture: time("first_departure").notNull(),
    lastDeparture: time("last_departure").notNull(),
    intervalMinutes: smallint("interval_minutes").notNull(),
    priority: smallint("priority").notNull().default(0),
    active: boolean("active").notNull().default(true),
    note: text("note"),
  },
  (table) => [
    check(
      "timetable_rules_weekdays",
      sql`cardinality(${table.weekdays}) > 0 and ${table.weekdays} <@ array[1,2,3,4,5,6,7]::smallint[]`,
    ),
    check("timetable_rules_season_pair", sql`(${table.seasonStart} is null) = (${table.seasonEnd} is null)`),
    check(
      "timetable_rules_season_format",
      sql`${table.seasonStart} is null or (${table.seasonStart} ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' and ${table.seasonEnd} ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$')`,
    ),
    check(
      "timetable_rules_validity",
      sql`${table.validFrom} is null or ${table.validUntil} is null or ${table.validFrom} <= ${table.validUntil}`,
    ),
    check("timetable_rules_times", sql`${table.firstDeparture} <= ${table.lastDeparture}`),
    check("timetable_rules_interval", sql`${table.intervalMinutes} between 5 and 720`),
  ],
);

/**
 * One departure. Made by the timetable for a rolling window (materialized idempotently) or added by
 * hand (rule_id null). The capacity is the vessel's when it was planned; the operator may change it.
 */
export const sailings = pgTable(
  "sailings",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    crossingId: integer("crossing_id")
      .notNull()
      .references(() => crossings.id),
    /** The operator's local date of the departure (America/Cancun), to find a day's sailings fast. */
    serviceDate: date("service_date", { mode: "string" }).notNull(),
    departsAt: timestamp("departs_at", { withTimezone: true }).notNull(),
    /**
     * The departure as first planned, once the sailing has been moved; null while it leaves as planned.
     * A trigger keeps it whatever code moves the sailing: the realtime feed tells trip planners of the
     * move against the trip they know (ADR 0060).
     */
    plannedDepartsAt: timestamp("planned_departs_at", { withTimezone: true }),
    vesselId: integer("vessel_id")
      .notNull()
      .references(() => vessels.id),
    capacity: integer("capacity").notNull(),
    /** The operator set this sailing's capacity by hand: a new capacity of its vessel leaves it as it is. */
    capacityByHand: boolean("capacity_by_hand").notNull().default(false),
    ruleId: integer("rule_id").references(() => timetableRules.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("sailings_crossing_departure").on(table.crossingId, table.departsAt),
    index("sailings_crossing_date_idx").on(table.crossingId, table.serviceDate),
    index("sailings_date_idx").on(table.serviceDate),
    check("sailings_capacity", sql`${table.capacity} >= 0`),
  ],
);

/** Something sold by the day with a daily capacity and opening hours: a park, the catamaran tour. */
export const activities = pgTable(
  "activities",
  {
    id: integer("id").primaryKey(),
    code: text("code").notNull().unique(),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    dailyCapacity: integer("daily_capacity").notNull(),
    timeZone: text("time_zone").notNull().default("America/Cancun"),
  },
  (table) => [check("activities_daily_capacity", sql`${table.dailyCapacity} >= 0`)],
);

/** Opening hours by weekday. A weekday without a row is a closed day (Xplor on Sundays). */
export const activityHours = pgTable(
  "activity_hours",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    activityId: integer("activity_id")
      .notNull()
      .references(() => activities.id),
    weekdays: smallint("weekdays").array().notNull(),
    opens: time("opens").notNull(),
    closes: time("closes").notNull(),
  },
  (table) => [
    index("activity_hours_activity_idx").on(table.activityId),
    check(
      "activity_hours_weekdays",
      sql`cardinality(${table.weekdays}) > 0 and ${table.weekdays} <@ array[1,2,3,4,5,6,7]::smallint[]`,
    ),
    check("activity_hours_times", sql`${table.opens} < ${table.closes}`),
  ],
);

export const closureReason = pgEnum("closure_reason", ["weather", "port_authority"]);

/**
 * A closure stops sales: of one sailing; of every sailing of a crossing on a day; of every crossing on
 * a day (the port closed: crossing null); or of an activity on a day. Lifting keeps the record.
 */
export const closures = pgTable(
  "closures",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    sailingId: bigint("sailing_id", { mode: "number" }).references(() => sailings.id),
    crossingId: integer("crossing_id").references(() => crossings.id),
    activityId: integer("activity_id").references(() => activities.id),
    serviceDate: date("service_date", { mode: "string" }),
    reason: closureReason("reason").notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
  },
  (table) => [
    index("closures_sailing_idx").on(table.sailingId),
    index("closures_date_idx").on(table.serviceDate),
    check(
      "closures_target",
      sql`(${table.sailingId} is not null and ${table.crossingId} is null and ${table.activityId} is null and ${table.serviceDate} is null)
        or (${table.sailingId} is null and ${table.serviceDate} is not null and (${table.crossingId} is null or ${table.activityId} is null))`,
    ),
  ],
);

export const allocationState = pgEnum("allocation_state", ["held", "sold", "blocked"]);

/**
 * Seats on a sailing or places on an activity day, taken by a hold (expires), a sale (a ticket) or an
 * operator's block. Availability is derived from these rows with `now`, never kept in a counter:
 * the cart's holds insert `held` rows, checkout turns them `sold` in the payment transaction, and
 * releasing sets `released_at` so the history stays.
 */
export const seatAllocations = pgTable(
  "seat_allocations",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    sailingId: bigint("sailing_id", { mode: "number" }).references(() => sailings.id),
    activityId: integer("activity_id").references(() => activities.id),
    serviceDate: date("service_date", { mode: "string" }),
    quantity: integer("quantity").notNull(),
    state: allocationState("state").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Who took it: a cart line, a booking, an operator's block ("block:school-trip"). */
    reference: text("reference").notNull(),
    /**
     * Who asked for a hold: a hash of the visitor's address (ADR 0047), so every node counts what one
     * address holds of a departure from these rows. Null for sales, blocks and holds no visitor asked for.
     */
    holder: text("holder"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (table) => [
    index("seat_allocations_sailing_idx").on(table.sailingId).where(sql`${table.releasedAt} is null`),
    index("seat_allocations_activity_day_idx")
      .on(table.activityId, table.serviceDate)
      .where(sql`${table.releasedAt} is null`),
    index("seat_allocations_reference_idx").on(table.reference),
    check("seat_allocations_quantity", sql`${table.quantity} > 0`),
    check(
      "seat_allocations_target",
      sql`(${table.sailingId} is not null and ${table.activityId} is null and ${table.serviceDate} is null)
        or (${table.sailingId} is null and ${table.activityId} is not null and ${table.serviceDate} is not null)`,
    ),
    check("seat_allocations_hold_expires", sql`(${table.state} = 'held') = (${table.expiresAt} is not null)`),
  ],
);
