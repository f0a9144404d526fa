// /sitemap.xml: every live, indexable page in every language of the site, with hreflang alternates.
import { requestContext, servicesContext } from "../../server/edge/index.ts";
import { siteOriginOf } from "../../lib/config.ts";
import { sitemapEntries, sitemapXml } from "../content/site-map.ts";
import { findContentPage, isContentPageId } from "../../lib/content/content-pages.server.ts";
import { pagesOnSale, productsWithoutPage } from "../content/pages-on-sale.server.ts";
import { DEFAULT_LANGUAGE, type Language } from "../../lib/language.ts";
import type { PageId } from "../../lib/routing/pages.ts";
import type { Route } from "./+types/sitemap-xml";

/** The day this server started: its pages (text, prices, timetables) are the deployed build's. */
const DEPLOYED_ON = new Date().toISOString().slice(0, 10);

/** A content page's own revision date when it has one, else the deployment's day. */
function lastModifiedOf(pageId: PageId, language: Language): string {
  return (isContentPageId(pageId) ? findContentPage(pageId, language).updated : null) ?? DEPLOYED_ON;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, db } = context.get(servicesContext);
  const { site } = context.get(requestContext);
  const origin = siteOriginOf(config, request.url);
  const xDefault = site.languages.includes("en") ? "en" : (site.languages[0] ?? null);
  // A code is the same in every language: the default language's list names them all.
  const [onSale, products] = await Promise.all([pagesOnSale(db), productsWithoutPage(db, DEFAULT_LANGUAGE)]);
  const codes = products.map((product) => product.code);
  return new Response(sitemapXml(origin, sitemapEntries(site.languages, onSale, lastModifiedOf, codes), xDefault), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
