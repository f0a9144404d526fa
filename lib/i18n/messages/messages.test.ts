// The three catalogues say the same things: same keys, nothing empty, the same {placeholders}.
import { describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../language.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { ESSENTIAL } from "./essential.ts";
import { pt } from "./pt.ts";
import { CONSOLE_CATALOGUES } from "../console/catalogues.server.ts";

const MAIN: Record<Language, Record<string, string>> = { es, en, pt };

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "").sort();
}

function checkCatalogues(name: string, catalogues: Record<Language, Record<string, string>>) {
  describe(name, () => {
    const keys = Object.keys(catalogues.en).sort();

    it("has keys", () => {
      expect(keys.length).toBeGreaterThan(10);
    });

    it.each(LANGUAGES)("%s has exactly the English keys", (language) => {
      expect(Object.keys(catalogues[language]).sort()).toEqual(keys);
    });

    it.each(LANGUAGES)("%s has no empty or untrimmed message", (language) => {
      for (const [key, text] of Object.entries(catalogues[language])) {
        expect(typeof text, `${language} ${key}`).toBe("string");
        expect(text.trim(), `${language} ${key} is empty`).not.toBe("");
        expect(text, `${language} ${key} has spaces around it`).toBe(text.trim());
      }
    });

    it.each(LANGUAGES)("%s uses the same placeholders as English", (language) => {
      for (const key of keys) {
        const english = catalogues.en[key] ?? "";
        expect(placeholders(catalogues[language][key] ?? ""), `${language} ${key}`).toEqual(placeholders(english));
      }
    });

    it("has only well-formed placeholders", () => {
      for (const language of LANGUAGES) {
        for (const [key, text] of Object.entries(catalogues[language])) {
          const braces = text.replace(/\{\w+\}/g, "");
          expect(braces, `${language} ${key} has a stray brace`).not.toMatch(/[{}]/);
        }
      }
    });

    it("is translated: Spanish and Portuguese differ from English somewhere", () => {
      for (const language of ["es", "pt"] as const) {
        const same = keys.filter((key) => catalogues[language][key] === catalogues.en[key]);
        expect(same.length, `${language} copies English in ${same.join(", ")}`).toBeLessThan(keys.length / 4);
      }
    });
  });
}

checkCatalogues("the main catalogues", MAIN);
checkCatalogues("the essential catalogues", ESSENTIAL);
checkCatalogues("the console catalogues", CONSOLE_CATALOGUES);
