// Message lookup with {placeholders}. Pure and tiny: it runs on the server and in the browser.
import type { MessageKey, Messages } from "./messages/en.ts";

export type { MessageKey, Messages };
export type Params = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: Params) => string;

export function interpolate(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/**
 * A page ships only its own messages (page-messages.ts). A key it did not ship is a bug that its
 * test should have caught: it is reported (the e2e tier fails on a console error) and shown as the
 * key rather than breaking the page.
 */
export function createTranslate(messages: Partial<Messages>): Translate {
  return (key, params) => {
    const template = messages[key];
    if (template === undefined) {
      console.error(`Message "${key}" is not among this page's messages (app/i18n/page-messages.ts)`);
      return key;
    }
    return interpolate(template, params);
  };
}
