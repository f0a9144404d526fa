// /sitemap.xml: every live, indexable page in every language of the site, with hreflang alternates.
import { requestContext, servicesContext } from "../context.ts";
import { siteOriginOf } from "../../lib/config.ts";
import { sitemapEntries, sitemapXml } from "../content/site-map.ts";
import type { Route } from "./+types/sitemap-xml";

export function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  const { site } = context.get(requestContext);
  const origin = siteOriginOf(config, request.url);
  const xDefault = site.languages.includes("en") ? "en" : (site.languages[0] ?? null);
  return new Response(sitemapXml(origin, sitemapEntries(site.languages), xDefault), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
