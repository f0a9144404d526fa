// What a content page's loader hands its components: the page's outline (lib/content has the whole
// rendered page), its language, dates written out and structured data.
import type { Language } from "../../lib/language.ts";
import type { ContentLayout, TocEntry } from "../../lib/content/types.ts";
import type { PageId } from "../../lib/routing/pages.ts";
import type { JsonLd } from "./structured-data.ts";

/** A section as the page's data carries it: its anchor and questions; its markup goes separately. */
export interface ContentSectionOutline {
  id: string;
  /** Whether prose stands under the heading before the questions (the markup `section:<id>`). */
  hasHtml: boolean;
  items: { id: string }[];
}

/** A page without its prose: what the browser needs besides the markup (ADR 0072). */
export interface ContentPageOutline {
  title: string;
  metaTitle: string;
  description: string;
  layout: ContentLayout;
  showToc: boolean;
  toc: TocEntry[];
  hasIntro: boolean;
  sections: ContentSectionOutline[];
}

/**
 * What a content page's loader returns. The prose and the page's own structured data are `markup`, by
 * name (contentMarkupName): on a document request it stays on the server, which renders it, and the
 * browser keeps what was rendered; a client-side navigation has no document, so its data carries it.
 */
export interface ContentView {
  pageId: PageId;
  language: Language;
  page: ContentPageOutline;
  /** `updated` written out in the page's language, e.g. "15 de enero de 2025". */
  updatedLabel: string | null;
  /** How many structured-data scripts the page has in `markup` (`json-ld:0`, `json-ld:1` …). */
  jsonLdCount: number;
  /** Structured data a route adds as data (the ferry page's sailings): rendered after the page's own. */
  jsonLd: JsonLd[];
  /** Absent from a document's data (the server rendered it); present in a client-side navigation's. */
  markup?: Record<string, string>;
}
