// Writes and reads the audit log. A change is recorded in the same transaction as the change itself
// (pass the transaction), so there is never a change without its entry nor an entry without its change.
// A refusal is recorded on its own: nothing else was written.
import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import { auditEntries } from "./schema.ts";

type Executor = Pick<Database, "insert" | "select">;

/** Who acted: a staff account, the admin API token, or the system (a job, a sweep). */
export interface AuditActor {
  userId: string | null;
  label: string;
  role: string | null;
}

export interface AuditInput {
  actor: AuditActor;
  action: string;
  entityType: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
  at: Date;
}

export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  actorRole: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  outcome: "applied" | "refused";
  reason: string | null;
  before: unknown;
  after: unknown;
}

/** JSON columns take plain data: dates become ISO strings, undefined becomes null. */
function plain(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}

function rowOf(input: AuditInput, outcome: "applied" | "refused", reason: string | null) {
  return {
    at: input.at,
    actorUserId: input.actor.userId,
    actor: input.actor.label,
    actorRole: input.actor.role,
    action: input.action,
    entityType: input.entityType,
    entityId: input.entityId === undefined || input.entityId === null ? null : String(input.entityId),
    outcome,
    reason,
    before: plain(input.before),
    after: plain(input.after),
    requestId: input.requestId ?? null,
  };
}

/** Records a change; call it inside the transaction that makes the change. */
export async function recordChange(tx: Executor, input: AuditInput): Promise<void> {
  await tx.insert(auditEntries).values(rowOf(input, "applied", null));
}

/** Records a refused staff request (no scope, bad input, a rule that does not hold) with its code. */
export async function recordRefusal(db: Executor, input: AuditInput & { reason: string }): Promise<void> {
  await db.insert(auditEntries).values(rowOf(input, "refused", input.reason));
}

export interface AuditQuery {
  entityType?: string;
  entityId?: string;
  /** Entries older than this id (paging backwards through time). */
  beforeId?: number;
  limit: number;
}

/** The newest entries first, optionally of one entity. */
export async function findAuditEntries(db: Executor, query: AuditQuery): Promise<AuditEntry[]> {
  const conditions: SQL[] = [];
  if (query.entityType) conditions.push(eq(auditEntries.entityType, query.entityType));
  if (query.entityId) conditions.push(eq(auditEntries.entityId, query.entityId));
  if (query.beforeId) conditions.push(lt(auditEntries.id, query.beforeId));
  const rows = await db
    .select()
    .from(auditEntries)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(auditEntries.id))
    .limit(query.limit);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    actorRole: row.actorRole,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    outcome: row.outcome,
    reason: row.reason,
    before: row.before,
    after: row.after,
  }));
}
