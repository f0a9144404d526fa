// HTTP-level decisions about page paths, before React Router sees a request.
import { COOKIE, cookieAttributes } from "../lib/cookies.ts";
import { DEFAULT_LANGUAGE, isLanguage, pickLanguage, type Language } from "../lib/language.ts";
import { canonicalRedirect, matchPage, pathOf, pathOfMatch } from "../lib/routing/localized-paths.ts";

/** First path segments of the HTTP contract: unknown paths there answer JSON. */
const API_SEGMENTS = new Set([
  "api",
  "xapi",
  "google-enterprise",
  "reporting",
  "login",
  "user-session",
  "user-info",
  "user-info-social",
  "user-logout",
  "redirect",
  "client",
  "external",
  "sandbox-psp",
]);

/** Endpoints for machines: probes, metrics and the timetable feeds trip planners poll. */
const OPERATIONAL_SEGMENTS = new Set(["healthz", "readyz", "metrics", "gtfs"]);

/** First path segments of files and operational endpoints, never localized pages. */
const NON_PAGE_SEGMENTS = new Set([
  ...API_SEGMENTS,
  ...OPERATIONAL_SEGMENTS,
  "assets",
  "images",
  "offline",
  "sandbox-uplift",
  // The hosted identity provider (ADR 0031).
  "idp",
  "__manifest",
]);

export function isApiPath(pathname: string): boolean {
  return API_SEGMENTS.has(pathname.split("/")[1] ?? "");
}

/**
 * Paths whose every answer is JSON, a refusal included: the API and the operational endpoints (a
 * DELETE /healthz found by the fuzzer fell through to the page renderer instead of a coded 404).
 */
export function isJsonOnlyPath(pathname: string): boolean {
  return isApiPath(pathname) || OPERATIONAL_SEGMENTS.has(pathname.split("/")[1] ?? "");
}

export function isPagePath(pathname: string): boolean {
  const segments = pathname.split("/");
  const first = segments[1] ?? "";
  if (NON_PAGE_SEGMENTS.has(first)) return false;
  const last = segments[segments.length - 1] ?? "";
  return !last.includes("."); // files (favicon.svg, sw.js, robots.txt) are not pages
}

/** `/` goes to the language of the redirect cookie, else the best of Accept-Language, else English. */
export function rootRedirectTarget(input: {
  cookieLanguage: string | undefined;
  acceptLanguage: string | undefined;
  offered: readonly Language[];
}): string {
  const fromCookie =
    isLanguage(input.cookieLanguage) && input.offered.includes(input.cookieLanguage) ? input.cookieLanguage : null;
  const language = fromCookie ?? pickLanguage(input.acceptLanguage, input.offered) ?? fallbackLanguage(input.offered);
  return pathOf("home", language);
}

function fallbackLanguage(offered: readonly Language[]): Language {
  return offered.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (offered[0] ?? DEFAULT_LANGUAGE);
}

/**
 * Where a page path must go first, or null to serve it: a path in a language the site does not offer
 * moves to the same page in the site's fallback language, after the canonical rules of the slug table (one hop).
 */
export function pageRedirectTarget(pathname: string, offered: readonly Language[]): string | null {
  const canonical = canonicalRedirect(pathname);
  const path = canonical ?? pathname;
  const first = path.split("/")[1];
  if (isLanguage(first) && !offered.includes(first)) {
    const page = matchPage(path);
    const target = fallbackLanguage(offered);
    return page ? pathOfMatch(page, target) : `/${target}${path.slice(3)}`;
  }
  return canonical;
}

export function languageCookie(language: Language, secure: boolean): string {
  return `${COOKIE.language}=${language}; ${cookieAttributes(secure)}`;
}

/** Percent-escapes that do not decode would make later layers throw; they are refused up front. */
export function hasMalformedEscapes(pathname: string): boolean {
  try {
    // The result is used on purpose: the production minifier drops a bare decodeURIComponent(…)
    // call as side-effect free, and with it the throw this check relies on.
    return typeof decodeURIComponent(pathname) !== "string";
  } catch {
    return true;
  }
}
