// Three fields of the client state that follow the page being shown, computed from the slug
// table: `sectionSite` (which part of the site the page belongs to), `hreflangs` (the same page in
// each of the site's languages, the links HeadLinks writes) and `metricasGA4` (the page_view the GA4
// data layer receives on each page change). Pure: the shell (components/shell/client-state.tsx) feeds
// it the path and the root data.
import type { Language } from "../../lib/language.ts";
import { alternatesOf, matchPage, pathOf } from "../../lib/routing/localized-paths.ts";
import type { PageId } from "../../lib/routing/pages.ts";

export type SectionSite =
  | "home"
  | "search"
  | "booking"
  | "product"
  | "cart"
  | "checkout"
  | "thank-you"
  | "manage-booking"
  | "account"
  | "content"
  | "other";

/** Every page says its section: a new page id does not compile until it does. */
const SECTION_OF: Record<PageId, SectionSite> = {
  home: "home",
  search: "search",
  cart: "cart",
  cartThankYou: "thank-you",
  paymentDetails: "checkout",
  paymentDetailsCoupon: "checkout",
  manageBooking: "manage-booking",
  auth: "account",
  forgot: "account",
  register: "account",
  newsletter: "content",
  newsletterConfirmation: "content",
  newsletterUnsubscribe: "content",
  waitlist: "booking",
  confirmEmail: "account",
  account: "account",
  ferry: "booking",
  routesSchedules: "booking",
  promotions: "content",
  residentPromotions: "content",
  faq: "content",
  history: "content",
  sustainability: "content",
  cancun: "content",
  islaMujeres: "content",
  privacyNotice: "content",
  termsOfUse: "content",
  siteMap: "content",
  catamaranTour: "product",
  catamaranFerryTour: "product",
  xcaret: "product",
  xplor: "product",
  xplorFuego: "product",
  xoximilco: "product",
  xavage: "product",
  xenses: "product",
  xenotes: "product",
  productByCode: "product",
};

/** The section of a path; a path that is no page (not found, a fault) is "other". */
export function sectionSiteOf(pathname: string): SectionSite {
  const page = matchPage(pathname);
  return page ? SECTION_OF[page.pageId] : "other";
}

export interface Hreflang {
  /** A language of the site, or "x-default" (the English page, for everyone else). */
  hreflang: Language | "x-default";
  href: string;
}

/** The page in each of the site's languages plus x-default, absolute; none for a path that is no page. */
export function hreflangsOf(pathname: string, languages: readonly Language[], origin: string): Hreflang[] {
  const page = matchPage(pathname);
  if (!page) return [];
  return [
    ...alternatesOf(page.pageId, languages, page.code).map((alternate) => ({
      hreflang: alternate.language,
      href: `${origin}${alternate.href}`,
    })),
    { hreflang: "x-default", href: `${origin}${pathOf(page.pageId, "en", page.code)}` },
  ];
}

/** The GA4 page_view pushed to the data layer (snake_case, GA4's parameter names). */
export interface MetricasGA4 {
  event: "page_view";
  page_location: string;
  page_path: string;
  page_title: string;
  language: Language;
  currency: string;
  section_site: SectionSite;
  site_code: string;
}

export function metricasGA4Of(input: {
  url: URL;
  title: string;
  language: Language;
  currency: string;
  siteCode: string;
}): MetricasGA4 {
  // The query string can carry a booking reference or a payment id: GA4 gets the path only.
  const location = `${input.url.origin}${input.url.pathname}`;
  return {
    event: "page_view",
    page_location: location,
    page_path: input.url.pathname,
    page_title: input.title.slice(0, 200),
    language: input.language,
    currency: input.currency,
    section_site: sectionSiteOf(input.url.pathname),
    site_code: input.siteCode,
  };
}
