// Migrations and seed on a real PostgreSQL server: a fresh database gets every table, and a second
// start (migrate + seed again) changes nothing.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createLogger } from "../lib/logger.ts";
import { findFeaturedProducts } from "../modules/catalog/index.ts";
import { findSiteConfig } from "../modules/site/index.ts";
import { boot, type Runtime } from "../server/boot.ts";
import { MIGRATIONS_FOLDER } from "../server/db.ts";
import { createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";
import { queryRows, tableCounts } from "../tests/setup/sql.ts";
import { FERRY_PRODUCT_ID } from "./seed.ts";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase({ empty: true });
});
afterAll(() => testDb.drop());

async function start(): Promise<Runtime> {
  return boot(
    { DATABASE_URL: testDb.url, DATABASE_POOL_SIZE: "2", LOG_LEVEL: "silent", NODE_ENV: "test" },
    { logger: createLogger("silent") },
  );
}

describe("migrations and seed on PostgreSQL", () => {
  it("create every table of the journal and seed the catalogue, idempotently", async () => {
    const first = await start();
    let before: Record<string, number>;
    try {
      expect(first.database.kind).toBe("postgres");
      before = await tableCounts(first.database.db);
      expect(before).toMatchObject({ sites: 1, products: expect.any(Number), fares: expect.any(Number) });
      expect(before.products).toBeGreaterThanOrEqual(6);

      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
        entries: unknown[];
      };
      const [applied] = await queryRows<{ n: number }>(
        first.database.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied?.n).toBe(journal.entries.length);

      await first.database.db.execute(
        sql`update products set name = jsonb_set(name, '{es}', '"Ferry del operador"') where id = ${FERRY_PRODUCT_ID}`,
      );
    } finally {
      await first.database.close();
    }

    const second = await start();
    try {
      expect(await tableCounts(second.database.db)).toEqual(before);
      const cards = await findFeaturedProducts(second.database.db, "es");
      expect(cards.find((card) => card.id === FERRY_PRODUCT_ID)?.name).toBe("Ferry del operador");
      expect((await findSiteConfig(second.database.db, "travesia")).languages).toEqual(["es", "en", "pt"]);
    } finally {
      await second.database.close();
    }
  });
});
