// The personalization service (base {base} = this server): evaluate, content, static-content,
// track and cid under /client/web/… for this site's pages, and the same under /external/web/… for
// callers with an API key (401 unknown key, 403 origin not in the key's allow-list, 423 monthly active
// users over the key's quota). 408 when an answer takes longer than PERSONALIZATION_TIMEOUT_MS. The
// site flag enableCroct turns the service on; enableCroctShopping lets shopping events be stored.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { type AppServices, personalizationOfRequest, type RequestPersonalization } from "../edge/index.ts";
import { AppError, isAppError } from "../../lib/errors.ts";
import { LANGUAGES, type Language } from "../../lib/language.ts";
import {
  ClientContext,
  admitMonthlyUser,
  answerContent,
  answerStaticContent,
  contextOfVisitor,
  evaluate,
  findApiKey,
  isValidPreviewToken,
  monthOf,
  recordVisit,
  trackBeacon,
  type ApiKeyRow,
  type EvaluationLimits,
} from "../../modules/personalization/index.ts";
import { findSiteConfig, isFlagOn, type SiteConfig } from "../../modules/site/index.ts";
import { createRouter, errorResponse, type ApiRouter } from "./openapi.ts";

export const API_KEY_HEADER = "X-Api-Key";
export const CLIENT_ID_HEADER = "X-Client-Id";
/** One beacon is small (TRACKING_LIMITS); anything bigger is refused before it is parsed. */
const MAX_BEACON_BYTES = 16_384;
const MAX_QUERY_BODY_BYTES = 32_768;
const CACHE_SECONDS = 60;

type Env = { Variables: { site: SiteConfig; apiKey: ApiKeyRow | null } };
const SURFACES = ["client", "external"] as const;
type Surface = (typeof SURFACES)[number];

const ContextSchema = z
  .custom<ClientContext>((value) => ClientContext.safeParse(value).success, { message: "invalid context" })
  .openapi({
    type: "object",
    description:
      "What the page adds to the server's facts: page {url, referrer}, device (mobile|desktop), up to 10 scalar attributes.",
    example: { page: { url: "https://www.travesia.mx/es/" }, device: "desktop" },
  });
const Locale = z.enum(LANGUAGES as unknown as [Language, ...Language[]]);
const ContentBody = z.object({
  slotId: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .openapi({ example: "home-banner" }),
  version: z.number().int().min(1).max(1_000_000).optional(),
  preferredLocale: Locale.optional(),
  context: ContextSchema.optional(),
  previewToken: z.string().max(200).optional(),
});
const SlotAnswerSchema = z
  .object({
    slotId: z.string(),
    version: z.number().int(),
    locale: Locale,
    variant: z.string(),
    draft: z.boolean(),
    content: z.object({
      tone: z.enum(["default", "resident", "cart"]),
      eyebrow: z.string(),
      title: z.string(),
      bodyHtml: z.string(),
      cta: z.object({ label: z.string(), href: z.string() }).nullable(),
    }),
  })
  .openapi("SlotContent");

const API_KEY_NOTE = `/external/… calls need the ${API_KEY_HEADER} header and a client id (${CLIENT_ID_HEADER}, from GET /external/web/cid).`;

function unexpected<T>(logger: AppServices["logger"], work: () => Promise<T>): Promise<T> {
  return work().catch((error: unknown) => {
    if (isAppError(error)) throw error;
    logger.error({ err: error }, "personalization failed");
    throw new AppError("PERSONALIZATION_UNEXPECTED_ERROR", { cause: error });
  });
}

export function personalizationRouter(services: AppServices) {
  const router = createRouter<Env>();
  installGuards(router, services);
  for (const surface of SURFACES) {
    registerEvaluate(router, services, surface);
    registerContent(router, services, surface);
    registerStaticContent(router, services, surface);
    registerTrack(router, services, surface);
    registerClientId(router, services, surface);
  }
  return router;
}

/** The API key scheme, the service and key checks, and the body limits of each surface. */
function installGuards(router: ApiRouter<Env>, services: AppServices) {
  router.openAPIRegistry.registerComponent("securitySchemes", "personalizationApiKey", {
    type: "apiKey",
    in: "header",
    name: API_KEY_HEADER,
    description: "An API key of the personalization service (only for /external/web/…).",
  });

  router.use("/client/web/*", requireService(services));
  router.use("/external/web/*", requireService(services), requireApiKey(services));
  router.use(
    "/client/web/track",
    bodyLimit({
      maxSize: MAX_BEACON_BYTES,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE");
      },
    }),
  );
  router.use(
    "/external/web/track",
    bodyLimit({
      maxSize: MAX_BEACON_BYTES,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE");
      },
    }),
  );
  for (const surface of SURFACES) {
    router.use(
      `/${surface}/web/evaluate`,
      bodyLimit({
        maxSize: MAX_QUERY_BODY_BYTES,
        onError: () => {
          throw new AppError("PAYLOAD_TOO_LARGE");
        },
      }),
    );
  }
}

// Every call: the service must be on for the site (enableCroct), else it does not exist.
function requireService(services: AppServices): MiddlewareHandler<Env> {
  return async (c, next) => {
    const site = await findSiteConfig(services.db, services.config.SITE_CODE);
    if (!isFlagOn(site, "enableCroct")) throw new AppError("PERSONALIZATION_DISABLED");
    c.set("site", site);
    c.set("apiKey", null);
    await next();
  };
}

// /external: a known key (401), an allowed Origin when the browser sends one (403).
function requireApiKey(services: AppServices): MiddlewareHandler<Env> {
  return async (c, next) => {
    const given = c.req.header(API_KEY_HEADER);
    const key = given && given.length <= 200 ? await findApiKey(services.db, given) : null;
    if (!key || key.siteCode !== c.get("site").code) throw new AppError("PERSONALIZATION_INVALID_CREDENTIALS");
    const origin = c.req.header("Origin");
    if (origin !== undefined && !key.allowedOrigins.includes(origin))
      throw new AppError("PERSONALIZATION_ORIGIN_NOT_ALLOWED");
    if (origin !== undefined) {
      c.header("Access-Control-Allow-Origin", origin);
      c.header("Vary", "Origin");
    }
    c.set("apiKey", key);
    await next();
  };
}

/** The time budget of one answer, from now. */
function limits(services: AppServices): EvaluationLimits {
  const started = performance.now();
  return { elapsedMs: () => performance.now() - started, timeoutMs: services.config.PERSONALIZATION_TIMEOUT_MS };
}

/** The request's facts; on /external the client id is required and counted against the key's quota. */
async function visitorOf(
  services: AppServices,
  c: Context<Env>,
  surface: Surface,
  options: { issueClientId: boolean; language?: Language | undefined },
): Promise<RequestPersonalization> {
  const now = services.clock.now();
  const found = personalizationOfRequest(c.req.raw, services.config, {
    siteCode: c.get("site").code,
    language: options.language ?? null,
    issueClientId: options.issueClientId,
    now,
    readPreviewParams: false,
  });
  const key = c.get("apiKey");
  if (surface === "external" && key) {
    if (!found.facts.cid)
      throw new AppError("INVALID_REQUEST", { issues: [{ path: `header.${CLIENT_ID_HEADER}`, code: "required" }] });
    if (!(await admitMonthlyUser(services.db, key.id, key.monthlyActiveUserQuota, monthOf(now), found.facts.cid))) {
      throw new AppError("PERSONALIZATION_QUOTA_EXCEEDED");
    }
  }
  for (const cookie of found.setCookies) c.header("Set-Cookie", cookie, { append: true });
  return found;
}

function common(surface: Surface) {
  return {
    security: surface === "external" ? [{ personalizationApiKey: [] }] : [],
    tags: ["personalization"],
  };
}

// Documented on both surfaces; only /external/… answers them.
function statusResponses() {
  return {
    401: errorResponse("PERSONALIZATION_INVALID_CREDENTIALS (/external only): no or unknown API key"),
    403: errorResponse(
      "PERSONALIZATION_ORIGIN_NOT_ALLOWED (/external only): the Origin is not in the key's allow-list",
    ),
    423: errorResponse("PERSONALIZATION_QUOTA_EXCEEDED (/external only): the key's monthly active users are used up"),
  };
}

function registerEvaluate(router: ApiRouter<Env>, services: AppServices, surface: Surface) {
  const base = `/${surface}/web`;
  router.openapi(
    createRoute({
      method: "post",
      path: `${base}/evaluate`,
      ...common(surface),
      summary: "Evaluate a JSON Logic query over the visitor's context",
      description: `The context: location {country, state}, language, device, visitor {visits, returning, lastCart}, cart {items, total, currency}, page, attributes. Operators: JSON Logic's, without \`method\` and \`log\`. ${surface === "external" ? API_KEY_NOTE : ""}`,
      request: {
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z.object({
                query: z.unknown().openapi({ example: { "==": [{ var: "location.state" }, "ROO"] } }),
                context: ContextSchema.optional(),
              }),
            },
          },
        },
      },
      responses: {
        200: {
          description: "The query's JSON result",
          content: { "application/json": { schema: z.object({ result: z.unknown() }) } },
        },
        400: errorResponse("PERSONALIZATION_INVALID_QUERY or INVALID_REQUEST"),
        404: errorResponse("PERSONALIZATION_DISABLED"),
        408: errorResponse("PERSONALIZATION_TIMEOUT"),
        413: errorResponse("PAYLOAD_TOO_LARGE"),
        422: errorResponse(
          "PERSONALIZATION_TOO_COMPLEX_QUERY, PERSONALIZATION_EVALUATION_FAILED, PERSONALIZATION_UNALLOWED_RESULT or PERSONALIZATION_UNSERIALIZABLE_RESULT",
        ),
        500: errorResponse("PERSONALIZATION_UNEXPECTED_ERROR"),
        ...statusResponses(),
      },
    }),
    async (c) =>
      unexpected(services.logger, async () => {
        const timing = limits(services);
        const body = c.req.valid("json");
        const visitor = await visitorOf(services, c, surface, { issueClientId: false });
        const context = await contextOfVisitor(services.db, visitor.facts, body.context, {
          countVisit: false,
          now: services.clock.now(),
        });
        const result = evaluate(body.query ?? null, context, timing);
        c.header("Cache-Control", "no-store");
        return c.json({ result }, 200);
      }),
  );
}

function registerContent(router: ApiRouter<Env>, services: AppServices, surface: Surface) {
  const base = `/${surface}/web`;
  router.openapi(
    createRoute({
      method: "post",
      path: `${base}/content`,
      ...common(surface),
      summary: "A content slot's variant for this visitor",
      description: `The first variant (in the slot's order) whose audience holds for the visitor's context, else the default. A valid previewToken answers the newest version, drafts included, uncached. Answers are cached 60 s. ${surface === "external" ? API_KEY_NOTE : ""}`,
      request: { body: { required: true, content: { "application/json": { schema: ContentBody } } } },
      responses: {
        200: { description: "The slot's content", content: { "application/json": { schema: SlotAnswerSchema } } },
        400: errorResponse("INVALID_REQUEST"),
        404: errorResponse("UNKNOWN_CONTENT_SLOT or PERSONALIZATION_DISABLED"),
        408: errorResponse("PERSONALIZATION_TIMEOUT"),
        500: errorResponse("PERSONALIZATION_UNEXPECTED_ERROR"),
        ...statusResponses(),
      },
    }),
    async (c) =>
      unexpected(services.logger, async () => {
        const timing = limits(services);
        const body = c.req.valid("json");
        const visitor = await visitorOf(services, c, surface, { issueClientId: false, language: body.preferredLocale });
        const now = services.clock.now();
        const token = body.previewToken ?? visitor.previewToken;
        const preview =
          token !== null &&
          token !== undefined &&
          isValidPreviewToken(services.config.PERSONALIZATION_PREVIEW_SECRET, token, now);
        const context = await contextOfVisitor(services.db, visitor.facts, body.context, { countVisit: false, now });
        const answer = await answerContent(
          services.db,
          services.personalization,
          {
            slotId: body.slotId,
            version: body.version,
            locale: visitor.facts.language,
            preview,
            now,
            limits: timing,
          },
          context,
        );
        c.header("Cache-Control", preview ? "no-store" : `private, max-age=${CACHE_SECONDS}`);
        return c.json(answer, 200);
      }),
  );
}

function registerStaticContent(router: ApiRouter<Env>, services: AppServices, surface: Surface) {
  const base = `/${surface}/web`;
  router.openapi(
    createRoute({
      method: "post",
      path: `${base}/static-content`,
      ...common(surface),
      summary: "A content slot's default variant, for any visitor",
      description: "No audience is evaluated: the answer is the same for everyone and may be cached by a CDN for 60 s.",
      request: {
        body: {
          required: true,
          content: {
            "application/json": { schema: ContentBody.pick({ slotId: true, version: true, preferredLocale: true }) },
          },
        },
      },
      responses: {
        200: {
          description: "The slot's default content",
          content: { "application/json": { schema: SlotAnswerSchema } },
        },
        400: errorResponse("INVALID_REQUEST"),
        404: errorResponse("UNKNOWN_CONTENT_SLOT or PERSONALIZATION_DISABLED"),
        408: errorResponse("PERSONALIZATION_TIMEOUT"),
        500: errorResponse("PERSONALIZATION_UNEXPECTED_ERROR"),
        ...statusResponses(),
      },
    }),
    async (c) =>
      unexpected(services.logger, async () => {
        const timing = limits(services);
        const body = c.req.valid("json");
        if (surface === "external") await visitorOf(services, c, surface, { issueClientId: false });
        const answer = await answerStaticContent(services.db, services.personalization, {
          slotId: body.slotId,
          version: body.version,
          locale: body.preferredLocale ?? "es",
          now: services.clock.now(),
          limits: timing,
        });
        c.header(
          "Cache-Control",
          surface === "external" ? `private, max-age=${CACHE_SECONDS}` : `public, max-age=${CACHE_SECONDS}`,
        );
        return c.json(answer, 200);
      }),
  );
}

function registerTrack(router: ApiRouter<Env>, services: AppServices, surface: Surface) {
  const base = `/${surface}/web`;
  router.openapi(
    createRoute({
      method: "post",
      path: `${base}/track`,
      ...common(surface),
      summary: "Store one tracked event (a beacon)",
      description:
        "The body is a TrackBeacon (lib/tracking-events.ts): context, payload, originalTime, departureTime. An unknown event type (UNKNOWN_EVENT_TYPE) or a payload outside the limits (INVALID_EVENT_PAYLOAD) is refused and nothing is stored. Shopping events are acknowledged but not stored where enableCroctShopping is off ('suppressed').",
      request: {
        body: {
          required: true,
          content: { "application/json": { schema: z.unknown().openapi({ type: "object" }) } },
        },
      },
      responses: {
        202: {
          description: "Acknowledged",
          content: { "application/json": { schema: z.object({ status: z.enum(["stored", "suppressed"]) }) } },
        },
        400: errorResponse("INVALID_REQUEST"),
        404: errorResponse("PERSONALIZATION_DISABLED"),
        413: errorResponse("PAYLOAD_TOO_LARGE"),
        422: errorResponse("UNKNOWN_EVENT_TYPE or INVALID_EVENT_PAYLOAD"),
        500: errorResponse("PERSONALIZATION_UNEXPECTED_ERROR"),
        ...statusResponses(),
      },
    }),
    async (c) =>
      unexpected(services.logger, async () => {
        const body: unknown = c.req.valid("json");
        const visitor = await visitorOf(services, c, surface, { issueClientId: false });
        const status = await trackBeacon(services.db, {
          body,
          siteCode: c.get("site").code,
          cid: visitor.facts.cid,
          shoppingEnabled: isFlagOn(c.get("site"), "enableCroctShopping"),
          now: services.clock.now(),
        });
        c.header("Cache-Control", "no-store");
        return c.json({ status }, 202);
      }),
  );
}

function registerClientId(router: ApiRouter<Env>, services: AppServices, surface: Surface) {
  const base = `/${surface}/web`;
  router.openapi(
    createRoute({
      method: "get",
      path: `${base}/cid`,
      ...common(surface),
      summary: "This browser's client id, as text",
      description:
        "The id of the perso_cid cookie (or the X-Client-Id header) when it has one; else a new random id, also set as a first-party cookie for a year.",
      responses: {
        200: {
          description: "32 hex digits",
          content: { "text/plain": { schema: z.string().regex(/^[0-9a-f]{32}$/) } },
        },
        404: errorResponse("PERSONALIZATION_DISABLED"),
        ...statusResponses(),
      },
    }),
    async (c) =>
      unexpected(services.logger, async () => {
        const visitor = await visitorOf(services, c, surface, { issueClientId: true });
        // A tracker starting on a page asks for its id: that counts a visit (a new one after 30 min).
        if (visitor.facts.cid)
          await recordVisit(services.db, visitor.facts.cid, c.get("site").code, services.clock.now());
        c.header("Cache-Control", "no-store");
        return c.text(visitor.facts.cid ?? "", 200);
      }),
  );
}
