export {
  complements,
  fareCategory,
  fares,
  passengerType,
  presaleTiers,
  productComplements,
  productKind,
  productPassengerTypes,
  products,
  tripType,
} from "./schema.ts";
export { findFeaturedProducts, type ProductCard } from "./queries.ts";
export { fromPrice, type FareRow, type Price } from "./from-price.ts";
export {
  DEFAULT_AGE_BANDS,
  MAX_PASSENGERS_PER_BOOKING,
  PASSENGER_TYPES,
  ageRangeLabel,
  assertValidPassengers,
  passengerTypeOfAge,
  seatsNeeded,
  totalPassengers,
  type AgeBand,
  type PassengerCounts,
  type PassengerType,
} from "./passengers.ts";
export {
  basisPointsOf,
  presaleFor,
  priceSelection,
  unitPrices,
  type FareCategory,
  type Presale,
  type PresaleTier,
  type PriceRequest,
  type PriceResult,
  type PricedLine,
  type Trip,
  type UnitPrice,
} from "./pricing.ts";
export { sanitizeCatalogHtml } from "./sanitize.ts";
export {
  findComplements,
  findFerryProductId,
  findPresaleTiers,
  findProduct,
  findProducts,
  type Complement,
  type Product,
  type ProductKind,
} from "./products.ts";
export {
  deleteFare,
  findAllFares,
  findComplementTexts,
  insertFare,
  insertPresaleTier,
  tripsOf,
  type FareKey,
  findFare,
  findPresaleTierRows,
  setComplementTexts,
  setFareAmount,
  setPresaleTier,
  type ComplementTexts,
  type FareListItem,
  type PresaleTierRow,
} from "./admin.ts";
