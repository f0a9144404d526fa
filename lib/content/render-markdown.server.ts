// Turns a content page's Markdown into safe HTML sections: raw HTML is shown as text (never passed
// through), links and images are limited to safe targets, every heading gets a stable id, and the
// FAQ layout splits `###` questions into items for disclosures and FAQPage structured data.
import { Marked, type Token, type Tokens } from "marked";
import type { ContentLayout, ContentSection, FaqItem, RenderedContent } from "./types.ts";

export class ContentError extends Error {
  override name = "ContentError";
}

const SAFE_LINK = /^(?:\/(?!\/)|#|https:\/\/|http:\/\/|mailto:|tel:)/i;
/** Images come from our own static folder only: no hotlinking, nothing the CSP would block. */
const SAFE_IMAGE = /^\/images\/[A-Za-z0-9/_.-]+$/;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Lower-case ASCII words joined by dashes: "¿Qué es el boleto abierto?" → "que-es-el-boleto-abierto". */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64)
    .replace(/-+$/g, "");
  return slug || "section";
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** Visible text of HTML we produced ourselves (structured data, word counts). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(?:br|\/p|\/li|\/h\d|\/tr|\/td|\/th)\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (whole, name: string) => {
      if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith("#") && name !== "#39") return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

function isHeading(token: Token, depth?: number): token is Tokens.Heading {
  return token.type === "heading" && (depth === undefined || (token as Tokens.Heading).depth === depth);
}

export function renderMarkdown(markdown: string, layout: ContentLayout): RenderedContent {
  const ids = new Map<Token, string>();
  const used = new Set<string>();
  const uniqueId = (text: string): string => {
    const base = slugify(text);
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  };

  const marked = new Marked({
    async: false,
    gfm: true,
    renderer: {
      html({ text }) {
        return escapeHtml(text);
      },
      heading(token) {
        const id = ids.get(token) ?? uniqueId(htmlToText(this.parser.parseInline(token.tokens)));
        return `<h${token.depth} id="${id}">${this.parser.parseInline(token.tokens)}</h${token.depth}>\n`;
      },
      link({ href, title, tokens }) {
        const text = this.parser.parseInline(tokens);
        if (!SAFE_LINK.test(href)) throw new ContentError(`unsafe link target "${href}"`);
        const titleAttribute = title ? ` title="${escapeHtml(title)}"` : "";
        return `<a href="${escapeHtml(href)}"${titleAttribute}>${text}</a>`;
      },
      image({ href, title, text }) {
        if (!SAFE_IMAGE.test(href)) throw new ContentError(`images must be under /images/: "${href}"`);
        if (!text.trim()) throw new ContentError(`image "${href}" has no alternative text`);
        const titleAttribute = title ? ` title="${escapeHtml(title)}"` : "";
        return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}"${titleAttribute} loading="lazy" decoding="async">`;
      },
      table(token) {
        // Wide tables scroll inside their own box on small screens; tabindex lets keyboards scroll it.
        const head = token.header.map((cell) => this.tablecell(cell)).join("");
        const rows = token.rows.map((row) => `<tr>${row.map((cell) => this.tablecell(cell)).join("")}</tr>`).join("\n");
        return `<div class="table-scroll" tabindex="0"><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>\n`;
      },
    },
  });

  const tokens = marked.lexer(markdown);
  const inline = (token: Tokens.Heading) => marked.parseInline(token.text) as string;
  for (const token of tokens) {
    if (isHeading(token, 1)) throw new ContentError("use the front matter title for the h1, not a # heading");
    if (isHeading(token)) ids.set(token, uniqueId(htmlToText(inline(token))));
  }
  const render = (part: Token[]): string => (part.length > 0 ? marked.parser(part) : "");

  const firstSection = tokens.findIndex((token) => isHeading(token, 2));
  const introTokens = firstSection === -1 ? tokens : tokens.slice(0, firstSection);
  const sections: ContentSection[] = [];
  if (firstSection !== -1) {
    for (const chunk of splitBefore(tokens.slice(firstSection), (token) => isHeading(token, 2))) {
      const [heading, ...rest] = chunk as [Tokens.Heading, ...Token[]];
      const titleHtml = inline(heading);
      const questionStart = layout === "faq" ? rest.findIndex((token) => isHeading(token, 3)) : -1;
      const ownTokens = questionStart === -1 ? rest : rest.slice(0, questionStart);
      const items: FaqItem[] =
        questionStart === -1
          ? []
          : splitBefore(rest.slice(questionStart), (token) => isHeading(token, 3)).map((question) => {
              const [questionHeading, ...answer] = question as [Tokens.Heading, ...Token[]];
              const questionHtml = inline(questionHeading);
              const answerHtml = render(answer);
              if (!answerHtml.trim()) throw new ContentError(`question "${questionHeading.text}" has no answer`);
              return {
                id: ids.get(questionHeading) ?? uniqueId(questionHeading.text),
                questionHtml,
                question: htmlToText(questionHtml),
                answerHtml,
                answer: htmlToText(answerHtml),
              };
            });
      sections.push({
        id: ids.get(heading) ?? uniqueId(heading.text),
        titleHtml,
        title: htmlToText(titleHtml),
        html: render(ownTokens),
        items,
      });
    }
  }
  return { introHtml: render(introTokens), sections };
}

/** Splits a list into runs, each starting at an element that matches (the first always starts one). */
function splitBefore<T>(list: readonly T[], starts: (item: T) => boolean): T[][] {
  const runs: T[][] = [];
  for (const item of list) {
    const current = runs[runs.length - 1];
    if (!current || starts(item)) runs.push([item]);
    else current.push(item);
  }
  return runs;
}
