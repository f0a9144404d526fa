// Search tokens: accepted until they expire, refused when forged, truncated, another site's or absent.
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { bearerTokenOf, issueSearchToken, verifySearchToken, SEARCH_TOKEN_TTL_SECONDS } from "./token.ts";
import { readHostPath } from "./host-path.ts";

const SECRET = "a-search-token-secret-of-32-characters!";
const NOW = new Date("2030-05-01T12:00:00Z");
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : `not an AppError: ${String(error)}`;
  }
}

describe("search tokens", () => {
  const { token, expiresAt } = issueSearchToken(SECRET, "travesia", NOW);

  it("are accepted until they expire, 15 minutes after issue", () => {
    expect(expiresAt).toEqual(later(SEARCH_TOKEN_TTL_SECONDS));
    expect(codeOf(() => verifySearchToken(SECRET, token, "travesia", later(SEARCH_TOKEN_TTL_SECONDS - 1)))).toBeNull();
    expect(codeOf(() => verifySearchToken(SECRET, token, "travesia", later(SEARCH_TOKEN_TTL_SECONDS)))).toBe(
      "SEARCH_TOKEN_EXPIRED",
    );
  });

  it("differ when issued in the same second", () => {
    expect(issueSearchToken(SECRET, "travesia", NOW).token).not.toBe(token);
  });

  it.each([
    ["absent", null],
    ["empty", ""],
    ["not three parts", "st1.abc"],
    ["another version", token.replace(/^st1/, "st2")],
    ["a forged signature", `${token.slice(0, -2)}AA`],
    ["a changed payload", token.replace(/\.([^.]+)\./, (_whole, payload: string) => `.${payload.slice(1)}A.`)],
    ["far too long", `st1.${"a".repeat(600)}.b`],
    ["signed with another secret", issueSearchToken(`${SECRET}-other`, "travesia", NOW).token],
    ["another site's", issueSearchToken(SECRET, "other-site", NOW).token],
  ])("are refused when %s", (_case, candidate) => {
    expect(codeOf(() => verifySearchToken(SECRET, candidate, "travesia", NOW))).toBe("SEARCH_TOKEN_INVALID");
  });

  it("come from an Authorization: Bearer header only", () => {
    expect(bearerTokenOf(`Bearer ${token}`)).toBe(token);
    expect(bearerTokenOf(`bearer  ${token} `)).toBe(token);
    expect(bearerTokenOf(`Basic ${token}`)).toBeNull();
    expect(bearerTokenOf(undefined)).toBeNull();
  });
});

describe("the host-path header", () => {
  const allowed = ["www.travesia.mx", "127.0.0.1:3000"];

  it("gives the host, the path and the path's language", () => {
    expect(readHostPath("www.travesia.mx/es/busqueda/", allowed)).toEqual({
      host: "www.travesia.mx",
      path: "/es/busqueda/",
      language: "es",
    });
    expect(readHostPath("127.0.0.1:3000/pt/", allowed).language).toBe("pt");
    expect(readHostPath("WWW.Travesia.MX", allowed)).toEqual({ host: "www.travesia.mx", path: "/", language: "en" });
  });

  it.each([
    undefined,
    "",
    "   ",
    "/es/",
    "www.travesia.mx es",
    "www.travesia.mx/es/\u0000",
    `www.travesia.mx/${"a".repeat(2000)}`,
  ])("is refused as INVALID_HOST_PATH when %j", (value) => {
    expect(codeOf(() => readHostPath(value, allowed))).toBe("INVALID_HOST_PATH");
  });

  it("is refused as HOST_NOT_ALLOWED for another site's host", () => {
    expect(codeOf(() => readHostPath("evil.example/es/", allowed))).toBe("HOST_NOT_ALLOWED");
    expect(codeOf(() => readHostPath("127.0.0.1:3001/es/", allowed))).toBe("HOST_NOT_ALLOWED");
  });
});
