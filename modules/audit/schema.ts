// The audit log (ADR 0036): every change a staff member or the admin API makes, and every
// staff request refused, with who, when, what, before and after. Append-only: nothing updates or
// deletes a row (a trigger refuses it), so the log can be trusted as the record of what happened.
import { sql } from "drizzle-orm";
import { bigserial, check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const auditEntries = pgTable(
  "audit_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** The staff account, or null for the admin API token and the system itself. */
    actorUserId: uuid("actor_user_id"),
    /** Who, readable without a join and after the account is gone: the e-mail, "admin-api-token" or "system". */
    actor: text("actor").notNull(),
    actorRole: text("actor_role"),
    /** What was asked, as "<domain>.<verb>": "staff.grant", "sailing.close", "booking.refund"… */
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    /** applied: the change happened; refused: nothing changed, `reason` says why (an error code). */
    outcome: text("outcome").$type<"applied" | "refused">().notNull(),
    reason: text("reason"),
    before: jsonb("before"),
    after: jsonb("after"),
    requestId: text("request_id"),
  },
  (table) => [
    index("audit_entries_entity").on(table.entityType, table.entityId, table.at),
    index("audit_entries_at").on(table.at),
    check("audit_entries_outcome", sql`${table.outcome} in ('applied', 'refused')`),
  ],
);
