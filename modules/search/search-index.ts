// The full-text index: one MiniSearch index per language over pages, page sections, FAQ entries,
// products, piers and crossings. Pure: documents in, an immutable index out; queries are functions of
// the index. Accents are folded on both sides, the last word of a query matches as a prefix and words
// of four letters or more tolerate typos ("isla mujers" → Isla Mujeres, "xplr" → Xplor).
import MiniSearch, { type SearchResult } from "minisearch";
import { LANGUAGES, type Language } from "../../lib/language.ts";
import { foldText, isStopWord, normalizeQuery, wordsOf } from "./text.ts";

export const SEARCH_DOCUMENT_TYPES = ["product", "page", "faq", "crossing", "port"] as const;
export type SearchDocumentType = (typeof SEARCH_DOCUMENT_TYPES)[number];

/** One thing a visitor can land on. `id` is unique across languages ("faq:es:boleto-abierto"). */
export interface SearchDocument {
  id: string;
  language: Language;
  type: SearchDocumentType;
  title: string;
  /** Plain text the snippet and an answer are cut from. */
  text: string;
  /** Where the result goes: a site path, with a #fragment for a section or a question. */
  url: string;
  /** What the document is part of, shown with it: a section's or question's page title. */
  context?: string;
  /** Words that should find the document without being shown (codes, other names). */
  keywords?: string;
}

type Stored = Pick<SearchDocument, "id" | "type" | "title" | "text" | "url" | "context">;

export interface SearchIndex {
  readonly documentCount: number;
  readonly builtAt: Date;
  readonly engines: Readonly<Record<Language, MiniSearch<SearchDocument>>>;
}

export interface SearchHit {
  id: string;
  type: SearchDocumentType;
  title: string;
  url: string;
  context: string | null;
  /** Up to SNIPPET_LENGTH characters of the text around the first word that matched. */
  snippet: string;
  /** [start, end) character ranges of matched words in `snippet`. */
  highlights: [number, number][];
  score: number;
  /** Query words (folded, stop words dropped) this document matched, exactly, as a prefix or fuzzily. */
  matchedTerms: string[];
  /** All meaningful query words. */
  queryTerms: string[];
  /**
   * How much of the query the document covers, 0–1: a word found as written (or as a prefix) counts
   * 1, a word found only through a typo ½ — "llevar" fuzzily matching "llegar" proves little.
   */
  coverage: number;
}

const SNIPPET_LENGTH = 180;
/** Pages and products first when the text is equally relevant: they are where visitors want to go. */
const TYPE_BOOST: Record<SearchDocumentType, number> = { product: 1.4, page: 1.2, faq: 1.15, crossing: 1, port: 1 };

function processTermFor(language: Language) {
  return (term: string): string | null => {
    const folded = foldText(term);
    return folded.length === 0 || isStopWord(folded, language) ? null : folded;
  };
}

function tokenize(text: string): string[] {
  return wordsOf(text).map((item) => item.word);
}

function createEngine(language: Language): MiniSearch<SearchDocument> {
  return new MiniSearch<SearchDocument>({
    idField: "id",
    fields: ["title", "keywords", "text"],
    storeFields: ["id", "type", "title", "text", "url", "context"],
    tokenize,
    processTerm: processTermFor(language),
    searchOptions: {
      boost: { title: 3, keywords: 2, text: 1 },
      // Typing "isla muj" must already find Isla Mujeres; one-letter prefixes match too much.
      prefix: (term, index, terms) => (index === terms.length - 1 ? term.length >= 2 : term.length >= 4),
      // One typo per word of 4+ letters, two from 10 letters: "xplr" finds "xplor", "mujers" "mujeres".
      fuzzy: (term) => (term.length >= 4 ? 0.2 : false),
      maxFuzzy: 2,
      combineWith: "OR",
      boostDocument: (_id, _term, stored) => TYPE_BOOST[(stored as Stored | undefined)?.type ?? "page"],
    },
  });
}

/** Builds every language's index. Throws on a duplicate document id (a bug in the document source). */
export function buildSearchIndex(documents: readonly SearchDocument[], builtAt: Date): SearchIndex {
  const engines = Object.fromEntries(LANGUAGES.map((language) => [language, createEngine(language)])) as Record<
    Language,
    MiniSearch<SearchDocument>
  >;
  for (const language of LANGUAGES)
    engines[language].addAll(documents.filter((document) => document.language === language));
  return { documentCount: documents.length, builtAt, engines };
}

/** The query's meaningful words as the index sees them (folded, stop words dropped). */
export function queryTermsOf(query: string, language: Language): string[] {
  const process = processTermFor(language);
  return tokenize(query).flatMap((word) => {
    const term = process(word);
    return term ? [term] : [];
  });
}

/** Ranked hits for a query, one per URL (a park's admission and tour share a page), best first. */
export function searchIndex(
  index: SearchIndex,
  language: Language,
  rawQuery: string,
  options: { limit?: number; types?: readonly SearchDocumentType[] } = {},
): SearchHit[] {
  const query = normalizeQuery(rawQuery);
  const queryTerms = queryTermsOf(query, language);
  if (queryTerms.length === 0) return [];
  const types = options.types;
  const results = index.engines[language].search(
    query,
    types ? { filter: (result) => types.includes((result as unknown as Stored).type) } : {},
  );
  const seen = new Set<string>();
  const hits: SearchHit[] = [];
  for (const result of results) {
    const stored = result as unknown as SearchResult & Stored;
    if (seen.has(stored.url)) continue;
    seen.add(stored.url);
    hits.push(hitOf(stored, queryTerms));
    if (hits.length >= (options.limit ?? 30)) break;
  }
  return hits;
}

function coverageOf(
  matchedQueryTerms: readonly string[],
  indexedTerms: readonly string[],
  queryTerms: readonly string[],
): number {
  if (queryTerms.length === 0) return 0;
  const weight = matchedQueryTerms.reduce(
    (sum, term) => sum + (indexedTerms.some((indexed) => indexed.startsWith(term)) ? 1 : 0.5),
    0,
  );
  return Math.min(1, weight / queryTerms.length);
}

function hitOf(result: SearchResult & Stored, queryTerms: string[]): SearchHit {
  const indexedTerms = new Set(result.terms);
  const matchedTerms = [...new Set(result.queryTerms)];
  const { snippet, highlights } = snippetOf(result.text, indexedTerms);
  return {
    id: result.id as string,
    type: result.type,
    title: result.title,
    url: result.url,
    context: result.context ?? null,
    snippet,
    highlights,
    score: result.score,
    matchedTerms,
    queryTerms,
    coverage: coverageOf(matchedTerms, result.terms, queryTerms),
  };
}

/**
 * A window of the text around the first matched word, cut at word boundaries, with the ranges of every
 * matched word inside it. The text is plain; whoever renders it escapes it.
 */
export function snippetOf(
  text: string,
  indexedTerms: ReadonlySet<string>,
  length = SNIPPET_LENGTH,
): { snippet: string; highlights: [number, number][] } {
  const words = wordsOf(text);
  const matched = words.filter((item) => indexedTerms.has(foldText(item.word)));
  const first = matched[0];
  let start = 0;
  if (first && first.end > length * 0.6) {
    // Start a little before the match, at the beginning of a word.
    const target = Math.max(0, first.start - Math.floor(length * 0.25));
    start = words.find((item) => item.start >= target)?.start ?? first.start;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const lastWord = [...words].reverse().find((item) => item.end <= end && item.start >= start);
    end = lastWord ? lastWord.end : end;
  }
  const window = text.slice(start, end);
  const leadingSpace = window.length - window.trimStart().length;
  const prefix = start > 0 ? "…" : "";
  const snippet = `${prefix}${window.trim()}${end < text.length ? "…" : ""}`;
  // Where text position p lands in the snippet: after the ellipsis, less what trimming removed.
  const offset = prefix.length - start - leadingSpace;
  const highlights = matched
    .filter((item) => item.start >= start && item.end <= end)
    .map((item): [number, number] => [item.start + offset, item.end + offset]);
  return { snippet, highlights };
}

/**
 * Query completions for the search box: the titles of the best matching documents, so a suggestion
 * reads as the site writes it ("Isla Mujeres", "Xplor Fuego", a question of the FAQ), never as a folded term.
 */
export function suggestQueries(index: SearchIndex, language: Language, rawQuery: string, limit = 6): string[] {
  const query = normalizeQuery(rawQuery);
  if (queryTermsOf(query, language).length === 0) return [];
  // Runs on every pause in typing: titles only, no snippets to cut.
  const results = index.engines[language].search(query) as unknown as (SearchResult & Stored)[];
  const seen = new Set<string>();
  const suggestions: string[] = [];
  for (const hit of results) {
    const key = foldText(hit.title);
    if (seen.has(key)) continue;
    seen.add(key);
    suggestions.push(hit.title);
    if (suggestions.length >= limit) break;
  }
  return suggestions;
}
