// Where a request comes from, for rate limits and throttles.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { trustedProxiesOf, type Config } from "../../lib/config.ts";
import { FRONT_CLIENT_ADDRESS_HEADER } from "../page-cache/front.ts";
import { fromFront } from "../page-cache/from-front.ts";

/** One matcher per configured list: the list is parsed once, not on every request. */
const matchers = new WeakMap<readonly string[], (peer: string | undefined) => boolean>();

/**
 * Where the client is: the edge's header (CLIENT_IP_HEADER) when configured, else the socket's peer (as
 * the front saw it). Anyone can send the edge's header: when TRUSTED_PROXIES names the proxies, it is
 * believed only from them, so a visitor who reaches a node directly cannot pick another's address.
 */
export function clientAddressOf(c: Context, config: Pick<Config, "CLIENT_IP_HEADER" | "TRUSTED_PROXIES">): string {
  const peer = peerAddressOf(c);
  const header = config.CLIENT_IP_HEADER;
  if (header && isBelieved(config.TRUSTED_PROXIES, peer)) {
    const fromEdge = c.req.header(header)?.split(",")[0]?.trim();
    if (fromEdge) return fromEdge.slice(0, 64);
  }
  return peer?.slice(0, 64) ?? "unknown";
}

function isBelieved(trustedProxies: readonly string[], peer: string | undefined): boolean {
  if (trustedProxies.length === 0) return true;
  let isTrusted = matchers.get(trustedProxies);
  if (!isTrusted) {
    isTrusted = trustedProxiesOf(trustedProxies);
    matchers.set(trustedProxies, isTrusted);
  }
  return isTrusted(peer);
}

function peerAddressOf(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address ?? fromFront(c, FRONT_CLIENT_ADDRESS_HEADER);
  } catch {
    // Requests that did not come through a socket (app.request in tests) have no peer.
    return undefined;
  }
}
