// Cross-site request forgery: a state-changing request that carries cookies must come from a
// page of this site. The browser says where a request comes from (Sec-Fetch-Site, else Origin); a
// request without cookies cannot ride on anyone's session, and one without either header is not
// a browser's (every current browser sends Origin on POST). OWASP's "verifying origin with standard
// headers", on top of SameSite=Lax on every session cookie.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface CsrfInput {
  method: string;
  path: string;
  hasCookies: boolean;
  secFetchSite: string | undefined;
  origin: string | undefined;
  /** This site's own origins: the public origin and the origin the request was addressed to. */
  ownOrigins: readonly string[];
}

/**
 * Paths that other sites may post to by design: the identity provider's protocol endpoints (a client
 * posts its authorization request or tokens from its own origin; the provider checks those itself),
 * but not its interaction forms, which are this site's own pages; and the newsletter's one-click
 * unsubscribe (RFC 8058), posted by mail clients from anywhere, whose token is its whole authority
 * (it reads no cookie, so a cookie riding along gives a forger nothing).
 */
function isCrossSiteByDesign(path: string): boolean {
  return (path.startsWith("/idp/") && !path.startsWith("/idp/interaction/")) || path === "/api/newsletter/unsubscribe";
}

export function isForgedCrossSiteRequest(input: CsrfInput): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase()) || !input.hasCookies || isCrossSiteByDesign(input.path))
    return false;
  if (input.secFetchSite !== undefined) return input.secFetchSite !== "same-origin" && input.secFetchSite !== "none";
  if (input.origin !== undefined) return input.origin === "null" || !input.ownOrigins.includes(input.origin);
  return false;
}
