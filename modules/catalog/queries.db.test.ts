import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATAMARAN_TOUR_ID, FERRY_PRODUCT_ID } from "../../db/seed.ts";
import { buildFare, buildProduct, pesos, same } from "../../tests/factories/index.ts";
import { openSnapshot, type DatabaseHandle } from "../../tests/setup/db.ts";
import { fares, findFeaturedProducts, products } from "./index.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openSnapshot();
});
afterAll(() => database.close());

describe("findFeaturedProducts", () => {
  it("lists the featured products in the operator's order with localized names", async () => {
    const es = await findFeaturedProducts(database.db, "es");
    const en = await findFeaturedProducts(database.db, "en");
    const pt = await findFeaturedProducts(database.db, "pt");
    expect(es.map((product) => product.id)).toEqual([FERRY_PRODUCT_ID, CATAMARAN_TOUR_ID, 1948, 101, 102, 107]);
    expect(en.map((product) => product.id)).toEqual(es.map((product) => product.id));
    expect(es[1]?.name).toBe("Catamarán a Isla Mujeres");
    expect(en[1]?.name).toBe("Catamaran to Isla Mujeres");
    expect(pt[1]?.name).toBe("Catamarã para Isla Mujeres");
    expect(pt[0]?.summary).toMatch(/Uma travessia curta/);
  });

  it("gives each product its from-price: the cheapest one-way tourist adult fare", async () => {
    const cards = await findFeaturedProducts(database.db, "en");
    const priceOf = (id: number) => cards.find((card) => card.id === id)?.fromPrice;
    expect(priceOf(FERRY_PRODUCT_ID)).toEqual({ amountMinor: pesos(254), currency: "MXN" });
    expect(priceOf(CATAMARAN_TOUR_ID)).toEqual({ amountMinor: pesos(1790), currency: "MXN" });
    expect(priceOf(101)).toEqual({ amountMinor: pesos(2599), currency: "MXN" });
  });

  it("follows the data: unfeatured products disappear, new ones appear in order, no fare means no price", async () => {
    const db = database.db;
    await db.update(products).set({ featured: false }).where(eq(products.id, 102));
    await db
      .insert(products)
      .values(buildProduct({ id: 95_001, name: same("Isla Contoy"), featured: true, sortOrder: 0 }));
    await db.insert(products).values(buildProduct({ id: 95_002, featured: true, sortOrder: 99 }));
    await db
      .insert(fares)
      .values([
        buildFare({ productId: 95_002, amountMinor: pesos(990) }),
        buildFare({ productId: 95_002, amountMinor: pesos(890), category: "resident" }),
      ]);
    const cards = await findFeaturedProducts(db, "es");
    expect(cards.map((card) => card.id)).toEqual([95_001, FERRY_PRODUCT_ID, CATAMARAN_TOUR_ID, 1948, 101, 107, 95_002]);
    expect(cards[0]).toMatchObject({ name: "Isla Contoy", fromPrice: null });
    expect(cards.at(-1)?.fromPrice).toEqual({ amountMinor: pesos(990), currency: "MXN" });
  });

  it("answers an empty list when nothing is featured", async () => {
    await database.db.update(products).set({ featured: false });
    expect(await findFeaturedProducts(database.db, "pt")).toEqual([]);
  });
});
