// Which pages a visitor or a crawler should find, grouped like the site's menus. The site map page,
// sitemap.xml and robots.txt all read this one table, filtered to the pages that are live.
import type { Language } from "../../lib/language.ts";
import type { MessageKey } from "../i18n/translate.ts";
import {
  alternatesOf,
  isPageLive,
  pathOf,
  productCodePathOf,
  type Alternate,
} from "../../lib/routing/localized-paths.ts";
import type { PageId } from "../../lib/routing/pages.ts";

export interface SiteMapGroup {
  titleKey: MessageKey;
  pageIds: readonly PageId[];
}

export const SITE_MAP_GROUPS: readonly SiteMapGroup[] = [
  { titleKey: "content.group.general", pageIds: ["home", "search", "cart"] },
  { titleKey: "nav.ferries", pageIds: ["ferry", "routesSchedules", "residentPromotions"] },
  { titleKey: "nav.promotions", pageIds: ["promotions"] },
  { titleKey: "content.group.tours", pageIds: ["catamaranTour", "catamaranFerryTour"] },
  {
    titleKey: "content.group.parks",
    pageIds: ["xcaret", "xplor", "xplorFuego", "xoximilco", "xavage", "xenses", "xenotes"],
  },
  { titleKey: "nav.destinations", pageIds: ["cancun", "islaMujeres"] },
  { titleKey: "nav.aboutUs", pageIds: ["history", "sustainability"] },
  { titleKey: "content.group.help", pageIds: ["faq", "newsletter"] },
  { titleKey: "footer.legal", pageIds: ["privacyNotice", "termsOfUse", "siteMap"] },
];

/** Steps of a purchase or sign-in: reachable only from a flow, never listed and never indexed. */
export const UNLISTED_PAGE_IDS: readonly PageId[] = [
  "cartThankYou",
  "paymentDetails",
  "paymentDetailsCoupon",
  "manageBooking",
  "auth",
  "forgot",
  "register",
  "confirmEmail",
  "account",
  "newsletterConfirmation",
  "newsletterUnsubscribe",
  "waitlist",
];

/** Listed for people but kept out of search engines: personal (cart) or endless (search results). */
export const NOT_INDEXED_PAGE_IDS: readonly PageId[] = ["search", "cart"];

export interface SiteMapLink {
  pageId: PageId;
  href: string;
  /** A product's own name, for a page by code (a fixed page is named by its page title). */
  name?: string;
}

/** The tours group lists the products without a fixed page after the fixed tours. */
const PRODUCTS_GROUP: MessageKey = "content.group.tours";

export interface SiteMapLinkGroup {
  titleKey: MessageKey;
  links: SiteMapLink[];
}

/** The site map page: live pages of each group in one language; empty groups are left out. */
export function siteMapGroups(
  language: Language,
  isLive: (pageId: PageId) => boolean = isPageLive,
  products: readonly { code: string; name: string }[] = [],
): SiteMapLinkGroup[] {
  return SITE_MAP_GROUPS.map((group) => ({
    titleKey: group.titleKey,
    links: [
      ...group.pageIds.filter(isLive).map((pageId) => ({ pageId, href: pathOf(pageId, language) })),
      ...(group.titleKey === PRODUCTS_GROUP && isLive("productByCode")
        ? products.map(({ code, name }) => ({
            pageId: "productByCode" as const,
            href: productCodePathOf(code, language),
            name,
          }))
        : []),
    ],
  })).filter((group) => group.links.length > 0);
}

export interface SitemapEntry {
  href: string;
  language: Language;
  alternates: Alternate[];
  /** YYYY-MM-DD the page last changed, or null when unknown (no <lastmod> then). */
  lastModified: string | null;
}

/** sitemap.xml: every live, indexable page in every language the site offers, with its alternates. */
export function sitemapEntries(
  languages: readonly Language[],
  isLive: (pageId: PageId) => boolean = isPageLive,
  lastModifiedOf: (pageId: PageId, language: Language) => string | null = () => null,
  productCodes: readonly string[] = [],
): SitemapEntry[] {
  const pages: { pageId: PageId; code?: string }[] = [
    ...SITE_MAP_GROUPS.flatMap((group) => group.pageIds)
      .filter((pageId) => isLive(pageId) && !NOT_INDEXED_PAGE_IDS.includes(pageId))
      .map((pageId) => ({ pageId })),
    ...(isLive("productByCode") ? productCodes.map((code) => ({ pageId: "productByCode" as const, code })) : []),
  ];
  return pages.flatMap(({ pageId, code }) => {
    const alternates = alternatesOf(pageId, languages, code);
    return languages.map((language) => ({
      href: pathOf(pageId, language, code),
      language,
      alternates,
      lastModified: lastModifiedOf(pageId, language),
    }));
  });
}

/**
 * robots.txt: only what is not a page. Pages kept out of search engines say so with a robots noindex
 * meta tag, which a crawler reads only on a page it may fetch: a Disallow would hide the noindex and
 * leave the bare address indexable from links.
 */
export const DISALLOWED_PATHS = ["/api/", "/xapi/"] as const;
function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The sitemap protocol document with xhtml:link alternates (Google's hreflang-in-sitemap form). */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[], xDefault: Language | null): string {
  const urls = entries.map((entry) => {
    const links = entry.alternates.map(
      (alternate) =>
        `    <xhtml:link rel="alternate" hreflang="${alternate.language}" href="${escapeXml(origin + alternate.href)}"/>`,
    );
    const fallback = xDefault ? entry.alternates.find((alternate) => alternate.language === xDefault) : undefined;
    if (fallback)
      links.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + fallback.href)}"/>`);
    const lastmod = entry.lastModified ? [`    <lastmod>${entry.lastModified}</lastmod>`] : [];
    return ["  <url>", `    <loc>${escapeXml(origin + entry.href)}</loc>`, ...lastmod, ...links, "  </url>"].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
