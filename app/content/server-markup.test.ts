import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../lib/language.ts";
import { buildContentView } from "./content-view.server.ts";
import { CONTENT_MARKUP, documentMarkupSlot, keepInDocument } from "../../lib/content/server-markup.ts";

const faq = () =>
  buildContentView({ pageId: "faq", language: "en", origin: "https://www.travesia.example", siteLanguages: LANGUAGES });

describe("a content page's markup", () => {
  it("is kept apart from the outline the browser needs, and names every piece the page renders", () => {
    const { markup, ...view } = faq();
    const items = view.page.sections.flatMap((section) => section.items);
    expect(items.length).toBeGreaterThan(10);
    for (const item of items) {
      expect(markup[CONTENT_MARKUP.question(item.id)]).toBeTruthy();
      expect(markup[CONTENT_MARKUP.answer(item.id)]).toBeTruthy();
    }
    // Breadcrumbs and FAQPage, as markup: the data carries neither again.
    expect(view.jsonLdCount).toBe(2);
    expect(JSON.parse(markup[CONTENT_MARKUP.jsonLd(1)]!)["@type"]).toBe("FAQPage");
    const outline = JSON.stringify(view);
    const answer = markup[CONTENT_MARKUP.answer(items[0]!.id)]!.replace(/<[^>]+>/g, "").slice(0, 40);
    expect(outline).not.toContain(answer);
    expect(outline.length).toBeLessThan(JSON.stringify(markup).length / 5);
  });

  it("goes into the document's map on a document request, and stays in the data on a data request", () => {
    const { markup } = faq();
    const document = new RouterContextProvider();
    document.set(documentMarkupSlot, new Map());
    expect(keepInDocument(document, markup)).toBe(true);
    expect(Object.fromEntries(document.get(documentMarkupSlot)!)).toEqual(markup);
    const dataRequest = new RouterContextProvider();
    expect(keepInDocument(dataRequest, markup)).toBe(false);
  });
});
