// Which pages the site map and sitemap.xml list: the live pages, less the product pages whose product
// is retired (those pages answer "not found", so no crawler or visitor should be sent there), plus the
// page by code of each product on sale that no fixed page shows.
import type { Database } from "../../lib/db.ts";
import type { Language } from "../../lib/language.ts";
import { findProducts, findRetiredProductCodes } from "../../modules/catalog/index.ts";
import { isPageLive } from "../../lib/routing/localized-paths.ts";
import { isProductPageId, PRODUCT_PAGES, productPageOf } from "../../lib/routing/product-pages.ts";
import type { PageId } from "../../lib/routing/pages.ts";

export async function pagesOnSale(db: Database): Promise<(pageId: PageId) => boolean> {
  const retired = await findRetiredProductCodes(db);
  return (pageId) => isPageLive(pageId) && !(isProductPageId(pageId) && retired.has(PRODUCT_PAGES[pageId].code));
}

export interface ProductWithoutPage {
  code: string;
  name: string;
}

/** Products on sale without a fixed page (an operator's additions), in the catalogue's order. */
export async function productsWithoutPage(db: Database, language: Language): Promise<ProductWithoutPage[]> {
  const products = await findProducts(db, language, { withComplements: false });
  return products
    .filter((product) => product.kind !== "ferry" && productPageOf(product.code) === null)
    .map((product) => ({ code: product.code, name: product.name }));
}
