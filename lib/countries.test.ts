import { describe, expect, it } from "vitest";
import {
  COUNTRY_CODES,
  countryCodeOfInput,
  countryOptions,
  packedCountryOptions,
  unpackCountryOptions,
} from "./countries.ts";

describe("countryCodeOfInput", () => {
  it("takes a code in any case", () => {
    expect(countryCodeOfInput("MX", "en")).toBe("MX");
    expect(countryCodeOfInput(" mx ", "es")).toBe("MX");
  });

  it("takes a name in the page's language, whatever its case and accents", () => {
    expect(countryCodeOfInput("Mexico", "en")).toBe("MX");
    expect(countryCodeOfInput("méxico", "es")).toBe("MX");
    expect(countryCodeOfInput("MEXICO", "es")).toBe("MX");
    expect(countryCodeOfInput("Alemanha", "pt")).toBe("DE");
  });

  it("takes every name the field suggests", () => {
    for (const language of ["es", "en", "pt"]) {
      for (const option of countryOptions(language))
        expect(countryCodeOfInput(option.name, language)).toBe(option.code);
    }
  });

  it("names no country for anything else", () => {
    expect(countryCodeOfInput("Atlantis", "en")).toBeNull();
    expect(countryCodeOfInput("", "en")).toBeNull();
    expect(countryCodeOfInput("ZZ", "en")).toBeNull();
  });
});

describe("countryOptions", () => {
  it("names and sorts every country in the language asked for", () => {
    const spanish = countryOptions("es");
    expect(spanish).toHaveLength(COUNTRY_CODES.length);
    expect(spanish.find((option) => option.code === "MX")?.name).toBe("México");
    const names = spanish.map((option) => option.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("es").compare));
  });

  it("is built once per language and shared, not on every render", () => {
    expect(countryOptions("pt")).toBe(countryOptions("pt"));
    expect(countryOptions("pt")).not.toBe(countryOptions("en"));
    expect(Object.isFrozen(countryOptions("pt"))).toBe(true);
  });
});

describe("packedCountryOptions", () => {
  it("unpacks to the same list, in the same order, in every language", () => {
    for (const language of ["es", "en", "pt"]) {
      const packed = packedCountryOptions(language);
      expect(typeof packed).toBe("string");
      expect(unpackCountryOptions(packed)).toEqual(countryOptions(language));
    }
  });
});
