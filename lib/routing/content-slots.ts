// The named positions where pages show a content slot, and the page that shows each. A slot is data
// placed at one of these (at most one active slot per position); a position is code: the page asks for
// it. A page that shows a position answers by the visitor's place and device (the slot's audiences),
// so it is either never shared (its loader sends no-store) or its cache policy keys on the device
// (lib/routing/page-cache-policies.ts; a unit test holds every position's page to that).
import type { PageId } from "./pages.ts";
import { PRODUCT_PAGES, PRODUCT_PAGE_IDS, type ProductPageId } from "./product-pages.ts";

// The two slots seeded at the first positions (db/seed-personalization.ts) carry the positions' names.
export const HOME_BANNER_SLOT = "home-banner";
export const PROMOTIONS_BANNER_SLOT = "promotions-banner";

/** A product page's position: `product-` and the product's code (`product-xcaret`). */
export type ProductSlotPosition = `product-${(typeof PRODUCT_PAGES)[ProductPageId]["code"]}`;
export type SlotPosition = "home-banner" | "promotions-banner" | "ferry-page" | ProductSlotPosition;

export function productSlotPosition(pageId: ProductPageId): ProductSlotPosition {
  return `product-${PRODUCT_PAGES[pageId].code}`;
}

/** Every named position, in the order the console lists them, with the page that shows it. */
export const SLOT_POSITIONS: readonly { position: SlotPosition; pageId: PageId }[] = [
  { position: "home-banner", pageId: "home" },
  { position: "promotions-banner", pageId: "promotions" },
  { position: "ferry-page", pageId: "ferry" },
  ...PRODUCT_PAGE_IDS.map((pageId) => ({ position: productSlotPosition(pageId), pageId })),
];

export function isSlotPosition(value: string): value is SlotPosition {
  return SLOT_POSITIONS.some((entry) => entry.position === value);
}

/** The page that shows a position. */
export function pageOfPosition(position: SlotPosition): PageId {
  return SLOT_POSITIONS.find((entry) => entry.position === position)!.pageId;
}
