import { describe, expect, it } from "vitest";
import { PAGE_IDS, type PageId } from "../routing/pages.ts";
import { SITE_MAP_GROUPS, UNLISTED_PAGE_IDS, disallowedPaths, robotsTxt, siteMapGroups, sitemapEntries, sitemapXml } from "./site-map.ts";

const LIVE = new Set<PageId>(["home", "ferry", "faq", "siteMap", "cart", "privacyNotice"]);
const isLive = (pageId: PageId) => LIVE.has(pageId);

describe("site map groups", () => {
  it("places every page exactly once: in a group or among the unlisted flow steps", () => {
    const placed = [...SITE_MAP_GROUPS.flatMap((group) => group.pageIds), ...UNLISTED_PAGE_IDS];
    expect([...placed].sort()).toEqual([...PAGE_IDS].sort());
  });

  it("lists only live pages in the visitor's language and drops empty groups", () => {
    const groups = siteMapGroups("pt", isLive);
    expect(groups.map((group) => group.titleKey)).toEqual(["content.group.general", "nav.ferries", "content.group.help", "footer.legal"]);
    expect(groups[0]?.links).toEqual([
      { pageId: "home", href: "/pt/" },
      { pageId: "cart", href: "/pt/carrito/" },
    ]);
    expect(groups.flatMap((group) => group.links.map((link) => link.href))).not.toContain("/pt/rotas-horarios/");
  });
});

describe("sitemap.xml", () => {
  it("has every live indexable page once per language, each with all its alternates", () => {
    const entries = sitemapEntries(["es", "en", "pt"], isLive);
    expect(entries.map((entry) => entry.href)).toEqual([
      "/es/", "/en/", "/pt/",
      "/es/ferry-isla-mujeres/", "/en/ferry-isla-mujeres/", "/pt/ferry-isla-mujeres/",
      "/es/preguntas-frecuentes/", "/en/faqs/", "/pt/perguntas-frequentes/",
      "/es/aviso-de-privacidad/", "/en/privacy-notice/", "/pt/aviso-de-privacidade/",
      "/es/mapa-de-sitio/", "/en/site-map/", "/pt/mapa-do-site/",
    ]);
    expect(entries[4]?.alternates).toEqual([
      { language: "es", href: "/es/ferry-isla-mujeres/" },
      { language: "en", href: "/en/ferry-isla-mujeres/" },
      { language: "pt", href: "/pt/ferry-isla-mujeres/" },
    ]);
  });

  it("follows the site's language limiter", () => {
    expect(sitemapEntries(["en"], isLive).every((entry) => entry.language === "en" && entry.alternates.length === 1)).toBe(true);
  });

  it("writes absolute, escaped URLs with xhtml:link alternates and x-default", () => {
    const xml = sitemapXml("https://www.travesia.example", sitemapEntries(["es", "en"], (id) => id === "faq"), "en");
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain("<loc>https://www.travesia.example/es/preguntas-frecuentes/</loc>");
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://www.travesia.example/en/faqs/"/>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://www.travesia.example/en/faqs/"/>');
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(sitemapXml("https://a.example/?x=1&y=<2>", sitemapEntries(["en"], (id) => id === "faq"), null)).toContain(
      "<loc>https://a.example/?x=1&amp;y=&lt;2&gt;/en/faqs/</loc>",
    );
  });
});

describe("robots.txt", () => {
  it("keeps crawlers out of carts, sign-in and search results, and points at the sitemap", () => {
    const paths = disallowedPaths(["es", "en", "pt"]);
    expect(paths).toContain("/es/carrito/");
    expect(paths).toContain("/pt/busca/");
    expect(paths).toContain("/en/auth/");
    expect(paths).not.toContain("/es/carrito/gracias/"); // covered by /es/carrito/
    const robots = robotsTxt("https://www.travesia.example", ["es", "en", "pt"]);
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Sitemap: https:\/\/www\.travesia\.example\/sitemap\.xml$/m);
  });
});
