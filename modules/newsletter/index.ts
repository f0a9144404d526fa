export { newsletterStatus, newsletterSubscriptions, NEWSLETTER_STATUSES, type NewsletterStatus } from "./schema.ts";
export {
  EMAIL_MAX_LENGTH,
  LABEL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  checkEmail,
  isConsentGiven,
  readNewsletterRequest,
  type NewsletterField,
  type NewsletterIssueCode,
  type NewsletterRequest,
  type NewsletterSite,
} from "./validation.ts";
export {
  CONFIRM_TOKEN_TTL_MS,
  deriveNewsletterToken,
  hashNewsletterToken,
  isNewsletterTokenShaped,
  newTokenNonce,
  type NewsletterTokenPurpose,
} from "./tokens.ts";
export { decideConfirmation, decideSubscription, decideUnsubscribe, type SubscriptionState } from "./rules.ts";
export {
  findSubscriptionByEmail,
  findSubscriptionById,
  findSubscriptionByTokenHash,
  insertSubscription,
  updateSubscription,
  type NewNewsletterSubscription,
  type NewsletterSubscriptionRow,
} from "./queries.ts";
export { renderNewsletterConfirmationEmail, type NewsletterEmailLinks, type RenderedNewsletterEmail } from "./email.ts";
