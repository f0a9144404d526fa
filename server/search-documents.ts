// What the site search indexes, gathered from where each thing already lives: the editorial pages of
// content/ (parsed once by app/content, one document per page, per section and per FAQ question),
// the catalogue's products and the inventory's piers and crossings from the database. Only pages
// that exist are indexed, and every URL comes from the slug table.
import type { Database } from "../lib/db.ts";
import { LANGUAGES, type Language } from "../lib/language.ts";
import { findProducts } from "../modules/catalog/index.ts";
import { findCrossings } from "../modules/inventory/index.ts";
import type { SearchDocument } from "../modules/search/index.ts";
import { CONTENT_PAGE_IDS, findContentPage } from "../lib/content/content-pages.server.ts";
import { htmlToText } from "../lib/content/render-markdown.server.ts";
import { fillContentFacts, type ContentFacts } from "../lib/content/content-facts.ts";
import { findContentFacts } from "../flows/content-facts.ts";
import { CATALOGUES } from "../lib/i18n/catalogues.server.ts";
import { isPageLive, pathOf, productCodePathOf } from "../lib/routing/localized-paths.ts";
import type { PageId } from "../lib/routing/pages.ts";
import { productPageOf } from "../lib/routing/product-pages.ts";

/**
 * Where a product is shown: its fixed page, the ferry page for the ferry, or else its page by code
 * (a product an operator added); null when that page is not live.
 */
function productPathOf(code: string, kind: string, language: Language): string | null {
  const pageId: PageId | null = kind === "ferry" ? "ferry" : productPageOf(code);
  if (pageId) return isPageLive(pageId) ? pathOf(pageId, language) : null;
  return isPageLive("productByCode") ? productCodePathOf(code, language) : null;
}

function livePath(pageId: PageId, language: Language): string | null {
  return isPageLive(pageId) ? pathOf(pageId, language) : null;
}

export function contentDocuments(language: Language, facts: ContentFacts | null = null): SearchDocument[] {
  const documents: SearchDocument[] = [];
  for (const pageId of CONTENT_PAGE_IDS) {
    const path = livePath(pageId, language);
    if (!path) continue;
    const page = fillContentFacts(findContentPage(pageId, language), facts);
    documents.push({
      id: `page:${language}:${pageId}`,
      language,
      type: "page",
      title: page.title,
      text: [page.description, htmlToText(page.introHtml)].filter(Boolean).join(" "),
      url: path,
      keywords: page.metaTitle,
    });
    for (const section of page.sections) {
      const sectionText = htmlToText(section.html);
      if (page.layout !== "faq" || sectionText) {
        documents.push({
          id: `section:${language}:${pageId}:${section.id}`,
          language,
          type: "page",
          title: section.title,
          text: sectionText || page.description,
          url: `${path}#${section.id}`,
          context: page.title,
        });
      }
      for (const item of section.items) {
        documents.push({
          id: `faq:${language}:${item.id}`,
          language,
          type: "faq",
          title: item.question,
          text: item.answer,
          url: `${path}#${item.id}`,
          context: page.title,
          keywords: section.title,
        });
      }
    }
  }
  const schedules = livePath("routesSchedules", language);
  if (schedules) {
    const messages = CATALOGUES[language];
    documents.push({
      id: `page:${language}:routesSchedules`,
      language,
      type: "page",
      title: messages["schedules.title"],
      // The page's intro states the crossing time from the timetable; its description says the same without it.
      text: messages["schedules.meta.description"],
      url: schedules,
      keywords: messages["schedules.meta.title"],
    });
  }
  return documents;
}

async function catalogueDocuments(db: Database, language: Language): Promise<SearchDocument[]> {
  const [products, crossings] = await Promise.all([
    findProducts(db, language, { withComplements: false }),
    findCrossings(db, language),
  ]);
  // One document per product page: a park's admission and its tour share a page, so they share a
  // result, titled with the admission (the page's name) and findable by either's words.
  const byPage = new Map<string, (typeof products)[number][]>();
  for (const product of products) {
    const url = productPathOf(product.code, product.kind, language);
    if (url) byPage.set(url, [...(byPage.get(url) ?? []), product]);
  }
  const documents: SearchDocument[] = [];
  for (const [url, shown] of byPage) {
    const main = shown.find((product) => product.kind !== "park_tour") ?? shown[0];
    if (!main) continue;
    documents.push({
      id: `product:${language}:${main.code}`,
      language,
      type: "product",
      title: main.name,
      text: shown
        .flatMap((product) => [product.summary, product.description ? htmlToText(product.description) : ""])
        .filter(Boolean)
        .join(" "),
      url,
      keywords: shown
        .flatMap((product) =>
          product === main ? [product.code.replace(/-/g, " ")] : [product.name, product.code.replace(/-/g, " ")],
        )
        .join(" "),
    });
  }
  // A crossing opens the ferry page's booking widget with that crossing chosen (?crossing=…); a pier,
  // the crossing that leaves from it.
  const ferry = livePath("ferry", language);
  if (!ferry) return documents;
  const departures = new Map<string, { port: (typeof crossings)[number]["from"]; url: string }>();
  for (const crossing of crossings) {
    const url = `${ferry}?crossing=${encodeURIComponent(crossing.code)}`;
    if (!departures.has(crossing.from.code)) departures.set(crossing.from.code, { port: crossing.from, url });
    documents.push({
      id: `crossing:${language}:${crossing.code}`,
      language,
      type: "crossing",
      title: `${crossing.from.name} → ${crossing.to.name}`,
      text: `${crossing.from.place} → ${crossing.to.place} · ${crossing.durationMinutes} min`,
      url,
      keywords: crossing.code.replace(/-/g, " "),
    });
  }
  for (const { port, url } of departures.values()) {
    documents.push({
      id: `port:${language}:${port.code}`,
      language,
      type: "port",
      title: port.name,
      text: port.place,
      url,
      keywords: port.code.replace(/-/g, " "),
    });
  }
  return documents;
}

/** Every document of every language, for the search index. */
export async function loadSearchDocuments(db: Database): Promise<SearchDocument[]> {
  const facts = await findContentFacts(db);
  const perLanguage = await Promise.all(
    LANGUAGES.map(async (language) => [
      ...contentDocuments(language, facts),
      ...(await catalogueDocuments(db, language)),
    ]),
  );
  return perLanguage.flat();
}
