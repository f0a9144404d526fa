import { describe, expect, it } from "vitest";
import { trustedProxiesOf } from "../../lib/config.ts";
import { pinForwardedHeaders } from "./forwarded-headers.ts";

const forged = () => ({
  host: "evil.example",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "http",
  "x-forwarded-for": "203.0.113.9",
  forwarded: "host=evil.example",
});

describe("pinForwardedHeaders", () => {
  it("pins host and protocol to the public origin, whoever sent them", () => {
    for (const fromTrustedProxy of [false, true]) {
      const headers = forged();
      pinForwardedHeaders(headers, { publicOrigin: new URL("https://www.travesia.mx"), fromTrustedProxy });
      expect(headers).toMatchObject({ "x-forwarded-host": "www.travesia.mx", "x-forwarded-proto": "https" });
      expect(headers["x-forwarded-for"]).toBe(fromTrustedProxy ? "203.0.113.9" : undefined);
    }
  });

  it("without a public origin, drops what no trusted proxy sent and keeps what one did", () => {
    const untrusted = forged();
    pinForwardedHeaders(untrusted, { publicOrigin: null, fromTrustedProxy: false });
    expect(untrusted).toEqual({ host: "evil.example" });
    const trusted = forged();
    pinForwardedHeaders(trusted, { publicOrigin: null, fromTrustedProxy: true });
    expect(trusted).toEqual(forged());
  });
});

describe("trustedProxiesOf", () => {
  it("trusts the listed addresses and blocks, IPv4 seen through IPv6 too, and nobody when none is listed", () => {
    const isTrusted = trustedProxiesOf(["10.0.0.0/8", "192.0.2.7", "fd00::/8"]);
    for (const peer of ["10.1.2.3", "::ffff:10.1.2.3", "192.0.2.7", "fd00::1"])
      expect(isTrusted(peer), peer).toBe(true);
    for (const peer of ["192.0.2.8", "127.0.0.1", "fe80::1", undefined, "nonsense"])
      expect(isTrusted(peer), String(peer)).toBe(false);
    expect(trustedProxiesOf([])("10.1.2.3")).toBe(false);
  });
});
