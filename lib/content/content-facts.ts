// Facts a content page may state, filled in from the catalogue when the page is served: the Markdown
// writes `{crossingMinutes}` where a number would go stale ("in about {crossingMinutes} minutes").
import type { ContentPageData, ContentSection } from "./types.ts";

export interface ContentFacts {
  /** The first crossing's time at sea, from the catalogue. */
  crossingMinutes: number;
}

export const CONTENT_FACT_NAMES = ["crossingMinutes"] as const satisfies readonly (keyof ContentFacts)[];

const FACT = /\{(crossingMinutes)\}/g;

/** The fact names a text uses, and any `{placeholder}` that is not a fact (a typo the start-up refuses). */
export function factsUsedIn(text: string): { known: string[]; unknown: string[] } {
  const names = [...text.matchAll(/\{([A-Za-z]\w*)\}/g)].map((match) => match[1] ?? "");
  const isFact = (name: string) => (CONTENT_FACT_NAMES as readonly string[]).includes(name);
  return { known: [...new Set(names.filter(isFact))], unknown: [...new Set(names.filter((name) => !isFact(name)))] };
}

/** A text with its facts written in; without facts (no active crossing) a dash stands in. */
export function fillFacts(text: string, facts: ContentFacts | null): string {
  return text.replace(FACT, (_whole, name: keyof ContentFacts) => (facts ? String(facts[name]) : "—"));
}

/** The page with every fact filled in: title, description, intro, sections and FAQ items. */
export function fillContentFacts(page: ContentPageData, facts: ContentFacts | null): ContentPageData {
  if (page.factNames.length === 0) return page;
  const fill = (text: string) => fillFacts(text, facts);
  const section = (s: ContentSection): ContentSection => ({
    ...s,
    title: fill(s.title),
    titleHtml: fill(s.titleHtml),
    html: fill(s.html),
    items: s.items.map((item) => ({
      ...item,
      question: fill(item.question),
      questionHtml: fill(item.questionHtml),
      answer: fill(item.answer),
      answerHtml: fill(item.answerHtml),
    })),
  });
  return {
    ...page,
    title: fill(page.title),
    metaTitle: fill(page.metaTitle),
    description: fill(page.description),
    introHtml: fill(page.introHtml),
    sections: page.sections.map(section),
    toc: page.toc.map((entry) => ({ ...entry, text: fill(entry.text) })),
  };
}
