// Which pages a shared cache (the server's own page cache, a CDN) may keep for anonymous visitors, for
// how long, and which query parameters change them. Data, like the slug table: a page missing here is
// never shared, so a new page errs on the private side.
import type { PageId } from "./pages.ts";
import {
  BROWSER_ONLY_PARAMETERS,
  LIVE_QUERY_PARAMETERS,
  LIVE_SAILINGS_PATH,
  NO_SCRIPT_PARAMETER,
  isLiveSearch,
} from "./live-query.ts";

export interface PageCachePolicy {
  /** The oldest a shared copy may be when served: 1 s where prices or seats show, longer for content. */
  freshSeconds: number;
  /**
   * The query parameters the page reads. Every other parameter (utm_…, click ids, junk) is dropped
   * before the page is rendered for the cache, so it neither changes the page nor makes a new copy.
   */
  query: readonly string[];
  /** The page differs by device class (a banner's audience): kept per Sec-CH-UA-Mobile value. */
  device: boolean;
  /**
   * Parameters of `query` that only the browser reads when `live(params)` holds (the page fetches
   * what they change as live data): then they neither reach the render nor make a copy.
   */
  browserOnly?: {
    parameters: readonly string[];
    live: (params: URLSearchParams) => boolean;
    /** A live page shows no seat and no price (they come as live data): its own, longer bound. */
    freshSeconds: number;
  };
  /**
   * Data, not a page: a JSON answer that reads no cookie and no edge header (everything it depends on
   * is in its query), so it is shared whoever asks, a signed-in buyer with a cart included.
   */
  data?: true;
}

/** Editorial pages: they change when an editor publishes, and a minute late is fine. */
const CONTENT: PageCachePolicy = { freshSeconds: 60, query: [], device: false };
/** Pages with prices and a personalized banner for the visitor's place and device. */
const PRICES_AND_BANNER: PageCachePolicy = { freshSeconds: 1, query: [], device: true };

export const PAGE_CACHE_POLICIES: Readonly<Partial<Record<PageId, PageCachePolicy>>> = {
  home: PRICES_AND_BANNER,
  promotions: PRICES_AND_BANNER,
  residentPromotions: PRICES_AND_BANNER,
  faq: CONTENT,
  history: CONTENT,
  sustainability: CONTENT,
  cancun: CONTENT,
  islaMujeres: CONTENT,
  privacyNotice: CONTENT,
  termsOfUse: CONTENT,
  siteMap: CONTENT,
  search: { freshSeconds: 60, query: ["q"], device: false },
  // Every parameter of the ferry search (lib/routing/ferry-query.ts) and the timetable's day. A search
  // leaves seats, fares and the passengers' price to its live data (app/booking/live-sailings.ts), so
  // its passenger counts make no copy of their own and it is kept 10 s (departure times change when an
  // operator edits the timetable); a page sent without JavaScript, or the summary step, is rendered
  // whole and kept a second. The hold at add-to-cart stays the check that a seat is still free.
  routesSchedules: {
    freshSeconds: 1,
    query: [
      "adults",
      "back",
      "category",
      "children",
      "crossing",
      "date",
      "day",
      "infants",
      NO_SCRIPT_PARAMETER,
      "out",
      "return",
      "step",
      "trip",
    ],
    device: false,
    browserOnly: { parameters: BROWSER_ONLY_PARAMETERS, live: isLiveSearch, freshSeconds: 10 },
  },
};

/** Data answers a shared cache may keep, by path: the live seats and prices of routes & schedules. */
export const DATA_CACHE_POLICIES: Readonly<Record<string, PageCachePolicy>> = {
  [LIVE_SAILINGS_PATH]: { freshSeconds: 1, query: [...LIVE_QUERY_PARAMETERS, "currency"], device: false, data: true },
};

/**
 * Query parameters that make a request personal wherever they appear (a personalization preview, a
 * signed link's token): such a request is never answered from, nor stored in, a shared cache.
 */
export function isPersonalQueryParameter(name: string): boolean {
  return name.startsWith("perso-") || name === "token" || name === "key" || name === "preview";
}

/**
 * What a shared answer tells browsers and CDNs: its freshness bound, and for content a stale window
 * while one request refreshes it (a price or a seat is never served stale).
 */
export function sharedPageCacheControl(policy: PageCachePolicy): string {
  return policy.freshSeconds >= 60
    ? `public, max-age=${policy.freshSeconds}, stale-while-revalidate=600`
    : `public, max-age=${policy.freshSeconds}`;
}
