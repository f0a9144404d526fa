import { createPublicKey, webcrypto } from "node:crypto";
import { describe, expect, it } from "vitest";
import { boardingKeysOf, openBoardingList, signBoardingList } from "./signed-list.ts";

const SECRET = "a-test-ticket-signing-secret-of-32+chars";
const NOW = new Date("2026-12-01T12:00:00Z");

function sample() {
  return {
    issuedAt: NOW.toISOString(),
    expiresAt: new Date(NOW.getTime() + 3_600_000).toISOString(),
    serviceDate: "2026-12-01",
    chosen: [10],
    sailings: [
      {
        id: 10,
        crossingId: 1,
        crossingCode: "CUN-ISJ",
        from: "Cancún",
        to: "Isla Mujeres",
        departsAt: NOW.toISOString(),
        time: "06:00",
        capacity: 100,
        taken: 3,
      },
    ],
    tickets: [
      {
        code: "7K2M9Q-A01",
        mac: "abcdefghijklmnopqrstuv",
        sailingId: 10,
        crossingId: null,
        validUntil: null,
        passengerType: "adult" as const,
        fareCategory: "resident" as const,
        passengerName: "Ana López",
        bookingReference: "7K2M9Q",
        cancelled: false,
        boardedAt: null,
        boardedSailingId: null,
      },
    ],
  };
}

describe("the signed boarding list", () => {
  it("derives one key from the secret (every node signs alike) and another from another secret", () => {
    expect(boardingKeysOf(SECRET).keyId).toBe(boardingKeysOf(`${SECRET}`).keyId);
    expect(boardingKeysOf(`${SECRET}-other`).keyId).not.toBe(boardingKeysOf(SECRET).keyId);
    expect(boardingKeysOf(SECRET).publicJwk).toMatchObject({ kty: "EC", crv: "P-256" });
  });

  it("opens a list signed with the key, until it expires", () => {
    const keys = boardingKeysOf(SECRET);
    const signed = signBoardingList(keys, sample());
    expect(openBoardingList(keys, signed, NOW)?.tickets[0]?.code).toBe("7K2M9Q-A01");
    expect(openBoardingList(keys, signed, new Date(NOW.getTime() + 3_600_000))).toBeNull();
  });

  it("refuses a list whose text or signature was changed, or signed by another key", () => {
    const keys = boardingKeysOf(SECRET);
    const signed = signBoardingList(keys, sample());
    expect(
      openBoardingList(keys, { ...signed, list: signed.list.replace('"cancelled":false', '"cancelled":true') }, NOW),
    ).toBeNull();
    const flipped = Buffer.from(signed.signature, "base64url");
    flipped[5] = flipped[5]! ^ 1;
    expect(openBoardingList(keys, { ...signed, signature: flipped.toString("base64url") }, NOW)).toBeNull();
    const other = signBoardingList(boardingKeysOf(`${SECRET}-other`), sample());
    expect(openBoardingList(keys, { ...other, keyId: keys.keyId }, NOW)).toBeNull();
  });

  it("is verified by WebCrypto from the public JWK, as the scanner page does", async () => {
    const keys = boardingKeysOf(SECRET);
    const signed = signBoardingList(keys, sample());
    const key = await webcrypto.subtle.importKey("jwk", keys.publicJwk, { name: "ECDSA", namedCurve: "P-256" }, false, [
      "verify",
    ]);
    const verify = (text: string) =>
      webcrypto.subtle.verify(
        { name: "ECDSA", hash: "SHA-256" },
        key,
        Buffer.from(signed.signature, "base64url"),
        new TextEncoder().encode(text),
      );
    expect(await verify(signed.list)).toBe(true);
    expect(await verify(`${signed.list} `)).toBe(false);
    // The JWK is the same key node exports.
    expect(createPublicKey({ key: keys.publicJwk, format: "jwk" }).export({ format: "jwk" })).toMatchObject(
      keys.publicJwk,
    );
  });
});
