// What a worker may take from the front's own headers. Workers listen only on unix sockets in a
// directory no one else can open (server/cluster.ts), so a request without a peer address came through
// the front, which drops any visitor's copies of these headers; from anywhere else they are ignored.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

export function fromFront(c: Context, header: string): string | undefined {
  try {
    if (getConnInfo(c).remote.address !== undefined) return undefined;
  } catch {
    // Requests that did not come through a socket (app.request in tests) have no front either.
    return undefined;
  }
  return c.req.header(header);
}
