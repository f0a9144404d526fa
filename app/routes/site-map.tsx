// The site map page: its short text from content/, then every live page in this language, grouped
// like the menus (app/content/site-map.ts decides the groups).
import { Link } from "react-router";
import { ContentArticle, pageTitleKey } from "../components/content/content-article.tsx";
import { FOCUS_RING } from "../components/content/prose.ts";
import { loadContentView } from "../content/content-view.server.ts";
import { contentMeta } from "../content/meta.ts";
import { siteMapGroups } from "../content/site-map.ts";
import { pagesOnSale, productsWithoutPage } from "../content/pages-on-sale.server.ts";
import { servicesContext } from "../../server/edge/index.ts";
import { useTranslate } from "../i18n/use-translate.ts";
import type { Route } from "./+types/site-map";

// The loader's Cache-Control (and Vary) reach the response: server/app.ts shares only what the route left open.
export { loaderCacheHeaders as headers } from "../routing/cache-headers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const view = await loadContentView(request, context, "siteMap");
  const { db } = context.get(servicesContext);
  const [onSale, products] = await Promise.all([pagesOnSale(db), productsWithoutPage(db, view.language)]);
  return { view, groups: siteMapGroups(view.language, onSale, products) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => contentMeta(loaderData?.view);

export default function SiteMap({ loaderData }: Route.ComponentProps) {
  const t = useTranslate();
  return (
    <ContentArticle view={loaderData.view}>
      <div className="mt-10 grid gap-x-10 gap-y-8 sm:grid-cols-2">
        {loaderData.groups.map((group, index) => (
          <section key={group.titleKey} aria-labelledby={`site-map-group-${index}`}>
            <h2 id={`site-map-group-${index}`} className="text-lg font-bold text-sea-950">
              {t(group.titleKey)}
            </h2>
            <ul className="mt-3 space-y-2 border-l-2 border-sea-100 pl-4">
              {group.links.map((link) => (
                <li key={link.href}>
                  <Link
                    to={link.href}
                    className={`text-sea-800 underline underline-offset-2 hover:text-sea-950 ${FOCUS_RING}`}
                  >
                    {link.name ?? t(pageTitleKey(link.pageId))}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </ContentArticle>
  );
}
