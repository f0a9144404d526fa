// The hosted identity provider over real HTTP (ADR 0031): it needs Node's own request and response, so
// the app is served on a free port over a PGlite snapshot, beside a second oidc-provider standing in for
// Google. Discovery; the site's code flow with PKCE through our login step; admin for staff only; the
// refusals of a wrong verifier, a replayed code and a wrong state; consent for a third-party client;
// social sign-in creating and linking accounts (verified e-mail only); storage and keys surviving a
// provider restart; the port's access-token lookup and grant revocation.
import { createHash, generateKeyPairSync, randomUUID } from "node:crypto";
import { serve, type ServerType } from "@hono/node-server";
import { eq } from "drizzle-orm";
import * as client from "openid-client";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleAuthReturn, socialProvidersOf } from "./auth-return.server.ts";
import { forwardLoginPost } from "./idp-interaction.server.ts";
import { servicesContext } from "../../server/edge/index.ts";
import {
  findSession,
  hashPassword,
  oidcModels,
  socialIdentities,
  users,
  userSessions,
} from "../../modules/identity/index.ts";
import { freePort } from "../../tests/setup/free-port.mjs";
import { bootTestRuntime, closeTestRuntime } from "../../tests/setup/either-database.ts";
import { startUpstreamIdp, UPSTREAM_CLIENT_ID, UPSTREAM_CLIENT_SECRET } from "../../tests/setup/upstream-idp.mjs";
import { createApp } from "../../server/app.ts";
import type { Runtime } from "../../server/boot.ts";
import { HostedIdentityProvider, sweepExpiredProviderRows } from "../../server/idp/index.ts";

const PASSWORD = "mareas-de-isla-2026";
const THIRD_PARTY = {
  client_id: "partner-tours",
  client_secret: "partner-tours-secret-0123456789abcdef0123",
  client_name: "Partner Tours",
};

let runtime: Runtime;
let server: ServerType;
let origin: string;
let upstream: Awaited<ReturnType<typeof startUpstreamIdp>>;
let env: Record<string, string>;

let currentApp: ReturnType<typeof createApp>;

/** Serves `current` on the test's origin; called again, swaps the app behind the same listener (a restart). */
async function serveRuntime(current: Runtime): Promise<ServerType> {
  currentApp = createApp(current.services, { ping: () => current.database.ping() });
  (current.services.identityProvider as HostedIdentityProvider).setInternalOrigin(origin);
  if (server) return server;
  const started = serve({
    fetch: (request, bindings) => currentApp.fetch(request, bindings),
    port: Number(new URL(origin).port),
    hostname: "127.0.0.1",
  });
  await new Promise<void>((resolve) => started.once("listening", () => resolve()));
  return started;
}

beforeAll(async () => {
  origin = `http://127.0.0.1:${await freePort()}`;
  upstream = await startUpstreamIdp({ port: 0, redirectUris: [`${origin}/idp/social/upstream/callback`] });
  env = {
    NODE_ENV: "test",
    PUBLIC_ORIGIN: origin,
    SOCIAL_PROVIDERS: JSON.stringify([
      {
        id: "upstream",
        name: "Upstream",
        issuer: upstream.issuer,
        clientId: UPSTREAM_CLIENT_ID,
        clientSecret: UPSTREAM_CLIENT_SECRET,
      },
    ]),
    OIDC_CLIENTS: JSON.stringify([{ ...THIRD_PARTY, redirect_uris: ["https://partner.example/callback"] }]),
  };
  runtime = await bootTestRuntime(env);
  server = await serveRuntime(runtime);
});
afterAll(async () => {
  await new Promise((resolve) => {
    server.close(resolve);
    (server as import("node:http").Server).closeAllConnections();
  });
  await upstream.close();
  await closeTestRuntime(runtime);
});

const idp = () => runtime.services.identityProvider as HostedIdentityProvider;

/** A browser's cookies: by name, whatever the host or path (the names of both providers differ). */
class Browser {
  readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  keep(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const expired = attributes.some(
        (attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /expires=thu, 01 jan 1970/i.test(attribute),
      );
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(index + 1));
    }
    return response;
  }
  async get(url: string): Promise<Response> {
    return this.keep(await fetch(url, { redirect: "manual", headers: { Cookie: this.header() } }));
  }
  async post(url: string, form: Record<string, string>): Promise<Response> {
    return this.keep(
      await fetch(url, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: this.header(), "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      }),
    );
  }
  /** Follows redirects until one leaves for a URL `stop` accepts (answered, not fetched). */
  async follow(start: string, stop: (url: URL) => boolean): Promise<URL> {
    let url = new URL(start, origin);
    for (let hop = 0; hop < 20; hop++) {
      if (stop(url)) return url;
      const response = await this.get(url.href);
      const location = response.headers.get("Location");
      if (!location)
        throw new Error(
          `${url.href} answered ${response.status} without a redirect: ${(await response.text()).slice(0, 300)}`,
        );
      url = new URL(location, url);
    }
    throw new Error("too many redirects");
  }
  /** The site's auth page loader, as React Router would call it. */
  async authPage(url: string): Promise<Response | null> {
    const context = new RouterContextProvider();
    context.set(servicesContext, runtime.services);
    const answer = await handleAuthReturn(
      new Request(new URL(url, origin), { headers: { Cookie: this.header() } }),
      context,
    );
    return answer ? this.keep(answer) : null;
  }
}

const isInteractionPage = (url: URL) => url.pathname.endsWith("/auth/idp/");
const isSiteReturn = (url: URL) =>
  url.origin === origin && /^\/(es|en|pt)\/auth\/$/.test(url.pathname) && url.searchParams.has("state");

async function account(options: { staff?: boolean; confirmed?: boolean; email?: string } = {}) {
  const id = randomUUID();
  const email = options.email ?? `viajera.${id.slice(0, 8)}@example.com`;
  const now = new Date();
  await runtime.services.db.insert(users).values({
    id,
    email,
    emailKey: email.toLowerCase(),
    passwordHash: await hashPassword(PASSWORD),
    firstName: "Ana",
    lastName: "Canul",
    language: "es",
    staffRole: options.staff ? "operator" : null,
    confirmedAt: options.confirmed === false ? null : now,
    createdAt: now,
    updatedAt: now,
  });
  return { id, email };
}

/** Starts the site's sign-in and answers the browser at our login step, with the interaction's uid. */
async function atLoginStep(browser: Browser, start = "/es/auth/?signin") {
  const started = await browser.authPage(start);
  expect(started?.status).toBe(302);
  const page = await browser.follow(started!.headers.get("Location")!, isInteractionPage);
  return { page, uid: page.searchParams.get("interaction")! };
}

/** Our login step with e-mail and password, then on to the site's return URL. */
async function signInAtIdp(browser: Browser, email: string, start?: string) {
  const { uid } = await atLoginStep(browser, start);
  const answer = await browser.post(`${origin}/idp/interaction/${uid}/login`, { email, password: PASSWORD });
  expect(answer.status).toBe(303);
  return browser.follow(answer.headers.get("Location")!, isSiteReturn);
}

function sessionSecretOf(browser: Browser): string | undefined {
  return browser.cookies.get("travesia_social");
}

describe("discovery", () => {
  it("answers the issuer under /idp with code flow, S256 and the five scopes", async () => {
    const response = await fetch(`${origin}/idp/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(`${origin}/idp`);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(metadata.authorization_endpoint).toBe(`${origin}/idp/auth`);
    expect(metadata.code_challenge_methods_supported).toEqual(["S256"]);
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(["openid", "email", "profile", "phone", "admin"]));
    const jwks = (await (await fetch(`${origin}/idp/jwks`)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys[0]).not.toHaveProperty("d");
  });

  it("lists the configured social providers for the auth page", () => {
    const context = new RouterContextProvider();
    context.set(servicesContext, runtime.services);
    expect(socialProvidersOf(context)).toEqual([{ id: "upstream", name: "Upstream" }]);
  });
});

describe("the site's code flow through our login step", () => {
  it("signs a regular account in: a social-kind session with the grant, the cookies, then the account page", async () => {
    const { id, email } = await account();
    const browser = new Browser();
    const { page } = await atLoginStep(browser, "/en/auth/?signin");
    expect(page.pathname).toBe("/en/auth/idp/");
    const view = await idp().interactionView(page.searchParams.get("interaction")!);
    expect(view).toMatchObject({
      prompt: "login",
      language: "en",
      firstParty: true,
      socialProviders: [{ id: "upstream", name: "Upstream" }],
    });

    const back = await browser.follow(`${origin}/idp/interaction/${view!.uid}`, isInteractionPage); // the GET redirect itself
    expect(back.searchParams.get("interaction")).toBe(view!.uid);
    const answer = await browser.post(`${origin}/idp/interaction/${view!.uid}/login`, { email, password: PASSWORD });
    const returned = await browser.follow(answer.headers.get("Location")!, isSiteReturn);
    expect(returned.pathname).toBe("/en/auth/");
    browser.cookies.set("return_path", encodeURIComponent("/en/carrito/"));
    const landed = await browser.authPage(returned.href);
    expect(landed?.status).toBe(302);
    expect(landed!.headers.get("Location")).toBe("/en/carrito/");
    const secret = sessionSecretOf(browser);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const session = await findSession(runtime.services.db, secret!, new Date());
    expect(session).toMatchObject({ kind: "social", viaSocialProvider: false, account: { id } });
    expect(JSON.parse(decodeURIComponent(browser.cookies.get("userInfo")!))).toMatchObject({ login: true, id });
    expect(browser.cookies.has("travesia_oidc")).toBe(false);
    const setCookies = landed!.headers.getSetCookie().join("\n");
    expect(setCookies).toMatch(/travesia_social=[0-9a-f]{64}; HttpOnly; Path=\/; SameSite=Lax; Max-Age=\d+/);
  });

  it("keeps a wrong password on our login step with the site's coded error", async () => {
    const { email } = await account();
    const browser = new Browser();
    const { uid } = await atLoginStep(browser);
    const answer = await browser.post(`${origin}/idp/interaction/${uid}/login`, {
      email,
      password: "not-the-password",
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(`/es/auth/idp/?interaction=${uid}&error=INCORRECT_LOGIN`);
  });

  it("answers the page's script in JSON: the coded refusal, then where to go", async () => {
    const { email } = await account();
    const browser = new Browser();
    const { uid } = await atLoginStep(browser);
    const post = (password: string) =>
      fetch(`${origin}/idp/interaction/${uid}/login`, {
        method: "POST",
        headers: {
          Cookie: browser.header(),
          Accept: "application/json",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ email, password }),
      });
    const refused = await post("not-the-password");
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: "INCORRECT_LOGIN" } });
    const accepted = await post(PASSWORD);
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { location: string }).location).toBe(`${origin}/idp/auth/${uid}`);
    // Once finished, the same login step is over: a coded 410 the script answers by reloading.
    const again = await fetch(`${origin}/idp/interaction/${uid}/login`, {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams({ email, password: PASSWORD }),
    });
    expect(again.status).toBe(410);
    expect(await again.json()).toMatchObject({ error: { code: "SIGN_IN_EXPIRED" } });
  });

  it("refuses a login post without this browser's interaction cookie", async () => {
    const { email } = await account();
    const { uid } = await atLoginStep(new Browser());
    const stranger = await new Browser().post(`${origin}/idp/interaction/${uid}/login`, { email, password: PASSWORD });
    expect(stranger.status).toBe(410);
  });
});

async function tokensFor(browser: Browser, email: string, scope: string) {
  // A relying party of its own (the admin tool's shape), to read the granted scopes from the token answer.
  const idpConfig = await idp().siteRelyingParty().configuration();
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const authorize = client.buildAuthorizationUrl(idpConfig, {
    redirect_uri: `${origin}/es/auth/`,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
  });
  const page = await browser.follow(authorize.href, isInteractionPage);
  const answer = await browser.post(`${origin}/idp/interaction/${page.searchParams.get("interaction")}/login`, {
    email,
    password: PASSWORD,
  });
  const returned = await browser.follow(answer.headers.get("Location")!, isSiteReturn);
  return { returned, verifier, state, idpConfig };
}

describe("scopes", () => {
  it("grants admin to a staff account only", async () => {
    const regular = await account();
    const staff = await account({ staff: true });
    for (const [who, expected] of [
      [regular, "openid email profile"],
      [staff, "openid email profile admin"],
    ] as const) {
      const { returned, verifier, state, idpConfig } = await tokensFor(
        new Browser(),
        who.email,
        "openid email profile admin",
      );
      const tokens = await client.authorizationCodeGrant(idpConfig, returned, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      });
      expect(tokens.scope?.split(" ").sort()).toEqual(expected.split(" ").sort());
    }
  });

  it("asks the site's login for admin only when the page asks for it", async () => {
    const started = await new Browser().authPage("/es/auth/?signin&admin=1");
    expect(new URL(started!.headers.get("Location")!).searchParams.get("scope")).toBe(
      "openid email profile phone admin",
    );
    const plain = await new Browser().authPage("/es/auth/?signin");
    expect(new URL(plain!.headers.get("Location")!).searchParams.get("scope")).toBe("openid email profile phone");
  });
});

describe("refusals of the code exchange", () => {
  it("refuses a wrong PKCE verifier with invalid_grant", async () => {
    const { email } = await account();
    const { returned, state, idpConfig } = await tokensFor(new Browser(), email, "openid email");
    const wrongVerifier = await client
      .authorizationCodeGrant(idpConfig, returned, {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: state,
      })
      .then(
        () => "accepted",
        (error: unknown) => (error instanceof client.ResponseBodyError ? error.error : String(error)),
      );
    expect(wrongVerifier).toBe("invalid_grant");
  });

  it("answers SIGN_IN_REFUSED on the auth page for a replayed code, a wrong state or a lost cookie; nothing is created", async () => {
    const { email, id } = await account();
    const browser = new Browser();
    const returned = await signInAtIdp(browser, email);
    const flowCookie = browser.cookies.get("travesia_oidc")!;
    const first = await browser.authPage(returned.href);
    expect(first!.headers.get("Location")).toBe("/es/mi-cuenta/");
    const countSessions = async () =>
      (await runtime.services.db.select().from(userSessions).where(eq(userSessions.userId, id))).length;
    expect(await countSessions()).toBe(1);

    // The same code again (the cookie put back, as an attacker holding both would).
    browser.cookies.set("travesia_oidc", flowCookie);
    const replayed = await browser.authPage(returned.href);
    expect(replayed!.headers.get("Location")).toBe("/es/auth/?error=SIGN_IN_REFUSED");

    // Another state than the one this browser started with.
    const second = new Browser();
    const other = await signInAtIdp(second, email);
    const forged = new URL(other);
    forged.searchParams.set("state", "someone-elses-state");
    expect((await second.authPage(forged.href))!.headers.get("Location")).toBe("/es/auth/?error=SIGN_IN_REFUSED");

    // A return without the flow cookie at all (another browser's link).
    const third = new Browser();
    const link = await signInAtIdp(third, email);
    expect((await new Browser().authPage(link.href))!.headers.get("Location")).toBe("/es/auth/?error=SIGN_IN_REFUSED");
    // A forged code with a good state.
    const forgedCode = new URL(link);
    forgedCode.searchParams.set("code", "forged-code");
    const refused = await third.authPage(forgedCode.href);
    expect(refused!.headers.get("Location")).toBe("/es/auth/?error=SIGN_IN_REFUSED");
    expect(third.cookies.has("travesia_social")).toBe(false);
    expect(await countSessions()).toBe(1);
  });

  it("leaves every other auth-page URL to the page (null)", async () => {
    expect(await new Browser().authPage("/es/auth/")).toBeNull();
    expect(await new Browser().authPage("/es/auth/?error=SIGN_IN_REFUSED")).toBeNull();
    expect((await new Browser().authPage("/es/auth/?social=nope"))!.headers.get("Location")).toBe(
      "/es/auth/?error=SOCIAL_PROVIDER_UNKNOWN",
    );
  });
});

describe("consent for a third-party client", () => {
  it("shows the consent step, then issues a code to the client's redirect URI", async () => {
    const { email } = await account();
    const browser = new Browser();
    const verifier = client.randomPKCECodeVerifier();
    const authorize = new URL(`${origin}/idp/auth`);
    for (const [name, value] of Object.entries({
      client_id: THIRD_PARTY.client_id,
      redirect_uri: "https://partner.example/callback",
      response_type: "code",
      scope: "openid email admin",
      state: "partner-state",
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      ui_locales: "pt-BR",
    }))
      authorize.searchParams.set(name, value);
    const login = await browser.follow(authorize.href, isInteractionPage);
    expect(login.pathname).toBe("/pt/auth/idp/");
    expect(await idp().interactionView(login.searchParams.get("interaction")!)).toMatchObject({
      prompt: "login",
      firstParty: false,
      clientName: "Partner Tours",
    });
    const afterLogin = await browser.post(`${origin}/idp/interaction/${login.searchParams.get("interaction")}/login`, {
      email,
      password: PASSWORD,
    });
    const consent = await browser.follow(afterLogin.headers.get("Location")!, isInteractionPage);
    const view = await idp().interactionView(consent.searchParams.get("interaction")!);
    expect(view).toMatchObject({
      prompt: "consent",
      clientName: "Partner Tours",
      scopes: expect.arrayContaining(["email", "admin"]),
    });
    const confirmed = await browser.post(`${origin}/idp/interaction/${view!.uid}/confirm`, {});
    const code = await browser.follow(
      confirmed.headers.get("Location")!,
      (url) => url.origin === "https://partner.example",
    );
    expect(code.searchParams.get("state")).toBe("partner-state");
    expect(code.searchParams.get("code")).toBeTruthy();
  });
});

describe("social sign-in through the upstream provider", () => {
  async function socialSignIn(browser: Browser, login: string) {
    const started = await browser.authPage("/es/auth/?social=upstream");
    // The hint sends our provider straight upstream: no login step of ours in between.
    const atUpstream = await browser.follow(
      started!.headers.get("Location")!,
      (url) => url.origin === upstream.issuer && url.pathname.startsWith("/interaction/"),
    );
    const loginPage = await (await browser.get(atUpstream.href)).text();
    const action = /action="([^"]+)"/.exec(loginPage)![1]!;
    const afterLogin = await browser.post(new URL(action, upstream.issuer).href, {
      prompt: "login",
      login,
      password: "any",
    });
    const next = await browser.follow(
      new URL(afterLogin.headers.get("Location")!, upstream.issuer).href,
      (url) =>
        (url.origin === upstream.issuer && url.pathname.startsWith("/interaction/")) ||
        isSiteReturn(url) ||
        isInteractionPage(url),
    );
    if (next.origin !== upstream.issuer) return next;
    const consentPage = await (await browser.get(next.href)).text();
    const consentAction = /action="([^"]+)"/.exec(consentPage)![1]!;
    const consented = await browser.post(new URL(consentAction, upstream.issuer).href, { prompt: "consent" });
    return browser.follow(
      new URL(consented.headers.get("Location")!, upstream.issuer).href,
      (url) => isSiteReturn(url) || isInteractionPage(url),
    );
  }

  it("creates a confirmed account from a verified address and opens a social session", async () => {
    const login = `nueva.${randomUUID().slice(0, 8)}`;
    const browser = new Browser();
    const returned = await socialSignIn(browser, login);
    expect(isSiteReturn(returned)).toBe(true);
    const landed = await browser.authPage(returned.href);
    expect(landed!.headers.get("Location")).toBe("/es/mi-cuenta/");
    const session = await findSession(runtime.services.db, sessionSecretOf(browser)!, new Date());
    expect(session).toMatchObject({
      kind: "social",
      viaSocialProvider: true,
      account: { email: `${login}@upstream.test`, confirmed: true, hasPassword: false },
    });
    const linked = await runtime.services.db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.userId, session!.account.id));
    expect(linked).toMatchObject([{ provider: "upstream", subject: login }]);
    expect(JSON.parse(decodeURIComponent(browser.cookies.get("userInfo")!))).toMatchObject({
      login: true,
      id: session!.account.id,
    });
  });

  it("links an existing account by its verified address", async () => {
    const login = `existente.${randomUUID().slice(0, 8)}`;
    const existing = await account({ email: `${login}@upstream.test` });
    const browser = new Browser();
    const landed = await browser.authPage((await socialSignIn(browser, login)).href);
    expect(landed!.status).toBe(302);
    const session = await findSession(runtime.services.db, sessionSecretOf(browser)!, new Date());
    expect(session?.account.id).toBe(existing.id);
  });

  it("never links an unverified address to someone else's account: coded error on our login step", async () => {
    const login = `unverified.${randomUUID().slice(0, 8)}`;
    await account({ email: `${login}@upstream.test` });
    const browser = new Browser();
    const page = await socialSignIn(browser, login);
    expect(isInteractionPage(page)).toBe(true);
    expect(page.searchParams.get("error")).toBe("USER_ALREADY_EXISTS");
    expect(browser.cookies.has("travesia_social")).toBe(false);
  });
});

describe("the port: access tokens and grant revocation", () => {
  it("names the account of a live access token, and nothing once its grant is revoked", async () => {
    const { id, email } = await account();
    const { returned, verifier, state, idpConfig } = await tokensFor(new Browser(), email, "openid email");
    const tokens = await client.authorizationCodeGrant(idpConfig, returned, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const holder = await idp().accountOfAccessToken(tokens.access_token);
    expect(holder).toMatchObject({ accountId: id, viaSocialProvider: false });
    expect(await idp().accountOfAccessToken("not-a-token")).toBeNull();
    await idp().revokeGrant(holder!.grantId);
    expect(await idp().accountOfAccessToken(tokens.access_token)).toBeNull();
    const left = await runtime.services.db.select().from(oidcModels).where(eq(oidcModels.grantId, holder!.grantId));
    expect(left).toEqual([]);
  });

  it("revoking at logout also ends the provider's own session: the next sign-in asks again", async () => {
    const { email } = await account();
    const browser = new Browser();
    await browser.authPage((await signInAtIdp(browser, email)).href);
    const secret = sessionSecretOf(browser)!;
    const [row] = await runtime.services.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.idHash, createHash("sha256").update(secret).digest("hex")));
    expect(row?.providerGrantId).toBeTruthy();
    // Still signed in at the provider: straight back with a code, no login step.
    const again = await browser.follow(
      (await browser.authPage("/es/auth/?signin"))!.headers.get("Location")!,
      (url) => isSiteReturn(url) || isInteractionPage(url),
    );
    expect(isSiteReturn(again)).toBe(true);
    await idp().revokeGrant(row!.providerGrantId!);
    expect(await runtime.services.db.select().from(oidcModels).where(eq(oidcModels.id, row!.providerGrantId!))).toEqual(
      [],
    );
    const afterLogout = await browser.follow(
      (await browser.authPage("/es/auth/?signin"))!.headers.get("Location")!,
      (url) => isSiteReturn(url) || isInteractionPage(url),
    );
    expect(isInteractionPage(afterLogout)).toBe(true);
  });
});

describe("a restart", () => {
  it("keeps keys, sessions and grants: a token issued before is still honoured after", async () => {
    const { id, email } = await account();
    const { returned, verifier, state, idpConfig } = await tokensFor(new Browser(), email, "openid email");
    const tokens = await client.authorizationCodeGrant(idpConfig, returned, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const jwksBefore = await (await fetch(`${origin}/idp/jwks`)).json();
    // A new provider over the same database, as after a deploy or on another node.
    const restarted = await HostedIdentityProvider.create({
      db: runtime.services.db,
      clock: runtime.services.clock,
      config: runtime.config,
      logger: runtime.logger,
    });
    runtime = { ...runtime, services: { ...runtime.services, identityProvider: restarted } };
    server = await serveRuntime(runtime);
    expect(await (await fetch(`${origin}/idp/jwks`)).json()).toEqual(jwksBefore);
    expect(await restarted.accountOfAccessToken(tokens.access_token)).toMatchObject({ accountId: id });
    const userinfo = await fetch(`${origin}/idp/me`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(await userinfo.json()).toMatchObject({ sub: id, email });
  });
});

describe("housekeeping", () => {
  it("sweeps the rows whose lifetime is over, and only those (never the keys)", async () => {
    const now = new Date();
    const db = runtime.services.db;
    await db.insert(oidcModels).values([
      { model: "Interaction", id: "sweep-old", payload: {}, expiresAt: new Date(now.getTime() - 1000) },
      { model: "Interaction", id: "sweep-live", payload: {}, expiresAt: new Date(now.getTime() + 60_000) },
    ]);
    expect(await sweepExpiredProviderRows(db, now)).toBeGreaterThanOrEqual(1);
    const left = (await db.select({ id: oidcModels.id }).from(oidcModels)).map((row) => row.id);
    expect(left).toContain("sweep-live");
    expect(left).not.toContain("sweep-old");
    expect(left).toContain("current");
  });
});

describe("the login form without JavaScript", () => {
  it("is re-posted (307) from the page to the provider's login, where the interaction cookie goes", () => {
    const forwarded = forwardLoginPost(
      new Request(`${origin}/es/auth/idp/?interaction=abcdefghijklmnop`, { method: "POST" }),
    );
    expect(forwarded.status).toBe(307);
    expect(forwarded.headers.get("Location")).toBe("/idp/interaction/abcdefghijklmnop/login");
    expect(forwardLoginPost(new Request(`${origin}/es/auth/idp/?interaction=../../x`, { method: "POST" })).status).toBe(
      303,
    );
  });
});

describe("keys from configuration", () => {
  it("signs with the first key of OIDC_JWKS and still publishes the others (rotation)", async () => {
    const key = (kid: string) => ({
      ...generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }),
      kid,
      alg: "RS256",
      use: "sig",
    });
    const config = {
      ...runtime.config,
      OIDC_JWKS: JSON.stringify({ keys: [key("new-key"), key("old-key")] }),
      OIDC_COOKIE_KEYS: "new-cookie-key,old-cookie-key",
      OIDC_SITE_CLIENT_SECRET: "configured-site-client-secret-0123456789",
    };
    const configured = await HostedIdentityProvider.create({
      db: runtime.services.db,
      clock: runtime.services.clock,
      config,
      logger: runtime.logger,
    });
    runtime = { ...runtime, config, services: { ...runtime.services, config, identityProvider: configured } };
    await serveRuntime(runtime);
    const jwks = (await (await fetch(`${origin}/idp/jwks`)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((published) => published.kid)).toEqual(["new-key", "old-key"]);
    const { email } = await account();
    const { returned, verifier, state, idpConfig } = await tokensFor(new Browser(), email, "openid email");
    const tokens = await client.authorizationCodeGrant(idpConfig, returned, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const header = JSON.parse(Buffer.from(tokens.id_token!.split(".")[0]!, "base64url").toString("utf8")) as {
      kid: string;
    };
    expect(header.kid).toBe("new-key");
  });
});
