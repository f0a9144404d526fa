// The sandbox payment provider: a stand-in for a real PSP that runs in this process by default and is
// reached only over HTTP (server/api/sandbox-psp.ts). Test cards: see cards.ts and docs/decisions/0018.
//
// | Card number          | Brand | Answer                                   |
// |----------------------|-------|------------------------------------------|
// | 4242 4242 4242 4242  | VI    | approved                                 |
// | 5555 5555 5555 4444  | MC    | approved                                 |
// | 3782 822463 10005    | AX    | approved (CVV of 4 digits)               |
// | 4000 0000 0000 0002  | VI    | declined (card_declined)                 |
// | 4000 0000 0000 9995  | VI    | declined (insufficient_funds)            |
// | 4000 0027 6000 3184  | VI    | 3-D Secure challenge (approve or deny)   |
// | 4152 3138 0000 0007  | VI    | approved, issued in Mexico by BBVA México (instalments) |
//
// Any future expiry, any CVV of the right length. Test tokens `tok_test_<last 4 digits>` authorize
// through the API without the hosted page.
export {
  sandboxPspCardTokens,
  sandboxPspEvents,
  sandboxPspEventType,
  sandboxPspIdempotencyKeys,
  sandboxPspIntentStatus,
  sandboxPspIntents,
  sandboxPspRefunds,
} from "./schema.ts";
export { TEST_CARDS, brandOf, checkCardForm, cvcLengthOf, digitsOf, isExpired, issuerOf, parseExpiry, passesLuhn, type CardBrand, type CardBehaviour, type CardForm } from "./cards.ts";
export { EVENT_TYPES, FAILURE_CODES, INTENT_STATUSES, decideAuthorization, decideCapture, decideChallenge, decideRefund, type EventType, type FailureCode, type IntentStatus } from "./intents.ts";
export { renderCardPage, renderChallengePage, renderNotFoundPage, HOSTED_PAGE_TEXT } from "./hosted-page.ts";
export {
  SANDBOX_PSP_PREFIX,
  TEST_TOKENS,
  challengePagePath,
  findEvents,
  findHostedPageState,
  findIntent,
  formatAmount,
  hostedPagePath,
  requestHashOf,
  returnUrlOf,
  runIdempotent,
  submitCardForm,
  submitChallenge,
  webhookDelivery,
  type CardSubmission,
  type CreateIntentInput,
  type HostedPageState,
  type IdempotentAnswer,
  type IntentView,
  type RefundView,
  type SandboxEvent,
  type SandboxOperation,
} from "./service.ts";
