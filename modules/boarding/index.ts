export { boardingScanOutcome, boardingScans, boothSales } from "./schema.ts";
export {
  decideBoarding,
  type BoardingDecision,
  type BoardingRefusal,
  type SailingFacts,
  type TicketFacts,
} from "./decide.ts";
export {
  BOARDING_LIST_TTL_HOURS,
  BOARDING_LIST_VERSION,
  boardingKeysOf,
  macOfPayload,
  openBoardingList,
  signBoardingList,
  type BoardingKeys,
  type BoardingList,
  type ListedSailing,
  type ListedTicket,
  type SignedBoardingList,
} from "./signed-list.ts";
export { openTicketPass, passClaimsOf, readPassClaims, withTicketPass, type TicketPass } from "./ticket-pass.ts";
export {
  findBoarding,
  findListTickets,
  findManifestRows,
  findRefusedScans,
  findScan,
  insertBoothSale,
  insertScan,
  isCancelled,
  lockTicketByCode,
  markTicketUsed,
  scanVersionOf,
  type BoardingScanRow,
  type ListTicketRow,
  type ManifestRow,
  type TicketForBoarding,
} from "./queries.ts";
