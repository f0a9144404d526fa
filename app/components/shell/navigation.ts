// The site's menus as data keyed by page id. A link appears only when its page is live (has a route
// module), and a group with no live link disappears, so menus fill in as pages are added.
import type { Language } from "../../../lib/language.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import { isPageLive, pathOf } from "../../../lib/routing/localized-paths.ts";
import type { PageId } from "../../../lib/routing/pages.ts";

export interface MenuGroupDefinition {
  id: "aboutUs" | "destinations" | "ferries" | "promotions";
  label: MessageKey;
  /** A group made of one page is a plain link, not a disclosure with a single entry. */
  pages: readonly PageId[];
}

export const MAIN_MENU: readonly MenuGroupDefinition[] = [
  { id: "aboutUs", label: "nav.aboutUs", pages: ["history", "sustainability"] },
  { id: "destinations", label: "nav.destinations", pages: ["cancun", "islaMujeres"] },
  { id: "ferries", label: "nav.ferries", pages: ["ferry", "routesSchedules", "residentPromotions"] },
  { id: "promotions", label: "nav.promotions", pages: ["promotions"] },
];

/** Footer "Discover" tab: content pages, in reading order. */
export const DISCOVER_PAGES: readonly PageId[] = [
  "ferry",
  "routesSchedules",
  "promotions",
  "residentPromotions",
  "faq",
  "cancun",
  "islaMujeres",
  "history",
  "sustainability",
  "siteMap",
];

export const LEGAL_PAGES: readonly PageId[] = ["privacyNotice", "termsOfUse"];

export interface MenuLink {
  pageId: PageId;
  href: string;
}

export interface MenuGroup {
  id: MenuGroupDefinition["id"];
  label: MessageKey;
  /** True when the group is one page shown as a direct link. */
  single: boolean;
  links: MenuLink[];
}

export function liveLinks(
  pages: readonly PageId[],
  language: Language,
  isLive: (pageId: PageId) => boolean = isPageLive,
): MenuLink[] {
  return pages.filter((pageId) => isLive(pageId)).map((pageId) => ({ pageId, href: pathOf(pageId, language) }));
}

export function buildMainMenu(
  language: Language,
  isLive: (pageId: PageId) => boolean = isPageLive,
  definitions: readonly MenuGroupDefinition[] = MAIN_MENU,
): MenuGroup[] {
  return definitions
    .map((group) => ({
      id: group.id,
      label: group.label,
      single: group.pages.length === 1,
      links: liveLinks(group.pages, language, isLive),
    }))
    .filter((group) => group.links.length > 0);
}

/** The description shown under a page's name in a group's panel (one-page groups have no panel). */
export function hintKeyOf(pageId: PageId): MessageKey | null {
  const key = `nav.hint.${pageId}`;
  return HINT_KEYS.has(key) ? (key as MessageKey) : null;
}

const HINT_KEYS = new Set<string>(
  MAIN_MENU.filter((group) => group.pages.length > 1)
    .flatMap((group) => group.pages)
    .map((pageId) => `nav.hint.${pageId}`),
);
