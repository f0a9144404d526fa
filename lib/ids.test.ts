import { describe, expect, it } from "vitest";
import { acceptRequestId, newRequestId, newSecret128 } from "./ids.ts";

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
