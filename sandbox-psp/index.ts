// The sandbox payment provider: a stand-in for an outside company, the payment service provider a
// real deployment signs a contract with. It is not part of the shop: it keeps its own tables, runs in
// this process by default and is reached only over HTTP (its router, server/api/sandbox-psp.ts), the
// way modules/payments/provider.ts would reach a real one. The lint zones let only that router, the
// worker that runs its webhook loop and the tests import it (ADR 0071). Test cards: see cards.ts and
// docs/decisions/0018.
//
// | Card number          | Brand | Answer                                   |
// |----------------------|-------|------------------------------------------|
// | 4242 4242 4242 4242  | VI    | approved                                 |
// | 5555 5555 5555 4444  | MC    | approved                                 |
// | 3782 822463 10005    | AX    | approved (CVV of 4 digits)               |
// | 4000 0000 0000 0002  | VI    | declined (card_declined)                 |
// | 4000 0000 0000 9995  | VI    | declined (insufficient_funds)            |
// | 4000 0027 6000 3184  | VI    | 3-D Secure challenge (approve or deny)   |
// | 4152 3138 0000 0007  | VI    | approved; MX, BBVA México: months without interest up to 15 |
// | 5546 2900 0000 0015  | MC    | approved; MX, Banorte: months without interest up to 12     |
//
// Any future expiry, any CVV of the right length. Test tokens `tok_test_<last 4 digits>` authorize
// through the API without the hosted page. 4242… is a US card: like every card not issued in Mexico
// (or of an unknown BIN) it is refused for months without interest. PayPal (MXN only): the approval
// page at /sandbox-psp/paypal/<intent> takes any well-formed e-mail (buyer@sandbox.paypal.example is
// prefilled); "Pay now" authorizes, "Cancel and return" fails the intent with payment_cancelled.
// Webhooks: delivery.ts posts the outbox, signed, to SANDBOX_PSP_WEBHOOK_URL with backoff.
export {
  sandboxPspCardTokens,
  sandboxPspEvents,
  sandboxPspEventType,
  sandboxPspIdempotencyKeys,
  sandboxPspIntentStatus,
  sandboxPspIntents,
  sandboxPspPaymentMethod,
  sandboxPspRefunds,
} from "./schema.ts";
export {
  INSTALMENT_MONTHS,
  ISSUER_BINS,
  TEST_CARDS,
  brandOf,
  checkCardForm,
  cvcLengthOf,
  digitsOf,
  instalmentRefusalOf,
  isExpired,
  issuerOf,
  monthlyAmountOf,
  parseExpiry,
  passesLuhn,
  type CardBrand,
  type CardBehaviour,
  type CardForm,
  type InstalmentRefusal,
  type IssuerBin,
} from "./cards.ts";
export {
  EVENT_TYPES,
  FAILURE_CODES,
  INTENT_STATUSES,
  PAYMENT_METHOD_KINDS,
  checkPaymentOptions,
  decideAuthorization,
  decideCapture,
  decideChallenge,
  decidePayPal,
  decideRefund,
  type EventType,
  type FailureCode,
  type IntentStatus,
  type PaymentMethodKind,
} from "./intents.ts";
export {
  renderCardPage,
  renderChallengePage,
  renderNotFoundPage,
  renderPayPalPage,
  HOSTED_PAGE_TEXT,
} from "./hosted-page.ts";
export {
  DELIVERY_BACKOFF_SECONDS,
  MAX_DELIVERY_ATTEMPTS,
  deliverDue,
  isDeliveredStatus,
  nextAttemptAfter,
  redeliverEvent,
  startWebhookDelivery,
  webhookTargetOf,
  type DeliveryLoop,
  type DeliveryRound,
  type WebhookTarget,
} from "./delivery.ts";
export {
  SANDBOX_PAYPAL_BUYER,
  SANDBOX_PSP_PREFIX,
  TEST_TOKENS,
  challengePagePath,
  findEvents,
  findHostedPageState,
  findIntentRefunds,
  findIntent,
  formatAmount,
  listRefunds,
  hostedPagePath,
  payPalPagePath,
  requestHashOf,
  returnUrlOf,
  runIdempotent,
  submitCardForm,
  submitChallenge,
  submitPayPal,
  webhookDelivery,
  type CardSubmission,
  type CreateIntentInput,
  type HostedPageState,
  type IdempotentAnswer,
  type InstalmentOffer,
  type IntentView,
  type ListedRefund,
  type RefundView,
  type SandboxEvent,
  type SandboxOperation,
} from "./service.ts";
