// Accounts: users, their one-time tokens (confirm e-mail, reset password, the login ticket
// POST /login hands out), site sessions, social identities from upstream providers, the login
// throttle, and the identity provider's own storage (oidc-provider models), all in PostgreSQL so that
// every app node sees the same state. Secrets are never stored: tokens and session ids are SHA-256.
import { sql } from "drizzle-orm";
import type { StaffRole } from "./staff.ts";
import {
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey(),
    /** As the person typed it (shown back to them); `emailKey` is what is unique. */
    email: text("email").notNull(),
    /** Lower-cased and trimmed: one account per address regardless of case. */
    emailKey: text("email_key").notNull(),
    /** argon2id PHC string; null for an account created by a social sign-in that never set one. */
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    /** ISO 3166-1 alpha-3. */
    countryIso3: char("country_iso3", { length: 3 }),
    /** Free text or an ISO 3166-2 subdivision code such as MX-ROO. */
    state: text("state"),
    language: char("language", { length: 2 }).notNull().default("es"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    active: boolean("active").notNull().default(true),
    /**
     * The operator's staff (ADR 0036): admin, operator or agent at the pier; null for a
     * visitor. Only staff may be granted the identity provider's `admin` scope.
     */
    staffRole: text("staff_role").$type<StaffRole>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("users_email_key").on(table.emailKey),
    check("users_email_key_lower", sql`${table.emailKey} = lower(${table.emailKey})`),
    check("users_staff_role", sql`${table.staffRole} in ('admin', 'operator', 'agent')`),
  ],
);

export const userTokens = pgTable(
  "user_tokens",
  {
    /** SHA-256 (hex) of the token; the token itself is only ever in the mail or the answer. */
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<"confirm_email" | "reset_password" | "login_ticket">().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("user_tokens_user").on(table.userId, table.purpose)],
);

export const userSessions = pgTable(
  "user_sessions",
  {
    /** SHA-256 (hex) of the cookie's secret. */
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** regular: e-mail and password on this site; social: the hosted identity provider's code flow. */
    kind: text("kind").$type<"regular" | "social">().notNull(),
    /** Through an upstream social provider (Google, Facebook): isSocial. */
    viaSocialProvider: boolean("via_social_provider").notNull().default(false),
    remember: boolean("remember").notNull(),
    /** The identity provider's grant behind a social session, revoked with it at logout. */
    providerGrantId: text("provider_grant_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("user_sessions_user").on(table.userId)],
);

export const socialIdentities = pgTable(
  "social_identities",
  {
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.subject] }),
    index("social_identities_user").on(table.userId),
  ],
);

/** Failed sign-ins per account and per address: back-off, never a permanent lockout. */
export const loginThrottle = pgTable("login_throttle", {
  /** "account:<email key>" or "ip:<address>". */
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
});

/** oidc-provider's models (sessions, grants, codes, tokens, interactions…), one row per model instance. */
export const oidcModels = pgTable(
  "oidc_models",
  {
    model: text("model").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    grantId: text("grant_id"),
    userCode: text("user_code"),
    uid: text("uid"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index("oidc_models_grant").on(table.grantId),
    index("oidc_models_uid").on(table.uid),
    index("oidc_models_user_code").on(table.userCode),
    index("oidc_models_expires").on(table.expiresAt),
  ],
);

/**
 * Travellers a signed-in buyer saved at checkout, offered again as they type a passenger's name
 * (ADR 0057). Only ever read by their own account; removed with it.
 */
export const savedTravellers = pgTable(
  "saved_travellers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Lower-cased, spaces collapsed: one entry per person however it was typed. */
    nameKey: text("name_key").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("saved_travellers_user_name").on(table.userId, table.nameKey),
    check("saved_travellers_name_length", sql`char_length(${table.name}) between 1 and 120`),
  ],
);
