import { describe, expect, it } from "vitest";
import { isAppError } from "../../lib/errors.ts";
import { assertWebhookTarget, isPublicAddress } from "./targets.ts";

describe("isPublicAddress", () => {
  it("refuses loopback, private, link-local, carrier-grade NAT, multicast, documentation and unspecified addresses", () => {
    for (const address of [
      "127.0.0.1",
      "127.8.8.8",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.0.10",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "192.0.2.1",
      "::",
      "::1",
      "fd12:3456::1",
      "fe80::1",
      "ff02::1",
      "::ffff:10.0.0.1",
      "::ffff:169.254.169.254",
      "[::1]",
      "64:ff9b::a00:1",
      "not an address",
      "",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("lets the public internet through", () => {
    for (const address of [
      "93.184.216.34",
      "8.8.8.8",
      "172.32.0.1",
      "1.1.1.1",
      "2606:4700:4700::1111",
      "::ffff:8.8.8.8",
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });
});

describe("assertWebhookTarget", () => {
  const refused = async (url: string, resolve: (host: string) => Promise<string[]>) => {
    try {
      await assertWebhookTarget(url, { allowPrivate: false }, resolve);
      return null;
    } catch (error) {
      return isAppError(error) ? error.code : String(error);
    }
  };

  it("checks the addresses a name resolves to, not its spelling: any one off the public internet refuses it", async () => {
    expect(await refused("https://hooks.partner.example/x", async () => ["93.184.216.34"])).toBeNull();
    expect(await refused("https://metadata.partner.example/x", async () => ["169.254.169.254"])).toBe(
      "WEBHOOK_TARGET_NOT_ALLOWED",
    );
    expect(await refused("https://split.partner.example/x", async () => ["93.184.216.34", "10.0.0.5"])).toBe(
      "WEBHOOK_TARGET_NOT_ALLOWED",
    );
    expect(await refused("https://10.0.0.5/x", async () => ["93.184.216.34"])).toBe("WEBHOOK_TARGET_NOT_ALLOWED");
    // Not resolvable yet: accepted here, checked again at every delivery.
    expect(await refused("https://not-yet.partner.example/x", () => Promise.reject(new Error("ENOTFOUND")))).toBeNull();
  });

  it("lets anything through where private targets are allowed", async () => {
    await expect(
      assertWebhookTarget("http://127.0.0.1:9/x", { allowPrivate: true }, async () => []),
    ).resolves.toBeUndefined();
  });
});
