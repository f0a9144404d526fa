// Reads of the catalogue for pages and the API: products with their age bands, fares, presale tiers,
// deposit, and the complements offered with them (HTML sanitized here).
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import { AppError } from "../../lib/errors.ts";
import type { Language } from "../../lib/language.ts";
import { isCurrencyCode, money, type Money } from "../../lib/money.ts";
import { fromPrice, type FareRow, type PresaleTier } from "./fares.ts";
import { DEFAULT_AGE_BANDS, PASSENGER_TYPES, type AgeBand } from "./passengers.ts";
import { sanitizeCatalogHtml } from "./sanitize.ts";
import { complements, fares, presaleTiers, productComplements, productPassengerTypes, products } from "./schema.ts";

type ProductRow = typeof products.$inferSelect;
export type ProductKind = ProductRow["kind"];

/** A complement with the field names the public contract uses. `price` may be null. */
export interface Complement {
  id: number;
  idUpgrade: number;
  name: string;
  nameUpgrade: string;
  businessUnit: string;
  businessUnitCode: string;
  code: string;
  price: null;
  img: { src: string };
  infoDetails: { titleDescription: string; subtitleDescription: string; textDescription: string };
  hasBeenAdded: false;
}

export interface Product {
  id: number;
  code: string;
  kind: ProductKind;
  name: string;
  summary: string;
  /** Sanitized HTML, or null. */
  description: string | null;
  image: string;
  imageAlt: string;
  locationId: number;
  canAddPhoto: boolean;
  activityId: number | null;
  deposit: Money | null;
  openTicketMonths: number | null;
  minRecommendedAge: number | null;
  ageBands: AgeBand[];
  fares: FareRow[];
  fromPrice: { amountMinor: number; currency: string } | null;
  complements: Complement[];
}

function bandsOf(productId: number, rows: readonly (typeof productPassengerTypes.$inferSelect)[]): AgeBand[] {
  const own = rows.filter((row) => row.productId === productId);
  if (own.length === 0) return [...DEFAULT_AGE_BANDS];
  return PASSENGER_TYPES.flatMap((type) => {
    const row = own.find((item) => item.passengerType === type);
    return row ? [{ passengerType: type, minAge: row.minAge, maxAge: row.maxAge, takesSeat: row.takesSeat }] : [];
  });
}

/**
 * Every product on sale (or those with the given ids or codes) in the operator's order, complete for a
 * page or the API. Retired products are left out, except when asked for by id: ids come from lines
 * already sold (a booking, its tickets, a paid cart), which stay valid after the product is retired.
 * `retired` says it either way.
 */
export async function findProducts(
  db: Database,
  language: Language,
  only?: { ids?: readonly number[]; codes?: readonly string[]; withComplements?: boolean; retired?: boolean },
): Promise<Product[]> {
  const key = only?.ids
    ? inArray(products.id, [...only.ids, -1])
    : only?.codes
      ? inArray(products.code, [...only.codes, ""])
      : undefined;
  const withRetired = only?.retired ?? only?.ids !== undefined;
  const where = withRetired ? key : and(key, eq(products.active, true));
  const rows = await db.select().from(products).where(where).orderBy(asc(products.sortOrder), asc(products.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [fareRows, bandRows, offered] = await Promise.all([
    db.select().from(fares).where(inArray(fares.productId, ids)),
    db.select().from(productPassengerTypes).where(inArray(productPassengerTypes.productId, ids)),
    only?.withComplements === false
      ? Promise.resolve([])
      : db
          .select({ productId: productComplements.productId, complementId: productComplements.complementId })
          .from(productComplements)
          .where(inArray(productComplements.productId, ids))
          .orderBy(
            asc(productComplements.productId),
            asc(productComplements.sortOrder),
            asc(productComplements.complementId),
          ),
  ]);
  const complementsById = await findComplements(db, language, [...new Set(offered.map((row) => row.complementId))]);
  return rows.map((row) => {
    const productFares: FareRow[] = fareRows
      .filter((fare) => fare.productId === row.id)
      .map((fare) => ({
        category: fare.category,
        passengerType: fare.passengerType,
        trip: fare.trip,
        amountMinor: fare.amountMinor,
        currency: fare.currency,
      }));
    const deposit =
      row.depositMinor !== null && row.depositCurrency !== null && isCurrencyCode(row.depositCurrency)
        ? money(row.depositMinor, row.depositCurrency)
        : null;
    return {
      id: row.id,
      code: row.code,
      kind: row.kind,
      name: row.name[language],
      summary: row.summary[language],
      description: row.description ? sanitizeCatalogHtml(row.description[language]) : null,
      image: row.image,
      imageAlt: row.imageAlt?.[language] ?? "",
      locationId: row.locationId,
      canAddPhoto: row.canAddPhoto,
      activityId: row.activityId,
      deposit,
      openTicketMonths: row.openTicketMonths,
      minRecommendedAge: row.minRecommendedAge,
      ageBands: bandsOf(row.id, bandRows),
      fares: productFares,
      fromPrice: fromPrice(productFares),
      complements: offered
        .filter((item) => item.productId === row.id)
        .flatMap((item) => {
          const complement = complementsById.get(item.complementId);
          return complement ? [complement] : [];
        }),
    };
  });
}

/**
 * One product on sale by id or code, or UNKNOWN_PRODUCT: a retired product answers as one that never
 * existed (its page is not found, the cart will not add it). `retired: true` finds it anyway.
 */
export async function findProduct(
  db: Database,
  language: Language,
  key: { id: number } | { code: string },
  options: { withComplements?: boolean; retired?: boolean } = {},
): Promise<Product> {
  const [product] = await findProducts(db, language, {
    ...("id" in key ? { ids: [key.id] } : { codes: [key.code] }),
    withComplements: options.withComplements,
    retired: options.retired ?? false,
  });
  if (!product) throw new AppError("UNKNOWN_PRODUCT");
  return product;
}

/**
 * The complements with the given ids (admission product ids), HTML sanitized. A complement whose
 * admission or tour is retired is left out: it could not be bought.
 */
export async function findComplements(
  db: Database,
  language: Language,
  ids: readonly number[],
): Promise<Map<number, Complement>> {
  const result = new Map<number, Complement>();
  if (ids.length === 0) return result;
  const rows = await db
    .select()
    .from(complements)
    .where(inArray(complements.productId, [...ids]));
  const named = await db
    .select({ id: products.id, name: products.name, active: products.active })
    .from(products)
    .where(inArray(products.id, rows.flatMap((row) => [row.productId, row.upgradeProductId]).concat(-1)));
  const nameOf = (id: number) => named.find((row) => row.id === id)?.name[language] ?? "";
  const onSale = (id: number) => named.some((row) => row.id === id && row.active);
  for (const row of rows) {
    if (!onSale(row.productId) || !onSale(row.upgradeProductId)) continue;
    result.set(row.productId, {
      id: row.productId,
      idUpgrade: row.upgradeProductId,
      name: nameOf(row.productId),
      nameUpgrade: nameOf(row.upgradeProductId),
      businessUnit: row.businessUnit,
      businessUnitCode: row.businessUnitCode,
      code: row.code,
      price: null,
      img: { src: row.image },
      infoDetails: {
        titleDescription: row.titleDescription[language],
        subtitleDescription: row.subtitleDescription[language],
        textDescription: sanitizeCatalogHtml(row.textDescription[language]),
      },
      hasBeenAdded: false,
    });
  }
  return result;
}

/** Presale tiers for the given products (their own and the general ones). */
export async function findPresaleTiers(db: Database): Promise<PresaleTier[]> {
  const rows = await db.select().from(presaleTiers).orderBy(asc(presaleTiers.minDaysAhead));
  return rows.map((row) => ({
    productId: row.productId,
    minDaysAhead: row.minDaysAhead,
    discountBasisPoints: row.discountBasisPoints,
    active: row.active,
  }));
}

/** The ferry fare product (kind ferry) on sale; null when the operator sells none. */
export async function findFerryProductId(db: Database): Promise<number | null> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.kind, "ferry"), eq(products.active, true)))
    .orderBy(asc(products.sortOrder))
    .limit(1);
  return row?.id ?? null;
}

/** The codes of retired products: the sitemap leaves their pages out. */
export async function findRetiredProductCodes(db: Database): Promise<Set<string>> {
  const rows = await db.select({ code: products.code }).from(products).where(eq(products.active, false));
  return new Set(rows.map((row) => row.code));
}
