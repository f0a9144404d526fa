// What a content page's loader returns: the parsed page, its breadcrumbs' JSON-LD and the page's own
// structured data. Shared by content-page.tsx, site-map.tsx and any route that wraps a content page
// with more (for example a booking widget above the ferry text).
import { data, type RouterContextProvider } from "react-router";
import { siteOriginOf } from "../../lib/config.ts";
import type { Language } from "../../lib/language.ts";
import { requestContext, servicesContext } from "../context.ts";
import { CATALOGUES } from "../i18n/catalogues.server.ts";
import { matchPage, pathOf } from "../routing/localized-paths.ts";
import type { PageId } from "../routing/pages.ts";
import { findContentPage, isContentPageId, type ContentPageId } from "./content-pages.server.ts";
import { breadcrumbList, faqPage, organization, type JsonLd } from "./structured-data.ts";
import type { ContentView } from "./types.ts";

const DATE_LOCALE: Record<Language, string> = { es: "es-MX", en: "en-US", pt: "pt-BR" };

export function buildContentView(input: {
  pageId: ContentPageId;
  language: Language;
  origin: string;
  siteLanguages: readonly Language[];
}): ContentView {
  const { pageId, language, origin } = input;
  const page = findContentPage(pageId, language);
  const url = `${origin}${pathOf(pageId, language)}`;
  const homeUrl = `${origin}${pathOf("home", language)}`;
  const jsonLd: JsonLd[] = [
    breadcrumbList([
      { name: CATALOGUES[language]["nav.home"], url: homeUrl },
      { name: page.title, url },
    ]),
  ];
  if (page.layout === "faq") {
    jsonLd.push(faqPage({ url, language, items: page.sections.flatMap((section) => section.items) }));
  }
  if (pageId === "history") {
    jsonLd.push(organization({ origin, homeUrl, description: page.description, languages: input.siteLanguages }));
  }
  const updatedLabel = page.updated
    ? new Intl.DateTimeFormat(DATE_LOCALE[language], { dateStyle: "long", timeZone: "UTC" }).format(
        new Date(`${page.updated}T00:00:00Z`),
      )
    : null;
  return { pageId, language, page, updatedLabel, jsonLd };
}

/** Loader body for a content page route: which page the URL is, or a 404 when it has no content. */
export function loadContentView(request: Request, context: Readonly<RouterContextProvider>, expected?: PageId): ContentView {
  const match = matchPage(new URL(request.url).pathname);
  if (!match || !isContentPageId(match.pageId) || (expected && match.pageId !== expected)) {
    throw data(null, { status: 404 });
  }
  const { config } = context.get(servicesContext);
  const { site } = context.get(requestContext);
  return buildContentView({
    pageId: match.pageId,
    language: match.language,
    origin: siteOriginOf(config, request.url),
    siteLanguages: site.languages,
  });
}
