// What the operator's console edits of the catalogue: fares (MXN), presale tiers and the complements'
// texts. Reads and writes only; the flows hold the audited transaction. Complement HTML is sanitized
// before it is stored, and again before any page shows it (sanitize.ts).
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database, LocalizedText } from "../../lib/db.ts";
import { AppError } from "../../lib/errors.ts";
import { sanitizeCatalogHtml } from "./sanitize.ts";
import { complements, fares, presaleTiers, productComplements, products } from "./schema.ts";

export interface FareListItem {
  id: number;
  productId: number;
  productName: LocalizedText;
  category: "tourist" | "resident";
  passengerType: "adult" | "child" | "infant";
  trip: string;
  amountMinor: number;
  currency: string;
}

export async function findAllFares(db: Database): Promise<FareListItem[]> {
  return db
    .select({
      id: fares.id,
      productId: fares.productId,
      productName: products.name,
      category: fares.category,
      passengerType: fares.passengerType,
      trip: fares.trip,
      amountMinor: fares.amountMinor,
      currency: fares.currency,
    })
    .from(fares)
    .innerJoin(products, eq(products.id, fares.productId))
    .orderBy(asc(products.sortOrder), asc(products.id), asc(fares.trip), asc(fares.category), asc(fares.passengerType));
}

export async function findFare(db: Database, id: number): Promise<FareListItem | null> {
  return (await findAllFares(db)).find((fare) => fare.id === id) ?? null;
}

export async function setFareAmount(tx: Database, id: number, amountMinor: number): Promise<void> {
  const rows = await tx.update(fares).set({ amountMinor }).where(eq(fares.id, id)).returning({ id: fares.id });
  if (rows.length === 0) throw new AppError("NOT_FOUND", { issues: [{ path: "fare.id", code: "unknown_fare" }] });
}

export type FareKey = Pick<FareListItem, "productId" | "category" | "passengerType"> & {
  trip: "one_way" | "round_trip" | "single";
};

/**
 * Which trips a product sells: a ferry one way and round trip, anything else a single admission.
 * A fare row for another trip could never be sold, so it is refused.
 */
export function tripsOf(kind: (typeof products.$inferSelect)["kind"]): readonly FareKey["trip"][] {
  return kind === "ferry" ? ["one_way", "round_trip"] : ["single"];
}

/** A new fare row for a product's category, passenger type and trip; that combination is unique. */
export async function insertFare(tx: Database, key: FareKey, amountMinor: number): Promise<FareListItem> {
  const [product] = await tx.select({ kind: products.kind }).from(products).where(eq(products.id, key.productId));
  if (!product) throw new AppError("UNKNOWN_PRODUCT", { issues: [{ path: "productId", code: "unknown_product" }] });
  if (!tripsOf(product.kind).includes(key.trip))
    throw new AppError("INVALID_REQUEST", { issues: [{ path: "trip", code: "not_sold_by_product" }] });
  const [same] = await tx
    .select({ id: fares.id })
    .from(fares)
    .where(
      and(
        eq(fares.productId, key.productId),
        eq(fares.category, key.category),
        eq(fares.passengerType, key.passengerType),
        eq(fares.trip, key.trip),
      ),
    );
  if (same) throw new AppError("INVALID_REQUEST", { issues: [{ path: `fare.${same.id}`, code: "same_fare" }] });
  const [row] = await tx
    .insert(fares)
    .values({ ...key, amountMinor, currency: "MXN" })
    .returning({ id: fares.id });
  if (!row) throw new Error("fare not stored");
  const stored = await findFare(tx, row.id);
  if (!stored) throw new Error("fare not stored");
  return stored;
}

/**
 * Takes a fare row off the price list: that passenger type stops being sold on that trip. Bookings
 * keep the amounts they were placed with, so nothing sold points at the row.
 */
export async function deleteFare(tx: Database, id: number): Promise<void> {
  const rows = await tx.delete(fares).where(eq(fares.id, id)).returning({ id: fares.id });
  if (rows.length === 0) throw new AppError("NOT_FOUND", { issues: [{ path: "fare.id", code: "unknown_fare" }] });
}

export interface PresaleTierRow {
  id: number;
  productId: number | null;
  minDaysAhead: number;
  discountBasisPoints: number;
  active: boolean;
}

export async function findPresaleTierRows(db: Database): Promise<PresaleTierRow[]> {
  return db
    .select()
    .from(presaleTiers)
    .orderBy(sql`${presaleTiers.productId} nulls first`, asc(presaleTiers.minDaysAhead));
}

export async function setPresaleTier(
  tx: Database,
  id: number,
  values: { discountBasisPoints: number; active: boolean },
): Promise<PresaleTierRow> {
  const [row] = await tx.update(presaleTiers).set(values).where(eq(presaleTiers.id, id)).returning();
  if (!row) throw new AppError("NOT_FOUND", { issues: [{ path: "tier.id", code: "unknown_presale_tier" }] });
  return row;
}

/** A new presale tier, in force; one per product (or for every product) and threshold of days. */
export async function insertPresaleTier(
  tx: Database,
  values: Omit<PresaleTierRow, "id" | "active">,
): Promise<PresaleTierRow> {
  if (values.productId !== null) {
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, values.productId));
    if (!product) throw new AppError("UNKNOWN_PRODUCT", { issues: [{ path: "productId", code: "unknown_product" }] });
  }
  const [same] = await tx
    .select({ id: presaleTiers.id })
    .from(presaleTiers)
    .where(
      and(
        values.productId === null ? isNull(presaleTiers.productId) : eq(presaleTiers.productId, values.productId),
        eq(presaleTiers.minDaysAhead, values.minDaysAhead),
      ),
    );
  if (same) throw new AppError("INVALID_REQUEST", { issues: [{ path: `tier.${same.id}`, code: "same_tier" }] });
  const [row] = await tx
    .insert(presaleTiers)
    .values({ ...values, active: true })
    .returning();
  if (!row) throw new Error("presale tier not stored");
  return row;
}

export interface ComplementTexts {
  productId: number;
  code: string;
  titleDescription: LocalizedText;
  subtitleDescription: LocalizedText;
  textDescription: LocalizedText;
}

export async function findComplementTexts(db: Database): Promise<ComplementTexts[]> {
  return db
    .select({
      productId: complements.productId,
      code: complements.code,
      titleDescription: complements.titleDescription,
      subtitleDescription: complements.subtitleDescription,
      textDescription: complements.textDescription,
    })
    .from(complements)
    .orderBy(asc(complements.productId));
}

/** Stores a complement's texts; the HTML text is sanitized first, so what is stored is what can show. */
export async function setComplementTexts(
  tx: Database,
  productId: number,
  texts: Omit<ComplementTexts, "productId" | "code">,
): Promise<ComplementTexts> {
  const clean = (value: LocalizedText): LocalizedText => ({
    es: sanitizeCatalogHtml(value.es),
    en: sanitizeCatalogHtml(value.en),
    pt: sanitizeCatalogHtml(value.pt),
  });
  const [row] = await tx
    .update(complements)
    .set({
      titleDescription: texts.titleDescription,
      subtitleDescription: texts.subtitleDescription,
      textDescription: clean(texts.textDescription),
    })
    .where(eq(complements.productId, productId))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", { issues: [{ path: "complement.id", code: "unknown_complement" }] });
  return row;
}

/** For each complement (its admission's id), the products it is offered with, in their order. */
export async function findComplementOffers(db: Database): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ productId: productComplements.productId, complementId: productComplements.complementId })
    .from(productComplements)
    .orderBy(asc(productComplements.complementId), asc(productComplements.productId));
  const offers = new Map<number, number[]>();
  for (const row of rows) offers.set(row.complementId, [...(offers.get(row.complementId) ?? []), row.productId]);
  return offers;
}

/**
 * Offers a complement with exactly these products: rows for the others go, a product kept keeps its
 * place in its product's list, a new one goes last there. An empty list retires the complement (it
 * is offered nowhere; lines already sold keep it). A park's own admission and tour
 * may offer it too (the upgrade from one to the other).
 */
export async function setComplementOffers(
  tx: Database,
  complementId: number,
  productIds: readonly number[],
): Promise<number[]> {
  const [complement] = await tx
    .select({ id: complements.productId })
    .from(complements)
    .where(eq(complements.productId, complementId))
    .for("update");
  if (!complement) throw new AppError("NOT_FOUND", { issues: [{ path: "complement.id", code: "unknown_complement" }] });
  const wanted = [...new Set(productIds)];
  const known =
    wanted.length === 0 ? [] : await tx.select({ id: products.id }).from(products).where(inArray(products.id, wanted));
  const unknown = wanted.filter((id) => !known.some((row) => row.id === id));
  if (unknown.length > 0)
    throw new AppError("UNKNOWN_PRODUCT", {
      issues: unknown.map((id) => ({ path: `productId.${id}`, code: "unknown_product" })),
    });
  const current = await tx
    .select({ productId: productComplements.productId })
    .from(productComplements)
    .where(eq(productComplements.complementId, complementId));
  const gone = current.map((row) => row.productId).filter((id) => !wanted.includes(id));
  if (gone.length > 0)
    await tx
      .delete(productComplements)
      .where(and(eq(productComplements.complementId, complementId), inArray(productComplements.productId, gone)));
  for (const productId of wanted.filter((id) => !current.some((row) => row.productId === id))) {
    const [last] = await tx
      .select({ sortOrder: sql<number>`coalesce(max(${productComplements.sortOrder}), -1)::int` })
      .from(productComplements)
      .where(eq(productComplements.productId, productId));
    await tx.insert(productComplements).values({ productId, complementId, sortOrder: (last?.sortOrder ?? -1) + 1 });
  }
  return wanted.sort((a, b) => a - b);
}
