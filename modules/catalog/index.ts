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
export { fromPrice, type FareRow, type Price } from "./fares.ts";
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
export type { FareCategory, PresaleTier, Trip } from "./fares.ts";
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
  findComplementOffers,
  setComplementOffers,
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
