// The shape of a rendered content page, as the reader makes it and components show it. Plain data:
// the HTML strings were produced from reviewed Markdown with raw HTML escaped and links checked.

export type ContentLayout = "article" | "faq";

export interface TocEntry {
  id: string;
  text: string;
}

export interface FaqItem {
  id: string;
  /** The question as inline HTML (emphasis, code) for the disclosure summary. */
  questionHtml: string;
  /** The question as plain text (structured data). */
  question: string;
  answerHtml: string;
  /** The answer as plain text (structured data). */
  answer: string;
}

export interface ContentSection {
  id: string;
  /** Heading as inline HTML. */
  titleHtml: string;
  title: string;
  /** Everything under the heading before the first question (FAQ) or the whole section (article). */
  html: string;
  /** FAQ layout only: the questions of this section. */
  items: FaqItem[];
}

export interface RenderedContent {
  /** Text before the first `##` heading. */
  introHtml: string;
  sections: ContentSection[];
}

export interface ContentPageData extends RenderedContent {
  title: string;
  metaTitle: string;
  description: string;
  layout: ContentLayout;
  showToc: boolean;
  toc: TocEntry[];
  /** ISO date (YYYY-MM-DD) the text was last revised, shown on legal pages. */
  updated: string | null;
  wordCount: number;
  /** The catalogue facts the text states through placeholders (see content-facts.ts). */
  factNames: string[];
}
