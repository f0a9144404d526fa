import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../language.ts";
import {
  alternatesOf,
  canonicalRedirect,
  isPageLive,
  matchPage,
  pathOf,
  pathOfMatch,
  productCodePathOf,
  withTrailingSlash,
} from "./localized-paths.ts";
import { PAGE_MODULES } from "./page-modules.ts";
import { PAGES, PAGE_IDS } from "./pages.ts";

describe("the slug table", () => {
  it("gives every page a path in every language, under that language, ending in a slash", () => {
    for (const pageId of PAGE_IDS) {
      for (const language of LANGUAGES) {
        const path = PAGES[pageId].paths[language];
        // The product page by code is the one path with a segment, always its last.
        expect(path, `${pageId}/${language}`).toMatch(new RegExp(`^/${language}/([a-z0-9-]+/)*(:code/)?$`));
      }
    }
  });

  it("never gives two pages (or a page and an alias) the same path", () => {
    const seen = new Map<string, string>();
    for (const pageId of PAGE_IDS) {
      for (const language of LANGUAGES) {
        const paths = [PAGES[pageId].paths[language], ...(PAGES[pageId].aliases?.[language] ?? [])];
        for (const path of paths) {
          expect(seen.get(path), `${path} is used twice`).toBeUndefined();
          seen.set(path, `${pageId}/${language}`);
        }
      }
    }
  });

  it("has the published paths in each language", () => {
    expect(pathOf("home", "es")).toBe("/es/");
    expect(pathOf("routesSchedules", "es")).toBe("/es/rutas-horarios/");
    expect(pathOf("routesSchedules", "pt")).toBe("/pt/rotas-horarios/");
    expect(pathOf("faq", "en")).toBe("/en/faqs/");
    expect(pathOf("cart", "en")).toBe("/en/carrito/");
    expect(pathOf("paymentDetailsCoupon", "pt")).toBe("/pt/carrito/cupom-do-detalhes-do-pagamento/");
  });

  it("routes only pages that have a module, and the home page always", () => {
    expect(isPageLive("home")).toBe(true);
    for (const pageId of PAGE_IDS) expect(isPageLive(pageId)).toBe(PAGE_MODULES[pageId] !== undefined);
    for (const pageId of Object.keys(PAGE_MODULES)) expect(PAGE_IDS).toContain(pageId);
  });
});

describe("matchPage", () => {
  it("matches every path of the table to its page and language", () => {
    for (const pageId of PAGE_IDS) {
      for (const language of LANGUAGES) {
        const code = pageId === "productByCode" ? { code: "night-park" } : {};
        const path = pathOf(pageId, language, code.code);
        expect(matchPage(path)).toEqual({ pageId, language, alias: false, ...code });
        expect(matchPage(path.slice(0, -1)), `${path} without its slash`).toEqual({
          pageId,
          language,
          alias: false,
          ...code,
        });
      }
    }
  });

  it("reads the code of a product page by code, and leaves the fixed tour pages under its prefix theirs", () => {
    expect(matchPage("/pt/passeios/night-park-2/")).toEqual({
      pageId: "productByCode",
      language: "pt",
      alias: false,
      code: "night-park-2",
    });
    expect(matchPage("/es/tours/catamaran-ferry/")?.pageId).toBe("catamaranFerryTour");
    expect(pathOfMatch(matchPage("/es/tours/night-park/")!, "pt")).toBe("/pt/passeios/night-park/");
    expect(productCodePathOf("night-park", "en")).toBe("/en/tours/night-park/");
    expect(alternatesOf("productByCode", ["es", "en"], "night-park")).toEqual([
      { language: "es", href: "/es/tours/night-park/" },
      { language: "en", href: "/en/tours/night-park/" },
    ]);
  });

  it.each([
    "/es/tours/Night/",
    "/es/tours/a/",
    "/es/tours/a/b/",
    "/es/tours/",
    "/en/passeios/night-park/",
    "/es/tours/x%20y/",
  ])("matches no product page by code at %s", (path) => {
    expect(matchPage(path)).toBeNull();
  });

  it("matches aliases as aliases of their page", () => {
    expect(matchPage("/es/resultado-de-busqueda/")).toEqual({ pageId: "search", language: "es", alias: true });
    expect(matchPage("/en/search-results/")).toEqual({ pageId: "search", language: "en", alias: true });
    expect(matchPage("/pt/resultado-da-busca")).toEqual({ pageId: "search", language: "pt", alias: true });
  });

  it.each(["/", "/fr/", "/es/no-such-page/", "/en/rutas-horarios/", "/es/faqs/", "/ES/", "/es//"])(
    "does not match %s",
    (path) => {
      expect(matchPage(path)).toBeNull();
    },
  );
});

describe("canonicalRedirect", () => {
  it.each([
    ["/fr/carrito/", "/en/carrito/"], // an unknown language: the same page in English
    ["/fr/carrito", "/en/carrito/"],
    ["/xx/foo", "/en/"], // an unknown language's unknown page: the English home, never a 404
    ["/fr/foo/", "/en/"],
    ["/fr/", "/en/"],
    ["/fr", "/en/"],
    ["/pt-br/busca/", "/pt/busca/"], // a region goes to its language
    ["/pt-br/", "/pt/"],
    ["/pt-BR/", "/pt/"],
    ["/es-mx/", "/es/"],
    ["/es_MX/rutas-horarios/", "/es/rutas-horarios/"],
    ["/en-us/faqs/", "/en/faqs/"],
    ["/ES/", "/es/"], // a known language in other letters
    ["/ES", "/es/"],
    ["/PT/", "/pt/"],
    ["/Es/rutas-horarios/", "/es/rutas-horarios/"],
    ["/ES/routes-schedules/", "/es/rutas-horarios/"], // a slug of any language finds its page in that language
    ["/PT/carrito/obrigada/", "/pt/carrito/obrigada/"],
    ["/ES/no-such-page/", "/es/no-such-page/"], // an unknown page 404s in the language asked for
    ["/de-de/faqs/", "/en/faqs/"],
    ["/de/resultado-de-busqueda/", "/en/search/"], // aliases too
    ["/fr/rutas-horarios/", "/en/routes-schedules/"],
    ["/carrito/", "/en/carrito/"], // no language at all
    ["/foo/bar", "/en/foo/bar"],
    ["/en", "/en/"], // a page path without its trailing slash
    ["/es", "/es/"],
    ["/es/rutas-horarios", "/es/rutas-horarios/"],
    ["/pt/carrito/obrigada", "/pt/carrito/obrigada/"],
  ])("%s → %s", (from, to) => {
    expect(canonicalRedirect(from)).toBe(to);
  });

  it.each(["/", "/es/", "/en/routes-schedules/", "/en/no-such-page", "/es/no-such-page/", "/pt/busca/x"])(
    "serves %s as is",
    (path) => {
      expect(canonicalRedirect(path)).toBeNull();
    },
  );

  it("redirects once: a target never redirects again", () => {
    const segment = fc.stringMatching(/^[a-zA-Z0-9-]{0,12}$/);
    const pathArb = fc.array(segment, { minLength: 1, maxLength: 4 }).map((segments) => `/${segments.join("/")}`);
    fc.assert(
      fc.property(fc.oneof(pathArb, fc.constantFrom(...PAGE_IDS.map((id) => pathOf(id, "pt").slice(3)))), (path) => {
        const target = canonicalRedirect(path);
        if (target !== null) expect(canonicalRedirect(target), `${path} → ${target}`).toBeNull();
      }),
    );
  });
});

describe("alternatesOf and withTrailingSlash", () => {
  it("lists the page in each of the site's languages, in the site's order", () => {
    expect(alternatesOf("faq", ["pt", "es"])).toEqual([
      { language: "pt", href: "/pt/perguntas-frequentes/" },
      { language: "es", href: "/es/preguntas-frecuentes/" },
    ]);
    expect(alternatesOf("home", ["es", "en", "pt"]).map((alternate) => alternate.href)).toEqual([
      "/es/",
      "/en/",
      "/pt/",
    ]);
  });

  it("adds a trailing slash once", () => {
    expect(withTrailingSlash("/es")).toBe("/es/");
    expect(withTrailingSlash("/es/")).toBe("/es/");
  });
});
