// Closing a server's connections as they fall idle while it drains. `server.close()` stops accepting
// and closes the connections idle at that moment; a keep-alive connection whose request was still in
// flight becomes idle a moment later and would otherwise hold the drain until the shutdown timeout,
// so a rolling restart would wait the whole timeout on any busy node.
import type { Server } from "node:http";

const IDLE_SWEEP_MS = 250;

/** Closes idle connections now and every quarter second until the server has closed. */
export function closeConnectionsAsTheyIdle(server: Server): void {
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  sweep.unref();
  server.once("close", () => clearInterval(sweep));
}
