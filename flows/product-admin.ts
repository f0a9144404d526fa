// The operator adds products and complements, changes a product's texts, picture and age bands (an
// uploaded picture checked and stored with the change, ADR 0079), and takes products off sale and back
// (ADR 0070). Each is one audited transaction (flows/staff-change.ts). Retiring never deletes: bookings, tickets and
// the audit log keep pointing at the product, which only stops being offered anywhere public.
import { and, eq, gte, inArray } from "drizzle-orm";
import type { Database } from "../lib/db.ts";
import { AppError } from "../lib/errors.ts";
import {
  ADDABLE_KINDS,
  complementIssues,
  findProductForEdit,
  findProductRecord,
  inspectPicture,
  insertComplement,
  insertProduct,
  pictureIssues,
  productChangeIssues,
  productIssues,
  setProductActive,
  storePicture,
  updateProduct,
  type ComplementDraft,
  type ProductChange,
  type ProductDraft,
  type ProductRecord,
} from "../modules/catalog/index.ts";
import { bookingLines, bookings } from "../modules/bookings/index.ts";
import { findActivities, findCrossingRecords, localDateOf } from "../modules/inventory/index.ts";
import { runAuditedChange, type StaffDeps } from "./staff-change.ts";

/** A file the operator sent as a product's picture (empty: none sent, the address field stands). */
export type PictureUpload = Uint8Array | null;

/**
 * The picture address a change stores: an upload's, once checked by its content and stored (so the
 * address it gets is valid), else the address typed. A refused upload refuses the whole change.
 */
async function pictureAddressOf(tx: Database, upload: PictureUpload, typed: string): Promise<string> {
  if (!upload || upload.length === 0) return typed.trim();
  const issues = pictureIssues(upload);
  if (issues.length > 0) throw new AppError("INVALID_REQUEST", { issues });
  return storePicture(tx, upload, inspectPicture(upload)!);
}

/** A new product on sale, with its activity, age bands, fares, picture and texts in every language. */
export async function createProduct(
  deps: StaffDeps,
  raw: ProductDraft,
  upload: PictureUpload = null,
): Promise<ProductRecord> {
  return runAuditedChange(deps, { action: "product.create", entityType: "product", entityId: null }, async (tx) => {
    const image = await pictureAddressOf(tx, upload, raw.image);
    const draft = { ...raw, code: raw.code.trim().toLowerCase(), image };
    const issues = productIssues(draft);
    if (issues.length > 0) throw new AppError("INVALID_REQUEST", { issues });
    const [activity] = await findActivities(tx, "es", [draft.activityId]);
    if (!activity)
      throw new AppError("INVALID_REQUEST", { issues: [{ path: "activityId", code: "unknown_activity" }] });
    const kind = ADDABLE_KINDS.find((candidate) => candidate === draft.kind)!;
    const product = await insertProduct(tx, { ...draft, kind });
    return { result: product, before: null, after: { ...draft, id: product.id }, entityId: String(product.id) };
  });
}

/**
 * Changes a product's texts in every language, its picture (an address, or a file uploaded now), its
 * order and its age bands. Fares stay (the Prices page's); tickets already sold keep the passenger
 * types they were sold with. The ferry's bands are not changed here: its fares and the boarding
 * check read them. A retired product may be changed too, ready for its return.
 */
export async function changeProduct(
  deps: StaffDeps,
  id: number,
  raw: ProductChange,
  upload: PictureUpload = null,
): Promise<ProductRecord> {
  return runAuditedChange(
    deps,
    { action: "product.change", entityType: "product", entityId: String(id) },
    async (tx) => {
      const record = await findProductRecord(tx, id, { lock: true });
      const stored = record ? await findProductForEdit(tx, id) : null;
      if (!record || !stored)
        throw new AppError("UNKNOWN_PRODUCT", { issues: [{ path: "productId", code: "unknown_product" }] });
      if (record.kind === "ferry" && raw.bands)
        throw new AppError("INVALID_REQUEST", { issues: [{ path: "childFromAge", code: "ferry_bands" }] });
      const image = await pictureAddressOf(tx, upload, raw.image);
      const change = { ...raw, image };
      const issues = productChangeIssues(change);
      if (issues.length > 0) throw new AppError("INVALID_REQUEST", { issues });
      await updateProduct(tx, stored, change);
      const { descriptionHtml: _html, ...before } = stored;
      return {
        result: { ...record, name: change.name },
        before,
        after: { ...change, bands: change.bands ?? stored.bands },
      };
    },
  );
}

/** The bookings paid for that still hold tickets of a product on a day not yet past, by reference. */
async function bookingsAhead(tx: Database, productId: number, now: Date): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ reference: bookings.reference })
    .from(bookingLines)
    .innerJoin(bookings, eq(bookings.id, bookingLines.bookingId))
    .where(
      and(
        eq(bookingLines.productId, productId),
        gte(bookingLines.serviceDate, localDateOf(now)),
        inArray(bookings.status, ["paid", "ticketed"]),
      ),
    );
  return rows.map((row) => row.reference).sort();
}

export interface ProductSaleChange {
  product: ProductRecord;
  /** On retiring: the bookings that still travel with it (their tickets stay valid). */
  bookingsAhead: string[];
}

/**
 * Takes a product off sale, or puts it back. Bookings already sold for a day ahead do not stop it:
 * their tickets stay valid and the park still opens; the operator is told which they are (and the
 * audit entry keeps them). The ferry is refused while a crossing is in service: the ferry is sold per
 * crossing, and retiring the crossings is what stops it.
 */
export async function setProductOnSale(deps: StaffDeps, id: number, onSale: boolean): Promise<ProductSaleChange> {
  const action = onSale ? "product.reinstate" : "product.retire";
  return runAuditedChange(deps, { action, entityType: "product", entityId: String(id) }, async (tx) => {
    const before = await findProductRecord(tx, id, { lock: true });
    if (!before) throw new AppError("UNKNOWN_PRODUCT", { issues: [{ path: "productId", code: "unknown_product" }] });
    if (before.active === onSale)
      throw new AppError("INVALID_REQUEST", {
        issues: [{ path: `product.${before.code}`, code: onSale ? "already_on_sale" : "already_retired" }],
      });
    if (!onSale && before.kind === "ferry") {
      const inService = (await findCrossingRecords(tx)).filter((crossing) => crossing.active);
      if (inService.length > 0)
        throw new AppError("RECORD_IN_USE", {
          issues: inService.map((crossing) => ({ path: `crossing.${crossing.code}`, code: "in_service" })),
        });
    }
    await setProductActive(tx, id, onSale);
    const ahead = onSale ? [] : await bookingsAhead(tx, id, deps.now);
    const product = { ...before, active: onSale };
    return {
      result: { product, bookingsAhead: ahead },
      before: { active: before.active },
      after: { active: onSale, bookingsAhead: ahead },
    };
  });
}

/**
 * A new complement: an admission on sale paired with its tour on sale, offered with the admission
 * (its page and the cart then offer the upgrade). The Texts page offers it with other products.
 */
export async function createComplement(deps: StaffDeps, raw: ComplementDraft): Promise<{ code: string }> {
  return runAuditedChange(
    deps,
    { action: "complement.create", entityType: "complement", entityId: null },
    async (tx) => {
      const draft = {
        ...raw,
        code: raw.code.trim().toUpperCase(),
        businessUnitCode: raw.businessUnitCode.trim().toUpperCase(),
        image: raw.image.trim(),
      };
      const issues = complementIssues(draft);
      if (issues.length > 0) throw new AppError("INVALID_REQUEST", { issues });
      const [admission, upgrade] = await Promise.all([
        findProductRecord(tx, draft.admissionId, { lock: true }),
        findProductRecord(tx, draft.upgradeId, { lock: true }),
      ]);
      const productIssuesFound = [
        ...(admission?.active
          ? []
          : [{ path: "admissionId", code: admission ? "product_retired" : "unknown_product" }]),
        ...(upgrade?.active ? [] : [{ path: "upgradeId", code: upgrade ? "product_retired" : "unknown_product" }]),
        ...(admission && admission.kind === "ferry" ? [{ path: "admissionId", code: "unknown_product" }] : []),
      ];
      if (productIssuesFound.length > 0) throw new AppError("INVALID_REQUEST", { issues: productIssuesFound });
      const complement = await insertComplement(tx, draft);
      return { result: complement, before: null, after: draft, entityId: String(draft.admissionId) };
    },
  );
}
