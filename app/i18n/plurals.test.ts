// Every count in the three catalogues, the site's and the console's, agrees with its number by CLDR's
// plural rules of the language: "1 e-ticket", "2 e-tickets", Portuguese "0 bilhete" (CLDR's pt puts 0
// with 1); "Only 1 seat is left" at the pier.
import { describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../lib/language.ts";
import { en } from "../../lib/i18n/messages/en.ts";
import { es } from "../../lib/i18n/messages/es.ts";
import { pt } from "../../lib/i18n/messages/pt.ts";
import { createConsoleTranslate } from "../console/console-i18n.ts";
import { CONSOLE_CATALOGUES } from "../../lib/i18n/console/catalogues.server.ts";
import type { ConsoleMessageKey } from "../../lib/i18n/console/en.ts";
import { createTranslate, pluralCategoryOf, type MessageKey, type PluralKey } from "./translate.ts";

type Catalogues = Record<Language, Record<string, string>>;
const CATALOGUES: Catalogues = { es, en, pt };
const CONSOLE: Catalogues = CONSOLE_CATALOGUES;
const COUNTS = [0, 1, 2, 5] as const;
/** Placeholders that hold a number of things, and so need the number's plural form around them. */
const COUNTED_PLACEHOLDER = /\{(count|months|days|minutes|seats|age|people|tickets|nights|hours)\}/;
/**
 * Not counts: "{count} of {limit} products" agrees with the package's limit (5), never with the count;
 * the opening hours' {days} is a list of weekday names ("Monday–Saturday"); the console's "seats left:
 * {count}", "To sync: {count}", "Offers sent: {count}" and "Move the valid tickets ({count})" are a
 * label and its number, right at any count.
 */
const NOT_COUNTED = new Set([
  "cart.count",
  "product.hoursLine",
  "product.closedOn",
  "console.boarding.seatsLeft",
  "console.scanner.pending",
  "money.care.moveSubmit",
  "money.waitlist.offered",
]);

const stemsOf = (catalogue: Record<string, string>) =>
  Object.keys(catalogue).flatMap((key) => (key.endsWith(".other") ? [key.slice(0, -".other".length)] : []));

/** Each catalogue set with its own translate function, as its pages call it. */
const SETS: [
  string,
  Catalogues,
  (language: Language) => (stem: string, params: Record<string, string | number>) => string,
][] = [
  [
    "site",
    CATALOGUES,
    (language) => (stem, params) =>
      createTranslate(CATALOGUES[language], language)(stem as PluralKey | MessageKey, params),
  ],
  [
    "console",
    CONSOLE,
    (language) => (stem, params) =>
      createConsoleTranslate(CONSOLE_CATALOGUES[language], language)(stem as ConsoleMessageKey, params),
  ],
];

function placeholderValues(template: string, count: number): Record<string, string | number> {
  const values: Record<string, string | number> = { count };
  for (const [, name] of template.matchAll(/\{(\w+)\}/g)) if (name && name !== "count") values[name] = `<${name}>`;
  return values;
}

describe.each(SETS)("counted messages of the %s", (_name, catalogues, translateIn) => {
  it("are written with plural forms wherever a message holds a count", () => {
    for (const language of LANGUAGES) {
      const bare = Object.entries(catalogues[language]).filter(
        ([key, text]) =>
          COUNTED_PLACEHOLDER.test(text) && !NOT_COUNTED.has(key) && !/\.(zero|one|two|few|many|other)$/.test(key),
      );
      expect(
        bare.map(([key]) => key),
        `${language}: counts without plural forms`,
      ).toEqual([]);
    }
  });

  it.each(LANGUAGES)("%s: every counted message reads right at 0, 1, 2 and 5", (language) => {
    const t = translateIn(language);
    const catalogue = catalogues[language];
    const stems = stemsOf(catalogues.en);
    expect(stems.length).toBeGreaterThan(0);
    for (const stem of stems) {
      const forms = Object.keys(catalogue).filter(
        (key) => key.startsWith(`${stem}.`) && !key.slice(stem.length + 1).includes("."),
      );
      expect(forms.sort(), `${language} ${stem}`).toEqual([`${stem}.one`, `${stem}.other`]);
      for (const count of COUNTS) {
        const form = catalogue[`${stem}.${pluralCategoryOf(language, count)}`] ?? catalogue[`${stem}.other`]!;
        const text = t(stem, placeholderValues(form, count));
        expect(text, `${language} ${stem} at ${count}`).toBe(
          form.replace(/\{(\w+)\}/g, (_whole, name: string) => (name === "count" ? String(count) : `<${name}>`)),
        );
        expect(text, `${language} ${stem} at ${count}`).toContain(String(count));
        expect(text, `${language} ${stem} at ${count}`).not.toMatch(/[{}]/);
      }
    }
  });
});

describe("counted messages", () => {
  it("follows each language's CLDR rules: 1 is singular; 0 is plural in es and en, singular in pt", () => {
    expect(COUNTS.map((count) => pluralCategoryOf("en", count))).toEqual(["other", "one", "other", "other"]);
    expect(COUNTS.map((count) => pluralCategoryOf("es", count))).toEqual(["other", "one", "other", "other"]);
    expect(COUNTS.map((count) => pluralCategoryOf("pt", count))).toEqual(["one", "one", "other", "other"]);
    expect(pluralCategoryOf("es", 1_000_000)).toBe("many"); // written as "other"
  });

  it("mends the sentences visitors saw", () => {
    const english = createTranslate(en, "en");
    const spanish = createTranslate(es, "es");
    const portuguese = createTranslate(pt, "pt");
    expect(english("thanks.tickets", { count: 1 })).toBe("1 e-ticket");
    expect(english("thanks.tickets", { count: 2 })).toBe("2 e-tickets");
    expect(english("cart.complements.for", { count: 1 })).toBe("For the 1 person of your trip");
    expect(english("booking.passengerCount.adult", { count: 1 })).toBe("1 adult");
    expect(spanish("booking.passengerCount.adult", { count: 2 })).toBe("2 adultos");
    expect(spanish("booking.seatsLeft", { count: 1 })).toBe("Queda 1 lugar");
    expect(portuguese("waitlist.offer.text", { count: 1, time: "10:00" })).toMatch(/^Guardamos 1 lugar para você/);
    expect(portuguese("thanks.tickets", { count: 0 })).toBe("0 bilhete eletrônico");
    expect(spanish("booking.presale", { count: 1_000_000 })).toBe("Preventa 1000000 días");
    // At the pier and in the console.
    const consoleIn = (language: Language) => createConsoleTranslate(CONSOLE_CATALOGUES[language], language);
    expect(consoleIn("en")("ops.issue.left", { count: 1 })).toBe("Only 1 seat is left.");
    expect(consoleIn("es")("console.scanner.synced", { count: 1, time: "10:00" })).toBe(
      "Sincronizado 1 escaneo a las 10:00.",
    );
    expect(consoleIn("pt")("ops.closures.done.closed", { count: 2 })).toBe(
      "Fechado. Passageiros avisados: 2 reservas.",
    );
  });
});
