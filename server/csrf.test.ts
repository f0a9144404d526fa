import { describe, expect, it } from "vitest";
import { isForgedCrossSiteRequest, type CsrfInput } from "./csrf.ts";

const base: CsrfInput = {
  method: "POST",
  path: "/user-logout/",
  hasCookies: true,
  secFetchSite: undefined,
  origin: undefined,
  ownOrigins: ["https://www.travesia.mx"],
};

describe("isForgedCrossSiteRequest", () => {
  it.each([
    ["a same-origin fetch", { secFetchSite: "same-origin" }, false],
    ["a typed or bookmarked navigation", { secFetchSite: "none" }, false],
    ["another site's form", { secFetchSite: "cross-site" }, true],
    ["a sibling subdomain", { secFetchSite: "same-site" }, true],
    ["our Origin without Sec-Fetch-Site (older browsers)", { origin: "https://www.travesia.mx" }, false],
    ["another Origin without Sec-Fetch-Site", { origin: "https://evil.example" }, true],
    ["an opaque Origin (sandboxed frame, data: URL)", { origin: "null" }, true],
    ["no browser headers at all (a server, curl)", {}, false],
    ["a request without cookies from another site", { hasCookies: false, secFetchSite: "cross-site" }, false],
    ["a GET from another site (navigation)", { method: "GET", secFetchSite: "cross-site" }, false],
    ["a DELETE from another site", { method: "DELETE", secFetchSite: "cross-site" }, true],
    [
      "the identity provider's token endpoint from a client's origin",
      { path: "/idp/token", secFetchSite: "cross-site" },
      false,
    ],
    [
      "the identity provider's interaction form from another site",
      { path: "/idp/interaction/abc/login", secFetchSite: "cross-site" },
      true,
    ],
  ] as const)("%s", (_name, change, forged) => {
    expect(isForgedCrossSiteRequest({ ...base, ...change })).toBe(forged);
  });
});
