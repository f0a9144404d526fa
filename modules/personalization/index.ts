export {
  contentSlots,
  contentSlotVariants,
  contentSlotVersions,
  personalizationApiKeys,
  personalizationClients,
  personalizationEvents,
  personalizationMonthlyUsers,
  slotVersionStatus,
} from "./schema.ts";
export type { CartSummary, EvaluationContext, JsonLogicRule, SlotAnswer, SlotContent } from "./types.ts";
export {
  QUERY_LIMITS,
  assertInTime,
  audienceMatches,
  checkQuery,
  evaluateQuery,
  varPathsOf,
  type EvaluationLimits,
} from "./query.ts";
export { audienceKey, defaultVariant, pickVariant, type SlotVariant } from "./audience.ts";
export { safeHref, sanitizeSlotContent, sanitizeSlotHtml } from "./sanitize.ts";
export {
  PREVIEW_EXIT,
  PREVIEW_PARAMS,
  isValidPreviewToken,
  mintPreviewToken,
  previewChangeOf,
  type PreviewChange,
} from "./preview.ts";
export { CONTENT_CACHE_MS, createContentCache, type ContentCache } from "./cache.ts";
export { ClientContext, VISIT_GAP_MS, buildEvaluationContext, deviceOf, monthOf, stateFromHeaders } from "./context.ts";
export {
  admitMonthlyUser,
  createApiKey,
  findApiKey,
  findSlotAt,
  hashApiKey,
  insertSlotIfMissing,
  newClientId,
  recordVisit,
  type ApiKeyRow,
  type SlotDefinition,
} from "./queries.ts";
export {
  answerContent,
  answerStaticContent,
  contextOfVisitor,
  createPersonalizationService,
  evaluate,
  trackBeacon,
  type ContentRequest,
  type PersonalizationService,
  type TrackOutcome,
  type VisitorFacts,
} from "./service.ts";
export {
  addSlotAudience,
  findSlotOverviews,
  insertSlot,
  updateSlotPlace,
  type NewSlotVariants,
  type SlotPlace,
  publishSlotVariant,
  removeSlotAudience,
  setSlotAudience,
  type SlotOverview,
} from "./admin.ts";
