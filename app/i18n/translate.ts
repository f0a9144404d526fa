// Message lookup with {placeholders} and CLDR plurals. Pure and tiny: it runs on the server and in the
// browser. A counted message is a set of keys, one per CLDR plural category of the language
// ("thanks.tickets.one", "thanks.tickets.other"), asked for by its stem with a `count` (ADR 0051).
import type { Language } from "../../lib/language.ts";
import type { MessageKey, Messages } from "../../lib/i18n/messages/en.ts";

export type { MessageKey, Messages };
export type Params = Record<string, string | number>;
/** The stem of a counted message: "thanks.tickets" for "thanks.tickets.one" and "thanks.tickets.other". */
export type PluralKey = MessageKey extends infer Key ? (Key extends `${infer Stem}.other` ? Stem : never) : never;
export type Translate = (key: MessageKey | PluralKey, params?: Params) => string;

export function interpolate(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

const PLURAL_LOCALE: Record<Language, string> = { es: "es-MX", en: "en-US", pt: "pt-BR" };
const pluralRules = new Map<Language, Intl.PluralRules>();

/**
 * The CLDR plural category of `count` in `language` ("one", "other"; "many" for Spanish and Portuguese
 * millions). A count that is not a number (a list such as "7 / 21") reads as "other".
 */
export function pluralCategoryOf(language: Language, count: unknown): Intl.LDMLPluralRule {
  if (typeof count !== "number") return "other";
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(PLURAL_LOCALE[language]);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/**
 * The template of `key`: the message itself, or for a counted message's stem the form of the count's
 * plural category, falling back to "other" (a catalogue need not write the categories that read the
 * same, such as Spanish "many").
 */
export function templateOf(
  messages: Partial<Messages>,
  language: Language,
  key: string,
  params?: Params,
): string | undefined {
  const catalogue = messages as Partial<Record<string, string>>;
  const whole = catalogue[key];
  if (whole !== undefined) return whole;
  const category = pluralCategoryOf(language, params?.count);
  return catalogue[`${key}.${category}`] ?? catalogue[`${key}.other`];
}

/**
 * A page ships only its own messages (page-messages.ts). A key it did not ship is a bug that its
 * test should have caught: it is reported (the e2e tier fails on a console error) and shown as the
 * key rather than breaking the page.
 */
export function createTranslate(messages: Partial<Messages>, language: Language): Translate {
  return (key, params) => {
    const template = templateOf(messages, language, key, params);
    if (template === undefined) {
      console.error(`Message "${key}" is not among this page's messages (app/i18n/page-messages.ts)`);
      return key;
    }
    return interpolate(template, params);
  };
}
