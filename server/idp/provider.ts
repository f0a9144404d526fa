// The hosted identity provider (ADR 0031): panva's oidc-provider at `${publicOrigin}/idp`, code flow
// with PKCE (S256) for every client, storage in PostgreSQL, keys from configuration or the database,
// accounts from modules/identity. `admin` is granted to staff accounts only; the site is first-party
// (its grant is made without a consent page), other clients consent. The object is also the
// IdentityProviderPort the site's routes use.
import Provider, {
  type Account,
  type Configuration,
  type Grant,
  type InteractionResults,
  type KoaContextWithOIDC,
} from "oidc-provider";
import * as client from "openid-client";
import { and, eq, sql } from "drizzle-orm";
import type { IdentityProviderPort, InteractionView, SiteRelyingParty } from "../edge/index.ts";
import type { Clock } from "../../lib/clock.ts";
import { publicOriginOf, type Config } from "../../lib/config.ts";
import type { Database } from "../../lib/db.ts";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "../../lib/language.ts";
import type { Logger } from "../../lib/logger.ts";
import { findAccount, oidcModels } from "../../modules/identity/index.ts";
import { internalErrorPage } from "../internal-error-page.ts";
import { PostgresAdapter } from "./adapter.ts";
import {
  parseSocialProviders,
  parseThirdPartyClients,
  SCOPES,
  SITE_CLIENT_ID,
  siteClient,
  type SocialProviderConfig,
} from "./clients.ts";
import { loadProviderSecrets } from "./keys.ts";

/** amr of a sign-in through an upstream social provider (the site reads it to mark the session social). */
export const FEDERATED_AMR = "fed";
/** The authorization parameter that sends the login page straight to one social provider. */
export const SOCIAL_HINT_PARAMETER = "idp_hint";

export interface HostedIdentityProviderDeps {
  db: Database;
  clock: Clock;
  config: Config;
  logger: Logger;
}

/** The language of an interaction: its ui_locales' first language we speak, else the default. */
export function languageOfUiLocales(uiLocales: unknown): Language {
  if (typeof uiLocales !== "string") return DEFAULT_LANGUAGE;
  for (const tag of uiLocales.split(/\s+/)) {
    const primary = tag.split("-")[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** The scopes an account may be granted out of those asked: `admin` needs a staff account. */
export function grantableScopes(requested: Iterable<string>, staff: boolean): { granted: string[]; refused: string[] } {
  const granted: string[] = [];
  const refused: string[] = [];
  for (const scope of requested) {
    if (!(SCOPES as readonly string[]).includes(scope)) continue;
    if (scope === "admin" && !staff) refused.push(scope);
    else granted.push(scope);
  }
  return { granted, refused };
}

export class HostedIdentityProvider implements IdentityProviderPort {
  readonly issuer: string;
  readonly provider: Provider;
  readonly socialProviders: readonly SocialProviderConfig[];
  private internalOrigin: string;
  private siteConfiguration: Promise<client.Configuration> | null = null;

  private constructor(
    private readonly deps: HostedIdentityProviderDeps,
    provider: Provider,
    issuer: string,
    socialProviders: SocialProviderConfig[],
    private readonly siteClientSecret: string,
  ) {
    this.provider = provider;
    this.issuer = issuer;
    this.socialProviders = socialProviders;
    this.internalOrigin = `http://127.0.0.1:${deps.config.PORT}`;
  }

  static async create(deps: HostedIdentityProviderDeps): Promise<HostedIdentityProvider> {
    const { db, config, logger } = deps;
    const publicOrigin = publicOriginOf(config);
    const issuer = `${publicOrigin}/idp`;
    const secrets = await loadProviderSecrets(db, config);
    if (secrets.generated && config.NODE_ENV === "production") {
      logger.warn(
        "OIDC_JWKS, OIDC_COOKIE_KEYS or OIDC_SITE_CLIENT_SECRET is unset: the identity provider uses keys it made and keeps in the database",
      );
    }
    const socialProviders = parseSocialProviders(config.SOCIAL_PROVIDERS);
    const clients = [
      siteClient(publicOrigin, secrets.siteClientSecret),
      ...parseThirdPartyClients(config.OIDC_CLIENTS),
    ];
    const mountPath = new URL(issuer).pathname;
    const configuration: Configuration = {
      // oidc-provider computes lifetimes on its own clock (Date.now), so the adapter does too.
      adapter: (model: string) => new PostgresAdapter(db, model, () => new Date()),
      clients,
      jwks: secrets.jwks,
      // Names of our own, so that an upstream oidc-provider on the same host (the tests') cannot shadow them.
      cookies: {
        keys: secrets.cookieKeys,
        names: { session: "idp_session", interaction: "idp_interaction", resume: "idp_interaction_resume" },
      },
      scopes: [...SCOPES],
      claims: {
        // amr tells the site a sign-in went through a social provider (FEDERATED_AMR).
        openid: ["sub", "amr"],
        email: ["email", "email_verified"],
        profile: ["given_name", "family_name", "locale"],
        phone: ["phone_number", "phone_number_verified"],
      },
      pkce: { required: () => true },
      extraParams: [SOCIAL_HINT_PARAMETER],
      features: {
        devInteractions: { enabled: false },
        revocation: { enabled: true },
        userinfo: { enabled: true },
      },
      ttl: {
        Interaction: 60 * 60,
        Session: 30 * 24 * 60 * 60,
        Grant: 30 * 24 * 60 * 60,
        AccessToken: 60 * 60,
        AuthorizationCode: 60,
        IdToken: 60 * 60,
      },
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string }) => `${mountPath}/interaction/${interaction.uid}`,
      },
      findAccount: async (_ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> => {
        const account = await findAccount(db, sub);
        if (!account || !account.active) return undefined;
        return {
          accountId: account.id,
          claims: () => ({
            sub: account.id,
            email: account.email,
            email_verified: account.confirmed,
            given_name: account.firstName,
            family_name: account.lastName,
            locale: account.language,
          }),
        };
      },
      // The site is first-party: its grant is made here, without a consent page, with `admin` refused
      // to anyone who is not staff (refused scopes count as answered, so no consent prompt follows).
      loadExistingGrant: async (ctx: KoaContextWithOIDC): Promise<Grant | undefined> => {
        const oidc = ctx.oidc;
        const clientId = oidc.client?.clientId;
        const accountId = oidc.session?.accountId;
        const grantId =
          (oidc.result?.consent?.grantId as string | undefined) ??
          (clientId ? oidc.session?.grantIdFor(clientId) : undefined);
        const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
        if (clientId !== SITE_CLIENT_ID || !accountId) return existing;
        const account = await findAccount(db, accountId);
        const grant = existing ?? new oidc.provider.Grant({ accountId, clientId });
        const { granted, refused } = grantableScopes(
          oidc.requestParamOIDCScopes,
          (account?.staffRole ?? null) !== null,
        );
        if (granted.length > 0) grant.addOIDCScope(granted.join(" "));
        if (refused.length > 0) grant.rejectOIDCScope(refused.join(" "));
        await grant.save();
        return grant;
      },
      // The access token remembers a social sign-in (from the code's amr), for GET /user-info-social/.
      extraTokenClaims: (ctx: KoaContextWithOIDC) => {
        const amr = ctx.oidc.entities.AuthorizationCode?.amr ?? ctx.oidc.entities.RefreshToken?.amr;
        return amr ? { amr } : undefined;
      },
      renderError: (
        ctx: { type: string; body: string; status: number; oidc?: { params?: Record<string, unknown> } },
        _out: unknown,
        error: { status?: number },
      ) => {
        const status = error.status && error.status < 500 ? error.status : 400;
        ctx.type = "html";
        ctx.status = status;
        ctx.body = internalErrorPage(languageOfUiLocales(ctx.oidc?.params?.ui_locales), status);
      },
    };
    const provider = new Provider(issuer, configuration);
    // Behind the TLS-terminating edge the request arrives over HTTP: the forwarded protocol is believed,
    // once routes.ts has pinned it (and the host) to PUBLIC_ORIGIN or dropped what no trusted proxy sent.
    provider.proxy = true;
    provider.on("server_error", (_ctx, error) => logger.error({ err: error }, "identity provider error"));
    return new HostedIdentityProvider(deps, provider, issuer, socialProviders, secrets.siteClientSecret);
  }

  /** The loopback origin this process listens on: the site's server-side calls to its IdP go there. */
  setInternalOrigin(origin: string): void {
    this.internalOrigin = origin;
    this.siteConfiguration = null;
  }

  get internal(): string {
    return this.internalOrigin;
  }

  // ——— IdentityProviderPort ———

  async accountOfAccessToken(
    token: string,
  ): Promise<{ accountId: string; viaSocialProvider: boolean; grantId: string; scopes: string[] } | null> {
    if (token.length === 0 || token.length > 512) return null;
    const accessToken = await this.provider.AccessToken.find(token);
    if (!accessToken || accessToken.isExpired) return null;
    // A revoked grant takes its tokens with it; an account made inactive since answers nothing.
    const grant = await this.provider.Grant.find(accessToken.grantId);
    const account = grant ? await findAccount(this.deps.db, accessToken.accountId) : null;
    if (!account || !account.active) return null;
    const amr = accessToken.extra?.amr;
    return {
      accountId: account.id,
      viaSocialProvider: Array.isArray(amr) && amr.includes(FEDERATED_AMR),
      grantId: accessToken.grantId,
      scopes: (accessToken.scope ?? "").split(" ").filter((scope) => scope.length > 0),
    };
  }

  async revokeGrant(grantId: string): Promise<void> {
    if (grantId.length === 0 || grantId.length > 128) return;
    const { db } = this.deps;
    await db.transaction(async (tx) => {
      // Every code, token and the grant itself…
      await tx.delete(oidcModels).where(eq(oidcModels.grantId, grantId));
      await tx.delete(oidcModels).where(and(eq(oidcModels.model, "Grant"), eq(oidcModels.id, grantId)));
      // …and the provider's own browser session that holds it, so the next sign-in asks again.
      await tx
        .delete(oidcModels)
        .where(
          and(
            eq(oidcModels.model, "Session"),
            sql`${oidcModels.payload}->'authorizations'->${SITE_CLIENT_ID}->>'grantId' = ${grantId}`,
          ),
        );
    });
  }

  /** What the login or consent page shows for an interaction; null when it is over or unknown. */
  async interactionView(uid: string): Promise<InteractionView | null> {
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(uid)) return null;
    const interaction = await this.provider.Interaction.find(uid);
    if (!interaction) return null;
    const clientId = String(interaction.params.client_id ?? "");
    const found = await this.provider.Client.find(clientId);
    const details = interaction.prompt.details as { missingOIDCScope?: string[] };
    return {
      uid,
      prompt: interaction.prompt.name === "consent" ? "consent" : "login",
      language: languageOfUiLocales(interaction.params.ui_locales),
      clientName: typeof found?.clientName === "string" ? found.clientName : clientId,
      firstParty: clientId === SITE_CLIENT_ID,
      scopes: (details.missingOIDCScope ?? []).filter((scope) => scope !== "openid"),
      socialProviders: this.socialProviders.map(({ id, name }) => ({ id, name })),
    };
  }

  /** The site as a relying party of this provider: discovery and token calls over loopback. */
  siteRelyingParty(): SiteRelyingParty {
    return {
      configuration: () => {
        this.siteConfiguration ??= this.discoverAsSite().catch((error: unknown) => {
          this.siteConfiguration = null;
          throw error;
        });
        return this.siteConfiguration;
      },
      redirectUri: (language: Language) =>
        siteClient(publicOriginOf(this.deps.config), "").redirect_uris![LANGUAGES.indexOf(language)]!,
      socialHintParameter: SOCIAL_HINT_PARAMETER,
      federatedAmr: FEDERATED_AMR,
    };
  }

  private async discoverAsSite(): Promise<client.Configuration> {
    const issuerOrigin = new URL(this.issuer).origin;
    const loopbackFetch: client.CustomFetch = (url, options) => {
      const target = url.startsWith(issuerOrigin) ? `${this.internalOrigin}${url.slice(issuerOrigin.length)}` : url;
      return fetch(target, options as RequestInit);
    };
    return client.discovery(
      new URL(this.issuer),
      SITE_CLIENT_ID,
      this.siteClientSecret,
      client.ClientSecretBasic(this.siteClientSecret),
      {
        [client.customFetch]: loopbackFetch,
        // The issuer is plain HTTP in development and tests; the calls themselves always go over loopback.
        execute: this.issuer.startsWith("http:") ? [client.allowInsecureRequests] : [],
      },
    );
  }

  /** Finishes a login interaction found by uid (the social callback, which has no interaction cookie). */
  async finishLoginByUid(uid: string, result: InteractionResults): Promise<string | null> {
    const interaction = await this.provider.Interaction.find(uid);
    if (!interaction || interaction.prompt.name !== "login") return null;
    interaction.result = result;
    const ttl = interaction.exp - Math.floor(Date.now() / 1000);
    if (ttl <= 0) return null;
    await interaction.save(ttl);
    return interaction.returnTo;
  }
}
