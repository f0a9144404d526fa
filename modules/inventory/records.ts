// The piers and crossings as records the operator keeps: their fields checked (pure), added with the
// next id, changed, and retired only when nothing in force still points at them (ADR 0063). A port is
// retired while no crossing in service leaves from or reaches it; a crossing while no rule in force
// sails it and no sailing not yet departed has seats taken on it.
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Database, LocalizedText } from "../../lib/db.ts";
import { AppError, type ErrorIssue } from "../../lib/errors.ts";
import type { LocalDate } from "./local-time.ts";
import type { StoredTimetableRule } from "./operations.ts";
import { crossings, ports, sailings, seatAllocations } from "./schema.ts";

export interface PortRecord {
  id: number;
  code: string;
  name: LocalizedText;
  place: LocalizedText;
  latitude: number | null;
  longitude: number | null;
  active: boolean;
}

export interface CrossingRecord {
  id: number;
  code: string;
  fromPortId: number;
  toPortId: number;
  durationMinutes: number;
  sortOrder: number;
  active: boolean;
}

export type PortInput = Omit<PortRecord, "id" | "code" | "active">;
export type CrossingChange = Pick<CrossingRecord, "durationMinutes" | "sortOrder" | "active">;

const CODE = /^[a-z0-9-]{2,40}$/;
const LANGS = ["es", "en", "pt"] as const;

/** A record's code: lower case letters, digits and hyphens, 2 to 40 of them. */
export function codeIssues(code: string): ErrorIssue[] {
  return CODE.test(code) ? [] : [{ path: "code", code: "format" }];
}

/** What is wrong with a port's fields: a name and a place in each language, coordinates within range or both absent. */
export function portIssues(input: PortInput): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  for (const language of LANGS) {
    const name = input.name[language].trim();
    if (name.length === 0 || name.length > 80) issues.push({ path: `name.${language}`, code: "required" });
    if (input.place[language].trim().length > 160) issues.push({ path: `place.${language}`, code: "too_long" });
  }
  if ((input.latitude === null) !== (input.longitude === null))
    issues.push({ path: "latitude", code: "both_or_neither" });
  if (input.latitude !== null && !(Number.isFinite(input.latitude) && Math.abs(input.latitude) <= 90))
    issues.push({ path: "latitude", code: "out_of_range" });
  if (input.longitude !== null && !(Number.isFinite(input.longitude) && Math.abs(input.longitude) <= 180))
    issues.push({ path: "longitude", code: "out_of_range" });
  return issues;
}

/** What is wrong with a crossing's changeable fields. */
export function crossingIssues(input: Pick<CrossingRecord, "durationMinutes" | "sortOrder">): ErrorIssue[] {
  return [
    ...(Number.isInteger(input.durationMinutes) && input.durationMinutes >= 1 && input.durationMinutes <= 600
      ? []
      : [{ path: "durationMinutes", code: "between_1_and_600" }]),
    ...(Number.isInteger(input.sortOrder) && Math.abs(input.sortOrder) <= 1000
      ? []
      : [{ path: "sortOrder", code: "out_of_range" }]),
  ];
}

/** The crossings in service that leave from or reach a port: what forbids retiring it. */
export function crossingsUsingPort(all: readonly CrossingRecord[], portId: number): CrossingRecord[] {
  return all.filter((crossing) => crossing.active && (crossing.fromPortId === portId || crossing.toPortId === portId));
}

/** Refuses to retire a port a crossing in service still uses, naming each crossing. */
export function assertPortRetirable(all: readonly CrossingRecord[], portId: number): void {
  const using = crossingsUsingPort(all, portId);
  if (using.length > 0)
    throw new AppError("RECORD_IN_USE", {
      issues: using.map((crossing) => ({ path: `crossing.${crossing.code}`, code: "in_service" })),
    });
}

/** The rules that still make sailings on a crossing from `today` on. */
export function rulesUsingCrossing(
  rules: readonly StoredTimetableRule[],
  crossingId: number,
  today: LocalDate,
): StoredTimetableRule[] {
  return rules.filter(
    (rule) => rule.crossingId === crossingId && rule.active && (rule.validUntil === null || rule.validUntil >= today),
  );
}

export async function findPortRecords(db: Database): Promise<PortRecord[]> {
  return db.select().from(ports).orderBy(asc(ports.id));
}

export async function findCrossingRecords(db: Database): Promise<CrossingRecord[]> {
  return db
    .select({
      id: crossings.id,
      code: crossings.code,
      fromPortId: crossings.fromPortId,
      toPortId: crossings.toPortId,
      durationMinutes: crossings.durationMinutes,
      sortOrder: crossings.sortOrder,
      active: crossings.active,
    })
    .from(crossings)
    .orderBy(asc(crossings.sortOrder), asc(crossings.id));
}

export async function findPortRecord(
  db: Database,
  id: number,
  options: { lock?: boolean } = {},
): Promise<PortRecord | null> {
  const query = db.select().from(ports).where(eq(ports.id, id));
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function findCrossingRecord(
  db: Database,
  id: number,
  options: { lock?: boolean } = {},
): Promise<CrossingRecord | null> {
  const query = db.select().from(crossings).where(eq(crossings.id, id));
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

/** A new port with the next id; a taken code is refused, never overwritten. */
export async function insertPort(tx: Database, code: string, input: PortInput): Promise<PortRecord> {
  const [taken] = await tx.select({ id: ports.id }).from(ports).where(eq(ports.code, code));
  if (taken) throw new AppError("INVALID_REQUEST", { issues: [{ path: "code", code: "taken" }] });
  const [next] = await tx.select({ id: sql<number>`coalesce(max(${ports.id}), 0)::int + 1` }).from(ports);
  const [row] = await tx
    .insert(ports)
    .values({ id: next?.id ?? 1, code, ...input, active: true })
    .returning();
  if (!row) throw new Error("port not stored");
  return row;
}

export async function updatePort(
  tx: Database,
  id: number,
  values: PortInput & { active: boolean },
): Promise<PortRecord> {
  const [row] = await tx.update(ports).set(values).where(eq(ports.id, id)).returning();
  if (!row) throw new AppError("NOT_FOUND", { issues: [{ path: "port.id", code: "unknown_port" }] });
  return row;
}

/** A new crossing between two different ports in service; the pair and the code are unique. */
export async function insertCrossing(tx: Database, values: Omit<CrossingRecord, "id">): Promise<CrossingRecord> {
  const [sameCode] = await tx.select({ id: crossings.id }).from(crossings).where(eq(crossings.code, values.code));
  if (sameCode) throw new AppError("INVALID_REQUEST", { issues: [{ path: "code", code: "taken" }] });
  const [samePair] = await tx
    .select({ code: crossings.code })
    .from(crossings)
    .where(and(eq(crossings.fromPortId, values.fromPortId), eq(crossings.toPortId, values.toPortId)));
  if (samePair)
    throw new AppError("INVALID_REQUEST", { issues: [{ path: `crossing.${samePair.code}`, code: "same_ports" }] });
  const [next] = await tx.select({ id: sql<number>`coalesce(max(${crossings.id}), 0)::int + 1` }).from(crossings);
  const [row] = await tx
    .insert(crossings)
    .values({ id: next?.id ?? 1, ...values })
    .returning();
  if (!row) throw new Error("crossing not stored");
  return row;
}

export async function updateCrossing(tx: Database, id: number, values: CrossingChange): Promise<CrossingRecord> {
  const [row] = await tx.update(crossings).set(values).where(eq(crossings.id, id)).returning();
  if (!row) throw new AppError("NOT_FOUND", { issues: [{ path: "crossing.id", code: "unknown_crossing" }] });
  return row;
}

/** The crossing's sailings not yet departed with seats sold, blocked or held at `now`, and how many. */
export async function findTakenFutureSailingsOfCrossing(
  db: Database,
  crossingId: number,
  now: Date,
): Promise<{ sailingId: number; taken: number }[]> {
  const future = await db
    .select({ id: sailings.id })
    .from(sailings)
    .where(and(eq(sailings.crossingId, crossingId), gt(sailings.departsAt, now)));
  if (future.length === 0) return [];
  const rows = await db
    .select({ sailingId: seatAllocations.sailingId, taken: sql<number>`sum(${seatAllocations.quantity})::int` })
    .from(seatAllocations)
    .where(
      and(
        inArray(
          seatAllocations.sailingId,
          future.map((row) => row.id),
        ),
        isNull(seatAllocations.releasedAt),
        sql`(${seatAllocations.state} <> 'held' or ${seatAllocations.expiresAt} > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .groupBy(seatAllocations.sailingId)
    .orderBy(asc(seatAllocations.sailingId));
  return rows.flatMap((row) =>
    row.sailingId !== null && row.taken > 0 ? [{ sailingId: row.sailingId, taken: row.taken }] : [],
  );
}
