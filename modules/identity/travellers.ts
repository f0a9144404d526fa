// Saved travellers (ADR 0057): the names a signed-in buyer chose to keep, newest first, at most
// SAVED_TRAVELLERS_MAX per account. Every query is by the account's own id: no other account's names
// can be read or written through it.
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import { savedTravellers } from "./schema.ts";

export const SAVED_TRAVELLERS_MAX = 20;

function cleanName(name: string): string {
  return name.trim().replace(/\s+/g, " ").slice(0, 120);
}

export async function findSavedTravellers(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: savedTravellers.name })
    .from(savedTravellers)
    .where(eq(savedTravellers.userId, userId))
    .orderBy(desc(savedTravellers.updatedAt), savedTravellers.nameKey)
    .limit(SAVED_TRAVELLERS_MAX);
  return rows.map((row) => row.name);
}

/** Keeps `names` for the account (the same person again is refreshed, not duplicated), then only the newest SAVED_TRAVELLERS_MAX. */
export async function saveTravellers(db: Database, userId: string, names: readonly string[], now: Date): Promise<void> {
  const cleaned = [
    ...new Map(
      names
        .map(cleanName)
        .filter((name) => name.length >= 2)
        .map((name) => [name.toLowerCase(), name]),
    ).entries(),
  ].slice(0, SAVED_TRAVELLERS_MAX);
  if (cleaned.length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(savedTravellers)
      .values(cleaned.map(([nameKey, name]) => ({ userId, name, nameKey, updatedAt: now })))
      .onConflictDoUpdate({
        target: [savedTravellers.userId, savedTravellers.nameKey],
        set: { name: sql`excluded.name`, updatedAt: now },
      });
    const keep = await tx
      .select({ id: savedTravellers.id })
      .from(savedTravellers)
      .where(eq(savedTravellers.userId, userId))
      .orderBy(desc(savedTravellers.updatedAt), savedTravellers.nameKey)
      .limit(SAVED_TRAVELLERS_MAX);
    await tx.delete(savedTravellers).where(
      and(
        eq(savedTravellers.userId, userId),
        notInArray(
          savedTravellers.id,
          keep.map((row) => row.id),
        ),
      ),
    );
  });
}
