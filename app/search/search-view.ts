// What the search results page shows, as plain data: results grouped by type (the group with the best
// result first, results keep their overall rank for analytics), the popular searches offered when
// nothing is asked or nothing is found, and the snippet cut into highlighted and plain runs.
import type { Language } from "../../lib/language.ts";

export const RESULT_TYPES = ["product", "page", "faq", "crossing", "port"] as const;
export type ResultType = (typeof RESULT_TYPES)[number];

export interface ResultView {
  id: string;
  /** 1-based overall rank: what analytics report as selectedPosition. */
  position: number;
  type: ResultType;
  title: string;
  url: string;
  context: string | null;
  snippet: string;
  highlights: [number, number][];
}

export interface AnswerView {
  text: string;
  citations: { id: string; title: string; url: string }[];
}

export interface SearchView {
  language: Language;
  query: string;
  /** The visitor's q was longer than we search for and was cut. */
  truncated: boolean;
  results: ResultView[];
  answer: AnswerView | null;
  attributionToken: string;
}

export interface ResultGroup {
  type: ResultType;
  results: ResultView[];
}

/** Results grouped by type; groups ordered by their best result, results by rank. */
export function groupResults(results: readonly ResultView[]): ResultGroup[] {
  const groups = new Map<ResultType, ResultView[]>();
  for (const result of [...results].sort((a, b) => a.position - b.position)) {
    const group = groups.get(result.type) ?? [];
    group.push(result);
    groups.set(result.type, group);
  }
  return [...groups.entries()].map(([type, items]) => ({ type, results: items }));
}

export interface SnippetRun {
  text: string;
  highlighted: boolean;
}

/** The snippet as runs of plain and matched text; ranges out of bounds or overlapping are ignored. */
export function snippetRuns(snippet: string, highlights: readonly [number, number][]): SnippetRun[] {
  const runs: SnippetRun[] = [];
  let cursor = 0;
  for (const [start, end] of [...highlights].sort((a, b) => a[0] - b[0])) {
    if (start < cursor || end <= start || end > snippet.length) continue;
    if (start > cursor) runs.push({ text: snippet.slice(cursor, start), highlighted: false });
    runs.push({ text: snippet.slice(start, end), highlighted: true });
    cursor = end;
  }
  if (cursor < snippet.length) runs.push({ text: snippet.slice(cursor), highlighted: false });
  return runs;
}

/** Searches worth offering when a visitor has none, or found nothing: what people come for. */
export const POPULAR_SEARCHES: Record<Language, readonly string[]> = {
  es: ["horarios del ferry", "boleto abierto", "residentes de Quintana Roo", "catamarán", "Xcaret", "mascotas"],
  en: ["ferry schedules", "open ticket", "Quintana Roo residents", "catamaran", "Xcaret", "pets"],
  pt: [
    "horários do ferry",
    "bilhete aberto",
    "residentes de Quintana Roo",
    "catamarã",
    "Xcaret",
    "animais de estimação",
  ],
};
