// What the operator's console edits of the content slots: a slot's variants change by publishing a
// new version (the newest published version copied, one variant's content replaced, sanitized), so
// what visitors saw stays on record and a page pinned to an old version keeps it.
import { asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import { AppError } from "../../lib/errors.ts";
import { sanitizeSlotContent } from "./sanitize.ts";
import { contentSlots, contentSlotVariants, contentSlotVersions } from "./schema.ts";
import { checkQuery } from "./query.ts";
import type { JsonLogicRule, SlotContent } from "./types.ts";

export interface SlotOverview {
  id: string;
  description: string;
  /** The named position whose page shows it, or null (answered only by the personalization API). */
  position: string | null;
  /** False once retired: shown nowhere until put back. */
  active: boolean;
  /** The newest published version, or null when none is. */
  published: number | null;
  variants: {
    locale: string;
    position: number;
    name: string;
    hasAudience: boolean;
    audience: JsonLogicRule | null;
    content: SlotContent;
  }[];
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
      position: slot.position,
      active: slot.active,
      published: newest?.version ?? null,
      variants: variants.map((variant) => ({
        locale: variant.locale,
        position: variant.position,
        name: variant.name,
        hasAudience: variant.audience !== null,
        audience: variant.audience,
        content: variant.content,
      })),
    });
  }
  return overviews;
}

type Variant = Pick<typeof contentSlotVariants.$inferSelect, "locale" | "position" | "name" | "audience" | "content">;

/**
 * Publishes version N+1 of a slot from the variants of its newest published version, as `edit`
 * changes them. The slot's row is locked so two editors queue; what visitors saw stays on record.
 */
async function publishEdited(
  tx: Database,
  slotId: string,
  edit: (variants: Variant[]) => Variant[],
): Promise<{ version: number }> {
  const [slot] = await tx
    .select({ id: contentSlots.id })
    .from(contentSlots)
    .where(eq(contentSlots.id, slotId))
    .for("update");
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
  const edited = edit(
    variants.map(({ locale, position, name, audience, content }) => ({ locale, position, name, audience, content })),
  );
  const [top] = await tx
    .select({ version: sql<number>`max(${contentSlotVersions.version})::int` })
    .from(contentSlotVersions)
    .where(eq(contentSlotVersions.slotId, slotId));
  const version = (top?.version ?? newest.version) + 1;
  await tx.insert(contentSlotVersions).values({ slotId, version, status: "published" });
  if (edited.length > 0)
    await tx.insert(contentSlotVariants).values(edited.map((variant) => ({ ...variant, slotId, version })));
  return { version };
}

function variantOf(variants: readonly Variant[], locale: string, name: string): Variant {
  const variant = variants.find((candidate) => candidate.locale === locale && candidate.name === name);
  if (!variant) throw new AppError("INVALID_REQUEST", { issues: [{ path: "variant", code: "unknown_variant" }] });
  return variant;
}

/** Publishes the slot with the variant `name` in `locale` given `content` (sanitized). */
export async function publishSlotVariant(
  tx: Database,
  slotId: string,
  locale: string,
  name: string,
  content: SlotContent,
): Promise<{ version: number; content: SlotContent }> {
  const clean = sanitizeSlotContent(content);
  const { version } = await publishEdited(tx, slotId, (variants) => {
    variantOf(variants, locale, name);
    return variants.map((variant) =>
      variant.locale === locale && variant.name === name ? { ...variant, content: clean } : variant,
    );
  });
  return { version, content: clean };
}

/** An audience's name: what answers and logs call the variant ("resident", "cart-reminder"). */
const VARIANT_NAME = /^[a-z0-9-]{2,40}$/;

/**
 * Publishes the slot with a new variant for an audience (a JSON Logic rule over the evaluation
 * context, checked like a query) in one language. It is tried after the audiences already there; the
 * default variant still answers when none holds.
 */
export async function addSlotAudience(
  tx: Database,
  slotId: string,
  input: { locale: string; name: string; audience: JsonLogicRule; content: SlotContent },
): Promise<{ version: number }> {
  const issues = [
    ...(["es", "en", "pt"].includes(input.locale) ? [] : [{ path: "locale", code: "unknown" }]),
    ...(VARIANT_NAME.test(input.name) ? [] : [{ path: "name", code: "format" }]),
  ];
  if (issues.length > 0) throw new AppError("INVALID_REQUEST", { issues });
  checkQuery(input.audience, "audience");
  const content = sanitizeSlotContent(input.content);
  return publishEdited(tx, slotId, (variants) => {
    if (variants.some((variant) => variant.locale === input.locale && variant.name === input.name))
      throw new AppError("INVALID_REQUEST", { issues: [{ path: "name", code: "taken" }] });
    const position =
      Math.max(0, ...variants.filter((variant) => variant.locale === input.locale).map((variant) => variant.position)) +
      1;
    return [...variants, { locale: input.locale, position, name: input.name, audience: input.audience, content }];
  });
}

/** Publishes the slot with an audience's rule replaced. The default variant has no audience to change. */
export async function setSlotAudience(
  tx: Database,
  slotId: string,
  locale: string,
  name: string,
  audience: JsonLogicRule,
): Promise<{ version: number }> {
  checkQuery(audience, "audience");
  return publishEdited(tx, slotId, (variants) => {
    if (variantOf(variants, locale, name).audience === null)
      throw new AppError("INVALID_REQUEST", { issues: [{ path: "variant", code: "default_variant" }] });
    return variants.map((variant) =>
      variant.locale === locale && variant.name === name ? { ...variant, audience } : variant,
    );
  });
}

/**
 * Publishes the slot without an audience's variant: those visitors get the default again. The default
 * variant stays (it is what static content and every visitor no audience holds for is served).
 */
export async function removeSlotAudience(
  tx: Database,
  slotId: string,
  locale: string,
  name: string,
): Promise<{ version: number }> {
  return publishEdited(tx, slotId, (variants) => {
    if (variantOf(variants, locale, name).audience === null)
      throw new AppError("INVALID_REQUEST", { issues: [{ path: "variant", code: "default_variant" }] });
    return variants.filter((variant) => !(variant.locale === locale && variant.name === name));
  });
}

/** A new slot's variants in one language: the default, and the audience's before it when there is one. */
export interface NewSlotVariants {
  locale: string;
  content: SlotContent;
  audience: { name: string; rule: JsonLogicRule; content: SlotContent } | null;
}

/**
 * Serializes every change of where slots show: one active slot per position is also an index, but a
 * second editor queues here and is refused by the check instead of meeting the index.
 */
async function lockSlots(tx: Database): Promise<void> {
  await tx.execute(sql`lock table ${contentSlots} in share row exclusive mode`);
}

/** The active slot at a position other than `except`, or null. */
async function activeSlotAt(tx: Database, position: string, except: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: contentSlots.id })
    .from(contentSlots)
    .where(sql`${contentSlots.position} = ${position} and ${contentSlots.active} and ${contentSlots.id} <> ${except}`)
    .limit(1);
  return row?.id ?? null;
}

function positionTaken(slotId: string): AppError {
  return new AppError("RECORD_IN_USE", { issues: [{ path: `slot.${slotId}`, code: "at_position" }] });
}

/**
 * Adds a slot at a position with version 1 published: per language the audience's variant (when
 * given) and the default. Refused when the id is taken or another active slot is at the position.
 */
export async function insertSlot(
  tx: Database,
  input: { id: string; description: string; position: string; variants: NewSlotVariants[] },
): Promise<{ version: number }> {
  await lockSlots(tx);
  const [existing] = await tx.select({ id: contentSlots.id }).from(contentSlots).where(eq(contentSlots.id, input.id));
  if (existing) throw new AppError("INVALID_REQUEST", { issues: [{ path: "code", code: "taken" }] });
  const other = await activeSlotAt(tx, input.position, input.id);
  if (other) throw positionTaken(other);
  await tx.insert(contentSlots).values({ id: input.id, description: input.description, position: input.position });
  await tx.insert(contentSlotVersions).values({ slotId: input.id, version: 1, status: "published" });
  await tx.insert(contentSlotVariants).values(
    input.variants.flatMap(({ locale, content, audience }) => [
      ...(audience
        ? [
            {
              slotId: input.id,
              version: 1,
              locale,
              position: 1,
              name: audience.name,
              audience: audience.rule,
              content: sanitizeSlotContent(audience.content),
            },
          ]
        : []),
      {
        slotId: input.id,
        version: 1,
        locale,
        position: audience ? 2 : 1,
        name: "default",
        audience: null,
        content: sanitizeSlotContent(content),
      },
    ]),
  );
  return { version: 1 };
}

export interface SlotPlace {
  description: string;
  position: string | null;
  active: boolean;
}

/**
 * Changes where a slot shows and whether it is active (retired, put back, moved, renamed): its
 * versions stay. Refused when it would be active at a position another active slot holds.
 */
export async function updateSlotPlace(
  tx: Database,
  slotId: string,
  edit: (before: SlotPlace) => SlotPlace,
): Promise<{ before: SlotPlace; after: SlotPlace }> {
  await lockSlots(tx);
  const [row] = await tx
    .select({ description: contentSlots.description, position: contentSlots.position, active: contentSlots.active })
    .from(contentSlots)
    .where(eq(contentSlots.id, slotId));
  if (!row) throw new AppError("UNKNOWN_CONTENT_SLOT", { issues: [{ path: `slot.${slotId}`, code: "unknown" }] });
  const after = edit(row);
  if (after.active && after.position !== null) {
    const other = await activeSlotAt(tx, after.position, slotId);
    if (other) throw positionTaken(other);
  }
  await tx.update(contentSlots).set(after).where(eq(contentSlots.id, slotId));
  return { before: row, after };
}
