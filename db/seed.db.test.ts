import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fares, products } from "../modules/catalog/index.ts";
import { sites } from "../modules/site/index.ts";
import { openSnapshot, type DatabaseHandle } from "../tests/setup/db.ts";
import { tableCounts } from "../tests/setup/sql.ts";
import { CATAMARAN_TOUR_ID, FERRY_PRODUCT_ID, SEED_FARES, SEED_PRODUCTS, seed } from "./seed.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openSnapshot();
});
afterAll(() => database.close());

const counts = () => tableCounts(database.db);

describe("seed", () => {
  it("has seeded the snapshot with the demo catalogue", async () => {
    expect(await counts()).toMatchObject({ products: SEED_PRODUCTS.length, fares: SEED_FARES.length, sites: 1 });
    const [catamaran] = await database.db.select().from(products).where(eq(products.id, CATAMARAN_TOUR_ID));
    expect(catamaran?.kind).toBe("catamaran_tour");
  });

  it("is idempotent: running it twice more changes no count", async () => {
    const before = await counts();
    expect(Object.keys(before).length).toBeGreaterThanOrEqual(3);
    await seed(database.db);
    await seed(database.db);
    expect(await counts()).toEqual(before);
  });

  it("never overwrites a row an operator has edited", async () => {
    const db = database.db;
    await db
      .update(products)
      .set({ name: { es: "Ferry editado", en: "Edited ferry", pt: "Ferry editado" }, featured: false })
      .where(eq(products.id, FERRY_PRODUCT_ID));
    await db
      .update(sites)
      .set({ languages: ["es", "en"] })
      .where(eq(sites.code, "travesia"));
    await db.execute(
      sql`update fares set amount_minor = 26000 where product_id = ${FERRY_PRODUCT_ID} and trip = 'one_way' and category = 'tourist' and passenger_type = 'adult'`,
    );

    await seed(db);

    const [ferry] = await db.select().from(products).where(eq(products.id, FERRY_PRODUCT_ID));
    expect(ferry?.name.en).toBe("Edited ferry");
    expect(ferry?.featured).toBe(false);
    const [site] = await db.select().from(sites).where(eq(sites.code, "travesia"));
    expect(site?.languages).toEqual(["es", "en"]);
    const ferryFares = await db.select().from(fares).where(eq(fares.productId, FERRY_PRODUCT_ID));
    expect(
      ferryFares.find(
        (fare) => fare.trip === "one_way" && fare.category === "tourist" && fare.passengerType === "adult",
      )?.amountMinor,
    ).toBe(26_000);
  });

  it("puts back a seed row that is missing, and seeds another site code beside the first", async () => {
    const db = database.db;
    await db.execute(
      sql`delete from fares where product_id = ${CATAMARAN_TOUR_ID} and passenger_type = 'child' and category = 'tourist'`,
    );
    expect((await counts()).fares).toBe(SEED_FARES.length - 1);
    await seed(db, "travesia-test");
    expect(await counts()).toMatchObject({ products: SEED_PRODUCTS.length, fares: SEED_FARES.length, sites: 2 });
  });
});
