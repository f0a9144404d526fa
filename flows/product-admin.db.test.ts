// Products and complements kept from the console on the seeded database (ADR 0070): a park admission
// added with its activity, age bands, fares, picture and texts, then sold; retired while a booking ahead
// still holds tickets (allowed, the booking named), after which no public read offers it and the cart
// refuses it while the sold booking still reads it; put back on sale; the ferry refused while a crossing
// is in service; a complement made from two products on sale. Every change and refusal is audited.
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
import { createComplement, createProduct, setProductOnSale } from "./product-admin.ts";

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
