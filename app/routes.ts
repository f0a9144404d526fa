// The URL table, generated from the slug table: one route per live page and language, plus aliases.
import { type RouteConfig, route } from "@react-router/dev/routes";
import { LANGUAGES } from "../lib/language.ts";
import { PAGE_MODULES } from "./routing/page-modules.ts";
import { PAGES, type PageId } from "./routing/pages.ts";

const pages: RouteConfig = [];
for (const [pageId, file] of Object.entries(PAGE_MODULES) as [PageId, string][]) {
  for (const language of LANGUAGES) {
    pages.push(route(PAGES[pageId].paths[language], file, { id: `${pageId}.${language}` }));
    (PAGES[pageId].aliases?.[language] ?? []).forEach((alias, index) => {
      pages.push(route(alias, file, { id: `${pageId}.${language}.alias${index}` }));
    });
  }
}

export default [...pages, route("*", "routes/not-found.tsx", { id: "not-found" })] satisfies RouteConfig;
