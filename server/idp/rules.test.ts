// The identity provider's pure decisions: which scopes an account may have, the page language of an
// interaction, and the configuration it refuses to start with.
import { describe, expect, it } from "vitest";
import { parseSocialProviders, parseThirdPartyClients, siteRedirectUris } from "./clients.ts";
import { parseJwks } from "./keys.ts";
import { grantableScopes, languageOfUiLocales } from "./provider.ts";

describe("grantableScopes", () => {
  it("grants admin to staff only, and drops scopes it does not know", () => {
    expect(grantableScopes(["openid", "email", "admin", "offline_access"], false)).toEqual({
      granted: ["openid", "email"],
      refused: ["admin"],
    });
    expect(grantableScopes(["openid", "admin"], true)).toEqual({ granted: ["openid", "admin"], refused: [] });
  });
});

describe("languageOfUiLocales", () => {
  it("takes the first language we speak, else English", () => {
    expect(languageOfUiLocales("pt-BR es")).toBe("pt");
    expect(languageOfUiLocales("fr de es-MX")).toBe("es");
    expect(languageOfUiLocales("fr")).toBe("en");
    expect(languageOfUiLocales(undefined)).toBe("en");
  });
});

describe("configuration", () => {
  it("redirects the site to the auth page of each language", () => {
    expect(siteRedirectUris("https://www.travesia.mx")).toEqual([
      "https://www.travesia.mx/es/auth/",
      "https://www.travesia.mx/en/auth/",
      "https://www.travesia.mx/pt/auth/",
    ]);
  });

  it("reads social providers and refuses malformed or duplicated ones", () => {
    const google = {
      id: "google",
      name: "Google",
      issuer: "https://accounts.google.com",
      clientId: "id",
      clientSecret: "secret",
    };
    expect(parseSocialProviders(JSON.stringify([google]))).toEqual([google]);
    expect(parseSocialProviders("[]")).toEqual([]);
    expect(() => parseSocialProviders("{")).toThrow(/not JSON/);
    expect(() => parseSocialProviders(JSON.stringify([{ ...google, issuer: "nope" }]))).toThrow(/SOCIAL_PROVIDERS/);
    expect(() => parseSocialProviders(JSON.stringify([google, google]))).toThrow(/same id/);
  });

  it("refuses a third-party client that takes the site's id or has no redirect URI", () => {
    expect(() =>
      parseThirdPartyClients(JSON.stringify([{ client_id: "travesia-web", redirect_uris: ["https://x.example/cb"] }])),
    ).toThrow(/reserved/);
    expect(() => parseThirdPartyClients(JSON.stringify([{ client_id: "partner", redirect_uris: [] }]))).toThrow(
      /OIDC_CLIENTS/,
    );
    expect(
      parseThirdPartyClients(
        JSON.stringify([
          { client_id: "partner", redirect_uris: ["https://x.example/cb"], logo_uri: "https://x.example/l.png" },
        ]),
      )[0],
    ).toHaveProperty("logo_uri");
  });

  it("accepts a private JWKS only", () => {
    expect(() => parseJwks("nope")).toThrow(/not JSON/);
    expect(() => parseJwks(JSON.stringify({ keys: [{ kty: "RSA", n: "x", e: "AQAB" }] }))).toThrow(/private key/);
    expect(parseJwks(JSON.stringify({ keys: [{ kty: "RSA", n: "x", e: "AQAB", d: "y" }] })).keys).toHaveLength(1);
  });
});
