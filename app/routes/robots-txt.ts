// /robots.txt: generated rather than a static file because the Sitemap line must be an absolute URL
// on the configured public origin. It disallows no page: pages out of search engines say noindex.
import { servicesContext } from "../../server/edge/index.ts";
import { siteOriginOf } from "../../lib/config.ts";
import { robotsTxt } from "../content/site-map.ts";
import type { Route } from "./+types/robots-txt";

export function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  return new Response(robotsTxt(siteOriginOf(config, request.url)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
