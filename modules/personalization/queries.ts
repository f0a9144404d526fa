// The personalization tables: slots and their variants, clients and their visits, API keys and their
// monthly users, tracked events (insert only).
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import { newSecret128 } from "../../lib/ids.ts";
import type { Language } from "../../lib/language.ts";
import { findCartBySession, findCartLines } from "../cart/index.ts";
import { newVisitIfSeenBefore } from "./context.ts";
import { sanitizeSlotContent } from "./sanitize.ts";
import {
  contentSlots,
  contentSlotVariants,
  contentSlotVersions,
  personalizationApiKeys,
  personalizationClients,
  personalizationEvents,
  personalizationMonthlyUsers,
} from "./schema.ts";
import type { CartSummary, SlotContent } from "./types.ts";

export type SlotVariantRow = typeof contentSlotVariants.$inferSelect;

/**
 * The active slot at a named position, or null. Read on every render of the page (not kept by the
 * content cache), so a slot retired or moved leaves the page within the page's own cache bound.
 */
export async function findSlotAt(db: Database, position: string): Promise<string | null> {
  const [row] = await db
    .select({ id: contentSlots.id })
    .from(contentSlots)
    .where(and(eq(contentSlots.position, position), eq(contentSlots.active, true)))
    .limit(1);
  return row?.id ?? null;
}

/** The slot's newest published version (or the one asked for); with drafts, the newest of any status. */
export async function findSlotVersion(
  db: Database,
  slotId: string,
  options: { version?: number | undefined; includeDrafts: boolean },
): Promise<{ version: number; status: "draft" | "published" } | null> {
  // A retired slot is answered nowhere, whichever version is asked for.
  const conditions = [eq(contentSlotVersions.slotId, slotId), eq(contentSlots.active, true)];
  if (options.version !== undefined) conditions.push(eq(contentSlotVersions.version, options.version));
  if (!options.includeDrafts) conditions.push(eq(contentSlotVersions.status, "published"));
  const [row] = await db
    .select({ version: contentSlotVersions.version, status: contentSlotVersions.status })
    .from(contentSlotVersions)
    .innerJoin(contentSlots, eq(contentSlots.id, contentSlotVersions.slotId))
    .where(and(...conditions))
    .orderBy(desc(contentSlotVersions.version))
    .limit(1);
  return row ?? null;
}

export async function findSlotVariants(db: Database, slotId: string, version: number): Promise<SlotVariantRow[]> {
  return db
    .select()
    .from(contentSlotVariants)
    .where(and(eq(contentSlotVariants.slotId, slotId), eq(contentSlotVariants.version, version)))
    .orderBy(contentSlotVariants.locale, contentSlotVariants.position);
}

export interface SlotDefinition {
  id: string;
  description: string;
  /** The named position whose page shows it (lib/routing/content-slots.ts), or null. */
  position: string | null;
  versions: {
    version: number;
    status: "draft" | "published";
    variants: { locale: Language; position: number; name: string; audience: unknown; content: SlotContent }[];
  }[];
}

/** Adds a slot, its versions and variants where missing (idempotent: an operator's edits stay). */
export async function insertSlotIfMissing(db: Database, slot: SlotDefinition): Promise<void> {
  await db
    .insert(contentSlots)
    .values({ id: slot.id, description: slot.description, position: slot.position })
    .onConflictDoNothing();
  for (const version of slot.versions) {
    const added = await db
      .insert(contentSlotVersions)
      .values({ slotId: slot.id, version: version.version, status: version.status })
      .onConflictDoNothing()
      .returning({ version: contentSlotVersions.version });
    if (added.length === 0) continue;
    await db.insert(contentSlotVariants).values(
      version.variants.map((variant) => ({
        slotId: slot.id,
        version: version.version,
        locale: variant.locale,
        position: variant.position,
        name: variant.name,
        audience: variant.audience ?? null,
        content: sanitizeSlotContent(variant.content),
      })),
    );
  }
}

/** Counts a visit of this browser (a new one after half an hour unseen) and answers its visits. */
export async function recordVisit(db: Database, cid: string, siteCode: string, now: Date): Promise<number> {
  const [row] = await db
    .insert(personalizationClients)
    .values({ cid, siteCode, visits: 1, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: personalizationClients.cid,
      set: {
        visits: sql`case when ${personalizationClients.lastSeenAt} < ${newVisitIfSeenBefore(now)} then ${personalizationClients.visits} + 1 else ${personalizationClients.visits} end`,
        lastSeenAt: now,
      },
    })
    .returning({ visits: personalizationClients.visits });
  return row?.visits ?? 1;
}

export async function findClientVisits(db: Database, cid: string): Promise<number> {
  const [row] = await db
    .select({ visits: personalizationClients.visits })
    .from(personalizationClients)
    .where(eq(personalizationClients.cid, cid));
  return row?.visits ?? 0;
}

/** The open cart of a cart session as audiences see it: products and total in MXN. */
export async function findCartSummary(db: Database, sessionId: string | null): Promise<CartSummary | null> {
  if (!sessionId) return null;
  const cart = await findCartBySession(db, sessionId);
  if (!cart || cart.status !== "open") return null;
  const lines = await findCartLines(db, cart.id);
  if (lines.length === 0) return null;
  const totalMinor = lines.reduce(
    (total, line) =>
      total +
      line.pricing.lines.reduce((sum, part) => sum + part.quantity * (part.unitMinor - part.unitDiscountMinor), 0),
    0,
  );
  return { items: lines.length, total: totalMinor / 100, currency: "MXN" };
}

const CART_EVENT_TYPES = ["cartModified", "cartViewed"];

/** The last cart this browser's tracker reported (cartViewed or cartModified beacons). */
export async function findLastTrackedCart(db: Database, cid: string): Promise<CartSummary | null> {
  const [row] = await db
    .select({ payload: personalizationEvents.payload })
    .from(personalizationEvents)
    .where(and(eq(personalizationEvents.cid, cid), inArray(personalizationEvents.type, CART_EVENT_TYPES)))
    .orderBy(desc(personalizationEvents.receivedAt), desc(personalizationEvents.id))
    .limit(1);
  const cart = (row?.payload as { cart?: { items: unknown[]; total: number; currency: string } } | undefined)?.cart;
  return cart ? { items: cart.items.length, total: cart.total, currency: cart.currency } : null;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export type ApiKeyRow = typeof personalizationApiKeys.$inferSelect;

export async function findApiKey(db: Database, key: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .select()
    .from(personalizationApiKeys)
    .where(eq(personalizationApiKeys.keyHash, hashApiKey(key)));
  return row && row.active ? row : null;
}

/** Makes an API key for the /external calls; the plain key is answered once and only its hash is kept. */
export async function createApiKey(
  db: Database,
  input: { siteCode: string; name: string; allowedOrigins: string[]; monthlyActiveUserQuota: number },
): Promise<{ id: number; key: string }> {
  const key = `pk_${randomBytes(24).toString("base64url")}`;
  const [row] = await db
    .insert(personalizationApiKeys)
    .values({ ...input, keyHash: hashApiKey(key) })
    .returning({ id: personalizationApiKeys.id });
  return { id: row!.id, key };
}

/**
 * Counts a client as an active user of the key this month, unless the quota is used up: false then.
 * The key's row is locked, so two new clients at once cannot both take the last place.
 */
export async function admitMonthlyUser(
  db: Database,
  apiKeyId: number,
  quota: number,
  month: string,
  cid: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: personalizationApiKeys.id })
      .from(personalizationApiKeys)
      .where(eq(personalizationApiKeys.id, apiKeyId))
      .for("update");
    const where = and(eq(personalizationMonthlyUsers.apiKeyId, apiKeyId), eq(personalizationMonthlyUsers.month, month));
    const [known] = await tx
      .select({ cid: personalizationMonthlyUsers.cid })
      .from(personalizationMonthlyUsers)
      .where(and(where, eq(personalizationMonthlyUsers.cid, cid)));
    if (known) return true;
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(personalizationMonthlyUsers)
      .where(where);
    if ((counted?.count ?? 0) >= quota) return false;
    await tx.insert(personalizationMonthlyUsers).values({ apiKeyId, month, cid });
    return true;
  });
}

export type NewTrackedEvent = typeof personalizationEvents.$inferInsert;

export async function insertTrackedEvent(db: Database, event: NewTrackedEvent): Promise<void> {
  await db.insert(personalizationEvents).values(event);
}

export function newClientId(): string {
  return newSecret128();
}
