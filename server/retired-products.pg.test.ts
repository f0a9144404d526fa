// A retired product against the production build (ADR 0070): its page answers the site's not-found
// page, the catalogue API answers 404, and neither sitemap.xml, the site map page nor the other product
// pages link to it, while a product on sale is untouched.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathOf } from "../lib/routing/localized-paths.ts";
import { startBuiltServer, type BuiltServer } from "../tests/setup/built-server.ts";
import { connect, createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";

// Xavage's admission in the seed; Xcaret stays on sale.
const XAVAGE_ADMISSION = 105;

let testDb: TestDatabase;
let server: BuiltServer;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const client = await connect(testDb.url);
  await client.query("update products set active = false where id = $1", [XAVAGE_ADMISSION]);
  await client.end();
  server = await startBuiltServer({ DATABASE_URL: testDb.url, DATABASE_POOL_SIZE: "3", LOG_LEVEL: "warn" });
});
afterAll(async () => {
  await server?.stop();
  await testDb?.drop();
});

const get = (path: string) => fetch(`${server.origin}${path}`, { redirect: "manual" });

describe("a retired product", () => {
  it("has no page: the site's not-found page answers, in each language", async () => {
    for (const language of ["es", "en", "pt"] as const) {
      expect((await get(pathOf("xavage", language))).status).toBe(404);
      expect((await get(pathOf("xcaret", language))).status).toBe(200);
    }
  });

  it("is not in the catalogue API", async () => {
    expect((await get(`/api/products/${XAVAGE_ADMISSION}?language=es&currency=MXN`)).status).toBe(404);
    const listed = (await (await get("/api/products?language=es&currency=MXN")).json()) as {
      products: { code: string }[];
    };
    expect(listed.products.map((product) => product.code)).not.toContain("xavage");
    expect(listed.products.map((product) => product.code)).toContain("xcaret");
  });

  it("is linked from no sitemap and no other product page", async () => {
    const sitemap = await (await get("/sitemap.xml")).text();
    expect(sitemap).not.toContain(pathOf("xavage", "es"));
    expect(sitemap).toContain(pathOf("xcaret", "es"));
    const siteMap = await (await get(pathOf("siteMap", "es"))).text();
    expect(siteMap).not.toContain(`href="${pathOf("xavage", "es")}"`);
    expect(siteMap).toContain(`href="${pathOf("xcaret", "es")}"`);
    const xcaret = await (await get(pathOf("xcaret", "es"))).text();
    expect(xcaret).not.toContain(`href="${pathOf("xavage", "es")}"`);
    expect(xcaret).toContain(`href="${pathOf("xplor", "es")}"`);
  });
});
