// The events the personalization tracker sends (cart, order,
// product, user profile, post) and the limits. One zod schema, shared by the browser's
// tracker (which refuses an event before queueing it) and the service's `track` endpoint (which refuses
// it again, since a beacon can be forged).
import { z } from "zod";
import { TRACKING_LIMITS } from "./tracking-limits.ts";

export { TRACKING_LIMITS };

const text = z.string().trim().min(1).max(TRACKING_LIMITS.textMaxLength);
const currencyCode = z.string().regex(/^[A-Z]{3}$/);
/** Money as a decimal number in the currency's major unit, as analytics libraries report it. */
const amount = z.number().finite().min(0).max(100_000_000);

export const TrackedProduct = z.strictObject({
  productId: z.string().trim().min(1).max(TRACKING_LIMITS.productIdMaxLength),
  name: z.string().trim().min(1).max(TRACKING_LIMITS.productNameMaxLength),
  category: text.optional(),
  displayPrice: amount,
  url: z.string().max(TRACKING_LIMITS.urlMaxLength).optional(),
});

const TrackedItem = z.strictObject({
  index: z.number().int().min(0).max(TRACKING_LIMITS.itemsMax),
  product: TrackedProduct,
  quantity: z.number().int().min(1).max(99),
  total: amount,
});

const TrackedCart = z.strictObject({
  currency: currencyCode,
  items: z.array(TrackedItem).max(TRACKING_LIMITS.itemsMax),
  total: amount,
});

const customProfileValue = z.union([z.string().max(TRACKING_LIMITS.textMaxLength), z.number().finite(), z.boolean()]);

export const TrackingEvent = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("cartViewed"), cart: TrackedCart }),
  z.strictObject({ type: z.literal("cartModified"), cart: TrackedCart }),
  z.strictObject({
    type: z.literal("orderPlaced"),
    order: z.strictObject({
      orderId: z.string().trim().min(1).max(TRACKING_LIMITS.productIdMaxLength),
      currency: currencyCode,
      items: z.array(TrackedItem).min(1).max(TRACKING_LIMITS.itemsMax),
      total: amount,
    }),
  }),
  z.strictObject({ type: z.literal("productViewed"), product: TrackedProduct }),
  z.strictObject({
    type: z.literal("userProfileChanged"),
    patch: z.strictObject({
      interests: z.array(text).max(TRACKING_LIMITS.interestsMax).optional(),
      custom: z
        .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/), customProfileValue)
        .refine((custom) => Object.keys(custom).length <= TRACKING_LIMITS.customProfilePropertiesMax, {
          message: `at most ${TRACKING_LIMITS.customProfilePropertiesMax} custom properties`,
        })
        .optional(),
    }),
  }),
  z.strictObject({
    type: z.literal("postViewed"),
    post: z.strictObject({
      postId: z.string().trim().min(1).max(TRACKING_LIMITS.goalIdMaxLength),
      title: text,
      url: z.string().max(TRACKING_LIMITS.urlMaxLength).optional(),
    }),
  }),
  // Added by the browser tracker (ADR 0029): the inactivity ping ("inactivity delays 30 s,
  // 30 s, 2 min …"). It says the visitor is still on the page and has done nothing since `sinceTime`
  // (ms since the epoch, the browser's clock), so the service can tell a long read from a closed tab.
  z.strictObject({ type: z.literal("nothingChanged"), sinceTime: z.number().int().min(0) }),
  z.strictObject({
    type: z.literal("goalCompleted"),
    goalId: z.string().trim().min(TRACKING_LIMITS.goalIdMinLength).max(TRACKING_LIMITS.goalIdMaxLength),
    value: amount.optional(),
    currency: currencyCode.optional(),
  }),
]);

export type TrackingEvent = z.infer<typeof TrackingEvent>;
export type TrackingEventType = TrackingEvent["type"];
export const TRACKING_EVENT_TYPES = TrackingEvent.options.map(
  (option) => option.shape.type.value,
) as TrackingEventType[];

/** Where the visitor is when the event happens: the page, language and device, never personal data. */
export const TrackingContext = z.strictObject({
  page: z.strictObject({
    url: z.string().max(TRACKING_LIMITS.urlMaxLength),
    referrer: z.string().max(TRACKING_LIMITS.urlMaxLength).optional(),
    title: z.string().max(TRACKING_LIMITS.textMaxLength).optional(),
  }),
  language: z.enum(["es", "en", "pt"]),
  device: z.enum(["mobile", "desktop"]),
  /** The client state's label of the site section (home, booking, cart, content…). */
  section: z.string().max(50).optional(),
});

/** One beacon: the event, where it happened, when it happened and when it was sent. */
export const TrackBeacon = z.strictObject({
  context: TrackingContext,
  payload: TrackingEvent,
  /** When the event happened (ms since the epoch, the browser's clock). */
  originalTime: z.number().int().min(0),
  /** When this beacon left the browser: the service corrects for clock skew with the two. */
  departureTime: z.number().int().min(0),
});
export type TrackBeacon = z.infer<typeof TrackBeacon>;

/** The tracker's log messages (developer-facing, in English). */
export const TRACKER_MESSAGES = {
  queueCapacityReached: "Maximum queue capacity reached",
  queueFull: "The queue is full",
  eventSuppressed: "Event suppressed",
  unknownEventType: "Unknown event type",
  invalidEventPayload: "Invalid event payload",
} as const;
