// The editorial pages of content/<language>/<pageId>.md, bundled into the server build and parsed
// once when the module loads. A file with a bad name, front matter or Markdown fails the start-up
// (and the unit tests) instead of a visitor's request.
import { LANGUAGES, isLanguage, type Language } from "../language.ts";
import { parseFrontMatter } from "./front-matter.ts";
import { htmlToText, renderMarkdown } from "./render-markdown.server.ts";
import { CONTENT_PAGE_IDS } from "./content-page-ids.ts";
import { factsUsedIn } from "./content-facts.ts";
import type { ContentLayout, ContentPageData } from "./types.ts";

export { CONTENT_PAGE_IDS };

export type ContentPageId = (typeof CONTENT_PAGE_IDS)[number];

/** A table of contents appears on pages with at least this many sections unless the file says otherwise. */
const TOC_MIN_SECTIONS = 4;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const SOURCES = import.meta.glob<string>("/content/**/*.md", { query: "?raw", import: "default", eager: true });

export function isContentPageId(pageId: string): pageId is ContentPageId {
  return (CONTENT_PAGE_IDS as readonly string[]).includes(pageId);
}

/** Parses one file; `where` names it in errors. Exported for tests of hostile input. */
export function parseContentPage(source: string, where: string): ContentPageData {
  const fail = (message: string): never => {
    throw new Error(`${where}: ${message}`);
  };
  const { data, body } = parseFrontMatter(source);
  const text = (key: string, required: boolean): string | null => {
    const value = data[key];
    if (value === undefined) return required ? fail(`front matter needs "${key}"`) : null;
    if (typeof value !== "string" || value.trim() === "") return fail(`"${key}" must be non-empty text`);
    return value;
  };
  const title = text("title", true) as string;
  const description = text("description", true) as string;
  const layout = (text("layout", false) ?? "article") as ContentLayout;
  if (layout !== "article" && layout !== "faq") fail(`unknown layout "${layout}"`);
  const updated = text("updated", false);
  if (updated !== null && !ISO_DATE.test(updated)) fail(`"updated" must be YYYY-MM-DD`);
  const tocSetting = data["toc"];
  if (tocSetting !== undefined && typeof tocSetting !== "boolean") fail(`"toc" must be true or false`);

  let rendered;
  try {
    rendered = renderMarkdown(body, layout);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  const toc = rendered.sections.map((section) => ({ id: section.id, text: section.title }));
  const facts = factsUsedIn(source);
  if (facts.unknown.length > 0) fail(`unknown placeholder {${facts.unknown.join("}, {")}}`);
  const bodyText = [
    htmlToText(rendered.introHtml),
    ...rendered.sections.flatMap((section) => [
      section.title,
      htmlToText(section.html),
      ...section.items.flatMap((item) => [item.question, item.answer]),
    ]),
  ].join(" ");
  return {
    ...rendered,
    title,
    metaTitle: text("metaTitle", false) ?? title,
    description,
    layout,
    showToc: typeof tocSetting === "boolean" ? tocSetting : toc.length >= TOC_MIN_SECTIONS,
    toc,
    updated,
    wordCount: countWords(bodyText),
    factNames: facts.known,
  };
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

function loadAll(sources: Record<string, string>): Map<string, ContentPageData> {
  const pages = new Map<string, ContentPageData>();
  for (const [path, source] of Object.entries(sources)) {
    const match = /^\/content\/([^/]+)\/([^/]+)\.md$/.exec(path);
    const language = match?.[1];
    const pageId = match?.[2];
    if (!isLanguage(language) || pageId === undefined || !isContentPageId(pageId)) {
      throw new Error(`${path}: content files are content/<es|en|pt>/<pageId>.md with a content page id`);
    }
    pages.set(`${pageId}.${language}`, parseContentPage(source, path));
  }
  for (const pageId of CONTENT_PAGE_IDS) {
    for (const language of LANGUAGES) {
      if (!pages.has(`${pageId}.${language}`)) throw new Error(`content/${language}/${pageId}.md is missing`);
    }
  }
  return pages;
}

const PAGES = loadAll(SOURCES);

export function findContentPage(pageId: ContentPageId, language: Language): ContentPageData {
  const page = PAGES.get(`${pageId}.${language}`);
  // loadAll proved every page exists in every language; reaching this is a programming error.
  if (!page) throw new Error(`no content for ${pageId}.${language}`);
  return page;
}
