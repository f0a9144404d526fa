import { describe, expect, it, test } from "vitest";
import { ConfigError, parseConfig } from "../../lib/config.ts";
import { isAdminAuthorized } from "./admin-auth.ts";

const TOKEN = "k3y-0f-the-admin-api-0123456789abcdef";

describe("the admin bearer token", () => {
  it("opens the admin API only when it is exactly the configured one", () => {
    expect(isAdminAuthorized(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(isAdminAuthorized(`bearer ${TOKEN}`, TOKEN)).toBe(true);
  });

  test.each([
    ["no header", undefined],
    ["an empty header", ""],
    ["another scheme", `Basic ${TOKEN}`],
    ["the bare token", TOKEN],
    ["a prefix of it", `Bearer ${TOKEN.slice(0, -1)}`],
    ["a longer one", `Bearer ${TOKEN}x`],
    ["two tokens", `Bearer ${TOKEN} ${TOKEN}`],
    ["another case", `Bearer ${TOKEN.toUpperCase()}`],
  ])("is refused with %s", (_case, header) => {
    expect(isAdminAuthorized(header, TOKEN)).toBe(false);
  });

  it("refuses everything when no token is configured", () => {
    expect(isAdminAuthorized("Bearer ", undefined)).toBe(false);
    expect(isAdminAuthorized(`Bearer ${TOKEN}`, undefined)).toBe(false);
    expect(isAdminAuthorized("Bearer undefined", undefined)).toBe(false);
  });

  it("is optional in config, and at least 32 characters when set", () => {
    expect(parseConfig({}).ADMIN_API_TOKEN).toBeUndefined();
    expect(parseConfig({ ADMIN_API_TOKEN: "  " }).ADMIN_API_TOKEN).toBeUndefined();
    expect(parseConfig({ ADMIN_API_TOKEN: TOKEN }).ADMIN_API_TOKEN).toBe(TOKEN);
    expect(() => parseConfig({ ADMIN_API_TOKEN: "short" })).toThrow(ConfigError);
  });
});
