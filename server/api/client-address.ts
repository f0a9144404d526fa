// Where a request comes from, for rate limits and throttles.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** Where the client is: a trusted edge's header when configured, else the socket's peer. */
export function clientAddressOf(c: Context, header: string | undefined): string {
  const fromEdge = header ? c.req.header(header)?.split(",")[0]?.trim() : undefined;
  if (fromEdge) return fromEdge.slice(0, 64);
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // Requests that did not come through a socket (app.request in tests) have no peer.
    return "unknown";
  }
}
