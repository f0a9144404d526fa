import { describe, expect, test } from "vitest";
import { buildMainMenu, hintKeyOf, liveLinks, MAIN_MENU } from "./navigation.ts";
import type { PageId } from "../../../lib/routing/pages.ts";

const liveSet =
  (...ids: PageId[]) =>
  (pageId: PageId) =>
    ids.includes(pageId);

describe("buildMainMenu", () => {
  test("hides every group when no content page is live", () => {
    expect(buildMainMenu("es", liveSet("home"))).toEqual([]);
  });

  test("keeps only live links, in the order of the menu data, with localized paths", () => {
    const menu = buildMainMenu("es", liveSet("routesSchedules", "ferry", "cancun"));
    expect(menu.map((group) => group.id)).toEqual(["destinations", "ferries"]);
    expect(menu[1]?.links).toEqual([
      { pageId: "ferry", href: "/es/ferry-isla-mujeres/" },
      { pageId: "routesSchedules", href: "/es/rutas-horarios/" },
    ]);
  });

  test("a one-page group is a direct link, a larger one a disclosure even with one live link", () => {
    const menu = buildMainMenu("en", liveSet("promotions", "history"));
    expect(menu).toEqual([
      {
        id: "aboutUs",
        label: "nav.aboutUs",
        single: false,
        links: [{ pageId: "history", href: "/en/grupo-xcaret-history/" }],
      },
      {
        id: "promotions",
        label: "nav.promotions",
        single: true,
        links: [{ pageId: "promotions", href: "/en/promotions/" }],
      },
    ]);
  });
});

test("liveLinks uses the language's slug", () => {
  expect(liveLinks(["residentPromotions"], "pt", () => true)).toEqual([
    { pageId: "residentPromotions", href: "/pt/residentes-quintana-roo/" },
  ]);
});

test("every page of a disclosure group has a hint key; one-page groups and other pages have none", () => {
  for (const group of MAIN_MENU.filter((entry) => entry.pages.length > 1)) {
    for (const pageId of group.pages) expect(hintKeyOf(pageId)).toBe(`nav.hint.${pageId}`);
  }
  expect(hintKeyOf("promotions")).toBeNull();
  expect(hintKeyOf("faq")).toBeNull();
});
