// Products and complements as records the operator adds and retires (ADR 0070): their fields checked
// (pure), a new product stored with its age bands and fares, taken off sale and put back, a new
// complement stored. Reads and writes only; flows/product-admin.ts holds the audited transaction.
import { asc, eq, sql } from "drizzle-orm";
import type { Database, LocalizedText } from "../../lib/db.ts";
import { AppError, type ErrorIssue } from "../../lib/errors.ts";
import { sanitizeCatalogHtml } from "./sanitize.ts";
import { complements, fares, productComplements, productPassengerTypes, products } from "./schema.ts";

const LANGS = ["es", "en", "pt"] as const;
const CODE = /^[a-z0-9-]{2,40}$/;
const UPPER_CODE = /^[A-Z0-9-]{2,40}$/;
/** A picture already served by the site (under /images/) or one on another https address. */
const IMAGE = /^(\/images\/[\w./-]+\.(svg|png|jpe?g|webp|avif)|https:\/\/[^\s"'<>]+)$/;
/** The kinds the console adds: a park's admission or tour, or a tour by sea. The ferry is one product, sold per crossing. */
export const ADDABLE_KINDS = ["park_admission", "park_tour", "catamaran_tour"] as const;
export type AddableKind = (typeof ADDABLE_KINDS)[number];
/** Amounts in MXN minor units; resident rows are optional (that category is then not sold). */
export const FARE_FIELDS = ["touristAdult", "touristChild", "residentAdult", "residentChild"] as const;
export type FareField = (typeof FARE_FIELDS)[number];

export interface ProductDraft {
  code: string;
  kind: string;
  activityId: number;
  name: LocalizedText;
  summary: LocalizedText;
  /** Plain text; blank lines part paragraphs. */
  description: LocalizedText;
  image: string;
  imageAlt: LocalizedText;
  /** Children from this age, adults from `adultFromAge`; younger than `childFromAge` are infants. */
  childFromAge: number;
  adultFromAge: number;
  /** Null: no row (only the resident ones may be left out). */
  fares: Record<FareField, number | null>;
  sortOrder: number;
}

export interface ComplementDraft {
  admissionId: number;
  upgradeId: number;
  code: string;
  businessUnit: string;
  businessUnitCode: string;
  image: string;
  title: LocalizedText;
  subtitle: LocalizedText;
  /** Plain text; blank lines part paragraphs. */
  text: LocalizedText;
}

export interface ProductRecord {
  id: number;
  code: string;
  kind: (typeof products.$inferSelect)["kind"];
  name: LocalizedText;
  activityId: number | null;
  active: boolean;
  /** The complement this product is the admission of, if any. */
  complementCode: string | null;
}

function textIssues(text: LocalizedText, path: string, max: number, required: boolean): ErrorIssue[] {
  return LANGS.flatMap((language) => {
    const value = text[language].trim();
    if (required && value.length === 0) return [{ path: `${path}.${language}`, code: "required" }];
    return value.length > max ? [{ path: `${path}.${language}`, code: "too_long" }] : [];
  });
}

const isAmount = (value: number | null) => value !== null && Number.isSafeInteger(value) && value >= 0;

/** What is wrong with a new product's fields (the activity and the code's uniqueness are checked against the database). */
export function productIssues(draft: ProductDraft): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  if (!CODE.test(draft.code)) issues.push({ path: "code", code: "format" });
  if (!ADDABLE_KINDS.some((kind) => kind === draft.kind)) issues.push({ path: "kind", code: "unknown" });
  issues.push(
    ...textIssues(draft.name, "name", 80, true),
    ...textIssues(draft.summary, "summary", 300, true),
    ...textIssues(draft.description, "description", 4000, false),
    ...textIssues(draft.imageAlt, "imageAlt", 160, false),
  );
  if (!IMAGE.test(draft.image)) issues.push({ path: "image", code: "image_address" });
  issues.push(...bandIssues(draft.childFromAge, draft.adultFromAge));
  for (const field of FARE_FIELDS) {
    const value = draft.fares[field];
    const optional = field.startsWith("resident") && value === null;
    if (!optional && !isAmount(value)) issues.push({ path: field, code: "not_a_price" });
  }
  // One resident row without the other would sell residents' adults and not their children, or the reverse.
  if ((draft.fares.residentAdult === null) !== (draft.fares.residentChild === null))
    issues.push({ path: "residentChild", code: "both_resident" });
  if (!(Number.isInteger(draft.sortOrder) && Math.abs(draft.sortOrder) <= 1000))
    issues.push({ path: "sortOrder", code: "out_of_range" });
  return issues;
}

function bandIssues(childFromAge: number, adultFromAge: number): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const childOk = Number.isInteger(childFromAge) && childFromAge >= 0 && childFromAge <= 17;
  if (!childOk) issues.push({ path: "childFromAge", code: "out_of_range" });
  if (!(Number.isInteger(adultFromAge) && adultFromAge <= 18 && adultFromAge > childFromAge))
    issues.push({ path: "adultFromAge", code: "out_of_range" });
  return issues;
}

/** What an operator may change on a product once it is made (its fares are the Prices page's). */
export interface ProductChange {
  name: LocalizedText;
  summary: LocalizedText;
  /** Plain text; blank lines part paragraphs. Unchanged from the form's text, the stored HTML stays. */
  description: LocalizedText;
  image: string;
  imageAlt: LocalizedText;
  /** Null: the bands stay (the ferry's are not the console's to change). */
  bands: { childFromAge: number; adultFromAge: number } | null;
  sortOrder: number;
}

/** A product as its edit form shows it: texts, the description as plain text, picture, bands, order. */
export interface ProductForEdit extends Omit<ProductChange, "bands"> {
  id: number;
  code: string;
  kind: ProductRecord["kind"];
  active: boolean;
  bands: { childFromAge: number; adultFromAge: number };
  /** The stored description (HTML), kept when the form's text of a language is left as shown. */
  descriptionHtml: LocalizedText;
}

/** What is wrong with a product's changed fields. */
export function productChangeIssues(change: ProductChange): ErrorIssue[] {
  return [
    ...textIssues(change.name, "name", 80, true),
    ...textIssues(change.summary, "summary", 300, true),
    ...textIssues(change.description, "description", 4000, false),
    ...textIssues(change.imageAlt, "imageAlt", 160, false),
    ...(IMAGE.test(change.image) ? [] : [{ path: "image", code: "image_address" }]),
    ...(change.bands ? bandIssues(change.bands.childFromAge, change.bands.adultFromAge) : []),
    ...(Number.isInteger(change.sortOrder) && Math.abs(change.sortOrder) <= 1000
      ? []
      : [{ path: "sortOrder", code: "out_of_range" }]),
  ];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** The catalogue's HTML as the plain text the console edits: one paragraph per block, tags dropped. */
export function plainTextOf(html: string): string {
  return html
    .replace(/<\/(p|li|h[1-6]|div|ul|ol)>|<br\s*\/?>/gi, "\n\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_match, name: string) => ENTITIES[name] ?? "")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n\n");
}

/** What is wrong with a new complement's fields (its products are checked against the database). */
export function complementIssues(draft: ComplementDraft): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  if (!UPPER_CODE.test(draft.code)) issues.push({ path: "code", code: "upper_format" });
  if (!UPPER_CODE.test(draft.businessUnitCode) || draft.businessUnitCode.length > 10)
    issues.push({ path: "businessUnitCode", code: "upper_format" });
  const unit = draft.businessUnit.trim();
  if (unit.length === 0) issues.push({ path: "businessUnit", code: "required" });
  if (unit.length > 80) issues.push({ path: "businessUnit", code: "too_long" });
  if (!IMAGE.test(draft.image)) issues.push({ path: "image", code: "image_address" });
  if (draft.admissionId === draft.upgradeId) issues.push({ path: "upgradeId", code: "same_as_admission" });
  issues.push(
    ...textIssues(draft.title, "title", 120, true),
    ...textIssues(draft.subtitle, "subtitle", 200, true),
    ...textIssues(draft.text, "text", 4000, true),
  );
  return issues;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Plain text as the catalogue's HTML: each paragraph (parted by a blank line) a <p>; blank stays blank. */
export function paragraphsOf(text: string): string {
  const paragraphs = text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return sanitizeCatalogHtml(paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join(""));
}

const localizedOf = (text: LocalizedText, each: (value: string) => string): LocalizedText => ({
  es: each(text.es),
  en: each(text.en),
  pt: each(text.pt),
});

/** Every product, retired ones included, in the operator's order. */
export async function findProductRecords(db: Database): Promise<ProductRecord[]> {
  return db
    .select({
      id: products.id,
      code: products.code,
      kind: products.kind,
      name: products.name,
      activityId: products.activityId,
      active: products.active,
      complementCode: complements.code,
    })
    .from(products)
    .leftJoin(complements, eq(complements.productId, products.id))
    .orderBy(asc(products.sortOrder), asc(products.id));
}

export async function findProductRecord(
  tx: Database,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ProductRecord | null> {
  const query = tx
    .select({
      id: products.id,
      code: products.code,
      kind: products.kind,
      name: products.name,
      activityId: products.activityId,
      active: products.active,
    })
    .from(products)
    .where(eq(products.id, id));
  const [row] = options.lock ? await query.for("update") : await query;
  return row ? { ...row, complementCode: null } : null;
}

/** The rows of two ages: children from the first, adults from the second, infants below (if any). */
function bandRows(childFromAge: number, adultFromAge: number) {
  return [
    ...(childFromAge > 0 ? [{ passengerType: "infant" as const, minAge: 0, maxAge: childFromAge - 1 }] : []),
    { passengerType: "child" as const, minAge: childFromAge, maxAge: adultFromAge - 1 },
    { passengerType: "adult" as const, minAge: adultFromAge, maxAge: null },
  ];
}

/**
 * A new product on sale, with the next id after the operator's highest, its age bands and its fare
 * rows (a single admission). The table is locked for the id, so two new products never take the same.
 */
export async function insertProduct(tx: Database, draft: ProductDraft & { kind: AddableKind }): Promise<ProductRecord> {
  await tx.execute(sql`lock table ${products} in exclusive mode`);
  const [taken] = await tx.select({ id: products.id }).from(products).where(eq(products.code, draft.code));
  if (taken) throw new AppError("INVALID_REQUEST", { issues: [{ path: "code", code: "taken" }] });
  const [next] = await tx.select({ id: sql<number>`coalesce(max(${products.id}), 0)::int + 1` }).from(products);
  const [sibling] = await tx
    .select({ locationId: products.locationId })
    .from(products)
    .where(eq(products.activityId, draft.activityId))
    .limit(1);
  const id = next?.id ?? 1;
  const trim = (text: LocalizedText) => localizedOf(text, (value) => value.trim());
  await tx.insert(products).values({
    id,
    code: draft.code,
    kind: draft.kind,
    name: trim(draft.name),
    summary: trim(draft.summary),
    description: localizedOf(draft.description, paragraphsOf),
    image: draft.image,
    imageAlt: trim(draft.imageAlt),
    locationId: sibling?.locationId ?? 0,
    activityId: draft.activityId,
    sortOrder: draft.sortOrder,
    active: true,
  });
  const bands = bandRows(draft.childFromAge, draft.adultFromAge);
  await tx.insert(productPassengerTypes).values(bands.map((band) => ({ productId: id, ...band, takesSeat: true })));
  const rows = FARE_FIELDS.flatMap((field) => {
    const amountMinor = draft.fares[field];
    if (amountMinor === null) return [];
    const category = field.startsWith("resident") ? ("resident" as const) : ("tourist" as const);
    const passengerType = field.endsWith("Adult") ? ("adult" as const) : ("child" as const);
    return [{ productId: id, category, passengerType, trip: "single" as const, amountMinor, currency: "MXN" }];
  });
  await tx.insert(fares).values(rows);
  return {
    id,
    code: draft.code,
    kind: draft.kind,
    name: trim(draft.name),
    activityId: draft.activityId,
    active: true,
    complementCode: null,
  };
}

export async function setProductActive(tx: Database, id: number, active: boolean): Promise<void> {
  await tx.update(products).set({ active }).where(eq(products.id, id));
}

/**
 * A new complement (an admission paired with its tour), offered with its admission: that is where a
 * park's page and the cart offer the upgrade. Other products offer it from the Texts page.
 */
export async function insertComplement(tx: Database, draft: ComplementDraft): Promise<{ code: string }> {
  const [same] = await tx
    .select({ productId: complements.productId, code: complements.code })
    .from(complements)
    .where(sql`${complements.productId} = ${draft.admissionId} or ${complements.code} = ${draft.code}`);
  if (same)
    throw new AppError("INVALID_REQUEST", {
      issues: [
        same.productId === draft.admissionId
          ? { path: `complement.${same.code}`, code: "complement_exists" }
          : { path: "code", code: "taken" },
      ],
    });
  await tx.insert(complements).values({
    productId: draft.admissionId,
    upgradeProductId: draft.upgradeId,
    businessUnit: draft.businessUnit.trim(),
    businessUnitCode: draft.businessUnitCode,
    code: draft.code,
    image: draft.image,
    titleDescription: localizedOf(draft.title, (value) => value.trim()),
    subtitleDescription: localizedOf(draft.subtitle, (value) => value.trim()),
    textDescription: localizedOf(draft.text, paragraphsOf),
  });
  const [last] = await tx
    .select({ sortOrder: sql<number>`coalesce(max(${productComplements.sortOrder}), -1)::int` })
    .from(productComplements)
    .where(eq(productComplements.productId, draft.admissionId));
  await tx.insert(productComplements).values({
    productId: draft.admissionId,
    complementId: draft.admissionId,
    sortOrder: (last?.sortOrder ?? -1) + 1,
  });
  return { code: draft.code };
}

export async function findProductForEdit(db: Database, id: number): Promise<ProductForEdit | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) return null;
  const bands = await db.select().from(productPassengerTypes).where(eq(productPassengerTypes.productId, id));
  const minOf = (type: "child" | "adult", fallback: number) =>
    bands.find((band) => band.passengerType === type)?.minAge ?? fallback;
  const descriptionHtml = row.description ?? { es: "", en: "", pt: "" };
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    active: row.active,
    name: row.name,
    summary: row.summary,
    description: localizedOf(descriptionHtml, plainTextOf),
    descriptionHtml,
    image: row.image,
    imageAlt: row.imageAlt ?? { es: "", en: "", pt: "" },
    bands: { childFromAge: minOf("child", 5), adultFromAge: minOf("adult", 12) },
    sortOrder: row.sortOrder,
  };
}

/**
 * A product's texts, picture, order and (unless null) age bands, as changed. A description whose text
 * is what the form showed keeps its stored HTML, so a seeded product's lists and links survive an edit
 * of its name.
 */
export async function updateProduct(tx: Database, stored: ProductForEdit, change: ProductChange): Promise<void> {
  const trim = (text: LocalizedText) => localizedOf(text, (value) => value.trim());
  const description = {
    es: "",
    en: "",
    pt: "",
    ...Object.fromEntries(
      LANGS.map((language) => [
        language,
        change.description[language].replace(/\r\n/g, "\n").trim() === stored.description[language]
          ? stored.descriptionHtml[language]
          : paragraphsOf(change.description[language]),
      ]),
    ),
  } as LocalizedText;
  await tx
    .update(products)
    .set({
      name: trim(change.name),
      summary: trim(change.summary),
      description,
      image: change.image,
      imageAlt: trim(change.imageAlt),
      sortOrder: change.sortOrder,
    })
    .where(eq(products.id, stored.id));
  if (!change.bands) return;
  await tx.delete(productPassengerTypes).where(eq(productPassengerTypes.productId, stored.id));
  await tx.insert(productPassengerTypes).values(
    bandRows(change.bands.childFromAge, change.bands.adultFromAge).map((band) => ({
      productId: stored.id,
      ...band,
      takesSeat: true,
    })),
  );
}
