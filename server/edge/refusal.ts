// How an AppError becomes an HTTP answer, for pages and APIs alike. The code table (lib/errors.ts)
// gives each code its status; what differs is who reads the answer.
// - An API client is a program: it gets the code's exact status (502 when the payment provider is
//   down, 429 with Retry-After) and the JSON body of every coded error.
// - A page is read by a person and by crawlers: it still renders and says what went wrong, so a
//   failure on our side or a partner's (any 5xx) answers 503, "try again later", whichever part failed.
import { ERROR_STATUS, errorBody, isAppError, type AppError, type ErrorCode } from "../../lib/errors.ts";

/** The code table's status; a code outside it (one a URL or a form made up) is a malformed request. */
export function statusOfCode(code: string): number {
  return Object.hasOwn(ERROR_STATUS, code) ? ERROR_STATUS[code as ErrorCode] : 400;
}

/** A page's status for a refusal: the code's own 4xx, and 503 for any failure on the server's side. */
export function pageStatusOf(error: AppError | string): number {
  const status = statusOfCode(typeof error === "string" ? error : error.code);
  return status >= 500 ? 503 : status;
}

/**
 * A page that shows a refusal an earlier request met (its code arrives in the URL, after a redirect)
 * answers with the refusal's 4xx; this request itself did not fail, so a 5xx code is shown under 499.
 */
export function shownRefusalStatusOf(code: string): number {
  return Math.min(statusOfCode(code), 499);
}

/** Retry-After for a refusal that lifts with time (a throttle), added to `headers`; else `headers`. */
export function refusalHeaders(error: unknown, headers: Record<string, string> = {}): Record<string, string> {
  return isAppError(error) && error.retryAfterSeconds
    ? { ...headers, "Retry-After": String(error.retryAfterSeconds) }
    : headers;
}

/** An API's answer to a refusal: the code's status, the coded JSON body, Retry-After when it applies. */
export function apiRefusal(error: AppError, requestId?: string, headers: Record<string, string> = {}): Response {
  return Response.json(errorBody(error, requestId), { status: error.status, headers: refusalHeaders(error, headers) });
}
