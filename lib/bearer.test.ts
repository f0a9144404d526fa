import { describe, expect, it, test } from "vitest";
import { bearerOf, isSameSecret } from "./bearer.ts";
import { ConfigError, parseConfig } from "./config.ts";

const TOKEN = "k3y-0f-the-admin-api-0123456789abcdef";

describe("the admin bearer token", () => {
  it("opens the admin API only when it is exactly the configured one", () => {
    expect(isSameSecret(TOKEN, TOKEN)).toBe(true);
  });

  test.each([
    ["an empty token", ""],
    ["a prefix of it", TOKEN.slice(0, -1)],
    ["a longer one", `${TOKEN}x`],
    ["another case", TOKEN.toUpperCase()],
  ])("is refused with %s", (_case, token) => {
    expect(isSameSecret(token, TOKEN)).toBe(false);
  });

  it("is read from an Authorization header with the Bearer scheme only", () => {
    expect(bearerOf(`Bearer ${TOKEN}`)).toBe(TOKEN);
    expect(bearerOf(`bearer ${TOKEN}`)).toBe(TOKEN);
    expect(bearerOf(`Basic ${TOKEN}`)).toBeNull();
    expect(bearerOf(TOKEN)).toBeNull();
    expect(bearerOf(`Bearer ${TOKEN} ${TOKEN}`)).toBeNull();
    expect(bearerOf(undefined)).toBeNull();
    expect(bearerOf("Bearer ")).toBeNull();
  });

  it("refuses everything when no token is configured", () => {
    expect(isSameSecret("", undefined)).toBe(false);
    expect(isSameSecret(TOKEN, undefined)).toBe(false);
    expect(isSameSecret("undefined", undefined)).toBe(false);
  });

  it("is optional in config, and at least 32 characters when set", () => {
    expect(parseConfig({ NODE_ENV: "test" }).ADMIN_API_TOKEN).toBeUndefined();
    expect(parseConfig({ NODE_ENV: "test", ADMIN_API_TOKEN: "  " }).ADMIN_API_TOKEN).toBeUndefined();
    expect(parseConfig({ NODE_ENV: "test", ADMIN_API_TOKEN: TOKEN }).ADMIN_API_TOKEN).toBe(TOKEN);
    expect(() => parseConfig({ NODE_ENV: "test", ADMIN_API_TOKEN: "short" })).toThrow(ConfigError);
  });
});
