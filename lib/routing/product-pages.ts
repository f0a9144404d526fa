// Which product each product page shows. A park page shows its admission and offers the tour as the
// upgrade (the complement pair); product pages are slugs in pages.ts like every other page, so the
// language switcher, hreflang links and the sitemap know them without a dynamic segment.
import type { PageId } from "./pages.ts";

export const PRODUCT_PAGES = {
  catamaranTour: { code: "catamaran-isla-mujeres" },
  catamaranFerryTour: { code: "catamaran-ferry-isla-mujeres" },
  xcaret: { code: "xcaret" },
  xplor: { code: "xplor" },
  xplorFuego: { code: "xplor-fuego" },
  xoximilco: { code: "xoximilco" },
  xavage: { code: "xavage" },
  xenses: { code: "xenses" },
  xenotes: { code: "xenotes" },
} as const satisfies Partial<Record<PageId, { code: string }>>;

export type ProductPageId = keyof typeof PRODUCT_PAGES;

export const PRODUCT_PAGE_IDS = Object.keys(PRODUCT_PAGES) as ProductPageId[];

export function isProductPageId(pageId: string): pageId is ProductPageId {
  return Object.hasOwn(PRODUCT_PAGES, pageId);
}

/** The page that shows a product (by its code, or the code of the admission a tour upgrades), or null. */
export function productPageOf(code: string): ProductPageId | null {
  const base = code.endsWith("-tour") ? code.slice(0, -"-tour".length) : code;
  return PRODUCT_PAGE_IDS.find((pageId) => PRODUCT_PAGES[pageId].code === base) ?? null;
}
