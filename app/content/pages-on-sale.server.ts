// Which pages the site map and sitemap.xml list: the live pages, less the product pages whose product
// is retired (those pages answer "not found", so no crawler or visitor should be sent there).
import type { Database } from "../../lib/db.ts";
import { findRetiredProductCodes } from "../../modules/catalog/index.ts";
import { isPageLive } from "../../lib/routing/localized-paths.ts";
import { isProductPageId, PRODUCT_PAGES } from "../../lib/routing/product-pages.ts";
import type { PageId } from "../../lib/routing/pages.ts";

export async function pagesOnSale(db: Database): Promise<(pageId: PageId) => boolean> {
  const retired = await findRetiredProductCodes(db);
  return (pageId) => isPageLive(pageId) && !(isProductPageId(pageId) && retired.has(PRODUCT_PAGES[pageId].code));
}
