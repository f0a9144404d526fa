import { describe, expect, it } from "vitest";
import { isFlagOn, limitLanguages } from "./site-config.ts";

describe("limitLanguages", () => {
  it.each([
    [
      ["es", "en", "pt"],
      ["es", "en", "pt"],
    ],
    [
      ["pt", "es"],
      ["pt", "es"],
    ], // the site's order is the switcher's order
    [
      ["pt", "xx", "es", "pt"],
      ["pt", "es"],
    ], // unknown and repeated entries dropped
    [["EN", "fr"], ["en"]], // nothing usable: English
    [[], ["en"]],
  ])("%j → %j", (configured, expected) => {
    expect(limitLanguages(configured)).toEqual(expected);
  });
});

describe("isFlagOn", () => {
  it("is on only for a flag set to true", () => {
    const site = {
      code: "travesia",
      name: "Travesía",
      languages: ["es" as const],
      flags: { enableCroct: true, enableCroctShopping: false },
    };
    expect(isFlagOn(site, "enableCroct")).toBe(true);
    expect(isFlagOn(site, "enableCroctShopping")).toBe(false);
    expect(isFlagOn(site, "unknownFlag")).toBe(false);
    expect(isFlagOn(site, "toString")).toBe(false);
  });
});
