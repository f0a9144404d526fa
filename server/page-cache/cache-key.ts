// Whether a request may be answered from the shared page cache, and under which key. Pure: the front
// passes the request's method, URL and headers. Everything the key leaves out must not change the page,
// so the page is rendered for the cache from exactly what the key holds (`renderPath`, `renderHeaders`).
import { COOKIE, parseCookieHeader } from "../../lib/cookies.ts";
import { isAnonymousVisitor } from "../../lib/page-caching.ts";
import {
  DATA_CACHE_POLICIES,
  PAGE_CACHE_POLICIES,
  isPersonalQueryParameter,
  type PageCachePolicy,
} from "../../lib/routing/page-cache-policies.ts";
import { matchPage } from "../../lib/routing/localized-paths.ts";

export interface CacheableRequest {
  key: string;
  policy: PageCachePolicy;
  /** The path and the page's own query parameters, sorted: what the page is rendered for. */
  renderPath: string;
  /** The only headers the page is rendered with (the rest of the request cannot reach the page). */
  renderHeaders: Record<string, string>;
  /** Request headers the key holds (lower case): a stored answer may vary on these and no other. */
  keyedHeaders: ReadonlySet<string>;
}

export interface KeySettings {
  /** `Host` values the site answers as itself (the public origin's host); any other is never cached. */
  publicHosts: readonly string[];
  geoCountryHeaders: readonly string[];
  geoStateHeaders: readonly string[];
}

export interface RequestFacts {
  method: string;
  /** The request target as received: path and query. */
  target: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

const DEVICE_HINT = "sec-ch-ua-mobile";

/** The cache entry a request may use, or null when it must go to the application (ADR 0052). */
export function cacheableRequest(request: RequestFacts, settings: KeySettings): CacheableRequest | null {
  if (request.method !== "GET") return null;
  const host = header(request.headers, "host")?.toLowerCase();
  if (!host || !settings.publicHosts.includes(host)) return null;
  if (header(request.headers, "authorization") !== undefined) return null;
  const url = parseTarget(request.target);
  if (!url) return null;
  const pagePolicy = policyOf(url.pathname);
  if (!pagePolicy) return null;
  const live = pagePolicy.browserOnly?.live(url.searchParams) ?? false;
  const policy =
    live && pagePolicy.browserOnly ? { ...pagePolicy, freshSeconds: pagePolicy.browserOnly.freshSeconds } : pagePolicy;
  if ([...url.searchParams.keys()].some(isPersonalQueryParameter)) return null;
  if (policy.data) {
    const renderPath = renderPathOf(url, policy, live);
    // Data that reads no cookie and no edge header: whoever asks, it is rendered from the query alone.
    const renderHeaders = { host, accept: "application/json", "accept-encoding": "identity" };
    return {
      key: [host, renderPath, "data"].join("\n"),
      policy,
      renderPath,
      renderHeaders,
      keyedHeaders: new Set(["host", "accept-encoding"]),
    };
  }
  // Before the key: a signed-in or personal visitor (most of a crowd that already chose a currency) is
  // sent on at once, with no query sorted for a key it will never use.
  const cookies = parseCookieHeader(header(request.headers, "cookie"));
  if (!isAnonymousVisitor(cookies)) return null;
  const renderPath = renderPathOf(url, policy, live);
  const renderHeaders: Record<string, string> = { host, accept: "text/html", "accept-encoding": "identity" };
  const place = [...settings.geoCountryHeaders, ...settings.geoStateHeaders].map((name) => {
    const value = geoCode(header(request.headers, name.toLowerCase()));
    if (value) renderHeaders[name.toLowerCase()] = value;
    return value ?? "";
  });
  let device = "";
  if (policy.device) {
    const hint = header(request.headers, DEVICE_HINT)?.trim();
    // Without the hint the page learns the device from the User-Agent, which no key could hold.
    if (hint !== "?0" && hint !== "?1") return null;
    device = hint;
    renderHeaders[DEVICE_HINT] = hint;
  }
  const noticeDismissed = cookies[COOKIE.cookieNotice] === "1";
  if (noticeDismissed) renderHeaders.cookie = `${COOKIE.cookieNotice}=1`;
  const key = [host, renderPath, place.join(","), device, noticeDismissed ? "notice-dismissed" : ""].join("\n");
  const keyedHeaders = new Set([
    "host",
    "accept-encoding",
    "cookie",
    ...[...settings.geoCountryHeaders, ...settings.geoStateHeaders].map((name) => name.toLowerCase()),
  ]);
  if (policy.device) keyedHeaders.add(DEVICE_HINT);
  return { key, policy, renderPath, renderHeaders, keyedHeaders };
}

/** The path with only the parameters the page reads on the server, sorted. */
function renderPathOf(url: URL, policy: PageCachePolicy, live: boolean): string {
  const skipped = new Set(live ? (policy.browserOnly?.parameters ?? []) : []);
  const query = new URLSearchParams();
  for (const name of [...policy.query].sort()) {
    const value = url.searchParams.get(name);
    if (value !== null && !skipped.has(name)) query.set(name, value);
  }
  return query.size > 0 ? `${url.pathname}?${query.toString()}` : url.pathname;
}

function policyOf(pathname: string): PageCachePolicy | null {
  const data = DATA_CACHE_POLICIES[pathname];
  if (data) return data;
  const page = matchPage(pathname);
  // Only the canonical path: aliases and paths without the trailing slash are redirected by the app.
  if (!page || page.alias || !pathname.endsWith("/")) return null;
  return PAGE_CACHE_POLICIES[page.pageId] ?? null;
}

function parseTarget(target: string): URL | null {
  if (!target.startsWith("/") || target.startsWith("//")) return null;
  try {
    return new URL(target, "http://cache.invalid");
  } catch {
    return null;
  }
}

/** An edge's country or region code (two or three letters or digits), upper case; anything else is absent. */
function geoCode(value: string | undefined): string | null {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z0-9]{1,3}$/.test(code) ? code : null;
}

function header(headers: RequestFacts["headers"], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
