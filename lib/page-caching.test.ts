import { describe, expect, it } from "vitest";
import {
  deviceFromHint,
  isAnonymousVisitor,
  mergeVary,
  pageCacheHeaders,
  PRIVATE_PAGE_CACHE_CONTROL,
  SHARED_PAGE_CACHE_CONTROL,
  type PageAnswer,
} from "./page-caching.ts";

const anonymousHome: PageAnswer = {
  method: "GET",
  status: 200,
  cookies: {},
  cacheControl: null,
  vary: null,
  setCookieNames: [],
  geoCountryHeaders: ["CloudFront-Viewer-Country", "CF-IPCountry"],
  languageCookie: "travesia_lang",
};

describe("pageCacheHeaders", () => {
  it("lets a shared cache keep an anonymous visitor's page, varying on cookies, encoding and the country headers", () => {
    expect(pageCacheHeaders(anonymousHome)).toEqual({
      cacheControl: SHARED_PAGE_CACHE_CONTROL,
      vary: "Cookie, Accept-Encoding, CloudFront-Viewer-Country, CF-IPCountry",
    });
    expect(SHARED_PAGE_CACHE_CONTROL).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
  });

  it("still shares it when only the language cookie (the same for every visitor of the path) is kept or set", () => {
    expect(
      pageCacheHeaders({
        ...anonymousHome,
        cookies: { travesia_lang: "en", cookie_notice: "1" },
        setCookieNames: ["travesia_lang"],
      })?.cacheControl,
    ).toBe(SHARED_PAGE_CACHE_CONTROL);
  });

  it("keeps a page private when the visitor has a cart, a currency, a session or a client id", () => {
    for (const cookies of [
      { cart_session: "s" },
      { currency: "USD", currency_id: "2" },
      { "__Host-travesia_session": "x" },
      { perso_cid: "a".repeat(32) },
    ]) {
      expect(pageCacheHeaders({ ...anonymousHome, cookies })?.cacheControl).toBe(PRIVATE_PAGE_CACHE_CONTROL);
    }
  });

  it("keeps a page private when it sets a cookie of the visitor's own, or is not a 200", () => {
    expect(pageCacheHeaders({ ...anonymousHome, setCookieNames: ["travesia_lang", "perso_cid"] })?.cacheControl).toBe(
      PRIVATE_PAGE_CACHE_CONTROL,
    );
    expect(pageCacheHeaders({ ...anonymousHome, status: 404 })?.cacheControl).toBe(PRIVATE_PAGE_CACHE_CONTROL);
  });

  it("keeps what the route said (live seats, carts) and merges the route's Vary once", () => {
    expect(
      pageCacheHeaders({
        ...anonymousHome,
        cacheControl: "no-store",
        vary: "cookie, CloudFront-Viewer-Country-Region, Sec-CH-UA-Mobile",
      }),
    ).toEqual({
      cacheControl: "no-store",
      vary: "Cookie, Accept-Encoding, CloudFront-Viewer-Country, CF-IPCountry, CloudFront-Viewer-Country-Region, Sec-CH-UA-Mobile",
    });
  });

  it("says nothing about answers to forms", () => {
    expect(pageCacheHeaders({ ...anonymousHome, method: "POST" })).toBeNull();
  });
});

describe("helpers", () => {
  it("reads the device class from Sec-CH-UA-Mobile only", () => {
    expect(deviceFromHint("?1")).toBe("mobile");
    expect(deviceFromHint("?0")).toBe("desktop");
    expect(deviceFromHint(null)).toBeNull();
    expect(deviceFromHint("yes")).toBeNull();
  });

  it("knows an anonymous visitor by carrying no cookie but the language and the cookie notice", () => {
    expect(isAnonymousVisitor({})).toBe(true);
    expect(isAnonymousVisitor({ travesia_lang: "pt", cookie_notice: "1" })).toBe(true);
    expect(isAnonymousVisitor({ userInfo: "x" })).toBe(false);
    expect(isAnonymousVisitor({ _interaction: "uid" })).toBe(false); // a cookie nobody listed is personal
  });

  it("merges Vary names case-insensitively", () => {
    expect(mergeVary(["Cookie"], "cookie, Accept-Encoding")).toBe("Cookie, Accept-Encoding");
    expect(mergeVary(["Cookie"], null)).toBe("Cookie");
  });
});
