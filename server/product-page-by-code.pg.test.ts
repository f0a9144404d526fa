// A product an operator adds from the console has a page by its code against the production build
// (ADR 0076): it answers in each language with the product's name and hreflang links to the others, it
// is listed in sitemap.xml, the site map page and the site search; a retired or unknown code answers the
// site's not-found page; a code with a fixed page moves there for good; the page is never shared.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, setProductOnSale } from "../flows/product-admin.ts";
import type { ProductDraft } from "../modules/catalog/index.ts";
import { pathOf, productCodePathOf } from "../lib/routing/localized-paths.ts";
import { startBuiltServer, type BuiltServer } from "../tests/setup/built-server.ts";
import { createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";
import { openDatabase } from "./db.ts";

const LANGUAGES = ["es", "en", "pt"] as const;
const ON_SALE = "xcaret-noche-pagina";
const RETIRED = "xcaret-noche-retirado";
// Xcaret's activity in the seed: the new products sell its days.
const XCARET_ACTIVITY = 11;

const draft = (code: string, name: string): ProductDraft => ({
  code,
  kind: "park_admission",
  activityId: XCARET_ACTIVITY,
  name: { es: `${name} ES`, en: `${name} EN`, pt: `${name} PT` },
  summary: { es: "Espectáculo nocturno", en: "Night show", pt: "Show noturno" },
  description: { es: "", en: "", pt: "" },
  image: "/images/products/xcaret.svg",
  imageAlt: { es: "Escenario", en: "Stage", pt: "Palco" },
  childFromAge: 5,
  adultFromAge: 12,
  fares: { touristAdult: 149_900, touristChild: 74_900, residentAdult: 99_900, residentChild: 49_900 },
  sortOrder: 90,
});

let testDb: TestDatabase;
let server: BuiltServer;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const handle = await openDatabase({ databaseUrl: testDb.url, dataDir: ":memory:", poolSize: 2 });
  const staff = {
    db: handle.db,
    now: new Date(),
    actor: { userId: null, label: "product-page-test", role: "admin" as const },
    requestId: "product-page-test",
  };
  await createProduct(staff, draft(ON_SALE, "Xcaret de noche"));
  const retired = await createProduct(staff, draft(RETIRED, "Xcaret retirado"));
  await setProductOnSale(staff, retired.id, false);
  await handle.close();
  server = await startBuiltServer({ DATABASE_URL: testDb.url, DATABASE_POOL_SIZE: "3", LOG_LEVEL: "warn" });
});
afterAll(async () => {
  await server?.stop();
  await testDb?.drop();
});

const get = (path: string) => fetch(`${server.origin}${path}`, { redirect: "manual" });

describe("a product without a fixed page", () => {
  it("has a page by its code in each language, named in it, with the other languages' paths", async () => {
    for (const language of LANGUAGES) {
      const response = await get(productCodePathOf(ON_SALE, language));
      expect(response.status, language).toBe(200);
      const html = await response.text();
      expect(html).toContain(`Xcaret de noche ${language.toUpperCase()}</h1>`);
      for (const other of LANGUAGES) {
        expect(html).toContain(`hrefLang="${other}" href="${server.origin}${productCodePathOf(ON_SALE, other)}"`);
      }
      // Prices show: never kept by a shared cache, like the fixed product pages.
      expect(response.headers.get("Cache-Control") ?? "").not.toContain("public");
    }
  });

  it("is listed in sitemap.xml, the site map page and the site search", async () => {
    const sitemap = await (await get("/sitemap.xml")).text();
    expect(sitemap).toContain(productCodePathOf(ON_SALE, "pt"));
    expect(sitemap).not.toContain(RETIRED);
    const siteMap = await (await get(pathOf("siteMap", "en"))).text();
    expect(siteMap).toContain(`href="${productCodePathOf(ON_SALE, "en")}"`);
    expect(siteMap).not.toContain(RETIRED);
    const search = await (await get(`${pathOf("search", "es")}?q=${encodeURIComponent("Xcaret de noche")}`)).text();
    expect(search).toContain(`href="${productCodePathOf(ON_SALE, "es")}"`);
  });

  it("answers the site's not-found page when retired, unknown or not shaped like a code", async () => {
    for (const path of [
      productCodePathOf(RETIRED, "es"),
      productCodePathOf("no-such-product", "en"),
      "/pt/passeios/Xcaret_Noche/",
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});

describe("a product with a fixed page", () => {
  it("moves from its code's path to its fixed page for good", async () => {
    const cases = [
      [productCodePathOf("xcaret", "es"), pathOf("xcaret", "es")],
      [productCodePathOf("xcaret-tour", "en"), pathOf("xcaret", "en")],
      [productCodePathOf("catamaran-isla-mujeres", "pt"), pathOf("catamaranTour", "pt")],
      [productCodePathOf("ferry-cancun-isla-mujeres", "es"), pathOf("ferry", "es")],
    ] as const;
    for (const [from, to] of cases) {
      const response = await get(from);
      expect(response.status, from).toBe(301);
      expect(response.headers.get("Location"), from).toBe(to);
    }
  });
});
