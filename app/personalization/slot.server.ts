// A content slot rendered on the server (issue 9 item 5): the page's loader asks for the slot's answer
// for this visitor, so the banner is in the first HTML (no layout shift). Viewing the page counts a
// visit and may set the client id and preview cookies. A slot that fails leaves the page without it.
import type { RouterContextProvider } from "react-router";
import type { Language } from "../../lib/language.ts";
import { answerContent, contextOfVisitor, type SlotAnswer } from "../../modules/personalization/index.ts";
import { isFlagOn } from "../../modules/site/index.ts";
import { requestContext, servicesContext } from "../context.ts";
import { personalizationOfRequest } from "./visitor.server.ts";

export interface RenderedSlot {
  banner: SlotAnswer | null;
  headers: Headers;
}

export async function loadSlot(request: Request, context: Readonly<RouterContextProvider>, slotId: string, language: Language): Promise<RenderedSlot> {
  const services = context.get(servicesContext);
  const { site, logger } = context.get(requestContext);
  const headers = new Headers();
  if (!isFlagOn(site, "enableCroct")) return { banner: null, headers };
  const now = services.clock.now();
  const visitor = personalizationOfRequest(request, services.config, { siteCode: site.code, language, issueClientId: true, now, readPreviewParams: true });
  for (const cookie of visitor.setCookies) headers.append("Set-Cookie", cookie);
  // The page differs per visitor: no shared cache may keep it.
  headers.set("Cache-Control", "private, no-store");
  try {
    const evaluation = await contextOfVisitor(services.db, visitor.facts, undefined, { countVisit: true, now });
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
