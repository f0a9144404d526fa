// An accessible name that differs from the words on screen starts with those words (WCAG 2.5.3), so a
// voice-control user who says what they see reaches the control.
import { describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../language.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { pt } from "./pt.ts";

const MAIN: Record<Language, Record<string, string>> = { es, en, pt };

/** The name (aria-label) of a control, and the words its visible label shows. */
const NAMED_CONTROLS = [
  ["hold.holdAgain", "cart.holdAgain"],
  ["cart.complements.dateFor", "cart.complements.date"],
] as const;

describe.each(LANGUAGES)("label in name (%s)", (language) => {
  it.each(NAMED_CONTROLS)("%s starts with %s", (name, visible) => {
    expect(MAIN[language][name]?.startsWith(MAIN[language][visible] ?? "\u0000")).toBe(true);
  });
});
