import { describe, expect, it } from "vitest";
import { PRODUCT_PAGES, PRODUCT_PAGE_IDS, isProductPageId, productPageOf } from "./product-pages.ts";
import { PAGE_MODULES } from "./page-modules.ts";
import { pathOf } from "./localized-paths.ts";

describe("product pages", () => {
  it("are live pages with a slug in every language", () => {
    for (const pageId of PRODUCT_PAGE_IDS) {
      expect(PAGE_MODULES[pageId], pageId).toBe("routes/product-page.tsx");
    }
    expect(pathOf("catamaranTour", "es")).toBe("/es/tours/catamaran-isla-mujeres/");
    expect(pathOf("xplorFuego", "en")).toBe("/en/parks/xplor-fuego/");
    expect(pathOf("xenotes", "pt")).toBe("/pt/parques/xenotes/");
  });

  it("find the page of a product, a park's tour included", () => {
    expect(productPageOf("xcaret")).toBe("xcaret");
    expect(productPageOf("xcaret-tour")).toBe("xcaret");
    expect(productPageOf("catamaran-ferry-isla-mujeres")).toBe("catamaranFerryTour");
    expect(productPageOf("ferry-cancun-isla-mujeres")).toBeNull();
    expect(isProductPageId("xavage")).toBe(true);
    expect(isProductPageId("faq")).toBe(false);
    expect(new Set(Object.values(PRODUCT_PAGES).map((page) => page.code)).size).toBe(PRODUCT_PAGE_IDS.length);
  });
});
