export { cartLineKind, cartLines, cartStatus, cartTrip, carts } from "./schema.ts";
export {
  COUPON_MONTHS,
  PACKAGE_LIMIT,
  assertCanAddLine,
  assertCanBuyCoupon,
  assertSchedulesChosen,
  cartErrorKindOf,
  holdStatus,
  isCoupon,
  isCouponOnly,
  secondsLeft,
  type CandidateLine,
  type CartErrorKind,
  type HoldStatus,
  type LineFacts,
} from "./rules.ts";
export {
  CART_SHARE_PERCENT,
  GROUP_SEATS,
  assertWithinHoldCeilings,
  holdCeilingsOf,
  type HeldSeats,
  type HoldCeilingPolicy,
  type HoldCeilings,
} from "./hold-ceiling.ts";
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
