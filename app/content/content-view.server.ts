// What a content page's loader returns: the page's outline, and its prose and structured data (the
// breadcrumbs' JSON-LD and the page's own) as markup that a document's data leaves out (ADR 0072).
// Shared by content-page.tsx, site-map.tsx and any route that wraps a content page with more (for
// example a booking widget above the ferry text).
import { data, type RouterContextProvider } from "react-router";
import { siteOriginOf } from "../../lib/config.ts";
import type { Language } from "../../lib/language.ts";
import { requestContext, servicesContext } from "../../server/edge/index.ts";
import { CATALOGUES } from "../../lib/i18n/catalogues.server.ts";
import { matchPage, pathOf } from "../../lib/routing/localized-paths.ts";
import type { PageId } from "../../lib/routing/pages.ts";
import { findContentFacts } from "../../flows/content-facts.ts";
import { fillContentFacts, type ContentFacts } from "../../lib/content/content-facts.ts";
import { findContentPage, isContentPageId, type ContentPageId } from "../../lib/content/content-pages.server.ts";
import { CONTENT_MARKUP, keepInDocument } from "../../lib/content/server-markup.ts";
import type { ContentPageData } from "../../lib/content/types.ts";
import { breadcrumbList, faqPage, organization, serializeJsonLd, type JsonLd } from "./structured-data.ts";
import type { ContentPageOutline, ContentView } from "./types.ts";

const DATE_LOCALE: Record<Language, string> = { es: "es-MX", en: "en-US", pt: "pt-BR" };

export function buildContentView(input: {
  pageId: ContentPageId;
  language: Language;
  origin: string;
  siteLanguages: readonly Language[];
  /** What the text states through placeholders; null when the catalogue has no crossing. */
  facts?: ContentFacts | null;
}): ContentView & { markup: Record<string, string> } {
  const { pageId, language, origin } = input;
  const page = fillContentFacts(findContentPage(pageId, language), input.facts ?? null);
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
  return {
    pageId,
    language,
    page: outlineOf(page),
    updatedLabel,
    jsonLdCount: jsonLd.length,
    jsonLd: [],
    markup: markupOf(page, jsonLd),
  };
}

/** The page without its prose and without the plain texts only structured data reads. */
function outlineOf(page: ContentPageData): ContentPageOutline {
  return {
    title: page.title,
    metaTitle: page.metaTitle,
    description: page.description,
    layout: page.layout,
    showToc: page.showToc,
    toc: page.toc,
    hasIntro: page.introHtml !== "",
    sections: page.sections.map((section) => ({
      id: section.id,
      hasHtml: section.html !== "",
      items: section.items.map((item) => ({ id: item.id })),
    })),
  };
}

function markupOf(page: ContentPageData, jsonLd: readonly JsonLd[]): Record<string, string> {
  const markup: Record<string, string> = {};
  if (page.introHtml) markup[CONTENT_MARKUP.intro] = page.introHtml;
  for (const section of page.sections) {
    markup[CONTENT_MARKUP.heading(section.id)] = section.titleHtml;
    if (section.html) markup[CONTENT_MARKUP.section(section.id)] = section.html;
    for (const item of section.items) {
      markup[CONTENT_MARKUP.question(item.id)] = item.questionHtml;
      markup[CONTENT_MARKUP.answer(item.id)] = item.answerHtml;
    }
  }
  jsonLd.forEach((data, index) => {
    markup[CONTENT_MARKUP.jsonLd(index)] = serializeJsonLd(data);
  });
  return markup;
}

/** Loader body for a content page route: which page the URL is, or a 404 when it has no content. */
export async function loadContentView(
  request: Request,
  context: Readonly<RouterContextProvider>,
  expected?: PageId,
): Promise<ContentView> {
  const match = matchPage(new URL(request.url).pathname);
  if (!match || !isContentPageId(match.pageId) || (expected && match.pageId !== expected)) {
    throw data(null, { status: 404 });
  }
  const { config, db } = context.get(servicesContext);
  const { site } = context.get(requestContext);
  // Only a page whose text states a fact asks the catalogue.
  const usesFacts = findContentPage(match.pageId, match.language).factNames.length > 0;
  const { markup, ...view } = buildContentView({
    pageId: match.pageId,
    language: match.language,
    origin: siteOriginOf(config, request.url),
    siteLanguages: site.languages,
    facts: usesFacts ? await findContentFacts(db) : null,
  });
  // On a document request the prose travels once, as markup: the data leaves it out.
  return keepInDocument(context, markup) ? view : { ...view, markup };
}
