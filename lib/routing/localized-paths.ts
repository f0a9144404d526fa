// Pure path logic over the slug table: which page a path is, its equivalent in another language,
// and where a path without a valid language goes (anything else becomes English).
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from "../language.ts";
import { PAGE_MODULES } from "./page-modules.ts";
import { PAGES, PAGE_IDS, type PageId } from "./pages.ts";

export interface PageMatch {
  pageId: PageId;
  language: Language;
  /** True when the path is an alias (served, but canonical is `PAGES[pageId].paths[language]`). */
  alias: boolean;
  /** The product's code, on the page of a product without a fixed page (productByCode). */
  code?: string;
}

/** A product code as the catalogue accepts one (lower-case letters, digits, hyphens): nothing else is a page. */
const PRODUCT_CODE = /^[a-z0-9-]{2,40}$/;
const CODE_SEGMENT = ":code";

const byPath = new Map<string, PageMatch>();
for (const pageId of PAGE_IDS) {
  const page = PAGES[pageId];
  for (const language of LANGUAGES) {
    if (page.paths[language].includes(CODE_SEGMENT)) continue;
    byPath.set(page.paths[language], { pageId, language, alias: false });
    for (const alias of page.aliases?.[language] ?? []) byPath.set(alias, { pageId, language, alias: true });
  }
}

export function isPageLive(pageId: PageId): boolean {
  return PAGE_MODULES[pageId] !== undefined;
}

/** The path before and after the code on the page of a product without a fixed page, per language. */
const byCode = LANGUAGES.map((language) => {
  const [prefix = "", suffix = ""] = PAGES.productByCode.paths[language].split(CODE_SEGMENT);
  return { language, prefix, suffix };
});

function matchProductCode(path: string): PageMatch | null {
  for (const { language, prefix, suffix } of byCode) {
    if (!path.startsWith(prefix) || !path.endsWith(suffix)) continue;
    const code = path.slice(prefix.length, path.length - suffix.length);
    if (PRODUCT_CODE.test(code)) return { pageId: "productByCode", language, alias: false, code };
  }
  return null;
}

export function matchPage(pathname: string): PageMatch | null {
  const path = withTrailingSlash(pathname);
  return byPath.get(path) ?? matchProductCode(path);
}

/** A page's path; `code` fills the product page by code (which has no path without one). */
export function pathOf(pageId: PageId, language: Language, code?: string): string {
  const path = PAGES[pageId].paths[language];
  return code === undefined ? path : path.replace(CODE_SEGMENT, code);
}

/** The page a match names, in another language (the same product for the page by code). */
export function pathOfMatch(match: PageMatch, language: Language): string {
  return pathOf(match.pageId, language, match.code);
}

/** The page of a product that has no fixed page. */
export function productCodePathOf(code: string, language: Language): string {
  return pathOf("productByCode", language, code);
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

/** A first segment shaped like a language tag: "fr", "ES", "pt-br", "es_MX", "zh-hant". */
const LANGUAGE_TAG = /^([a-z]{2})(?:[-_][a-z0-9]{2,8})?$/i;

/** The page a rest of path names in any language, as a path in `language`; else that rest under `language`. */
function samePageIn(language: Language, rest: string, unknownRest: string): string {
  const pageId = findBySlugInAnyLanguage(withTrailingSlash(rest));
  return pageId ? pathOf(pageId, language) : unknownRest;
}

/**
 * Where a request path must be redirected before any page renders, or null to serve it as is.
 * - a language prefix in other letters or with a region ("/ES/", "/pt-br/", "/es_MX/") → that language,
 *   the rest kept (a slug of any language finds its page in that language);
 * - an unknown language ("/fr/…") → the English equivalent page when the rest names one, else /en/;
 * - no language at all ("/carrito/") → the English equivalent, else the path under /en/ (which 404s);
 * - a live page path without its trailing slash → the same path with it.
 */
export function canonicalRedirect(pathname: string): string | null {
  if (pathname === "/") return null;
  const segments = pathname.split("/");
  const first = segments[1] ?? "";
  if (isLanguage(first)) {
    if (!pathname.endsWith("/") && matchPage(pathname)) return `${pathname}/`;
    return null;
  }
  const tag = LANGUAGE_TAG.exec(first);
  if (!tag) return samePageIn(DEFAULT_LANGUAGE, pathname, `/${DEFAULT_LANGUAGE}${pathname}`);
  const rest = `/${segments.slice(2).join("/")}`;
  const primary = (tag[1] ?? "").toLowerCase();
  if (isLanguage(primary)) return samePageIn(primary, rest, `/${primary}${rest}`);
  return samePageIn(DEFAULT_LANGUAGE, rest, `/${DEFAULT_LANGUAGE}/`);
}

export interface Alternate {
  language: Language;
  href: string;
}

/** The same page in each of the site's languages (hreflang set and language switcher). */
export function alternatesOf(pageId: PageId, languages: readonly Language[], code?: string): Alternate[] {
  return languages.map((language) => ({ language, href: pathOf(pageId, language, code) }));
}
