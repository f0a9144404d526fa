// Catalogue HTML (complement and product descriptions) is data an operator edits: it reaches a page
// only through this allowlist, so a pasted <script>, an event handler or a javascript: link never runs.
import sanitizeHtml from "sanitize-html";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "b", "i", "ul", "ol", "li", "h3", "h4", "a", "span"],
  allowedAttributes: { a: ["href", "title", "rel", "target"] },
  allowedSchemes: ["https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // Links out of the site open safely; in-site links stay as written.
    a: (tagName, attribs) => {
      const { rel: _rel, target: _target, ...rest } = attribs;
      const external = /^https:/i.test(rest.href ?? "");
      return { tagName, attribs: external ? { ...rest, rel: "noopener noreferrer", target: "_blank" } : rest };
    },
  },
};

export function sanitizeCatalogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
