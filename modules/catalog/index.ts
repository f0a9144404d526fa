export { fares, fareCategory, passengerType, productKind, products, tripType } from "./schema.ts";
export { findFeaturedProducts, type ProductCard } from "./queries.ts";
export { fromPrice, type FareRow, type Price } from "./from-price.ts";
