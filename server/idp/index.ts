// The hosted identity provider (ADR 0031): made by boot, mounted by createApp under /idp.
export {
  HostedIdentityProvider,
  FEDERATED_AMR,
  SOCIAL_HINT_PARAMETER,
  grantableScopes,
  languageOfUiLocales,
} from "./provider.ts";
export { identityProviderRoutes, interactionPagePath } from "./routes.ts";
export { SITE_CLIENT_ID, parseSocialProviders, parseThirdPartyClients } from "./clients.ts";
export { PostgresAdapter, sweepExpiredProviderRows } from "./adapter.ts";
