// A content slot rendered on the server: the page's loader asks for the answer of the slot active at
// its named position for this visitor, so the banner is in the first HTML (no layout shift). Viewing
// the page counts a visit and may set the client id and preview cookies. A position with no active slot
// (none added, or retired) leaves the page as it is without one: no cookie, no Vary. A slot that fails
// leaves the page without it.
import type { RouterContextProvider } from "react-router";
import type { Language } from "../../lib/language.ts";
import { answerContent, contextOfVisitor, findSlotAt, type SlotAnswer } from "../../modules/personalization/index.ts";
import type { SlotPosition } from "../../lib/routing/content-slots.ts";
import { isFlagOn } from "../../modules/site/index.ts";
import { parseCookieHeader } from "../../lib/cookies.ts";
import { DEVICE_HINT_HEADER, deviceFromHint, isAnonymousVisitor, mergeVary } from "../../lib/page-caching.ts";
import { requestContext, servicesContext, personalizationOfRequest } from "../../server/edge/index.ts";

export interface RenderedSlot {
  banner: SlotAnswer | null;
  headers: Headers;
}

export async function loadSlot(
  request: Request,
  context: Readonly<RouterContextProvider>,
  position: SlotPosition,
  language: Language,
): Promise<RenderedSlot> {
  const services = context.get(servicesContext);
  const { site, logger } = context.get(requestContext);
  const headers = new Headers();
  if (!isFlagOn(site, "enableCroct")) return { banner: null, headers };
  const slotId = await findSlotAt(services.db, position).catch((error: unknown) => {
    logger.warn({ err: error, position }, "content slot position not read");
    return null;
  });
  if (slotId === null) return { banner: null, headers };
  const now = services.clock.now();
  // An anonymous visitor (no client id, cart or preview) whose browser says its device class sees the
  // banner of its place and device only: the page may be shared, varying on exactly those headers, and
  // the client id comes from the tracker's GET /client/web/cid instead of this page (ADR 0035).
  const shareable = sharedDevice(request);
  const visitor = personalizationOfRequest(request, services.config, {
    siteCode: site.code,
    language,
    issueClientId: shareable === null,
    now,
    readPreviewParams: true,
  });
  for (const cookie of visitor.setCookies) headers.append("Set-Cookie", cookie);
  if (shareable !== null && visitor.setCookies.length === 0) {
    headers.set(
      "Vary",
      mergeVary(
        [...services.config.GEO_COUNTRY_HEADERS, ...services.config.GEO_STATE_HEADERS, DEVICE_HINT_HEADER],
        null,
      ),
    );
  } else {
    // The page differs per visitor: no shared cache may keep it.
    headers.set("Cache-Control", "private, no-store");
  }
  try {
    const client = shareable === null ? undefined : { device: shareable };
    const evaluation = await contextOfVisitor(services.db, visitor.facts, client, { countVisit: true, now });
    const started = performance.now();
    const banner = await answerContent(
      services.db,
      services.personalization,
      {
        slotId,
        locale: language,
        preview: visitor.previewToken !== null,
        now,
        limits: { elapsedMs: () => performance.now() - started, timeoutMs: services.config.PERSONALIZATION_TIMEOUT_MS },
      },
      evaluation,
    );
    return { banner, headers };
  } catch (error) {
    logger.warn({ err: error, slotId }, "content slot not rendered");
    return { banner: null, headers };
  }
}

/** The device class of an anonymous request that carries the client hint; null for everyone else. */
function sharedDevice(request: Request): "mobile" | "desktop" | null {
  const url = new URL(request.url);
  if (request.headers.has("X-Client-Id") || [...url.searchParams.keys()].some((name) => name.startsWith("perso-")))
    return null;
  if (!isAnonymousVisitor(parseCookieHeader(request.headers.get("Cookie")))) return null;
  return deviceFromHint(request.headers.get(DEVICE_HINT_HEADER));
}

/**
 * The headers of a page never shared (its loader says no-store: seats, prices in the visitor's
 * currency) that shows a slot: no-store stays, the slot's cookies are added.
 */
export function noStoreWithSlot(slot: RenderedSlot): Headers {
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of slot.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}
