// Who may use the identity provider (ADR 0031): the site itself, first-party (no consent page), and the
// third-party clients of OIDC_CLIENTS (shown the consent page); and the upstream social providers of
// SOCIAL_PROVIDERS that the login page offers. Parsed at start: a bad value stops the process.
import { z } from "zod";
import type { ClientMetadata } from "oidc-provider";
import { LANGUAGES } from "../../lib/language.ts";
import { PAGES } from "../../lib/routing/pages.ts";

export const SITE_CLIENT_ID = "travesia-web";

export const SCOPES = ["openid", "email", "profile", "phone", "admin"] as const;

/** The auth return page of each language on the public origin: the site's redirect URIs. */
export function siteRedirectUris(publicOrigin: string): string[] {
  return LANGUAGES.map((language) => `${publicOrigin}${PAGES.auth.paths[language]}`);
}

export function siteClient(publicOrigin: string, secret: string): ClientMetadata {
  return {
    client_id: SITE_CLIENT_ID,
    client_secret: secret,
    client_name: "Travesía",
    redirect_uris: siteRedirectUris(publicOrigin),
    grant_types: ["authorization_code"],
    response_types: ["code"],
    token_endpoint_auth_method: "client_secret_basic",
  };
}

const ThirdPartyClientSchema = z
  .object({
    client_id: z
      .string()
      .regex(/^[A-Za-z0-9._-]{3,64}$/)
      .refine((id) => id !== SITE_CLIENT_ID, "the site's own client id is reserved"),
    client_secret: z.string().min(32).optional(),
    client_name: z.string().min(1).max(100).optional(),
    redirect_uris: z.array(z.url()).min(1),
  })
  .loose();

export function parseThirdPartyClients(text: string): ClientMetadata[] {
  const parsed = z.array(ThirdPartyClientSchema).safeParse(safeJson(text, "OIDC_CLIENTS"));
  if (!parsed.success)
    throw new Error(
      `OIDC_CLIENTS is not a list of clients: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
    );
  return parsed.data as ClientMetadata[];
}

export interface SocialProviderConfig {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const SocialProviderSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{2,32}$/),
  name: z.string().min(1).max(40),
  issuer: z.url(),
  clientId: z.string().min(1).max(512),
  clientSecret: z.string().min(1).max(512),
});

export function parseSocialProviders(text: string): SocialProviderConfig[] {
  const parsed = z.array(SocialProviderSchema).safeParse(safeJson(text, "SOCIAL_PROVIDERS"));
  if (!parsed.success)
    throw new Error(
      `SOCIAL_PROVIDERS is not a list of {id, name, issuer, clientId, clientSecret}: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
    );
  const ids = new Set(parsed.data.map((provider) => provider.id));
  if (ids.size !== parsed.data.length) throw new Error("SOCIAL_PROVIDERS has two providers with the same id");
  return parsed.data;
}

function safeJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${name} is not JSON`);
  }
}
