// What the identity provider is told about where a request was addressed (ADR 0049). oidc-provider
// (Koa with `proxy` on) takes its host and protocol from X-Forwarded-Host and X-Forwarded-Proto, and
// the address from X-Forwarded-For, which any client can send. With a configured public origin those
// headers are overwritten with it, so no request can move the provider's endpoints, redirects or
// cookies to another host; without one (development), they are dropped unless a trusted proxy sent them.
import type { IncomingHttpHeaders } from "node:http";

const FORWARDED = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-for", "forwarded"] as const;

export function pinForwardedHeaders(
  headers: IncomingHttpHeaders,
  options: { publicOrigin: URL | null; fromTrustedProxy: boolean },
): void {
  if (!options.fromTrustedProxy) for (const name of FORWARDED) delete headers[name];
  if (options.publicOrigin) {
    headers["x-forwarded-host"] = options.publicOrigin.host;
    headers["x-forwarded-proto"] = options.publicOrigin.protocol.replace(/:$/, "");
  }
}
