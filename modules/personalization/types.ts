// The shapes the personalization service reads and answers, shared by its pure parts and its tables.
import type { Language } from "../../lib/language.ts";

/** A JSON Logic rule (jsonlogic.com): data, never code. */
export type JsonLogicRule = unknown;

/** A cart as audiences see it: how many products, the total and its currency. */
export interface CartSummary {
  items: number;
  total: number;
  currency: string;
}

/**
 * What queries and audiences can read, and nothing else. The server fills location, visitor and cart
 * from the request (headers, cookies, database); the browser may add the page, device and a few
 * attributes, never the parts the server owns.
 */
export interface EvaluationContext {
  location: { country: string | null; state: string | null };
  language: Language;
  device: "mobile" | "desktop";
  visitor: { visits: number; returning: boolean; lastCart: CartSummary | null };
  cart: CartSummary | null;
  page: { url: string | null; referrer: string | null };
  attributes: Record<string, string | number | boolean>;
}

/** A slot variant's content: plain texts, one sanitized HTML body, an optional call to action. */
export interface SlotContent {
  /** The look the page gives it: the default banner, the residents' promotion, the cart reminder. */
  tone: "default" | "resident" | "cart";
  eyebrow: string;
  title: string;
  /** HTML from the allow-list of sanitize.ts only. */
  bodyHtml: string;
  cta: { label: string; href: string } | null;
}

/** What a content call answers. */
export interface SlotAnswer {
  slotId: string;
  version: number;
  locale: Language;
  variant: string;
  draft: boolean;
  content: SlotContent;
}
