import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_RETURN_PATH_LENGTH, readReturnPath, toRoute } from "./return-path.ts";

describe("readReturnPath", () => {
  it.each([
    ["|es|carrito|", "/es/carrito/"],
    ["|en|carrito|payment-details|", "/en/carrito/payment-details/"],
    ["|pt|busca|?q=xcaret", "/pt/busca/?q=xcaret"],
    ["/es/", "/es/"],
    ["|es|..|..|etc|", "/etc/"],
  ])("%s → %s", (route, path) => {
    expect(readReturnPath(route)).toBe(path);
  });

  it.each([
    ["a protocol-relative address", "||evil.example|"],
    ["a backslash trick", "|\\evil.example"],
    ["an absolute URL", "https:||evil.example|"],
    ["a scheme", "javascript:alert(1)"],
    ["a relative path", "es|carrito|"],
    ["a control character", "|es|\u0000|"],
    ["a newline (header injection)", "|es|\r\nSet-Cookie: x=1"],
    ["nothing", ""],
    ["too long", `|${"a".repeat(MAX_RETURN_PATH_LENGTH)}`],
  ])("refuses %s", (_label, route) => {
    expect(readReturnPath(route)).toBeNull();
  });

  it("never leaves the site, whatever the input", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (route) => {
        const path = readReturnPath(route);
        if (path === null) return;
        expect(path.startsWith("/")).toBe(true);
        expect(path.startsWith("//")).toBe(false);
        expect(new URL(path, "https://travesia.invalid").origin).toBe("https://travesia.invalid");
      }),
    );
  });

  it("round-trips a path through the route form", () => {
    expect(readReturnPath(toRoute("/es/carrito/gracias/"))).toBe("/es/carrito/gracias/");
  });
});
