// The personalization facts of one request, shared by the service's API and the pages that render a
// slot on the server: the client id, geolocation, language, device, cart session and preview mode.
import type { Config } from "../../lib/config.ts";
import { CLIENT_ID_MAX_AGE_SECONDS, COOKIE, cookieAttributes, parseCookieHeader } from "../../lib/cookies.ts";
import { isLanguage, pickLanguage, type Language } from "../../lib/language.ts";
import { countryFromHeaders } from "../../modules/currency/index.ts";
import {
  isValidPreviewToken,
  newClientId,
  previewChangeOf,
  stateFromHeaders,
  type VisitorFacts,
} from "../../modules/personalization/index.ts";

const CID_PATTERN = /^[0-9a-f]{32}$/;

export function readClientId(value: string | null | undefined): string | null {
  return value && CID_PATTERN.test(value) ? value : null;
}

export function clientIdCookie(cid: string, secure: boolean): string {
  return `${COOKIE.personalizationCid}=${cid}; HttpOnly; ${cookieAttributes(secure, CLIENT_ID_MAX_AGE_SECONDS)}`;
}

export interface RequestPersonalization {
  facts: VisitorFacts;
  /** The cid was made for this request: the answer must set its cookie. */
  newClient: boolean;
  /** A valid preview token (query parameter, else cookie), or null outside preview mode. */
  previewToken: string | null;
  /** Cookies the answer sets: a new client id, entering or leaving preview. */
  setCookies: string[];
}

/**
 * Reads a request; `issueClientId` makes a cid when the browser has none (pages and /cid do, API calls
 * that only read do not). Preview query parameters on a page enter or leave preview mode.
 */
export function personalizationOfRequest(
  request: Request,
  config: Config,
  options: {
    siteCode: string;
    language?: Language | null;
    issueClientId: boolean;
    now: Date;
    readPreviewParams: boolean;
  },
): RequestPersonalization {
  const cookies = parseCookieHeader(request.headers.get("Cookie"));
  const secure = config.NODE_ENV === "production";
  const setCookies: string[] = [];
  let cid = readClientId(request.headers.get("X-Client-Id")) ?? readClientId(cookies[COOKIE.personalizationCid]);
  const newClient = cid === null && options.issueClientId;
  if (newClient) cid = newClientId();
  if (cid && (newClient || cookies[COOKIE.personalizationCid] !== cid)) setCookies.push(clientIdCookie(cid, secure));

  let previewToken = isValidPreviewToken(
    config.PERSONALIZATION_PREVIEW_SECRET,
    cookies[COOKIE.personalizationPreview],
    options.now,
  )
    ? (cookies[COOKIE.personalizationPreview] ?? null)
    : null;
  if (options.readPreviewParams) {
    const change = previewChangeOf(
      new URL(request.url).searchParams,
      config.PERSONALIZATION_PREVIEW_SECRET,
      options.now,
    );
    if (change.kind === "exit") {
      previewToken = null;
      setCookies.push(`${COOKIE.personalizationPreview}=; HttpOnly; ${cookieAttributes(secure, 0)}`);
      setCookies.push(`${COOKIE.personalizationPlayground}=; HttpOnly; ${cookieAttributes(secure, 0)}`);
    } else if (change.kind === "enter") {
      previewToken = change.token;
      setCookies.push(
        `${COOKIE.personalizationPreview}=${change.token}; HttpOnly; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`,
      );
      if (change.playground) {
        setCookies.push(
          `${COOKIE.personalizationPlayground}=${change.playground}; HttpOnly; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`,
        );
      }
    }
  }

  const cookieLanguage = cookies[COOKIE.language];
  const language: Language =
    options.language ??
    (isLanguage(cookieLanguage)
      ? cookieLanguage
      : (pickLanguage(request.headers.get("Accept-Language") ?? undefined, ["es", "en", "pt"]) ?? "en"));
  return {
    facts: {
      siteCode: options.siteCode,
      cid,
      country: countryFromHeaders(request.headers, config.GEO_COUNTRY_HEADERS),
      state: stateFromHeaders(request.headers, config.GEO_STATE_HEADERS),
      language,
      userAgent: request.headers.get("User-Agent"),
      cartSessionId: cookies[COOKIE.cartSession] ?? null,
    },
    newClient,
    previewToken,
    setCookies,
  };
}
