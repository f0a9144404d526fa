// A short answer to a question, drawn from the FAQ and the content pages: the best FAQ entry (or page
// section) that covers most of the question's words, cut to its first sentences, citing the passages
// it came from. No answer is better than a wrong one, so weak matches answer nothing.
import type { Language } from "../../lib/language.ts";
import { searchIndex, type SearchHit, type SearchIndex } from "./search-index.ts";
import { wordsOf } from "./text.ts";

export interface AnswerCitation {
  id: string;
  title: string;
  url: string;
  /** The passage of the cited document that matched the question. */
  passage: string;
}

export interface SearchAnswer {
  text: string;
  citations: AnswerCitation[];
}

/** An answer reads in one breath: a sentence or two. */
const ANSWER_MAX_LENGTH = 320;
const ANSWER_MIN_LENGTH = 80;

/**
 * The share of the question a source must cover (SearchHit.coverage): both words of a two-word
 * question, most of a longer one. Page sections need more than FAQ entries, which are written as answers.
 */
const MIN_COVERAGE = { faq: 0.6, page: 0.8 } as const;

function isConvincing(hit: SearchHit): boolean {
  if (hit.type !== "faq" && hit.type !== "page") return false;
  return hit.queryTerms.length >= 2 && hit.coverage >= MIN_COVERAGE[hit.type];
}

/** The first sentences of a text, at least ANSWER_MIN_LENGTH characters when the text has them. */
export function leadSentences(text: string): string {
  const sentences = text.trim().split(/(?<=[.!?])\s+/u);
  let answer = "";
  for (const sentence of sentences) {
    const next = answer ? `${answer} ${sentence}` : sentence;
    if (next.length > ANSWER_MAX_LENGTH) break;
    answer = next;
    if (answer.length >= ANSWER_MIN_LENGTH) break;
  }
  if (answer) return answer;
  // One very long sentence: cut it at a word boundary.
  const cut = text.slice(0, ANSWER_MAX_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 1)).trimEnd()}…`;
}

/**
 * Whether a query asks something rather than names something: a question mark, or three words or
 * more. "isla mujeres" names a place and gets results, not an answer.
 */
export function isQuestion(query: string): boolean {
  return /[?¿]/u.test(query) || wordsOf(query).length >= 3;
}

/** A question of two meaningful words or more, answered from the FAQ first, or null. */
export function answerQuestion(index: SearchIndex, language: Language, question: string): SearchAnswer | null {
  if (!isQuestion(question)) return null;
  const hits = searchIndex(index, language, question, { limit: 8, types: ["faq", "page"] }).filter(isConvincing);
  // The source covering most of the question wins; among equals, an FAQ entry, then the better rank.
  const ranked = [...hits].sort(
    (a, b) => b.coverage - a.coverage || Number(b.type === "faq") - Number(a.type === "faq"),
  );
  const best = ranked[0];
  if (!best) return null;
  const document = index.engines[language].getStoredFields(best.id) as { text?: unknown } | undefined;
  const text = typeof document?.text === "string" ? document.text : best.snippet;
  // A second source only when it is as complete and among the best ranked: a weak citation misleads.
  const others = hits
    .slice(0, 3)
    .filter((hit) => hit !== best && hit.coverage >= best.coverage)
    .slice(0, 1);
  return {
    text: leadSentences(text),
    citations: [best, ...others].map((hit) => ({ id: hit.id, title: hit.title, url: hit.url, passage: hit.snippet })),
  };
}
