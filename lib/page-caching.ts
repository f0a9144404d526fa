// Which page answers a shared cache (CDN, proxy) may keep, and what they vary on (ADR 0035).
// Pure: the server's page middleware and the slot loader pass in the request's cookies and headers.
import { COOKIE } from "./cookies.ts";

/**
 * The only cookies a shared page may be answered to: the language redirect cookie (the page's language
 * is its path) and the dismissed cookie notice (the browser hides the notice). Any other cookie — a
 * cart, a currency, a booking, a session, a personalization client or preview, an identity provider's
 * interaction, or one added later — may change the page or whom it is for, so it makes the visitor not
 * anonymous: an allow-list, so that a new cookie errs on the private side.
 */
const SHAREABLE_COOKIES: ReadonlySet<string> = new Set([COOKIE.language, COOKIE.cookieNotice]);

export function isAnonymousVisitor(cookies: Readonly<Record<string, string | undefined>>): boolean {
  return Object.keys(cookies).every((name) => SHAREABLE_COOKIES.has(name));
}

/**
 * A minute fresh, then served stale for ten while one request refreshes it: prices and featured
 * products change by the hour at most, and live seats are only on pages that say `no-store`.
 */
export const SHARED_PAGE_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=600";
/** What a page for one visitor says: the browser may keep it for back/forward, after revalidating. */
export const PRIVATE_PAGE_CACHE_CONTROL = "private, no-cache";

/**
 * The device-class client hint Chromium browsers send on every request: an anonymous page whose
 * content depends on the device (a banner's audience) may be shared only when it came from this header.
 */
export const DEVICE_HINT_HEADER = "Sec-CH-UA-Mobile";

/** "mobile" / "desktop" from Sec-CH-UA-Mobile (`?1` / `?0`); null when the browser sent no hint. */
export function deviceFromHint(value: string | null | undefined): "mobile" | "desktop" | null {
  const hint = value?.trim();
  if (hint === "?1") return "mobile";
  if (hint === "?0") return "desktop";
  return null;
}

export interface PageAnswer {
  method: string;
  status: number;
  /** The request's cookies, parsed. */
  cookies: Readonly<Record<string, string | undefined>>;
  /** What the route said, if anything: `no-store` pages (live seats, carts, forms) keep it. */
  cacheControl: string | null;
  /** The route's own Vary (a banner's headers), merged in. */
  vary: string | null;
  /** Names of the cookies the answer sets. */
  setCookieNames: readonly string[];
  /** Headers the page's currency is derived from for a visitor without a currency cookie. */
  geoCountryHeaders: readonly string[];
  /** The one cookie a shared answer may set: the same for every visitor of the URL. */
  languageCookie: string;
  /** The page's own shared Cache-Control (its freshness bound), when the page declares one. */
  sharedCacheControl?: string;
}

/**
 * The Cache-Control and Vary of a page answer: shared for an anonymous visitor's 200 that the route
 * left open and that sets no cookie but the language one (its value is the path's language); private
 * for everyone else; the route's own Cache-Control is kept. Vary names what the HTML depends on beyond
 * the URL: cookies, the encoding, the edge's country headers (currency) and the route's additions.
 */
export function pageCacheHeaders(answer: PageAnswer): { cacheControl: string; vary: string } | null {
  if (answer.method !== "GET" && answer.method !== "HEAD") return null;
  const vary = mergeVary(["Cookie", "Accept-Encoding", ...answer.geoCountryHeaders], answer.vary);
  if (answer.cacheControl) return { cacheControl: answer.cacheControl, vary };
  const shared =
    answer.status === 200 &&
    isAnonymousVisitor(answer.cookies) &&
    answer.setCookieNames.every((name) => name === answer.languageCookie);
  return {
    cacheControl: shared ? (answer.sharedCacheControl ?? SHARED_PAGE_CACHE_CONTROL) : PRIVATE_PAGE_CACHE_CONTROL,
    vary,
  };
}

/** Header names joined once each (case-insensitive), in first-seen order. */
export function mergeVary(names: readonly string[], existing: string | null): string {
  const seen = new Map<string, string>();
  for (const name of [...names, ...(existing ?? "").split(",")].map((entry) => entry.trim()).filter(Boolean)) {
    if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()].join(", ");
}
