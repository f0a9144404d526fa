// /robots.txt: generated rather than a static file because the Sitemap line must be an absolute URL
// on the configured public origin, and the disallowed paths come from the slug table.
import { requestContext, servicesContext } from "../context.ts";
import { siteOriginOf } from "../../lib/config.ts";
import { robotsTxt } from "../content/site-map.ts";
import type { Route } from "./+types/robots-txt";

export function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  const { site } = context.get(requestContext);
  return new Response(robotsTxt(siteOriginOf(config, request.url), site.languages), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
