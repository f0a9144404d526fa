// Reads and writes of the waiting list. The use cases (flows/waitlist.ts) hold the transaction and
// the sailing's lock; rules.ts decides who is offered what.
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, lt, lte, sql } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import type { Language } from "../../lib/language.ts";
import { sailings } from "../inventory/index.ts";
import type { WaitlistRequest } from "./rules.ts";
import { waitlistEntries } from "./schema.ts";

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;

/** Stores a new entry at the end of the line; null when the address already waits for that sailing. */
export async function insertWaitlistEntry(
  db: Database,
  request: WaitlistRequest,
  seats: number,
  now: Date,
): Promise<WaitlistEntryRow | null> {
  const rows = await db
    .insert(waitlistEntries)
    .values({
      id: randomUUID(),
      sailingId: request.sailingId,
      email: request.email,
      language: request.language as Language,
      category: request.category,
      adults: request.passengers.adult,
      children: request.passengers.child,
      infants: request.passengers.infant,
      seats,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
}

/** How many live entries are ahead of `entry` on its sailing, plus one: the place the visitor is told. */
export async function placeInLine(
  db: Database,
  entry: Pick<WaitlistEntryRow, "sailingId" | "lineNumber">,
): Promise<number> {
  const [row] = await db
    .select({ ahead: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.sailingId, entry.sailingId),
        inArray(waitlistEntries.status, ["waiting", "offered"]),
        lt(waitlistEntries.lineNumber, entry.lineNumber),
      ),
    );
  return (row?.ahead ?? 0) + 1;
}

/**
 * The entries of a sailing in line order with `status`, locked. SKIP LOCKED: an entry a visitor is
 * claiming right now is left to that claim (and to the next run) rather than waited for under the
 * sailing's lock, so the claim (entry, then cart, then sailing) and the offer run (sailing, then
 * entries) cannot deadlock.
 */
export async function lockLineEntries(
  tx: Database,
  sailingId: number,
  status: "waiting" | "offered",
): Promise<WaitlistEntryRow[]> {
  return tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.sailingId, sailingId), eq(waitlistEntries.status, status)))
    .orderBy(asc(waitlistEntries.lineNumber))
    .for("update", { skipLocked: true });
}

export async function updateWaitlistEntry(
  db: Database,
  id: string,
  values: Partial<
    Pick<WaitlistEntryRow, "status" | "offeredAt" | "offerExpiresAt" | "offerNonce" | "offerTokenHash" | "finishedAt">
  >,
): Promise<void> {
  await db.update(waitlistEntries).set(values).where(eq(waitlistEntries.id, id));
}

export async function findWaitlistEntry(db: Database, id: string): Promise<WaitlistEntryRow | null> {
  const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
  return row ?? null;
}

/** The entry an offer link names (by the token's hash); with `lock`, locked until the transaction ends. */
export async function findEntryByOfferTokenHash(
  db: Database,
  tokenHash: string,
  options: { lock?: boolean } = {},
): Promise<WaitlistEntryRow | null> {
  const query = db.select().from(waitlistEntries).where(eq(waitlistEntries.offerTokenHash, tokenHash));
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

/** Sailings not yet departed that someone waits for or holds an offer on: what the minute's sweep looks at. */
export async function findSailingsWithLiveEntries(db: Database, now: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: waitlistEntries.sailingId })
    .from(waitlistEntries)
    .innerJoin(sailings, eq(sailings.id, waitlistEntries.sailingId))
    .where(and(inArray(waitlistEntries.status, ["waiting", "offered"]), gt(sailings.departsAt, now)))
    .orderBy(asc(waitlistEntries.sailingId));
  return rows.map((row) => row.id);
}

/** Whether a sailing still has entries waiting or offered (so a later check is worth scheduling). */
export async function hasLiveEntries(db: Database, sailingId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.sailingId, sailingId), inArray(waitlistEntries.status, ["waiting", "offered"])))
    .limit(1);
  return row !== undefined;
}

/** Live entries of sailings that have departed: they can never be offered anything. */
export async function lapseDepartedEntries(db: Database, now: Date): Promise<number> {
  const rows = await db
    .update(waitlistEntries)
    .set({ status: "lapsed", finishedAt: now })
    .where(
      and(
        eq(waitlistEntries.status, "waiting"),
        inArray(
          waitlistEntries.sailingId,
          db.select({ id: sailings.id }).from(sailings).where(lte(sailings.departsAt, now)),
        ),
      ),
    )
    .returning({ id: waitlistEntries.id });
  return rows.length;
}

/** Every entry (any status) of these sailings, per sailing in line order: what the console shows. */
export async function findEntriesOfSailings(db: Database, sailingIds: readonly number[]): Promise<WaitlistEntryRow[]> {
  if (sailingIds.length === 0) return [];
  return db
    .select()
    .from(waitlistEntries)
    .where(inArray(waitlistEntries.sailingId, [...sailingIds]))
    .orderBy(asc(waitlistEntries.sailingId), asc(waitlistEntries.lineNumber))
    .limit(2000);
}
