// Row builders shared by the tests and the seed: one place knows what a valid row looks like.
import type { fares, products } from "../../modules/catalog/index.ts";
import type { sites } from "../../modules/site/index.ts";
import type { LocalizedText } from "../../lib/db.ts";

type NewProduct = typeof products.$inferInsert;
type NewFare = typeof fares.$inferInsert;
type NewSite = typeof sites.$inferInsert;

let nextProductId = 90_000;

export function same(text: string): LocalizedText {
  return { es: text, en: text, pt: text };
}

export function buildSite(overrides: Partial<NewSite> = {}): NewSite {
  return {
    code: "travesia",
    name: "Travesía",
    languages: ["es", "en", "pt"],
    flags: { enableCroct: false, enableCroctShopping: false },
    ...overrides,
  };
}

export function buildProduct(overrides: Partial<NewProduct> = {}): NewProduct {
  const id = overrides.id ?? nextProductId++;
  return {
    id,
    code: `product-${id}`,
    kind: "park_admission",
    name: same(`Product ${id}`),
    summary: same(`Summary of product ${id}`),
    image: "/images/products/ferry.svg",
    locationId: 4,
    canAddPhoto: false,
    featured: false,
    sortOrder: 0,
    ...overrides,
  };
}

/** MXN pesos in, minor units out: seed tables read like the public fare tables they copy. */
export function pesos(amount: number): number {
  return Math.round(amount * 100);
}

export function buildFare(overrides: Partial<NewFare> & Pick<NewFare, "productId">): NewFare {
  return {
    category: "tourist",
    passengerType: "adult",
    trip: "single",
    amountMinor: pesos(100),
    currency: "MXN",
    ...overrides,
  };
}
