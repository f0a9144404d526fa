import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, countryOptions } from "./countries.ts";

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
