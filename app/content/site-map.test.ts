import { describe, expect, it } from "vitest";
import { PAGE_IDS, type PageId } from "../../lib/routing/pages.ts";
import { LANGUAGES } from "../../lib/language.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import {
  NOT_INDEXED_PAGE_IDS,
  SITE_MAP_GROUPS,
  UNLISTED_PAGE_IDS,
  robotsTxt,
  siteMapGroups,
  sitemapEntries,
  sitemapXml,
} from "./site-map.ts";

const LIVE = new Set<PageId>(["home", "ferry", "faq", "siteMap", "cart", "privacyNotice"]);
const isLive = (pageId: PageId) => LIVE.has(pageId);

describe("site map groups", () => {
  it("places every page exactly once: in a group or among the unlisted flow steps", () => {
    // The product page by code is listed once per product, in the tours group (tested below).
    const placed = [...SITE_MAP_GROUPS.flatMap((group) => group.pageIds), ...UNLISTED_PAGE_IDS, "productByCode"];
    expect([...placed].sort()).toEqual([...PAGE_IDS].sort());
  });

  it("lists only live pages in the visitor's language and drops empty groups", () => {
    const groups = siteMapGroups("pt", isLive);
    expect(groups.map((group) => group.titleKey)).toEqual([
      "content.group.general",
      "nav.ferries",
      "content.group.help",
      "footer.legal",
    ]);
    expect(groups[0]?.links).toEqual([
      { pageId: "home", href: "/pt/" },
      { pageId: "cart", href: "/pt/carrito/" },
    ]);
    expect(groups.flatMap((group) => group.links.map((link) => link.href))).not.toContain("/pt/rotas-horarios/");
  });
});

describe("products without a fixed page", () => {
  const withProducts = (pageId: PageId) => pageId === "productByCode" || isLive(pageId);

  it("are listed by name in the tours group, at their page by code in the visitor's language", () => {
    const groups = siteMapGroups("pt", withProducts, [{ code: "night-park", name: "Parque noturno" }]);
    expect(groups.find((group) => group.titleKey === "content.group.tours")?.links).toEqual([
      { pageId: "productByCode", href: "/pt/passeios/night-park/", name: "Parque noturno" },
    ]);
    expect(siteMapGroups("pt", isLive, [{ code: "night-park", name: "Parque noturno" }]).length).toBe(4);
  });

  it("are in sitemap.xml once per language, with the same code in every language", () => {
    const entries = sitemapEntries(["es", "pt"], withProducts, undefined, ["night-park"]).slice(-2);
    expect(entries.map((entry) => entry.href)).toEqual(["/es/tours/night-park/", "/pt/passeios/night-park/"]);
    expect(entries[0]?.alternates).toEqual([
      { language: "es", href: "/es/tours/night-park/" },
      { language: "pt", href: "/pt/passeios/night-park/" },
    ]);
  });
});

describe("sitemap.xml", () => {
  it("has every live indexable page once per language, each with all its alternates", () => {
    const entries = sitemapEntries(["es", "en", "pt"], isLive);
    expect(entries.map((entry) => entry.href)).toEqual([
      "/es/",
      "/en/",
      "/pt/",
      "/es/ferry-isla-mujeres/",
      "/en/ferry-isla-mujeres/",
      "/pt/ferry-isla-mujeres/",
      "/es/preguntas-frecuentes/",
      "/en/faqs/",
      "/pt/perguntas-frequentes/",
      "/es/aviso-de-privacidad/",
      "/en/privacy-notice/",
      "/pt/aviso-de-privacidade/",
      "/es/mapa-de-sitio/",
      "/en/site-map/",
      "/pt/mapa-do-site/",
    ]);
    expect(entries[4]?.alternates).toEqual([
      { language: "es", href: "/es/ferry-isla-mujeres/" },
      { language: "en", href: "/en/ferry-isla-mujeres/" },
      { language: "pt", href: "/pt/ferry-isla-mujeres/" },
    ]);
  });

  it("follows the site's language limiter", () => {
    expect(
      sitemapEntries(["en"], isLive).every((entry) => entry.language === "en" && entry.alternates.length === 1),
    ).toBe(true);
  });

  it("writes absolute, escaped URLs with xhtml:link alternates and x-default", () => {
    const xml = sitemapXml(
      "https://www.travesia.example",
      sitemapEntries(["es", "en"], (id) => id === "faq"),
      "en",
    );
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain("<loc>https://www.travesia.example/es/preguntas-frecuentes/</loc>");
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://www.travesia.example/en/faqs/"/>');
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://www.travesia.example/en/faqs/"/>',
    );
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml).not.toContain("<lastmod>"); // none known
    expect(
      sitemapXml(
        "https://a.example/?x=1&y=<2>",
        sitemapEntries(["en"], (id) => id === "faq"),
        null,
      ),
    ).toContain("<loc>https://a.example/?x=1&amp;y=&lt;2&gt;/en/faqs/</loc>");
  });
});

describe("sitemap lastmod", () => {
  it("writes each page's last change as <lastmod>", () => {
    const entries = sitemapEntries(
      ["en"],
      (id) => id === "faq" || id === "termsOfUse",
      (pageId) => (pageId === "faq" ? "2026-11-20" : "2026-11-16"),
    );
    const xml = sitemapXml("https://www.travesia.example", entries, "en");
    expect(xml).toContain("<loc>https://www.travesia.example/en/faqs/</loc>\n    <lastmod>2026-11-20</lastmod>");
    expect(xml.match(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)).toHaveLength(2);
  });
});

describe("robots.txt", () => {
  it("lets crawlers read every page, so they see the noindex of carts, sign-in and search results", () => {
    const robots = robotsTxt("https://www.travesia.example");
    const disallowed = [...robots.matchAll(/^Disallow: (.*)$/gm)].map((match) => match[1] ?? "");
    expect(disallowed).toEqual(["/api/", "/xapi/"]);
    for (const pageId of [...UNLISTED_PAGE_IDS, ...NOT_INDEXED_PAGE_IDS, ...PAGE_IDS]) {
      for (const language of LANGUAGES) {
        const path = pathOf(pageId, language);
        expect(
          disallowed.some((rule) => path.startsWith(rule)),
          path,
        ).toBe(false);
      }
    }
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Sitemap: https:\/\/www\.travesia\.example\/sitemap\.xml$/m);
  });
});
