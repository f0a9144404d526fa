// The home banner comes from the personalization service's content slot: the edge's
// state header places the visitor in Quintana Roo and the server renders the residents' promotion in
// the first HTML; anyone else gets the default. One page load per language, axe once.
import { test, expect, checkA11y, DESKTOP_ONLY } from "./fixtures.ts";

const BANNERS = [
  {
    language: "es",
    resident: "Tu tarifa de residente te espera",
    residentHref: "/es/ferries-quintanarroenses/",
    fallback: "Cruza a Isla Mujeres por menos",
  },
  {
    language: "en",
    resident: "Your resident fare is waiting",
    residentHref: "/en/quintana-roo-residents/",
    fallback: "Cross to Isla Mujeres for less",
  },
  {
    language: "pt",
    resident: "Sua tarifa de residente está à sua espera",
    residentHref: "/pt/residentes-quintana-roo/",
    fallback: "Atravesse para Isla Mujeres por menos",
  },
] as const;

test("the home banner follows the geolocation state header, in es, en and pt", DESKTOP_ONLY, async ({ page }) => {
  await page.setExtraHTTPHeaders({ "CloudFront-Viewer-Country-Region": "ROO" });
  for (const banner of BANNERS) {
    // The banner is in the server's HTML: only the page axe checks needs to finish loading.
    await page.goto(`/${banner.language}/`, { waitUntil: banner.language === "es" ? "load" : "domcontentloaded" });
    const slot = page.getByTestId("slot-banner");
    await expect(slot).toHaveAttribute("data-variant", "resident");
    await expect(slot.getByRole("heading", { name: banner.resident })).toBeVisible();
    await expect(slot.getByRole("link")).toHaveAttribute("href", banner.residentHref);
    if (banner.language === "es") await checkA11y(page);
  }
  await page.setExtraHTTPHeaders({ "CloudFront-Viewer-Country-Region": "YUC" });
  await page.goto("/en/", { waitUntil: "domcontentloaded" });
  await expect(page.getByTestId("slot-banner")).toHaveAttribute("data-variant", "default");
  await expect(page.getByRole("heading", { name: BANNERS[1].fallback })).toBeVisible();
});
