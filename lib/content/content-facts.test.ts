// Content states the crossing's facts through placeholders filled from the catalogue, so a page never
// contradicts the timetable ("about 20 minutes" beside a 25-minute crossing).
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../language.ts";
import { factsUsedIn, fillContentFacts, fillFacts } from "./content-facts.ts";
import { CONTENT_PAGE_IDS, findContentPage, parseContentPage } from "./content-pages.server.ts";

const CONTENT = new URL("../../content/", import.meta.url);
/** Minutes content may write out: fixed operating rules (be at the pier 30 minutes before; seats held 15 minutes; a 10–15 minute taxi ride). */
const RULE_MINUTES = new Set([10, 15, 30]);
/** Times on land are not the timetable's: "about 20 minutes by cart" to Punta Sur. */
const ON_LAND = /^\S*\s+(?:by cart|en carrito|de carrinho)/;

describe("content facts", () => {
  it("fills a placeholder with the catalogue's number, or a dash without one", () => {
    expect(fillFacts("about {crossingMinutes} minutes", { crossingMinutes: 25 })).toBe("about 25 minutes");
    expect(fillFacts("about {crossingMinutes} minutes", null)).toBe("about — minutes");
    expect(factsUsedIn("{crossingMinutes} and {crossingMinuts}")).toEqual({
      known: ["crossingMinutes"],
      unknown: ["crossingMinuts"],
    });
  });

  it("refuses a page with a placeholder that is not a fact", () => {
    expect(() => parseContentPage("---\ntitle: T\ndescription: D\n---\nIn {crossingMinuts} minutes.", "x.md")).toThrow(
      /unknown placeholder/,
    );
  });

  it.each(LANGUAGES)("%s: every minute written into content is a fixed rule, never a timetable fact", (language) => {
    const folder = new URL(`${language}/`, CONTENT);
    for (const file of readdirSync(folder)) {
      const text = readFileSync(new URL(file, folder), "utf8");
      for (const match of text.matchAll(/(\d+)(?:\s*(?:to|a|-|–)\s*(\d+))?\s*minut/gi)) {
        if (ON_LAND.test(text.slice((match.index ?? 0) + match[0].length))) continue;
        for (const number of [match[1], match[2]].filter(Boolean).map(Number)) {
          expect(RULE_MINUTES.has(number), `${language}/${file}: "${match[0]}"`).toBe(true);
        }
      }
    }
  });

  it.each(LANGUAGES)("%s: the ferry, Cancún and Isla Mujeres pages state the catalogue's crossing time", (language) => {
    for (const pageId of ["ferry", "cancun", "islaMujeres"] as const) {
      const page = fillContentFacts(findContentPage(pageId, language), { crossingMinutes: 37 });
      const text = JSON.stringify(page);
      expect(text, `${pageId}.${language}`).toMatch(/37 minut/);
      expect(text).not.toMatch(/\{crossingMinutes\}/);
    }
    expect(fillContentFacts(findContentPage("islaMujeres", language), { crossingMinutes: 37 }).description).toMatch(
      /37/,
    );
  });

  it("leaves pages without facts untouched", () => {
    const uses = CONTENT_PAGE_IDS.filter((pageId) => findContentPage(pageId, "en").factNames.length > 0);
    expect(uses.sort()).toEqual(["cancun", "ferry", "islaMujeres"]);
    const faq = findContentPage("faq", "en");
    expect(fillContentFacts(faq, { crossingMinutes: 37 })).toBe(faq);
  });
});
