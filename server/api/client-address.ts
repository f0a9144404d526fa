// Where a request comes from, for rate limits and throttles.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { FRONT_CLIENT_ADDRESS_HEADER } from "../page-cache/front.ts";
import { fromFront } from "../page-cache/from-front.ts";

/** Where the client is: a trusted edge's header when configured, else the socket's peer (seen by the front). */
export function clientAddressOf(c: Context, header: string | undefined): string {
  const fromEdge = header ? c.req.header(header)?.split(",")[0]?.trim() : undefined;
  if (fromEdge) return fromEdge.slice(0, 64);
  try {
    return getConnInfo(c).remote.address ?? fromFront(c, FRONT_CLIENT_ADDRESS_HEADER)?.slice(0, 64) ?? "unknown";
  } catch {
    // Requests that did not come through a socket (app.request in tests) have no peer.
    return "unknown";
  }
}
