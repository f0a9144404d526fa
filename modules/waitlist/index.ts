export { waitlistEntries, waitlistStatus, WAITLIST_STATUSES, type WaitlistStatus } from "./schema.ts";
export {
  MAX_WAITLIST_SEATS,
  MIN_OFFER_MINUTES,
  OFFER_MINUTES,
  deriveOfferToken,
  hashOfferToken,
  isOfferTokenShaped,
  newOfferNonce,
  offerExpiry,
  offerReferenceOf,
  pickOffers,
  readWaitlistRequest,
  seatsOf,
  type WaitlistCategory,
  type WaitlistRequest,
} from "./rules.ts";
export {
  findEntriesOfSailings,
  findEntryByOfferTokenHash,
  findSailingsWithLiveEntries,
  findWaitlistEntry,
  hasLiveEntries,
  insertWaitlistEntry,
  lapseDepartedEntries,
  lockLineEntries,
  placeInLine,
  updateWaitlistEntry,
  type WaitlistEntryRow,
} from "./queries.ts";
export { renderOfferEmail, type OfferEmailFacts, type RenderedOfferEmail } from "./email.ts";
