import { describe, expect, it } from "vitest";
import { acceptRequestId, newRequestId, newSecret128, pooledRandomBytes } from "./ids.ts";

describe("request ids", () => {
  it("keeps a safe incoming id", () => {
    expect(acceptRequestId("abcDEF12-_x")).toBe("abcDEF12-_x");
  });

  it.each([
    undefined,
    null,
    "",
    "short",
    "has space in it",
    "new\nline-injected",
    "x".repeat(65),
    "<script>alert</script>",
  ])("replaces the unsafe id %j with a fresh one", (candidate) => {
    const id = acceptRequestId(candidate);
    expect(id).not.toBe(candidate);
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it("makes distinct ids and 128-bit secrets", () => {
    const ids = new Set(Array.from({ length: 1000 }, newRequestId));
    expect(ids.size).toBe(1000);
    expect(newSecret128()).toMatch(/^[0-9a-f]{32}$/);
    expect(newSecret128()).not.toBe(newSecret128());
  });
});

describe("pooled random bytes", () => {
  it("hands out bytes that no later draw changes, across several refills of the pool", () => {
    const draws = Array.from({ length: 2000 }, () => pooledRandomBytes(16));
    const copies = draws.map((draw) => Buffer.from(draw).toString("hex"));
    pooledRandomBytes(5000); // larger than a pool: a pool of its own

    expect(draws.map((draw) => draw.toString("hex"))).toEqual(copies);
    expect(new Set(copies).size).toBe(copies.length);
    expect(draws.every((draw) => draw.length === 16)).toBe(true);
    expect(pooledRandomBytes(5000)).toHaveLength(5000);
  });
});
