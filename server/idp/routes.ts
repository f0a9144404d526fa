// The identity provider over HTTP (ADR 0031). oidc-provider is a Node (Koa) handler: Hono hands it the
// raw request and response of @hono/node-server with the /idp prefix stripped (originalUrl keeps it,
// so the provider builds its URLs under /idp) and answers RESPONSE_ALREADY_SENT. Before it, the
// interaction routes of this site: the login and consent pages are rendered by the site (React Router,
// /{lang}/auth/idp/) and post here, where the interaction cookie (path /idp/interaction/<uid>) is sent.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpBindings } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { Hono, type Context } from "hono";
import * as client from "openid-client";
import type { AppServices } from "../edge/index.ts";
import { publicOriginOf, trustedProxiesOf } from "../../lib/config.ts";
import { parseCookieHeader } from "../../lib/cookies.ts";
import { AppError, isAppError, type ErrorCode } from "../../lib/errors.ts";
import { languageOfPath, type Language } from "../../lib/language.ts";
import { authenticate, findAccount, findOrCreateSocialAccount } from "../../modules/identity/index.ts";
import { clientAddressOf } from "../api/client-address.ts";
import { internalErrorPage } from "../internal-error-page.ts";
import { securityHeaders } from "../security-headers.ts";
import { pinForwardedHeaders } from "./forwarded-headers.ts";
import {
  FEDERATED_AMR,
  grantableScopes,
  languageOfUiLocales,
  SOCIAL_HINT_PARAMETER,
  type HostedIdentityProvider,
} from "./provider.ts";
import type { SocialProviderConfig } from "./clients.ts";

type Env = { Bindings: HttpBindings };

/** The site page that renders an interaction's login or consent form. */
export function interactionPagePath(language: Language, uid: string, error?: ErrorCode): string {
  return `/${language}/auth/idp/?interaction=${encodeURIComponent(uid)}${error ? `&error=${error}` : ""}`;
}

/** The short cookie that carries a social sign-in's state, nonce and PKCE verifier to the callback. */
const SOCIAL_FLOW_COOKIE = "idp_social";
const SOCIAL_FLOW_SECONDS = 600;

interface SocialFlow {
  uid: string;
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
  language: Language;
}

function isSocialFlow(value: unknown): value is SocialFlow {
  if (typeof value !== "object" || value === null) return false;
  const flow = value as Record<string, unknown>;
  return ["uid", "provider", "state", "nonce", "verifier", "language"].every((key) => typeof flow[key] === "string");
}

/** What the routes share: the provider, the app's services, where it is mounted and the upstream discoveries. */
interface Mount {
  idp: HostedIdentityProvider;
  services: AppServices;
  routes: Hono<Env>;
  mountPath: string;
  secure: boolean;
  upstreamConfigurations: Map<string, Promise<client.Configuration>>;
}

export function identityProviderRoutes(idp: HostedIdentityProvider, services: AppServices): Hono<Env> {
  const m: Mount = {
    idp,
    services,
    routes: new Hono<Env>(),
    mountPath: new URL(idp.issuer).pathname,
    secure: services.config.NODE_ENV === "production",
    upstreamConfigurations: new Map(),
  };
  pinForwardedOrigin(m);
  registerInteractionPage(m);
  registerLogin(m);
  registerConsent(m);
  registerAbort(m);
  registerSocialStart(m);
  registerSocialCallback(m);
  registerProvider(m);
  return m.routes;
}

/** The Node request and response under Hono's, which oidc-provider reads and writes. */
function raw(c: Context<Env>): { req: IncomingMessage; res: ServerResponse } {
  return {
    req: c.env.incoming,
    res: c.env.outgoing,
  };
}

/** The interaction this browser is in (by its interaction cookie), or null when it is over. */
async function interactionOf(m: Mount, c: Context<Env>) {
  const { req, res } = raw(c);
  try {
    return await m.idp.provider.interactionDetails(req, res);
  } catch {
    return null;
  }
}

/** A sign-in page left open too long (or another browser's): the site's error page, in the page's language. */
function expired(c: Context<Env>, status: 400 | 410 = 410): Response {
  const language = languageOfPath(new URL(c.req.header("Referer") ?? "http://x/", "http://x").pathname);
  c.header("Cache-Control", "no-store");
  return c.html(internalErrorPage(language, status), status);
}

function upstreamConfiguration(m: Mount, provider: SocialProviderConfig): Promise<client.Configuration> {
  let found = m.upstreamConfigurations.get(provider.id);
  if (!found) {
    const issuer = new URL(provider.issuer);
    // Plain HTTP only for an upstream on this machine (the tests' upstream provider).
    const loopback = issuer.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(issuer.hostname);
    found = client.discovery(
      issuer,
      provider.clientId,
      provider.clientSecret,
      undefined,
      loopback ? { execute: [client.allowInsecureRequests] } : undefined,
    );
    found.catch(() => m.upstreamConfigurations.delete(provider.id));
    m.upstreamConfigurations.set(provider.id, found);
  }
  return found;
}

function socialCallbackUri(m: Mount, providerId: string): string {
  return `${m.idp.issuer}/social/${providerId}/callback`;
}

/** Sends the browser to the upstream provider, remembering the flow in a short cookie. */
async function startSocial(
  m: Mount,
  c: Context<Env>,
  uid: string,
  providerId: string,
  language: Language,
): Promise<Response> {
  const provider = m.idp.socialProviders.find((candidate) => candidate.id === providerId);
  if (!provider) return c.redirect(interactionPagePath(language, uid, "SOCIAL_PROVIDER_UNKNOWN"), 303);
  let upstream: client.Configuration;
  try {
    upstream = await upstreamConfiguration(m, provider);
  } catch (error) {
    m.services.logger.warn({ err: error, provider: provider.id }, "social provider discovery failed");
    return c.redirect(interactionPagePath(language, uid, "SOCIAL_SIGN_IN_FAILED"), 303);
  }
  const flow: SocialFlow = {
    uid,
    provider: provider.id,
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    language,
  };
  const target = client.buildAuthorizationUrl(upstream, {
    redirect_uri: socialCallbackUri(m, provider.id),
    scope: "openid email profile",
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: "S256",
    state: flow.state,
    nonce: flow.nonce,
    ui_locales: language,
  });
  const value = Buffer.from(JSON.stringify(flow)).toString("base64url");
  c.header(
    "Set-Cookie",
    `${SOCIAL_FLOW_COOKIE}=${value}; Path=${m.mountPath}/social/; Max-Age=${SOCIAL_FLOW_SECONDS}; HttpOnly; SameSite=Lax${m.secure ? "; Secure" : ""}`,
  );
  c.header("Cache-Control", "no-store");
  return c.redirect(target.href, 303);
}

function pinForwardedOrigin(m: Mount) {
  // The provider builds its endpoints, redirects and cookies from the forwarded host and protocol it
  // is told to believe (provider.proxy): before any of its code sees a request, those headers say
  // the configured public origin, or are dropped unless a trusted proxy sent them.
  const isTrustedProxy = trustedProxiesOf(m.services.config.TRUSTED_PROXIES);
  const pinnedOrigin = m.services.config.PUBLIC_ORIGIN ? new URL(publicOriginOf(m.services.config)) : null;
  m.routes.use(`${m.mountPath}/*`, async (c, next) => {
    const { req } = raw(c);
    pinForwardedHeaders(req.headers, {
      publicOrigin: pinnedOrigin,
      fromTrustedProxy: isTrustedProxy(req.socket.remoteAddress),
    });
    await next();
  });
}

function registerInteractionPage(m: Mount) {
  // The provider sends the browser here to log in or consent: the site's page renders the form (or,
  // with the site's social hint, the browser goes straight to that upstream provider).
  m.routes.get(`${m.mountPath}/interaction/:uid`, async (c) => {
    const interaction = await interactionOf(m, c);
    if (!interaction || interaction.uid !== c.req.param("uid")) return expired(c);
    const language = languageOfUiLocales(interaction.params.ui_locales);
    const hint = interaction.params[SOCIAL_HINT_PARAMETER];
    if (interaction.prompt.name === "login" && typeof hint === "string" && hint.length > 0) {
      return startSocial(m, c, interaction.uid, hint, language);
    }
    c.header("Cache-Control", "no-store");
    return c.redirect(interactionPagePath(language, interaction.uid), 303);
  });
}

/** The login form's post: the account's password, then the interaction goes on. */
function registerLogin(m: Mount) {
  m.routes.post(`${m.mountPath}/interaction/:uid/login`, async (c) => {
    // The page's script asks for JSON (and navigates itself); a form posted without script gets redirects.
    const wantsJson = c.req.header("Accept")?.includes("application/json") ?? false;
    const interaction = await interactionOf(m, c);
    if (!interaction || interaction.uid !== c.req.param("uid") || interaction.prompt.name !== "login") {
      if (wantsJson) throw new AppError("SIGN_IN_EXPIRED");
      return expired(c);
    }
    const language = languageOfUiLocales(interaction.params.ui_locales);
    const form = await c.req.parseBody();
    const email = typeof form.email === "string" ? form.email.slice(0, 1_000) : "";
    const password = typeof form.password === "string" ? form.password.slice(0, 4_096) : "";
    let accountId: string;
    try {
      const account = await authenticate(
        m.services.db,
        { email, password, address: clientAddressOf(c, m.services.config) },
        m.services.clock.now(),
      );
      accountId = account.id;
    } catch (error) {
      if (!isAppError(error)) throw error;
      if (wantsJson) throw error; // the app's coded JSON answer, with Retry-After when throttled
      const retry = error.retryAfterSeconds !== null ? `&retryAfter=${error.retryAfterSeconds}` : "";
      return c.redirect(`${interactionPagePath(language, interaction.uid, error.code)}${retry}`, 303);
    }
    const { req, res } = raw(c);
    const returnTo = await m.idp.provider.interactionResult(
      req,
      res,
      { login: { accountId, amr: ["pwd"] } },
      { mergeWithLastSubmission: false },
    );
    c.header("Cache-Control", "no-store");
    return wantsJson ? c.json({ location: returnTo }) : c.redirect(returnTo, 303);
  });
}

/** The consent form's post: the scopes granted, the staff ones only to staff. */
function registerConsent(m: Mount) {
  m.routes.post(`${m.mountPath}/interaction/:uid/confirm`, async (c) => {
    const interaction = await interactionOf(m, c);
    if (
      !interaction ||
      interaction.uid !== c.req.param("uid") ||
      interaction.prompt.name !== "consent" ||
      !interaction.session?.accountId
    )
      return expired(c);
    const accountId = interaction.session.accountId;
    const clientId = String(interaction.params.client_id);
    const account = await findAccount(m.services.db, accountId);
    const grant =
      (interaction.grantId ? await m.idp.provider.Grant.find(interaction.grantId) : undefined) ??
      new m.idp.provider.Grant({ accountId, clientId });
    const details = interaction.prompt.details as { missingOIDCScope?: string[] };
    const { granted, refused } = grantableScopes(details.missingOIDCScope ?? [], (account?.staffRole ?? null) !== null);
    if (granted.length > 0) grant.addOIDCScope(granted.join(" "));
    if (refused.length > 0) grant.rejectOIDCScope(refused.join(" "));
    const grantId = await grant.save();
    const { req, res } = raw(c);
    const returnTo = await m.idp.provider.interactionResult(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
    return c.redirect(returnTo, 303);
  });
}

/** The person declined: the client is told access_denied. */
function registerAbort(m: Mount) {
  m.routes.post(`${m.mountPath}/interaction/:uid/abort`, async (c) => {
    const interaction = await interactionOf(m, c);
    if (!interaction || interaction.uid !== c.req.param("uid")) return expired(c);
    const { req, res } = raw(c);
    const returnTo = await m.idp.provider.interactionResult(
      req,
      res,
      { error: "access_denied", error_description: "The person declined" },
      { mergeWithLastSubmission: false },
    );
    return c.redirect(returnTo, 303);
  });
}

function registerSocialStart(m: Mount) {
  // The login page's "Continue with Google" buttons.
  m.routes.get(`${m.mountPath}/interaction/:uid/social/:provider`, async (c) => {
    const interaction = await interactionOf(m, c);
    if (!interaction || interaction.uid !== c.req.param("uid") || interaction.prompt.name !== "login")
      return expired(c);
    return startSocial(
      m,
      c,
      interaction.uid,
      c.req.param("provider"),
      languageOfUiLocales(interaction.params.ui_locales),
    );
  });
}

function registerSocialCallback(m: Mount) {
  // The upstream provider's answer: the account it names (linked by verified e-mail only), then the
  // interaction is finished as a federated login (amr "fed") and the browser resumes the authorization.
  m.routes.get(`${m.mountPath}/social/:provider/callback`, async (c) => {
    const cookie = parseCookieHeader(c.req.header("Cookie"))[SOCIAL_FLOW_COOKIE];
    let flow: unknown = null;
    try {
      flow = cookie ? JSON.parse(Buffer.from(cookie, "base64url").toString("utf8")) : null;
    } catch {
      flow = null;
    }
    c.header(
      "Set-Cookie",
      `${SOCIAL_FLOW_COOKIE}=; Path=${m.mountPath}/social/; Max-Age=0; HttpOnly; SameSite=Lax${m.secure ? "; Secure" : ""}`,
    );
    c.header("Cache-Control", "no-store");
    const provider = m.idp.socialProviders.find((candidate) => candidate.id === c.req.param("provider"));
    if (!isSocialFlow(flow) || !provider || flow.provider !== provider.id) return expired(c, 400);
    const back = (code: ErrorCode) => c.redirect(interactionPagePath(flow.language, flow.uid, code), 303);
    let claims: Record<string, unknown>;
    try {
      const upstream = await upstreamConfiguration(m, provider);
      const callbackUrl = new URL(socialCallbackUri(m, provider.id));
      callbackUrl.search = new URL(c.req.url).search;
      const tokens = await client.authorizationCodeGrant(upstream, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = { ...(tokens.claims() ?? {}) };
      if (typeof claims.email !== "string") {
        claims = { ...(await client.fetchUserInfo(upstream, tokens.access_token, String(claims.sub))), ...claims };
      }
    } catch (error) {
      // Cancelled upstream, forged or replayed callback, or an upstream that failed: told, nothing made.
      m.services.logger.warn({ err: error, provider: provider.id }, "social sign-in refused");
      return back(
        error instanceof client.AuthorizationResponseError || error instanceof client.ResponseBodyError
          ? "SIGN_IN_REFUSED"
          : "SOCIAL_SIGN_IN_FAILED",
      );
    }
    let accountId: string;
    try {
      const account = await findOrCreateSocialAccount(
        m.services.db,
        {
          provider: provider.id,
          subject: String(claims.sub),
          email: typeof claims.email === "string" ? claims.email : "",
          emailVerified: claims.email_verified === true || claims.email_verified === "true",
          firstName: typeof claims.given_name === "string" ? claims.given_name : "",
          lastName: typeof claims.family_name === "string" ? claims.family_name : "",
          language: flow.language,
        },
        m.services.clock.now(),
      );
      accountId = account.id;
    } catch (error) {
      if (!isAppError(error)) throw error;
      return back(error.code);
    }
    const returnTo = await m.idp.finishLoginByUid(flow.uid, {
      login: { accountId, amr: [FEDERATED_AMR, provider.id] },
    });
    if (!returnTo) return expired(c);
    return c.redirect(returnTo, 303);
  });
}

function registerProvider(m: Mount) {
  // Everything else under /idp is the provider's: discovery, authorization, token, JWKS, userinfo…
  const callback = m.idp.provider.callback();
  m.routes.all(`${m.mountPath}/*`, async (c) => {
    const { req, res } = raw(c);
    const original = req.url ?? "/";
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = original;
    req.url = original.slice(m.mountPath.length) || "/";
    // The app's headers are set on Hono's response, which this one bypasses: the same ones here, but
    // the CSP (oidc-provider's own pages carry inline scripts and styles without our nonce).
    for (const [name, value] of Object.entries(securityHeaders({ nonce: "", production: m.secure }))) {
      if (name !== "Content-Security-Policy") res.setHeader(name, value);
    }
    await new Promise<void>((resolve) => {
      res.once("finish", resolve);
      res.once("close", resolve);
      callback(req, res);
    });
    return RESPONSE_ALREADY_SENT;
  });
  m.routes.all(m.mountPath, (c) => c.redirect(`${m.mountPath}/.well-known/openid-configuration`, 302));
}
