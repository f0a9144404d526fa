// What a search result shows of each indexable page, in every language: a title of at most 60
// characters (longer ones are cut) and a description of 110 to 160 (shorter ones get replaced by a
// snippet the engine picks, longer ones are cut). Titles come from the routes' own meta functions.
import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { SEED_PRODUCTS } from "../../db/seed-catalogue.ts";
import { LANGUAGES, type Language } from "../../lib/language.ts";
import { buildContentView } from "../content/content-view.server.ts";
import { isContentPageId } from "../../lib/content/content-pages.server.ts";
import { contentMeta } from "../content/meta.ts";
import { sitemapEntries } from "../content/site-map.ts";
import { CATALOGUES } from "../../lib/i18n/catalogues.server.ts";
import { meta as homeMeta } from "../routes/home.tsx";
import { meta as newsletterMeta } from "../routes/newsletter.tsx";
import { meta as productMeta } from "../routes/product-page.tsx";
import { meta as schedulesMeta } from "../routes/routes-schedules.tsx";
import { matchPage } from "../../lib/routing/localized-paths.ts";
import { PRODUCT_PAGES, isProductPageId } from "../../lib/routing/product-pages.ts";
import type { PageId } from "../../lib/routing/pages.ts";

const ORIGIN = "https://www.travesia.example";
type MetaArgs = { matches: unknown[]; data?: unknown; loaderData?: unknown };
type MetaOf = (args: never) => MetaDescriptor[];

function call(meta: MetaOf, language: Language, data?: unknown): MetaDescriptor[] {
  const args: MetaArgs = {
    matches: [{ loaderData: { messages: CATALOGUES[language], language, origin: ORIGIN } }],
    data,
    loaderData: data,
  };
  return meta(args as never);
}

/** The title and description a page's <head> gets. */
function headOf(pageId: PageId, language: Language): { title: string; description: string } {
  let tags: MetaDescriptor[];
  if (isContentPageId(pageId)) {
    tags = contentMeta(
      buildContentView({ pageId, language, origin: ORIGIN, siteLanguages: LANGUAGES, facts: { crossingMinutes: 25 } }),
    );
  } else if (isProductPageId(pageId)) {
    const product = SEED_PRODUCTS.find((row) => row.code === PRODUCT_PAGES[pageId].code);
    if (!product) throw new Error(`no seed product for ${pageId}`);
    tags = call(productMeta as MetaOf, language, {
      product: { name: product.name[language], summary: product.summary[language], image: product.image },
    });
  } else {
    const meta = { home: homeMeta, routesSchedules: schedulesMeta, newsletter: newsletterMeta }[pageId as string];
    if (!meta) throw new Error(`no meta for ${pageId}`);
    tags = call(meta as MetaOf, language);
  }
  const plain = tags as Record<string, unknown>[];
  const title = plain.find((tag) => "title" in tag)?.["title"];
  const description = plain.find((tag) => tag["name"] === "description")?.["content"];
  return { title: String(title ?? ""), description: String(description ?? "") };
}

const PAGES = sitemapEntries(LANGUAGES).map((entry) => ({ ...entry, pageId: matchPage(entry.href)!.pageId }));

describe("search results", () => {
  it("cover every indexable page in every language, the 27 product pages among them", () => {
    expect(PAGES.filter((page) => isProductPageId(page.pageId))).toHaveLength(27);
  });

  it.each(PAGES.map((page) => [page.href, page] as const))(
    "%s: a title of at most 60 characters and a description of 110–160",
    (_href, page) => {
      const { title, description } = headOf(page.pageId, page.language);
      expect(title.length, `"${title}" (${title.length})`).toBeGreaterThan(0);
      expect(title.length, `"${title}" (${title.length})`).toBeLessThanOrEqual(60);
      expect(description.length, `"${description}" (${description.length})`).toBeGreaterThanOrEqual(110);
      expect(description.length, `"${description}" (${description.length})`).toBeLessThanOrEqual(160);
    },
  );
});
