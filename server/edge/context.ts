// Typed per-request context (house style 2): the server sets these once per request and loaders
// and actions read them. No module-level singletons reach a route.
import { createContext } from "react-router";
import type { Configuration as OpenIdConfiguration } from "openid-client";
import type { Clock } from "../../lib/clock.ts";
import type { Config } from "../../lib/config.ts";
import type { Database } from "../../lib/db.ts";
import type { Language } from "../../lib/language.ts";
import type { Logger } from "../../lib/logger.ts";
import type { RateLimiter } from "../../lib/rate-limit.ts";
import type { PaymentProvider } from "../../modules/payments/index.ts";
import type { Mailer } from "../../modules/mail/index.ts";
import type { PersonalizationService } from "../../modules/personalization/index.ts";
import type { SearchService } from "../../modules/search/index.ts";
import type { CachedSource } from "../../lib/cached-source.ts";
import type { SiteConfig } from "../../modules/site/index.ts";

export interface AppServices {
  db: Database;
  clock: Clock;
  config: Config;
  logger: Logger;
  /** The site search: this process's index (rebuilt when stale) and the token secret. */
  search: SearchService;
  /**
   * The in-process sandbox PSP's own connections (ADR 0034): it plays a third party, and the calls our
   * checkout makes to it must not wait behind the very requests that are waiting for them. The shared
   * `db` where none is given (PGlite, tests).
   */
  sandboxPspDb?: Database;
  /** The payment provider checkout charges through (the in-process sandbox unless PAYMENT_PROVIDER_URL). */
  payments: PaymentProvider;
  /** Sends mail over SMTP_URL, or keeps it in the outbox when none is configured. */
  mailer: Mailer;
  /**
   * The site's languages and flags as pages read them: read again at most once a second per process
   * (ADR 0072), so an operator's edit shows on every node within that second.
   */
  siteConfig: CachedSource<SiteConfig>;
  /** The personalization service's in-process caches of slot content (60 s). */
  personalization: PersonalizationService;
  /**
   * Per-client limits (holds per cart and address, waiting-list joins, manage-booking look-ups), counted
   * in the database so that every node shares them (ADR 0048).
   */
  rateLimiter: RateLimiter;
  /** The hosted identity provider's side of sessions (server/idp): null where this process mounts none. */
  identityProvider: IdentityProviderPort | null;
}

/** What the site asks of the identity provider about the sessions it opened. */
export interface IdentityProviderPort {
  /** The account an access token was issued for, if the token is live (GET /user-info-social/). */
  accountOfAccessToken(
    token: string,
  ): Promise<{ accountId: string; viaSocialProvider: boolean; grantId: string; scopes: string[] } | null>;
  /** Revokes a grant and every token issued under it (logout). */
  revokeGrant(grantId: string): Promise<void>;
  /** What the provider's login or consent page shows; null when the interaction is over or unknown. */
  interactionView(uid: string): Promise<InteractionView | null>;
  /** The upstream social providers the login offers (Google and Facebook in production). */
  readonly socialProviders: readonly { id: string; name: string }[];
  /** The site as a relying party of its own provider (the code flow of the auth page). */
  siteRelyingParty(): SiteRelyingParty;
}

export interface InteractionView {
  uid: string;
  prompt: "login" | "consent";
  language: Language;
  clientName: string;
  firstParty: boolean;
  /** Scopes the consent page asks for (without openid). */
  scopes: string[];
  socialProviders: { id: string; name: string }[];
}

export interface SiteRelyingParty {
  configuration(): Promise<OpenIdConfiguration>;
  redirectUri(language: Language): string;
  /** The authorization parameter that sends the provider's login straight to one social provider. */
  socialHintParameter: string;
  /** The amr value of a sign-in through a social provider. */
  federatedAmr: string;
}

export interface RequestInfo {
  requestId: string;
  /** Logger bound to this request's id: every line it writes can be traced to the request. */
  logger: Logger;
  /** CSP nonce for the inline scripts React Router writes into the document. */
  nonce: string;
  /** The client's address (a trusted edge's header, else the socket's peer): what throttles count by. */
  clientAddress: string;
  /** Two-letter country from the edge geolocation header, when present. */
  country: string | null;
  /** The site this request is served for: its languages and feature flags. */
  site: SiteConfig;
}

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestInfo>();
