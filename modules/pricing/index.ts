// Pricing: what a selection of passengers pays for a product (fares, presale) in MXN, and that price
// converted to the visitor's currency. Pure functions; the fares and presale tiers come from the catalogue.
export {
  convertPricing,
  pricingOf,
  sumPrices,
  type CartLinePricing,
  type ConvertedLine,
  type ConvertedPrice,
} from "./conversion.ts";
export {
  basisPointsOf,
  presaleFor,
  priceSelection,
  unitPrices,
  type Presale,
  type PriceRequest,
  type PriceResult,
  type PricedLine,
  type UnitPrice,
} from "./selection.ts";
