import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddressOf } from "./client-address.ts";

const EDGE = "X-Client-Address";
let current: { CLIENT_IP_HEADER: string | undefined; TRUSTED_PROXIES: string[] } = {
  CLIENT_IP_HEADER: EDGE,
  TRUSTED_PROXIES: [],
};
const app = new Hono().get("/", (c) => c.text(clientAddressOf(c, current)));
let server: ReturnType<typeof serve>;
let origin = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
      origin = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function addressSeen(headers: Record<string, string>): Promise<string> {
  return (await fetch(origin, { headers })).text();
}

describe("clientAddressOf", () => {
  it("believes the edge's header from any peer when no proxy is named, and the peer without it", async () => {
    current = { CLIENT_IP_HEADER: EDGE, TRUSTED_PROXIES: [] };
    expect(await addressSeen({ [EDGE]: "203.0.113.9, 10.0.0.1" })).toBe("203.0.113.9");
    expect(await addressSeen({})).toBe("127.0.0.1");
  });

  it("believes the edge's header only from a named proxy", async () => {
    current = { CLIENT_IP_HEADER: EDGE, TRUSTED_PROXIES: ["127.0.0.0/8"] };
    expect(await addressSeen({ [EDGE]: "203.0.113.9" })).toBe("203.0.113.9");
    // A visitor reaching the node directly, not through the proxy, cannot choose an address.
    current = { CLIENT_IP_HEADER: EDGE, TRUSTED_PROXIES: ["10.0.0.0/8"] };
    expect(await addressSeen({ [EDGE]: "203.0.113.9" })).toBe("127.0.0.1");
  });

  it("ignores the header when none is configured", async () => {
    current = { CLIENT_IP_HEADER: undefined, TRUSTED_PROXIES: [] };
    expect(await addressSeen({ [EDGE]: "203.0.113.9" })).toBe("127.0.0.1");
  });
});
