import { describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../lib/language.ts";
import {
  hasMalformedEscapes,
  isApiPath,
  isJsonOnlyPath,
  isPagePath,
  languageCookie,
  pageRedirectTarget,
  rootRedirectTarget,
} from "./pages.ts";

const ALL: readonly Language[] = LANGUAGES;

describe("rootRedirectTarget: cookie, then Accept-Language, then English", () => {
  it.each([
    [{ cookieLanguage: "es", acceptLanguage: "pt-BR,pt;q=0.9", offered: ALL }, "/es/"], // the cookie wins
    [{ cookieLanguage: undefined, acceptLanguage: "pt-BR,pt;q=0.9", offered: ALL }, "/pt/"],
    [{ cookieLanguage: "fr", acceptLanguage: "es-MX", offered: ALL }, "/es/"], // an unknown cookie is ignored
    [{ cookieLanguage: "", acceptLanguage: "es-MX", offered: ALL }, "/es/"],
    [{ cookieLanguage: undefined, acceptLanguage: undefined, offered: ALL }, "/en/"],
    [{ cookieLanguage: undefined, acceptLanguage: "fr-FR,de;q=0.5", offered: ALL }, "/en/"],
    [{ cookieLanguage: undefined, acceptLanguage: "garbage;;q=x", offered: ALL }, "/en/"],
  ] as const)("%j → %s", (input, target) => {
    expect(rootRedirectTarget(input)).toBe(target);
  });

  it("offers only the site's languages", () => {
    const offered: Language[] = ["es", "en"];
    expect(rootRedirectTarget({ cookieLanguage: "pt", acceptLanguage: "es", offered })).toBe("/es/"); // cookie not offered
    expect(rootRedirectTarget({ cookieLanguage: "pt", acceptLanguage: "pt-BR", offered })).toBe("/en/");
    expect(rootRedirectTarget({ cookieLanguage: undefined, acceptLanguage: "pt-BR,es;q=0.2", offered })).toBe("/es/");
  });

  it("falls back to the site's first language when English is not offered", () => {
    expect(rootRedirectTarget({ cookieLanguage: undefined, acceptLanguage: "fr", offered: ["pt", "es"] })).toBe("/pt/");
    expect(rootRedirectTarget({ cookieLanguage: "en", acceptLanguage: undefined, offered: ["es"] })).toBe("/es/");
  });
});

describe("pageRedirectTarget", () => {
  it("applies the canonical rules first", () => {
    expect(pageRedirectTarget("/fr/carrito/", ALL)).toBe("/en/carrito/");
    expect(pageRedirectTarget("/es/rutas-horarios", ALL)).toBe("/es/rutas-horarios/");
    expect(pageRedirectTarget("/en", ["es"])).toBe("/es/"); // one hop, never two
    expect(pageRedirectTarget("/PT/busca/", ["es", "en"])).toBe("/en/search/");
    expect(pageRedirectTarget("/ES/", ALL)).toBe("/es/");
  });

  it("serves pages in offered languages", () => {
    expect(pageRedirectTarget("/es/", ALL)).toBeNull();
    expect(pageRedirectTarget("/pt/busca/", ALL)).toBeNull();
    expect(pageRedirectTarget("/es/no-such-page/", ALL)).toBeNull();
  });

  it("moves a language the site does not offer to the same page in its fallback language", () => {
    expect(pageRedirectTarget("/pt/", ["es", "en"])).toBe("/en/");
    expect(pageRedirectTarget("/pt/busca/", ["es", "en"])).toBe("/en/search/");
    expect(pageRedirectTarget("/pt/resultado-da-busca/", ["es", "en"])).toBe("/en/search/");
    expect(pageRedirectTarget("/en/faqs/", ["es", "pt"])).toBe("/es/preguntas-frecuentes/");
    expect(pageRedirectTarget("/pt/no-such-page/", ["es", "en"])).toBe("/en/no-such-page/");
  });
});

describe("languageCookie", () => {
  it("keeps the language 7 days for the whole site", () => {
    expect(languageCookie("pt", false)).toBe("travesia_lang=pt; Path=/; Max-Age=604800; SameSite=Lax");
    expect(languageCookie("es", true)).toBe("travesia_lang=es; Path=/; Max-Age=604800; SameSite=Lax; Secure");
  });
});

describe("isPagePath", () => {
  it.each(["/", "/es/", "/en/faqs/", "/fr/carrito", "/xx/foo"])("%s is a page path", (path) => {
    expect(isPagePath(path)).toBe(true);
  });

  it.each([
    "/api/anything",
    "/xapi/shopping-cart",
    "/google-enterprise/search",
    "/healthz",
    "/readyz",
    "/metrics",
    "/assets/app-123.js",
    "/favicon.svg",
    "/robots.txt",
    "/es/image.png",
    "/login",
    "/user-session/",
  ])("%s is not", (path) => {
    expect(isPagePath(path)).toBe(false);
  });
});

describe("isApiPath", () => {
  it.each([
    "/api/nope",
    "/xapi/shopping-cart",
    "/google-enterprise/token",
    "/reporting",
    "/login",
    "/user-info/",
    "/redirect/",
    "/client/web/cid",
    "/external/web/cid",
    "/sandbox-psp/v1/nope",
  ])("%s belongs to the HTTP contract (unknown paths answer JSON)", (path) => {
    expect(isApiPath(path)).toBe(true);
  });

  it.each(["/", "/es/", "/en/faqs/", "/assets/root.js", "/sitemap.xml", "/__manifest", "/offline/es.html"])(
    "%s is not",
    (path) => {
      expect(isApiPath(path)).toBe(false);
    },
  );
});

describe("isJsonOnlyPath", () => {
  it("answers JSON on the API and the probes and metrics (a DELETE /healthz must not reach the page renderer)", () => {
    for (const path of [
      "/api/nope",
      "/healthz",
      "/readyz",
      "/metrics",
      "/healthz/x",
      "/gtfs/travesia.zip",
      "/gtfs/realtime/alerts.pb",
    ])
      expect(isJsonOnlyPath(path)).toBe(true);
    for (const path of ["/", "/es/", "/assets/root.js", "/offline/es.html", "/healthzz"])
      expect(isJsonOnlyPath(path)).toBe(false);
  });
});

describe("hasMalformedEscapes", () => {
  it("refuses escapes that do not decode and accepts those that do", () => {
    expect(hasMalformedEscapes("/es/%E0%A4%A")).toBe(true);
    expect(hasMalformedEscapes("/es/%")).toBe(true);
    expect(hasMalformedEscapes("/es/caf%C3%A9/")).toBe(false);
    expect(hasMalformedEscapes("/es/")).toBe(false);
  });
});
