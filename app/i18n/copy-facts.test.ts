// Facts of the crossing (its time, how often boats leave, the first and last sailing) come from the
// catalogue and the timetable through placeholders, never written into the copy where they go stale.
import { describe, expect, it } from "vitest";
import { en } from "../../lib/i18n/messages/en.ts";
import { es } from "../../lib/i18n/messages/es.ts";
import { pt } from "../../lib/i18n/messages/pt.ts";

/** "20 minutes", "30–60 minutos", "every 30": a number of minutes written out. */
const WRITTEN_MINUTES = /\d+\s*(?:[–-]\s*\d+\s*)?(?:-?\s*)(?:minutes?|minutos?|min\b)|(?:every|cada|a cada)\s+\d+/i;
/** The check-in rule is a fixed operating rule, not a timetable fact. */
const RULES = new Set(["home.crossing.text", "home.crossing.checkInValue"]);

describe("the copy states no timetable fact of its own", () => {
  it.each([
    ["es", es],
    ["en", en],
    ["pt", pt],
  ] as const)("%s: the shell, the home and routes & schedules", (_language, messages) => {
    const stale = Object.entries(messages).filter(
      ([key, text]) =>
        /^(nav\.hint|home|schedules|meta\.home)\./.test(key) && !RULES.has(key) && WRITTEN_MINUTES.test(text),
    );
    expect(stale).toEqual([]);
  });
});
