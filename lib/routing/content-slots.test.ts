// A page that shows a content slot answers by the visitor's place and device (the slot's audiences):
// a shared cache may keep it only keyed on both. The key always holds the place; the device only where
// the page's policy says so. So every position's page is either never shared (no policy) or keyed on the
// device, and a position added on a shared page without it fails here.
import { describe, expect, it } from "vitest";
import { PAGE_CACHE_POLICIES } from "./page-cache-policies.ts";
import { SLOT_POSITIONS, isSlotPosition, pageOfPosition, productSlotPosition } from "./content-slots.ts";
import { PRODUCT_PAGE_IDS } from "./product-pages.ts";

describe("named slot positions", () => {
  it("sit only on pages a shared cache keys on the device, or never shares", () => {
    for (const { position, pageId } of SLOT_POSITIONS) {
      const policy = PAGE_CACHE_POLICIES[pageId];
      expect(policy === undefined || policy.device, `${position} on ${pageId}`).toBe(true);
    }
  });

  it("are one per page: the home, the promotions, the ferry and each fixed product page", () => {
    const pages = SLOT_POSITIONS.map((entry) => entry.pageId);
    expect(new Set(pages).size).toBe(pages.length);
    expect(pages).toEqual(["home", "promotions", "ferry", ...PRODUCT_PAGE_IDS]);
    expect(productSlotPosition("xcaret")).toBe("product-xcaret");
    expect(pageOfPosition("product-xcaret")).toBe("xcaret");
    expect(isSlotPosition("home-banner")).toBe(true);
    expect(isSlotPosition("cart")).toBe(false);
  });
});
