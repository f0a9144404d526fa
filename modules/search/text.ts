// Text handling shared by indexing and querying. The same folding on both sides is what lets
// "cancun" find "Cancún", "ISLA" find "isla" and "sao" find "São"; queries are cleaned here so that
// control characters, markup or a 10,000-character paste never reach the index or a page.
import type { Language } from "../../lib/language.ts";

/** Longest query we search for; longer input is cut (pages) or refused (the API's schema). */
export const MAX_QUERY_LENGTH = 200;

const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\u2028\u2029]/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/** Lowercase without accents or other combining marks: "Cancún" → "cancun", "São" → "sao". */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/**
 * The query as the visitor meant it: control and invisible format characters become spaces, runs of
 * whitespace one space, trimmed, at most MAX_QUERY_LENGTH characters (never splitting a surrogate pair).
 */
export function normalizeQuery(raw: string): string {
  const cleaned = raw.normalize("NFC").replace(CONTROL_OR_FORMAT, " ").replace(/\s+/gu, " ").trim();
  const characters = Array.from(cleaned);
  return characters.length <= MAX_QUERY_LENGTH ? cleaned : characters.slice(0, MAX_QUERY_LENGTH).join("").trim();
}

/** Words of a text as written (letters and digits), with where each starts. */
export function wordsOf(text: string): { word: string; start: number; end: number }[] {
  return [...text.matchAll(WORD)].map((match) => ({
    word: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/**
 * Words too common to say anything about a page (and the modal verbs questions start with). Dropping them keeps "how long is an open ticket
 * valid" from matching every page that contains "is" and "an"; they are folded like indexed terms.
 */
const STOP_WORDS: Record<Language, ReadonlySet<string>> = {
  en: new Set(
    "a an and are as at be by can do does for from how i if in is it me my of on or so than that the their there this to was we what when where which who why will with you your".split(
      " ",
    ),
  ),
  es: new Set(
    "a al como con cual cuando cuanto de debo del donde el en es esta este hay la las lo los me mi o para por puede pueden puedo que se si sin su sus tengo un una uno y yo".split(
      " ",
    ),
  ),
  pt: new Set(
    "a ao as com como da das de devo do dos e em esta este eu ha me meu na nas no nos o onde os ou para pela pelo pode podem por posso preciso qual quando quanto que se sem seu sua um uma".split(
      " ",
    ),
  ),
};

export function isStopWord(foldedTerm: string, language: Language): boolean {
  return STOP_WORDS[language].has(foldedTerm);
}
