import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, languageOfPath, pickLanguage, type Language } from "./language.ts";

const ALL: readonly Language[] = LANGUAGES;

describe("pickLanguage", () => {
  it.each([
    ["pt-BR,pt;q=0.9,en;q=0.8", ALL, "pt"],
    ["es-MX", ALL, "es"],
    ["EN-gb", ALL, "en"],
    ["en;q=0.5, es;q=0.9", ALL, "es"],
    ["fr;q=1, pt;q=0.2, es;q=0.1", ALL, "pt"],
    ["en, es", ALL, "en"], // equal weights keep the header's order
    ["es;q=0.3, en;q=0.3", ALL, "es"],
    ["pt, es", ["es", "en"], "es"], // a language the site does not offer is skipped
    [" es ; q=0.8 , en ; q=0.9 ", ALL, "en"], // spaces around tags and parameters
    ["es;level=1;q=0.4, pt;q=0.5", ALL, "pt"],
  ] as const)("%s (offered %j) → %s", (header, offered, expected) => {
    expect(pickLanguage(header, offered)).toBe(expected);
  });

  it.each([
    ["fr, de;q=0.9", ALL],
    ["es;q=0", ALL], // q=0 means "not acceptable"
    ["es;q=abc", ALL], // an unreadable weight counts as 0
    ["es;q=-1", ALL],
    ["*", ALL],
    ["", ALL],
    [";;;,,,q=1", ALL],
    ["pt", ["es", "en"]],
  ] as const)("%j (offered %j) → null", (header, offered) => {
    expect(pickLanguage(header, offered)).toBeNull();
  });

  it("answers null without a header", () => {
    expect(pickLanguage(null, ALL)).toBeNull();
    expect(pickLanguage(undefined, ALL)).toBeNull();
  });

  it("reads at most 32 entries of a header", () => {
    const filler = Array.from({ length: 31 }, (_, index) => `x${index}`);
    expect(pickLanguage([...filler, "es"].join(","), ALL)).toBe("es"); // the 32nd entry still counts
    expect(pickLanguage([...filler, "fr", "es"].join(","), ALL)).toBeNull(); // the 33rd is ignored
  });

  it("answers a huge hostile header quickly", () => {
    const header = `${"fr;q=0.5,".repeat(50_000)}es`;
    const started = performance.now();
    expect(pickLanguage(header, ALL)).toBeNull();
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("never throws and only answers an offered language", () => {
    const offered = fc.subarray([...LANGUAGES], { minLength: 1 });
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), offered, (header, languages) => {
        const picked = pickLanguage(header, languages);
        expect(picked === null || languages.includes(picked)).toBe(true);
      }),
    );
  });
});

describe("languageOfPath", () => {
  it.each([
    ["/es/", "es"],
    ["/pt/busca/", "pt"],
    ["/en", "en"],
    ["/fr/", DEFAULT_LANGUAGE],
    ["/", DEFAULT_LANGUAGE],
    ["/ES/", DEFAULT_LANGUAGE], // language segments are lower case
    ["/esp/", DEFAULT_LANGUAGE],
    ["", DEFAULT_LANGUAGE],
  ])("%s → %s", (path, language) => {
    expect(languageOfPath(path)).toBe(language);
  });
});

describe("isLanguage", () => {
  it("knows exactly es, en and pt", () => {
    expect(LANGUAGES).toEqual(["es", "en", "pt"]);
    for (const language of LANGUAGES) expect(isLanguage(language)).toBe(true);
    for (const other of ["fr", "EN", "", " es", undefined, null, 1, {}]) expect(isLanguage(other)).toBe(false);
  });
});
