// Answers are short and only given to questions; the FAQ is preferred when it covers as much.
import { describe, expect, it } from "vitest";
import { answerQuestion, isQuestion, leadSentences } from "./answer.ts";
import { buildSearchIndex, type SearchDocument } from "./search-index.ts";

describe("leadSentences", () => {
  it("takes sentences until the answer says enough", () => {
    expect(
      leadSentences(
        "Yes. Small dogs travel in a closed carrier on the lower deck, and large dogs on a short leash. Ask the crew.",
      ),
    ).toBe("Yes. Small dogs travel in a closed carrier on the lower deck, and large dogs on a short leash.");
  });

  it("cuts one endless sentence at a word, with an ellipsis", () => {
    const answer = leadSentences(`${"word ".repeat(200)}end.`);
    expect(answer.length).toBeLessThanOrEqual(321);
    expect(answer.endsWith("word…")).toBe(true);
  });
});

describe("isQuestion", () => {
  it.each([
    ["how long is an open ticket valid", true],
    ["open ticket?", true],
    ["¿mascotas?", true],
    ["isla mujeres", false],
    ["xplor", false],
  ])("%j → %s", (query, expected) => {
    expect(isQuestion(query)).toBe(expected);
  });
});

describe("answerQuestion", () => {
  const doc = (fields: Partial<SearchDocument> & Pick<SearchDocument, "id" | "title" | "text">): SearchDocument => ({
    language: "en",
    type: "faq",
    url: `/en/faqs/#${fields.id}`,
    ...fields,
  });
  const INDEX = buildSearchIndex(
    [
      doc({
        id: "pets",
        title: "Can I travel with my pet?",
        text: "Yes. Small dogs and cats travel in a closed carrier. Assistance dogs always travel.",
      }),
      doc({
        id: "luggage",
        title: "How much luggage can I bring?",
        text: "One bag and one medium suitcase per passenger, free of charge.",
      }),
      doc({
        id: "pets-page",
        type: "page",
        url: "/en/ferry/#pets",
        title: "Travelling with pets",
        text: "Pets travel with their owners on every sailing of the day.",
      }),
    ],
    new Date(),
  );

  it("answers from the FAQ entry that covers the question, citing it", () => {
    const answer = answerQuestion(INDEX, "en", "can I travel with my pet");
    expect(answer?.text).toBe("Yes. Small dogs and cats travel in a closed carrier. Assistance dogs always travel.");
    expect(answer?.citations[0]).toMatchObject({ id: "pets", url: "/en/faqs/#pets" });
  });

  it("gives no answer when only part of the question is covered", () => {
    expect(answerQuestion(INDEX, "en", "can I bring my bicycle on board")).toBeNull();
  });
});
