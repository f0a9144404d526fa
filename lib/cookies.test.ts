import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COOKIE, COOKIE_MAX_AGE_SECONDS, parseCookieHeader } from "./cookies.ts";

describe("parseCookieHeader", () => {
  it("reads ordinary pairs", () => {
    expect(parseCookieHeader("travesia_lang=es; currency=USD;cart_session=abc")).toEqual({
      travesia_lang: "es",
      currency: "USD",
      cart_session: "abc",
    });
  });

  it("decodes escapes and strips quotes", () => {
    expect(parseCookieHeader('name="caf%C3%A9"; other=a%20b')).toEqual({ name: "café", other: "a b" });
  });

  it("keeps '=' inside a value", () => {
    expect(parseCookieHeader("token=a=b==")).toEqual({ token: "a=b==" });
  });

  it("keeps the first of duplicate names", () => {
    expect(parseCookieHeader("travesia_lang=pt; travesia_lang=es")).toEqual({ travesia_lang: "pt" });
  });

  it.each([
    ["bad=%E0%A4%A; good=1", { good: "1" }], // an escape that does not decode
    ["=orphan; good=1", { good: "1" }], // no name
    ["novalue; good=1", { good: "1" }], // no '='
    [";;; ; good=1;", { good: "1" }],
    ["", {}],
  ])("skips malformed pairs in %j", (header, expected) => {
    expect(parseCookieHeader(header)).toEqual(expected);
  });

  it("answers nothing for a missing or oversized header", () => {
    expect(parseCookieHeader(undefined)).toEqual({});
    expect(parseCookieHeader(null)).toEqual({});
    expect(parseCookieHeader(`a=1; ${"x".repeat(9000)}`)).toEqual({});
  });

  it("reads cookies named like Object properties, and never changes the result's prototype", () => {
    const parsed = parseCookieHeader("__proto__=x; constructor=y; toString=z");
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(["constructor", "toString"]);
    expect(parsed.constructor).toBe("y");
  });

  it("never throws", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (header) => {
        expect(typeof parseCookieHeader(header)).toBe("object");
      }),
    );
  });
});

describe("cookie constants", () => {
  it("keeps preferences for 7 days (604800 s)", () => {
    expect(COOKIE_MAX_AGE_SECONDS).toBe(604_800);
    expect(COOKIE.language).toBe("travesia_lang");
  });
});
