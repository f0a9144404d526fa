export { cartLineKind, cartLines, cartStatus, cartTrip, carts } from "./schema.ts";
export {
  HOLD_MINUTES,
  PACKAGE_LIMIT,
  assertCanAddLine,
  assertSchedulesChosen,
  cartErrorKindOf,
  holdStatus,
  secondsLeft,
  type CandidateLine,
  type CartErrorKind,
  type HoldStatus,
  type LineFacts,
} from "./rules.ts";
export { convertPricing, pricingOf, sumPrices, type CartLinePricing, type ConvertedLine, type ConvertedPrice } from "./pricing.ts";
export {
  countCartLines,
  deleteCartLine,
  deleteCartLines,
  findCartBySession,
  findCartLines,
  holdReferenceOf,
  insertCart,
  insertCartLine,
  markCartOrdered,
  updateCart,
  updateCartLineHold,
  type CartLineRow,
  type NewCartLine,
  type StoredCart,
} from "./queries.ts";
