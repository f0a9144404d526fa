// The personalization use cases: build a visitor's evaluation context, evaluate a query,
// answer a slot's content (cached 60 s), store a tracked beacon. Routes and page loaders stay thin.
import { AppError } from "../../lib/errors.ts";
import type { Database } from "../../lib/db.ts";
import type { Language } from "../../lib/language.ts";
import { TRACKING_EVENT_TYPES, TrackBeacon, type TrackingEventType } from "../../lib/tracking-events.ts";
import { audienceKey, defaultVariant, pickVariant } from "./audience.ts";
import { createContentCache, type ContentCache } from "./cache.ts";
import { buildEvaluationContext, type ClientContext } from "./context.ts";
import { assertInTime, evaluateQuery, type EvaluationLimits } from "./query.ts";
import {
  findCartSummary,
  findClientVisits,
  findLastTrackedCart,
  findSlotVariants,
  findSlotVersion,
  insertTrackedEvent,
  recordVisit,
  type SlotVariantRow,
} from "./queries.ts";
import { sanitizeSlotContent } from "./sanitize.ts";
import type { EvaluationContext, SlotAnswer } from "./types.ts";

interface LoadedSlot {
  version: number;
  draft: boolean;
  variants: SlotVariantRow[];
}

/** The process's caches of slot data and answers (one per process, kept in AppServices). */
export interface PersonalizationService {
  slots: ContentCache<LoadedSlot>;
  answers: ContentCache<SlotAnswer>;
}

export function createPersonalizationService(): PersonalizationService {
  return { slots: createContentCache(), answers: createContentCache() };
}

/** What the server knows of the visitor from the request. */
export interface VisitorFacts {
  siteCode: string;
  cid: string | null;
  country: string | null;
  state: string | null;
  language: Language;
  userAgent: string | null;
  cartSessionId: string | null;
}

/** The evaluation context of a visitor; a page view counts a visit, an API call only reads them. */
export async function contextOfVisitor(
  db: Database,
  facts: VisitorFacts,
  client: ClientContext | undefined,
  options: { countVisit: boolean; now: Date },
): Promise<EvaluationContext> {
  const { cid } = facts;
  const [visits, cart, lastCart] = await Promise.all([
    cid
      ? options.countVisit
        ? recordVisit(db, cid, facts.siteCode, options.now)
        : findClientVisits(db, cid)
      : Promise.resolve(0),
    findCartSummary(db, facts.cartSessionId),
    cid ? findLastTrackedCart(db, cid) : Promise.resolve(null),
  ]);
  return buildEvaluationContext({ ...facts, visits, cart, lastCart }, client);
}

export function evaluate(query: unknown, context: EvaluationContext, limits: EvaluationLimits): unknown {
  return evaluateQuery(query, context, limits);
}

/** The variants in the locale asked for, else Spanish (the site's first language), else any. */
function variantsInLocale(
  variants: readonly SlotVariantRow[],
  locale: Language,
): { locale: Language; variants: SlotVariantRow[] } {
  for (const candidate of [locale, "es", "en", "pt"] as Language[]) {
    const found = variants.filter((variant) => variant.locale === candidate);
    if (found.length > 0) return { locale: candidate, variants: found };
  }
  return { locale, variants: [] };
}

async function loadSlot(
  db: Database,
  service: PersonalizationService,
  slotId: string,
  version: number | undefined,
  draft: boolean,
  now: Date,
): Promise<LoadedSlot> {
  const key = `${slotId}|${version ?? "latest"}`;
  const cached = draft ? undefined : service.slots.get(key, now);
  if (cached) return cached;
  const found = await findSlotVersion(db, slotId, { version, includeDrafts: draft });
  if (!found) throw new AppError("UNKNOWN_CONTENT_SLOT", { issues: [{ path: "body.slotId", code: "unknown" }] });
  const loaded: LoadedSlot = {
    version: found.version,
    draft: found.status === "draft",
    variants: await findSlotVariants(db, slotId, found.version),
  };
  if (!draft) service.slots.set(key, loaded, now);
  return loaded;
}

export interface ContentRequest {
  slotId: string;
  version?: number | undefined;
  locale: Language;
  /** A valid preview token was given: the newest version, drafts included, never cached. */
  preview: boolean;
  now: Date;
  limits: EvaluationLimits;
}

function answerOf(slotId: string, slot: LoadedSlot, locale: Language, variant: SlotVariantRow | null): SlotAnswer {
  if (!variant) throw new AppError("UNKNOWN_CONTENT_SLOT", { issues: [{ path: "body.slotId", code: "no_variant" }] });
  return {
    slotId,
    version: slot.version,
    locale,
    variant: variant.name,
    draft: slot.draft,
    content: sanitizeSlotContent(variant.content),
  };
}

/** The first variant whose audience holds for this context, else the default. */
export async function answerContent(
  db: Database,
  service: PersonalizationService,
  request: ContentRequest,
  context: EvaluationContext,
): Promise<SlotAnswer> {
  const slot = await loadSlot(db, service, request.slotId, request.version, request.preview, request.now);
  const { locale, variants } = variantsInLocale(slot.variants, request.locale);
  const key = `${request.slotId}|${slot.version}|${slot.draft}|${locale}|${audienceKey(variants, context)}`;
  const cached = request.preview ? undefined : service.answers.get(key, request.now);
  if (cached) return cached;
  assertInTime(request.limits);
  const answer = answerOf(request.slotId, slot, locale, pickVariant(variants, context));
  assertInTime(request.limits);
  if (!request.preview) service.answers.set(key, answer, request.now);
  return answer;
}

/** The default variant, without evaluating audiences: what a shared cache or a CDN may serve anyone. */
export async function answerStaticContent(
  db: Database,
  service: PersonalizationService,
  request: Omit<ContentRequest, "preview">,
): Promise<SlotAnswer> {
  const slot = await loadSlot(db, service, request.slotId, request.version, false, request.now);
  const { locale, variants } = variantsInLocale(slot.variants, request.locale);
  assertInTime(request.limits);
  return answerOf(request.slotId, slot, locale, defaultVariant(variants));
}

/** Shopping events (cart, order, product) are stored only where enableCroctShopping is on. */
const SHOPPING_EVENTS: ReadonlySet<TrackingEventType> = new Set([
  "cartViewed",
  "cartModified",
  "orderPlaced",
  "productViewed",
]);

export type TrackOutcome = "stored" | "suppressed";

/**
 * Checks one beacon against the shared schema and stores it: an unknown type or a bad payload is
 * refused with a code and nothing is stored. The moment it happened is corrected for the browser's
 * clock: the service's arrival time less the time the beacon waited in the browser's queue.
 */
export async function trackBeacon(
  db: Database,
  input: { body: unknown; siteCode: string; cid: string | null; shoppingEnabled: boolean; now: Date },
): Promise<TrackOutcome> {
  const type = (input.body as { payload?: { type?: unknown } } | null)?.payload?.type;
  if (typeof type !== "string" || !(TRACKING_EVENT_TYPES as string[]).includes(type)) {
    throw new AppError("UNKNOWN_EVENT_TYPE", { issues: [{ path: "body.payload.type", code: "unknown" }] });
  }
  const parsed = TrackBeacon.safeParse(input.body);
  if (!parsed.success) {
    throw new AppError("INVALID_EVENT_PAYLOAD", {
      issues: parsed.error.issues
        .slice(0, 10)
        .map((issue) => ({ path: ["body", ...issue.path.map(String)].join("."), code: issue.code })),
    });
  }
  const beacon = parsed.data;
  const queuedMs = beacon.departureTime - beacon.originalTime;
  if (queuedMs < 0)
    throw new AppError("INVALID_EVENT_PAYLOAD", {
      issues: [{ path: "body.departureTime", code: "before_original_time" }],
    });
  if (SHOPPING_EVENTS.has(beacon.payload.type) && !input.shoppingEnabled) return "suppressed";
  await insertTrackedEvent(db, {
    siteCode: input.siteCode,
    cid: input.cid,
    type: beacon.payload.type,
    context: beacon.context,
    payload: beacon.payload,
    occurredAt: new Date(input.now.getTime() - queuedMs),
    receivedAt: input.now,
  });
  return "stored";
}
