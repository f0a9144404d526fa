// What the operator's console edits of the content slots: a slot's variants change by publishing a
// new version (the newest published version copied, one variant's content replaced, sanitized), so
// what visitors saw stays on record and a page pinned to an old version keeps it.
import { asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import { AppError } from "../../lib/errors.ts";
import { sanitizeSlotContent } from "./sanitize.ts";
import { contentSlots, contentSlotVariants, contentSlotVersions } from "./schema.ts";
import type { SlotContent } from "./types.ts";

export interface SlotOverview {
  id: string;
  description: string;
  /** The newest published version, or null when none is. */
  published: number | null;
  variants: { locale: string; position: number; name: string; hasAudience: boolean; content: SlotContent }[];
}

export async function findSlotOverviews(db: Database): Promise<SlotOverview[]> {
  const slots = await db.select().from(contentSlots).orderBy(asc(contentSlots.id));
  const overviews: SlotOverview[] = [];
  for (const slot of slots) {
    const [newest] = await db
      .select({ version: contentSlotVersions.version })
      .from(contentSlotVersions)
      .where(sql`${contentSlotVersions.slotId} = ${slot.id} and ${contentSlotVersions.status} = 'published'`)
      .orderBy(desc(contentSlotVersions.version))
      .limit(1);
    const variants = newest
      ? await db
          .select()
          .from(contentSlotVariants)
          .where(sql`${contentSlotVariants.slotId} = ${slot.id} and ${contentSlotVariants.version} = ${newest.version}`)
          .orderBy(asc(contentSlotVariants.locale), asc(contentSlotVariants.position))
      : [];
    overviews.push({
      id: slot.id,
      description: slot.description,
      published: newest?.version ?? null,
      variants: variants.map((variant) => ({ locale: variant.locale, position: variant.position, name: variant.name, hasAudience: variant.audience !== null, content: variant.content })),
    });
  }
  return overviews;
}

/**
 * Publishes version N+1 of a slot: every variant of the newest published version, with the variant
 * `name` in `locale` given `content` (sanitized). The slot's row is locked so two editors queue.
 */
export async function publishSlotVariant(tx: Database, slotId: string, locale: string, name: string, content: SlotContent): Promise<{ version: number; content: SlotContent }> {
  const [slot] = await tx.select({ id: contentSlots.id }).from(contentSlots).where(eq(contentSlots.id, slotId)).for("update");
  if (!slot) throw new AppError("UNKNOWN_CONTENT_SLOT");
  const [newest] = await tx
    .select({ version: contentSlotVersions.version })
    .from(contentSlotVersions)
    .where(sql`${contentSlotVersions.slotId} = ${slotId} and ${contentSlotVersions.status} = 'published'`)
    .orderBy(desc(contentSlotVersions.version))
    .limit(1);
  if (!newest) throw new AppError("UNKNOWN_CONTENT_SLOT", { issues: [{ path: "slot", code: "nothing_published" }] });
  const variants = await tx
    .select()
    .from(contentSlotVariants)
    .where(sql`${contentSlotVariants.slotId} = ${slotId} and ${contentSlotVariants.version} = ${newest.version}`);
  if (!variants.some((variant) => variant.locale === locale && variant.name === name)) {
    throw new AppError("INVALID_REQUEST", { issues: [{ path: "variant", code: "unknown_variant" }] });
  }
  const [top] = await tx
    .select({ version: sql<number>`max(${contentSlotVersions.version})::int` })
    .from(contentSlotVersions)
    .where(eq(contentSlotVersions.slotId, slotId));
  const version = (top?.version ?? newest.version) + 1;
  const clean = sanitizeSlotContent(content);
  await tx.insert(contentSlotVersions).values({ slotId, version, status: "published" });
  await tx.insert(contentSlotVariants).values(
    variants.map((variant) => ({
      slotId,
      version,
      locale: variant.locale,
      position: variant.position,
      name: variant.name,
      audience: variant.audience,
      content: variant.locale === locale && variant.name === name ? clean : variant.content,
    })),
  );
  return { version, content: clean };
}
