export { webhookDeliveries, webhookDeliveryStatus, webhookSubscriptions, WEBHOOK_DELIVERY_STATUSES } from "./schema.ts";
export {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_TIMEOUT_MS,
  assertNoIssues,
  eventBody,
  isWebhookEventType,
  readEventTypes,
  readWebhookUrl,
  type BookingEventFacts,
  type WebhookEventType,
} from "./rules.ts";
export {
  DELIVER_WEBHOOK,
  deleteWebhookSubscription,
  findWebhookDeliveries,
  findWebhookSubscription,
  findWebhookSubscriptions,
  insertWebhookSubscription,
  queueBookingEvent,
  updateWebhookSubscription,
  type WebhookDeliveryRow,
  type WebhookSubscriptionRow,
} from "./queries.ts";
export {
  WebhookDeliveryFailed,
  deliverWebhook,
  webhookPoster,
  type DeliveryAttempt,
  type DeliveryOutcome,
  type WebhookPoster,
} from "./delivery.ts";
export { assertWebhookTarget, isPublicAddress, type TargetPolicy } from "./targets.ts";
export { DELIVERED_RETENTION_DAYS, FAILED_RETENTION_DAYS, pruneWebhookDeliveries } from "./prune.ts";
