// The site's own pages, indexed: every live content page, section and FAQ question in es/en/pt,
// with working URLs, and the answers the FAQ gives to questions asked in the visitor's words.
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../lib/language.ts";
import { answerQuestion, buildSearchIndex, searchIndex, suggestQueries } from "../modules/search/index.ts";
import { contentDocuments } from "./search-documents.ts";

const DOCUMENTS = LANGUAGES.flatMap((language) => contentDocuments(language));
const INDEX = buildSearchIndex(DOCUMENTS, new Date("2030-01-01T00:00:00Z"));

describe("content documents", () => {
  it("cover pages, sections and FAQ questions in every language, with unique ids", () => {
    for (const language of LANGUAGES) {
      const own = DOCUMENTS.filter((document) => document.language === language);
      expect(own.filter((document) => document.type === "faq").length).toBeGreaterThan(15);
      expect(own.filter((document) => document.type === "page").length).toBeGreaterThan(20);
    }
    expect(new Set(DOCUMENTS.map((document) => document.id)).size).toBe(DOCUMENTS.length);
  });

  it("link to the page in its own language, FAQ questions to their anchor", () => {
    for (const document of DOCUMENTS) {
      expect(document.url.startsWith(`/${document.language}/`), document.id).toBe(true);
      if (document.type === "faq") expect(document.url, document.id).toMatch(/\/#[a-z0-9-]+$/);
      expect(document.text.trim(), document.id).not.toBe("");
    }
  });
});

describe("answers from the FAQ", () => {
  it.each([
    ["en", "how long is an open ticket valid", "6 months", "/en/faqs/#"],
    ["es", "cuánto tiempo es válido un boleto abierto", "6 meses", "/es/preguntas-frecuentes/#"],
    ["pt", "por quanto tempo vale o bilhete aberto", "6 meses", "/pt/perguntas-frequentes/#"],
    ["en", "can I travel with my pet", "", "/en/faqs/#"],
    ["es", "puedo viajar con mi mascota", "", "/es/preguntas-frecuentes/#"],
  ] as const)("%s: %s", (language, question, expected, citedPath) => {
    const answer = answerQuestion(INDEX, language, question);
    expect(answer, question).not.toBeNull();
    expect(answer!.text).toContain(expected);
    expect(answer!.text.length).toBeLessThanOrEqual(320);
    expect(answer!.citations[0]?.url.startsWith(citedPath)).toBe(true);
  });

  it("does not answer what the site does not say, nor a single word", () => {
    expect(answerQuestion(INDEX, "en", "quantum chromodynamics lecture notes")).toBeNull();
    expect(answerQuestion(INDEX, "en", "ferry")).toBeNull();
    expect(answerQuestion(INDEX, "es", "")).toBeNull();
  });
});

describe("searching the content", () => {
  it("finds Isla Mujeres misspelt, in every language", () => {
    for (const language of LANGUAGES) {
      const [first] = searchIndex(INDEX, language, "isla mujers");
      expect(first?.title, language).toMatch(/Isla Mujeres/);
    }
  });

  it("suggests while typing", () => {
    expect(suggestQueries(INDEX, "es", "preven").join(" ")).toMatch(/preventa/i);
    expect(suggestQueries(INDEX, "en", "pets").join(" ")).toMatch(/pet/i);
  });
});

describe("what gets an answer", () => {
  it("names are searched, not answered: 'isla mujeres' gets results and no answer", () => {
    expect(answerQuestion(INDEX, "es", "isla mujeres")).toBeNull();
    expect(searchIndex(INDEX, "es", "isla mujeres").length).toBeGreaterThan(0);
  });

  it("a short question with a question mark is answered", () => {
    expect(answerQuestion(INDEX, "en", "open ticket validity?")?.text).toContain("6 months");
  });
});
