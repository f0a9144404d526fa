// Products and complements kept from the console on the seeded database (ADR 0070): a park admission
// added with its activity, age bands, fares, picture and texts, then sold; retired while a booking ahead
// still holds tickets (allowed, the booking named), after which no public read offers it and the cart
// refuses it while the sold booking still reads it; put back on sale; the ferry refused while a crossing
// is in service; a complement made from two products on sale; a product's texts, bands and picture
// changed, an uploaded picture checked by its bytes and stored (ADR 0079). Every change and refusal is
// audited, and a refusal changes nothing.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FERRY_PRODUCT_ID } from "../db/seed-catalogue.ts";
import { findAuditEntries, type AuditActor } from "../modules/audit/index.ts";
import {
  findFeaturedProducts,
  findProduct,
  findProductRecords,
  findProducts,
  type ProductDraft,
} from "../modules/catalog/index.ts";
import { bootCheckout, buyWithCard, codeOf, type CheckoutHarness } from "../tests/factories/checkout.ts";
import { addToCart } from "./cart.ts";
import { findPicture, findProductForEdit, type ProductChange } from "../modules/catalog/index.ts";
import { jpegHeaderOf, pngOf } from "../tests/factories/pictures.ts";
import { changeProduct, createComplement, createProduct, setProductOnSale } from "./product-admin.ts";

const DAY = "2031-03-12";
const NOW = new Date("2031-03-05T15:00:00Z");
const ACTOR: AuditActor = { userId: null, label: "products-test", role: "admin" };
// Xcaret's activity in the seed: the new product sells its days.
const XCARET_ACTIVITY = 11;

let runtime: CheckoutHarness["runtime"];
let provider: CheckoutHarness["provider"];

beforeAll(async () => {
  ({ runtime, provider } = await bootCheckout(NOW));
});
afterAll(() => runtime.database.close());

const db = () => runtime.database.db;
const staff = () => ({ db: db(), now: NOW, actor: ACTOR, requestId: "test-request" });
const text = (value: string) => ({ es: `${value} es`, en: `${value} en`, pt: `${value} pt` });
const latestAudit = async (entityType: string, entityId?: string) =>
  (await findAuditEntries(db(), { entityType, ...(entityId ? { entityId } : {}), limit: 1 }))[0];

const draft = (overrides: Partial<ProductDraft> = {}): ProductDraft => ({
  code: "Xcaret-Noche",
  kind: "park_admission",
  activityId: XCARET_ACTIVITY,
  name: text("Xcaret de noche"),
  summary: text("El espectáculo nocturno"),
  description: { es: "Primer párrafo.\n\nSegundo <b>párrafo</b>.", en: "", pt: "" },
  image: "/images/products/xcaret.svg",
  imageAlt: text("Escenario"),
  childFromAge: 5,
  adultFromAge: 12,
  fares: { touristAdult: 149_900, touristChild: 74_900, residentAdult: 99_900, residentChild: 49_900 },
  sortOrder: 40,
  ...overrides,
});

async function buyAdmission(productId: number) {
  const deps = { db: db(), provider, now: NOW, guestAccessSecret: "guest-secret-for-the-checkout-tests-0123456789" };
  const context = { siteCode: "travesia", language: "es" as const, now: NOW, holdSeconds: 900 };
  const item = {
    type: "activity" as const,
    productId,
    date: DAY,
    category: "tourist" as const,
    passengers: { adult: 2, child: 0, infant: 0 },
  };
  const { sessionId, lineId } = await addToCart(db(), { sessionId: null, currency: "MXN", item }, context);
  return buyWithCard({ ...deps, holdSeconds: 900 }, provider, sessionId, {
    passengerNames: { [lineId]: ["Ana Pérez", "Luis Poot"] },
  });
}

describe("products", () => {
  let productId = 0;

  it("adds a park admission with its bands, fares and texts; refuses a bad form and a taken code", async () => {
    const refused = await codeOf(
      createProduct(
        staff(),
        draft({
          code: "x",
          image: "javascript:alert(1)",
          adultFromAge: 3,
          fares: { ...draft().fares, touristChild: null },
        }),
      ),
    );
    expect(refused).toBe("INVALID_REQUEST");
    const entry = await latestAudit("product");
    expect(entry).toMatchObject({ action: "product.create", outcome: "refused", reason: "INVALID_REQUEST" });
    expect(await codeOf(createProduct(staff(), draft({ activityId: 999 })))).toBe("INVALID_REQUEST");

    const created = await createProduct(staff(), draft());
    productId = created.id;
    expect(created).toMatchObject({ code: "xcaret-noche", kind: "park_admission", active: true });
    const product = await findProduct(db(), "en", { id: productId });
    expect(product).toMatchObject({ name: "Xcaret de noche en", activityId: XCARET_ACTIVITY });
    expect(product.ageBands).toEqual([
      { passengerType: "adult", minAge: 12, maxAge: null, takesSeat: true },
      { passengerType: "child", minAge: 5, maxAge: 11, takesSeat: true },
      { passengerType: "infant", minAge: 0, maxAge: 4, takesSeat: true },
    ]);
    expect(product.fares).toHaveLength(4);
    expect(product.fromPrice).toMatchObject({ amountMinor: 149_900, currency: "MXN" });
    expect(await latestAudit("product", String(productId))).toMatchObject({ action: "product.create" });
    const [spanish] = await findProducts(db(), "es", { ids: [productId] });
    expect(spanish!.description).toBe("<p>Primer párrafo.</p><p>Segundo &lt;b&gt;párrafo&lt;/b&gt;.</p>");

    expect(await codeOf(createProduct(staff(), draft()))).toBe("INVALID_REQUEST");
  });

  it("retires a product a booking ahead holds tickets for, naming it; nothing public offers it then", async () => {
    const booking = await buyAdmission(productId);
    const retired = await setProductOnSale(staff(), productId, false);
    expect(retired.bookingsAhead).toEqual([booking.reference]);
    expect(await latestAudit("product", String(productId))).toMatchObject({
      action: "product.retire",
      after: { active: false, bookingsAhead: [booking.reference] },
    });

    expect(await codeOf(findProduct(db(), "es", { code: "xcaret-noche" }))).toBe("UNKNOWN_PRODUCT");
    expect((await findProducts(db(), "es")).map((item) => item.code)).not.toContain("xcaret-noche");
    expect((await findFeaturedProducts(db(), "es")).map((item) => item.code)).not.toContain("xcaret-noche");
    expect(await codeOf(buyAdmission(productId))).toBe("UNKNOWN_PRODUCT");
    // The booking already sold still reads its product.
    expect((await findProducts(db(), "es", { ids: [productId] }))[0]).toMatchObject({ code: "xcaret-noche" });
    expect((await findProductRecords(db())).find((item) => item.id === productId)).toMatchObject({ active: false });

    expect(await codeOf(setProductOnSale(staff(), productId, false))).toBe("INVALID_REQUEST");
    const back = await setProductOnSale(staff(), productId, true);
    expect(back.product.active).toBe(true);
    expect((await findProduct(db(), "es", { code: "xcaret-noche" })).id).toBe(productId);
  });

  it("refuses retiring the ferry while a crossing is in service, changing nothing", async () => {
    const refused = await setProductOnSale(staff(), FERRY_PRODUCT_ID, false).catch((error) => error);
    expect(refused).toMatchObject({ code: "RECORD_IN_USE" });
    expect(refused.issues).toContainEqual({ path: "crossing.cancun-isla-mujeres", code: "in_service" });
    expect(await latestAudit("product", String(FERRY_PRODUCT_ID))).toMatchObject({
      outcome: "refused",
      reason: "RECORD_IN_USE",
    });
    expect((await findProduct(db(), "es", { id: FERRY_PRODUCT_ID })).kind).toBe("ferry");
  });

  it("makes a complement of an admission and its tour, offered with the admission", async () => {
    const tour = await createProduct(
      staff(),
      draft({ code: "xcaret-noche-tour", kind: "park_tour", name: text("Xcaret de noche con transporte") }),
    );
    const complement = {
      admissionId: productId,
      upgradeId: tour.id,
      code: "xcn-adm-tour",
      businessUnit: "Xcaret",
      businessUnitCode: "xn",
      image: "/images/products/xcaret.svg",
      title: text("Con transporte"),
      subtitle: text("Desde tu hotel"),
      text: text("Ida y vuelta."),
    };
    expect(await codeOf(createComplement(staff(), { ...complement, upgradeId: productId }))).toBe("INVALID_REQUEST");
    await setProductOnSale(staff(), tour.id, false);
    const retiredTour = await createComplement(staff(), complement).catch((error) => error);
    expect(retiredTour.issues).toEqual([{ path: "upgradeId", code: "product_retired" }]);
    await setProductOnSale(staff(), tour.id, true);

    expect(await createComplement(staff(), complement)).toEqual({ code: "XCN-ADM-TOUR" });
    expect(await latestAudit("complement", String(productId))).toMatchObject({ action: "complement.create" });
    const admission = await findProduct(db(), "en", { id: productId });
    expect(admission.complements).toEqual([
      expect.objectContaining({
        id: productId,
        idUpgrade: tour.id,
        code: "XCN-ADM-TOUR",
        nameUpgrade: "Xcaret de noche con transporte en",
      }),
    ]);
    const again = await createComplement(staff(), { ...complement, code: "XN-OTHER" }).catch((error) => error);
    expect(again.issues).toEqual([{ path: "complement.XCN-ADM-TOUR", code: "complement_exists" }]);

    // Retiring the tour takes the upgrade off the admission's page: it could not be bought.
    await setProductOnSale(staff(), tour.id, false);
    expect((await findProduct(db(), "en", { id: productId })).complements).toEqual([]);
  });
});

describe("editing a product", () => {
  let productId = 0;
  const changeOf = async (id: number): Promise<ProductChange> => {
    const stored = (await findProductForEdit(db(), id))!;
    return { ...stored, bands: stored.bands };
  };
  const auditCount = async () => (await findAuditEntries(db(), { entityType: "product", limit: 1000 })).length;

  beforeAll(async () => {
    productId = (await createProduct(staff(), draft({ code: "xplor-edit", sortOrder: 41 }))).id;
  });

  it("changes texts in every language, bands and order; the public reads show them at once", async () => {
    const change = await changeOf(productId);
    expect(change.description.es).toBe("Primer párrafo.\n\nSegundo <b>párrafo</b>.");
    await changeProduct(staff(), productId, {
      ...change,
      name: text("Xplor de noche"),
      summary: text("Tirolesas bajo las estrellas"),
      description: { ...change.description, en: "Ziplines at night.\r\n\r\nWith dinner." },
      imageAlt: text("Tirolesa"),
      bands: { childFromAge: 6, adultFromAge: 13 },
      sortOrder: 42,
    });
    const english = await findProduct(db(), "en", { id: productId });
    expect(english).toMatchObject({
      name: "Xplor de noche en",
      summary: "Tirolesas bajo las estrellas en",
      description: "<p>Ziplines at night.</p><p>With dinner.</p>",
      imageAlt: "Tirolesa en",
    });
    expect(english.ageBands).toEqual([
      { passengerType: "adult", minAge: 13, maxAge: null, takesSeat: true },
      { passengerType: "child", minAge: 6, maxAge: 12, takesSeat: true },
      { passengerType: "infant", minAge: 0, maxAge: 5, takesSeat: true },
    ]);
    // The Spanish description was sent as the form showed it: its stored HTML stays as it was.
    expect((await findProduct(db(), "es", { id: productId })).description).toBe(
      "<p>Primer párrafo.</p><p>Segundo &lt;b&gt;párrafo&lt;/b&gt;.</p>",
    );
    const entry = await latestAudit("product", String(productId));
    expect(entry).toMatchObject({
      action: "product.change",
      outcome: "applied",
      before: { name: text("Xcaret de noche"), bands: { childFromAge: 5, adultFromAge: 12 }, sortOrder: 41 },
      after: { name: text("Xplor de noche"), bands: { childFromAge: 6, adultFromAge: 13 }, sortOrder: 42 },
    });
  });

  it("keeps a seeded product's rich description when only its name changes", async () => {
    const catamaran = (await findProducts(db(), "en")).find((item) => item.kind === "catamaran_tour")!;
    const before = (await findProductForEdit(db(), catamaran.id))!;
    expect(before.description.en).toContain("Snorkel gear with a 10 USD deposit");
    await changeProduct(staff(), catamaran.id, { ...before, name: { ...before.name, pt: "Catamarã até a Isla" } });
    const after = await findProduct(db(), "en", { id: catamaran.id });
    expect(after.description).toBe(catamaran.description);
    expect((await findProduct(db(), "pt", { id: catamaran.id })).name).toBe("Catamarã até a Isla");
    await changeProduct(staff(), catamaran.id, before);
  });

  it("stores an uploaded picture by its bytes and points the product at it", async () => {
    const png = pngOf(400, 300);
    const changed = await changeProduct(staff(), productId, await changeOf(productId), png);
    expect(changed.id).toBe(productId);
    const image = (await findProduct(db(), "es", { id: productId })).image;
    expect(image).toMatch(/^\/images\/uploads\/[0-9a-f]{32}\.png$/);
    const stored = await findPicture(db(), image.slice("/images/uploads/".length));
    expect(stored?.contentType).toBe("image/png");
    expect(Buffer.compare(stored!.bytes, png)).toBe(0);
    // The same bytes again are the same picture, stored once.
    await changeProduct(staff(), productId, await changeOf(productId), png);
    expect((await findProduct(db(), "es", { id: productId })).image).toBe(image);
    const jpeg = jpegHeaderOf(1600, 900);
    await changeProduct(staff(), productId, await changeOf(productId), jpeg);
    expect((await findProduct(db(), "es", { id: productId })).image).toMatch(/\.jpg$/);
    expect(await latestAudit("product", String(productId))).toMatchObject({
      action: "product.change",
      after: { image: expect.stringMatching(/^\/images\/uploads\/.+\.jpg$/) },
    });
  });

  it("refuses a bad change, audited, changing nothing", async () => {
    const before = await findProductForEdit(db(), productId);
    const good = await changeOf(productId);
    const ferryChange = await changeOf(FERRY_PRODUCT_ID);
    const refusals: [() => Promise<unknown>, string, { path: string; code: string }[]][] = [
      [
        () => changeProduct(staff(), 999_999, good),
        "UNKNOWN_PRODUCT",
        [{ path: "productId", code: "unknown_product" }],
      ],
      [
        () =>
          changeProduct(staff(), productId, {
            ...good,
            name: { ...good.name, pt: " " },
            image: "javascript:alert(1)",
            bands: { childFromAge: 12, adultFromAge: 12 },
          }),
        "INVALID_REQUEST",
        [
          { path: "name.pt", code: "required" },
          { path: "image", code: "image_address" },
          { path: "adultFromAge", code: "out_of_range" },
        ],
      ],
      [
        () => changeProduct(staff(), productId, good, Buffer.from("<svg onload=alert(1)/>")),
        "INVALID_REQUEST",
        [{ path: "picture", code: "not_a_picture" }],
      ],
      [
        () => changeProduct(staff(), productId, good, pngOf(150, 150)),
        "INVALID_REQUEST",
        [{ path: "picture", code: "too_small" }],
      ],
      [
        () => changeProduct(staff(), productId, { ...good, name: text("Otro") }, new Uint8Array(3 * 1024 * 1024)),
        "INVALID_REQUEST",
        [{ path: "picture", code: "too_large" }],
      ],
      [
        () => changeProduct(staff(), FERRY_PRODUCT_ID, ferryChange),
        "INVALID_REQUEST",
        [{ path: "childFromAge", code: "ferry_bands" }],
      ],
    ];
    for (const [attempt, code, issues] of refusals) {
      const entriesBefore = await auditCount();
      const error = await attempt().catch((caught) => caught);
      expect(error).toMatchObject({ code, issues });
      expect(await auditCount()).toBe(entriesBefore + 1);
      expect((await findAuditEntries(db(), { entityType: "product", limit: 1 }))[0]).toMatchObject({
        action: "product.change",
        outcome: "refused",
        reason: code,
      });
    }
    expect(await findProductForEdit(db(), productId)).toEqual(before);
    // A good picture sent with a refused text is not kept: it is stored in the change's transaction.
    const orphan = pngOf(640, 480, [200, 80, 40]);
    const name = `${createHash("sha256").update(orphan).digest("hex").slice(0, 32)}.png`;
    expect(
      await codeOf(changeProduct(staff(), productId, { ...good, summary: { ...good.summary, es: "" } }, orphan)),
    ).toBe("INVALID_REQUEST");
    expect(await findPicture(db(), name)).toBeNull();
    expect(await findProductForEdit(db(), productId)).toEqual(before);
    // The ferry's texts change; its bands are left as they are.
    const ferry = (await findProductForEdit(db(), FERRY_PRODUCT_ID))!;
    await changeProduct(staff(), FERRY_PRODUCT_ID, {
      ...ferry,
      summary: { ...ferry.summary, en: "Across the bay" },
      bands: null,
    });
    expect((await findProduct(db(), "en", { id: FERRY_PRODUCT_ID })).summary).toBe("Across the bay");
    await changeProduct(staff(), FERRY_PRODUCT_ID, { ...ferry, bands: null });
  });
});
