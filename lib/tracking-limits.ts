// The personalization limits, apart from the zod schemas of tracking-events.ts so that page
// code can read them without loading zod in every page's first JavaScript (ADR 0035).
/** Personalization limits: queue, beacon and cart sizes. */
export const TRACKING_LIMITS = {
  productIdMaxLength: 50,
  productNameMaxLength: 200,
  interestsMax: 30,
  goalIdMinLength: 3,
  goalIdMaxLength: 100,
  customProfilePropertiesMax: 10,
  /** Ours: keeps one beacon small (a cart holds at most 5 products, orders likewise). */
  itemsMax: 20,
  textMaxLength: 200,
  urlMaxLength: 2_000,
} as const;
