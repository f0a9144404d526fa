// Pure path logic over the slug table: which page a path is, its equivalent in another language,
// and where a path without a valid language goes (spec §2: anything else becomes English).
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from "../../lib/language.ts";
import { PAGE_MODULES } from "./page-modules.ts";
import { PAGES, PAGE_IDS, type PageId } from "./pages.ts";

export interface PageMatch {
  pageId: PageId;
  language: Language;
  /** True when the path is an alias (served, but canonical is `PAGES[pageId].paths[language]`). */
  alias: boolean;
}

const byPath = new Map<string, PageMatch>();
for (const pageId of PAGE_IDS) {
  const page = PAGES[pageId];
  for (const language of LANGUAGES) {
    byPath.set(page.paths[language], { pageId, language, alias: false });
    for (const alias of page.aliases?.[language] ?? []) byPath.set(alias, { pageId, language, alias: true });
  }
}

export function isPageLive(pageId: PageId): boolean {
  return PAGE_MODULES[pageId] !== undefined;
}

export function matchPage(pathname: string): PageMatch | null {
  return byPath.get(withTrailingSlash(pathname)) ?? null;
}

export function pathOf(pageId: PageId, language: Language): string {
  return PAGES[pageId].paths[language];
}

export function withTrailingSlash(pathname: string): string {
  return pathname.endsWith("/") ? pathname : `${pathname}/`;
}

/** A path's own segments after the language, to look up a slug in any language. */
function findBySlugInAnyLanguage(rest: string): PageId | null {
  for (const language of LANGUAGES) {
    const match = byPath.get(`/${language}${rest}`);
    if (match) return match.pageId;
  }
  return null;
}

/**
 * Where a request path must be redirected before any page renders, or null to serve it as is.
 * - a first segment that is not es/en/pt → the English equivalent (a known slug in any language maps
 *   to its English page; an unknown rest keeps its rest under /en/, which then 404s in English);
 * - a live page path without its trailing slash → the same path with it.
 */
export function canonicalRedirect(pathname: string): string | null {
  if (pathname === "/") return null;
  const segments = pathname.split("/");
  const first = segments[1] ?? "";
  if (!isLanguage(first)) {
    const looksLikeLanguage = /^[a-z]{2}(-[a-z]{2})?$/i.test(first);
    const rest = looksLikeLanguage ? `/${segments.slice(2).join("/")}` : pathname;
    const pageId = findBySlugInAnyLanguage(withTrailingSlash(rest));
    if (pageId) return pathOf(pageId, DEFAULT_LANGUAGE);
    return `/${DEFAULT_LANGUAGE}${rest === "/" ? "/" : rest}`;
  }
  if (!pathname.endsWith("/")) {
    const match = byPath.get(`${pathname}/`);
    if (match) return `${pathname}/`;
  }
  return null;
}

export interface Alternate {
  language: Language;
  href: string;
}

/** The same page in each of the site's languages (hreflang set and language switcher). */
export function alternatesOf(pageId: PageId, languages: readonly Language[]): Alternate[] {
  return languages.map((language) => ({ language, href: pathOf(pageId, language) }));
}
