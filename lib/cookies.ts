// Cookie names and lifetimes shared by the server and the browser (604800 s).

export const COOKIE_MAX_AGE_SECONDS = 604_800;

export const COOKIE = {
  /** Language redirect cookie: where `/` sends a returning visitor. */
  language: "travesia_lang",
  currency: "currency",
  currencyId: "currency_id",
  cartSession: "cart_session",
  /** Where to go back to after signing in (POST /redirect/); HttpOnly, half an hour. */
  returnPath: "return_path",
  /** Set once the cookie notice is dismissed (a year: the notice is not a 7-day preference). */
  cookieNotice: "cookie_notice",
  /** `<REFERENCE>.<guest secret>` of the buyer's latest booking: HttpOnly, what opens its thank-you and manage pages. */
  bookingAccess: "travesia_booking",
  /** The personalization client id: HttpOnly, a year, so that a returning visitor is known. */
  personalizationCid: "perso_cid",
  /** Preview mode: the preview token and the playground connection; session cookies. */
  personalizationPreview: "perso_preview",
  personalizationPlayground: "perso_playground",
  /** The regular session (POST /login, then /user-session/): HttpOnly; `__Host-` prefixed over HTTPS. */
  session: "travesia_session",
  /** The session the identity provider's code flow opened (the auth return page): HttpOnly, prefixed likewise. */
  socialSession: "travesia_social",
  /** State, id, login flag and country, for the page's scripts; not a credential. */
  userInfo: "userInfo",
} as const;

/** A year: the client id outlives the 7-day preference cookies (a returning visitor must be recognised). */
export const CLIENT_ID_MAX_AGE_SECONDS = 31_536_000;

/**
 * A credential cookie's name: `__Host-` over HTTPS, so that no subdomain and no plain-HTTP page can set
 * or shadow it (browsers refuse the prefix without Secure, hence the plain name in development).
 */
export function credentialCookieName(name: string, secure: boolean): string {
  return secure ? `__Host-${name}` : name;
}

/** Parses a Cookie header without ever throwing: malformed pairs and bad escapes are skipped. */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  if (!header || header.length > 8192) return result;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    let value = part.slice(index + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      continue;
    }
    // Own keys only: `in` would see Object.prototype and drop cookies named e.g. "constructor".
    if (name && name !== "__proto__" && !Object.hasOwn(result, name)) result[name] = value;
  }
  return result;
}

/** The attributes of the site's preference cookies: whole site, Lax, Secure over HTTPS; Max-Age=0 clears. */
export function cookieAttributes(secure: boolean, maxAgeSeconds: number = COOKIE_MAX_AGE_SECONDS): string {
  return `Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * The two Set-Cookie values that remember a chosen currency: code and id, 7 days, whole
 * site. Readable by scripts on purpose: the client state mirrors them.
 */
export function currencyCookies(code: string, id: number, secure: boolean): [string, string] {
  const attributes = cookieAttributes(secure);
  return [`${COOKIE.currency}=${code}; ${attributes}`, `${COOKIE.currencyId}=${id}; ${attributes}`];
}
