// The site's side of the hosted identity provider's code flow (ADR 0031): the auth page of the
// current language starts a sign-in (?signin or ?social=<provider>) and is where the provider returns
// (?code&state). The site is a confidential relying party of its own provider: PKCE (S256), state and
// nonce live in a short HttpOnly cookie; the code is exchanged server-side and the browser gets a
// session cookie naming a server-side session (with the provider's grant id, revoked at logout), never
// the tokens. A return that does not hold (forged or replayed code, another state, a lost cookie) is a
// coded error on the auth page: nothing is created.
import * as client from "openid-client";
import { redirect, type RouterContextProvider } from "react-router";
import { credentialCookieName, parseCookieHeader } from "../../lib/cookies.ts";
import { isAppError, type ErrorCode } from "../../lib/errors.ts";
import { languageOfPath, type Language } from "../../lib/language.ts";
import { startSession, userInfoOf } from "../../modules/identity/index.ts";
import { servicesContext, openSessionCookies, sessionSecretsOf } from "../../server/edge/index.ts";
import { PAGES } from "../../lib/routing/pages.ts";
import { afterSignInPath } from "./auth-page.server.ts";

type Context = Readonly<RouterContextProvider>;

/** The code flow's state, nonce and PKCE verifier, for ten minutes, on this browser only. */
export const CODE_FLOW_COOKIE = "travesia_oidc";
const CODE_FLOW_SECONDS = 600;
const SITE_SCOPE = "openid email profile phone";

interface CodeFlow {
  state: string;
  nonce: string;
  verifier: string;
}

function isCodeFlow(value: unknown): value is CodeFlow {
  if (typeof value !== "object" || value === null) return false;
  const flow = value as Record<string, unknown>;
  return typeof flow.state === "string" && typeof flow.nonce === "string" && typeof flow.verifier === "string";
}

function readCodeFlow(value: string | undefined): CodeFlow | null {
  if (!value || value.length > 1024) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    return isCodeFlow(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** The code flow's own cookie: HttpOnly, whole site (a `__Host-` name needs Path=/), ten minutes. */
function cookie(name: string, value: string, secure: boolean, maxAgeSeconds: number): string {
  return `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
}

/** The upstream social providers the auth page offers a button for. */
export function socialProvidersOf(context: Context): { id: string; name: string }[] {
  return context.get(servicesContext).identityProvider?.socialProviders.map(({ id, name }) => ({ id, name })) ?? [];
}

/**
 * The auth page's loader calls this first: a redirect when the URL starts a sign-in or returns from
 * the provider, null otherwise (the page then renders itself).
 */
export async function handleAuthReturn(request: Request, context: Context): Promise<Response | null> {
  const services = context.get(servicesContext);
  const idp = services.identityProvider;
  if (!idp || request.method !== "GET") return null;
  const url = new URL(request.url);
  const language = languageOfPath(url.pathname);
  const secure = services.config.NODE_ENV === "production";
  const flowCookie = credentialCookieName(CODE_FLOW_COOKIE, secure);
  const authPage = PAGES.auth.paths[language];
  const failed = (code: ErrorCode) => {
    const headers = new Headers({ "Cache-Control": "no-store" });
    headers.append("Set-Cookie", cookie(flowCookie, "", secure, 0));
    return redirect(`${authPage}?error=${code}`, { headers });
  };

  const params = url.searchParams;
  const returning = params.has("state") && (params.has("code") || params.has("error"));
  if (returning) {
    const flow = readCodeFlow(parseCookieHeader(request.headers.get("Cookie"))[flowCookie]);
    if (!flow) return failed("SIGN_IN_REFUSED");
    // "Cancel" on the provider's pages: back to the sign-in form, nothing to say.
    if (params.get("error") === "access_denied" && params.get("state") === flow.state) {
      return redirect(authPage, {
        headers: { "Cache-Control": "no-store", "Set-Cookie": cookie(flowCookie, "", secure, 0) },
      });
    }
    const relyingParty = idp.siteRelyingParty();
    let accountId: string;
    let grantId: string;
    let viaSocialProvider: boolean;
    try {
      const configuration = await relyingParty.configuration();
      // The redirect URI as registered (the public origin), whatever host the request came through.
      const currentUrl = new URL(relyingParty.redirectUri(language));
      currentUrl.search = url.search;
      const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const holder = await idp.accountOfAccessToken(tokens.access_token);
      const claims = tokens.claims();
      if (!holder || !claims || claims.sub !== holder.accountId) return failed("SIGN_IN_REFUSED");
      accountId = holder.accountId;
      grantId = holder.grantId;
      viaSocialProvider =
        holder.viaSocialProvider || (Array.isArray(claims.amr) && claims.amr.includes(relyingParty.federatedAmr));
    } catch (error) {
      services.logger.warn({ err: error }, "sign-in return refused");
      return failed("SIGN_IN_REFUSED");
    }
    let session;
    try {
      session = await startSession(
        services.db,
        accountId,
        {
          kind: "social",
          viaSocialProvider,
          remember: true,
          providerGrantId: grantId,
          replacing: sessionSecretsOf(request.headers.get("Cookie"), secure).social,
        },
        services.clock.now(),
      );
    } catch (error) {
      if (!isAppError(error)) throw error;
      await idp.revokeGrant(grantId);
      return failed(error.code);
    }
    const headers = new Headers({ "Cache-Control": "no-store" });
    headers.append("Set-Cookie", cookie(flowCookie, "", secure, 0));
    for (const value of openSessionCookies(
      "social",
      session,
      userInfoOf(session.account, viaSocialProvider),
      true,
      secure,
    ))
      headers.append("Set-Cookie", value);
    return redirect(afterSignInPath(request, language), { headers });
  }

  const social = params.get("social");
  if (social === null && !params.has("signin")) return null;
  if (social !== null && !idp.socialProviders.some((provider) => provider.id === social))
    return failed("SOCIAL_PROVIDER_UNKNOWN");
  return startSignIn(context, language, { social, admin: params.get("admin") === "1" }, flowCookie, secure);
}

async function startSignIn(
  context: Context,
  language: Language,
  options: { social: string | null; admin: boolean },
  flowCookie: string,
  secure: boolean,
): Promise<Response> {
  const services = context.get(servicesContext);
  const relyingParty = services.identityProvider!.siteRelyingParty();
  let configuration: client.Configuration;
  try {
    configuration = await relyingParty.configuration();
  } catch (error) {
    services.logger.error({ err: error }, "the identity provider's discovery failed");
    return redirect(`${PAGES.auth.paths[language]}?error=GENERAL_ERROR`, { headers: { "Cache-Control": "no-store" } });
  }
  const flow: CodeFlow = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
  };
  const parameters: Record<string, string> = {
    redirect_uri: relyingParty.redirectUri(language),
    scope: options.admin ? `${SITE_SCOPE} admin` : SITE_SCOPE,
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: "S256",
    state: flow.state,
    nonce: flow.nonce,
    ui_locales: language,
  };
  if (options.social) parameters[relyingParty.socialHintParameter] = options.social;
  const target = client.buildAuthorizationUrl(configuration, parameters);
  const value = Buffer.from(JSON.stringify(flow)).toString("base64url");
  return redirect(target.href, {
    headers: { "Cache-Control": "no-store", "Set-Cookie": cookie(flowCookie, value, secure, CODE_FLOW_SECONDS) },
  });
}
