// What search engines read on the shop's pages, through the real loaders over the demo catalogue: the
// home's Organization and WebSite, a Product with a priced Offer and breadcrumbs on each of the 27 tour
// and park pages, the ferry's BoatTrips with only BoatTrip's properties, all in the page's language.
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../lib/language.ts";
import { createLogger } from "../../lib/logger.ts";
import { findSiteConfig, type SiteConfig } from "../../modules/site/index.ts";
import type { Runtime } from "../../server/boot.ts";
import { bootSnapshot } from "../../tests/setup/db.ts";
import type { JsonLd } from "../content/structured-data.ts";
import { requestContext, servicesContext } from "../../server/edge/index.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import { PRODUCT_PAGE_IDS } from "../../lib/routing/product-pages.ts";
import type { PageId } from "../../lib/routing/pages.ts";
import { loader as ferryLoader } from "./ferry-page.tsx";
import { loader as homeLoader } from "./home.tsx";
import { loader as productLoader } from "./product-page.tsx";

const ORIGIN = "http://site.test";
let runtime: Runtime;
let site: SiteConfig;

beforeAll(async () => {
  runtime = await bootSnapshot();
  site = await findSiteConfig(runtime.database.db, "travesia");
});
afterAll(() => runtime.database.close());

type Loader = (args: never) => unknown;

/** The JSON-LD a page's loader hands to its component. */
async function jsonLdOf(loader: Loader, pageId: PageId, language: Language): Promise<JsonLd[]> {
  const context = new RouterContextProvider();
  context.set(servicesContext, runtime.services);
  context.set(requestContext, {
    requestId: "test",
    logger: createLogger("silent"),
    nonce: "n",
    clientAddress: "127.0.0.1",
    country: null,
    site,
  });
  const request = new Request(`${ORIGIN}${pathOf(pageId, language)}`);
  const result = (await loader({ request, context, params: {}, unstable_pattern: "" } as never)) as {
    data: Record<string, unknown>;
  };
  const data = result.data;
  return (data["jsonLd"] ?? (data["view"] as { jsonLd: JsonLd[] }).jsonLd) as JsonLd[];
}

const ofType = (items: JsonLd[], type: string) => items.filter((item) => item["@type"] === type);
const ENGLISH_FARE = /\b(?:adult|tourist|one way)\b/i;

describe.each(LANGUAGES)("%s structured data", (language) => {
  it("the home: Organization and WebSite with its search", async () => {
    const items = await jsonLdOf(homeLoader as Loader, "home", language);
    expect(ofType(items, "Organization")).toHaveLength(1);
    expect(ofType(items, "WebSite")[0]).toMatchObject({
      url: `${ORIGIN}${pathOf("home", language)}`,
      inLanguage: language,
      potentialAction: { "@type": "SearchAction" },
    });
  });

  it.each(PRODUCT_PAGE_IDS)("%s: a Product with a priced, available Offer and breadcrumbs", async (pageId) => {
    const items = await jsonLdOf(productLoader as Loader, pageId, language);
    const url = `${ORIGIN}${pathOf(pageId, language)}`;
    const [product] = ofType(items, "Product");
    expect(product).toMatchObject({
      url,
      image: expect.stringMatching(/^http:\/\/site\.test\/images\/og\/[\w-]+\.png$/),
    });
    const offer = product?.["offers"] as Record<string, string>;
    expect(offer).toMatchObject({
      "@type": "Offer",
      priceCurrency: "MXN",
      availability: "https://schema.org/InStock",
      url,
    });
    expect(offer["price"]).toMatch(/^\d+(?:\.\d+)?$/);
    if (language !== "en") expect(offer["category"]).not.toMatch(ENGLISH_FARE);
    const [crumbs] = ofType(items, "BreadcrumbList");
    expect((crumbs?.["itemListElement"] as { item: string }[]).map((crumb) => crumb.item)).toEqual([
      `${ORIGIN}${pathOf("home", language)}`,
      url,
    ]);
  });

  it("the ferry: a BoatTrip per crossing with BoatTrip's properties only, its fare named in the page's language", async () => {
    const trips = ofType(await jsonLdOf(ferryLoader as Loader, "ferry", language), "BoatTrip");
    expect(trips).toHaveLength(2);
    for (const trip of trips) {
      expect(trip).not.toHaveProperty("duration");
      expect(trip).not.toHaveProperty("inLanguage");
      const offer = trip["offers"] as Record<string, string>;
      expect(offer["priceCurrency"]).toBe("MXN");
      if (language !== "en") expect(offer["category"]).not.toMatch(ENGLISH_FARE);
    }
  });
});
