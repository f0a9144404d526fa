// A stand-in for Google or Facebook in tests (ADR 0031): a second oidc-provider, in memory, with its
// development login page (any login and password sign in), one client registered for our identity
// provider, and e-mail claims made from the login: "ana" signs in as ana@upstream.test, verified;
// a login starting with "unverified" has an address the upstream did not verify.
//
//   node tests/setup/upstream-idp.mjs <port> <redirect URI> [<redirect URI> …]
//
// Also importable: startUpstreamIdp({ port, redirectUris }) → { issuer, close() }.
import http from "node:http";
import { fileURLToPath } from "node:url";
import Provider from "oidc-provider";

export const UPSTREAM_CLIENT_ID = "travesia-idp";
export const UPSTREAM_CLIENT_SECRET = "upstream-test-client-secret-0123456789abcdef";

/** The address a dev login signs in with. */
export function upstreamEmailOf(login) {
  return login.includes("@") ? login : `${login}@upstream.test`;
}

export async function startUpstreamIdp({ port = 0, redirectUris }) {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: UPSTREAM_CLIENT_ID,
        client_secret: UPSTREAM_CLIENT_SECRET,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    // ID tokens carry the claims, as Google's do: the relying party needs no userinfo call.
    conformIdTokenClaims: false,
    cookies: { keys: ["upstream-test-cookie-key"] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        email: upstreamEmailOf(sub),
        email_verified: !sub.startsWith("unverified"),
        given_name: "Ana",
        family_name: "Upstream",
      }),
    }),
    features: { devInteractions: { enabled: true } },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [port, ...redirectUris] = process.argv.slice(2);
  if (!port || redirectUris.length === 0) {
    process.stderr.write("usage: node tests/setup/upstream-idp.mjs <port> <redirect URI> [...]\n");
    process.exit(2);
  }
  const upstream = await startUpstreamIdp({ port: Number(port), redirectUris });
  process.stdout.write(`upstream identity provider at ${upstream.issuer}\n`);
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => upstream.close().then(() => process.exit(0)));
}
