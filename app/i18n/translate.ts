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

export function createTranslate(messages: Messages): Translate {
  return (key, params) => interpolate(messages[key], params);
}
