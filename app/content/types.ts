// What a content page's loader hands its components: the rendered page (lib/content) with its
// language, dates written out and structured data.
import type { Language } from "../../lib/language.ts";
import type { ContentPageData } from "../../lib/content/types.ts";
import type { PageId } from "../../lib/routing/pages.ts";
import type { JsonLd } from "./structured-data.ts";

/** What a content page's loader returns. */
export interface ContentView {
  pageId: PageId;
  language: Language;
  page: ContentPageData;
  /** `updated` written out in the page's language, e.g. "15 de enero de 2025". */
  updatedLabel: string | null;
  jsonLd: JsonLd[];
}
