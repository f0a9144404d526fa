// Which routes & schedules requests are live (ADR 0061): the query parameters only the browser reads,
// and the path of the live data. Pure, and read alike by the page, its browser code, the live-data API
// and the shared page cache's key, so that all four agree on what a live page leaves out.
import { readFerryQuery } from "./ferry-query.ts";

/** The query parameters only the browser reads on a live page: they change seats and prices, nothing else. */
export const BROWSER_ONLY_PARAMETERS = ["adults", "children", "infants"] as const;

/** Sent by the page's forms only when scripts do not run (inside `<noscript>`): the server renders seats. */
export const NO_SCRIPT_PARAMETER = "nojs";

/** The page's parameters the live data reads, besides the currency. */
export const LIVE_QUERY_PARAMETERS = [
  "crossing",
  "trip",
  "date",
  "return",
  "category",
  "day",
  "step",
  ...BROWSER_ONLY_PARAMETERS,
] as const;

export const LIVE_SAILINGS_PATH = "/api/sailings/live";

/** The most passengers of a type the widget's fields take. */
export const MAX_PASSENGERS = 60;

/**
 * Whether a routes & schedules request is rendered without its live parts: a plain visit or a search,
 * unless sent without JavaScript; "continue" (the chosen sailings' summary and its add-to-cart form) is
 * rendered whole.
 */
export function isLiveSearch(params: URLSearchParams): boolean {
  if (params.has(NO_SCRIPT_PARAMETER)) return false;
  // A count the widget cannot send (a typed address, a bot) is rendered whole, refusal and status included.
  const plausible = BROWSER_ONLY_PARAMETERS.every((name) => {
    const value = params.get(name);
    return value === null || value === "" || (/^\d{1,2}$/.test(value) && Number(value) <= MAX_PASSENGERS);
  });
  return plausible && readFerryQuery(params, { crossing: "", date: "" }).step !== "continue";
}

/** The request's URL without the parameters a live page does not read. */
export function withoutBrowserOnlyParameters(url: URL): URL {
  const next = new URL(url);
  for (const name of BROWSER_ONLY_PARAMETERS) next.searchParams.delete(name);
  return next;
}
