// Slot content is data an operator (or a playground) writes: its HTML goes through this allow-list
// before it is stored and again before it is answered, so a <script>, an event handler, a style or a
// javascript: link never reaches a page. Links are https, mailto, tel or paths on this site.
import sanitizeHtml from "sanitize-html";
import type { SlotContent } from "./types.ts";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "b", "i", "a", "span"],
  allowedAttributes: { a: ["href", "title"] },
  allowedSchemes: ["https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: "discard" };

export function sanitizeSlotHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text: any markup is dropped (React escapes what is left when it renders). */
function plainText(text: string): string {
  return sanitizeHtml(text, TEXT_ONLY).trim();
}

/** A call to action may go to a path on this site or an https page, nowhere else. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (/^\/(?![/\\])[^\s]*$/.test(trimmed)) return trimmed;
  try {
    const url = new URL(trimmed);
    return url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

export function sanitizeSlotContent(content: SlotContent): SlotContent {
  const href = content.cta ? safeHref(content.cta.href) : null;
  return {
    tone: content.tone === "resident" || content.tone === "cart" ? content.tone : "default",
    eyebrow: plainText(content.eyebrow),
    title: plainText(content.title),
    bodyHtml: sanitizeSlotHtml(content.bodyHtml),
    cta: content.cta && href ? { label: plainText(content.cta.label), href } : null,
  };
}
