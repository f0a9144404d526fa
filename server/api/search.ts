// The search service at the exact paths (all POST): a short-lived token, suggestions,
// ranked results, a short answer from the FAQ and content, analytics events and client error
// reports. Every call names the page it comes from in X-Host-Path (this site's host, or 403); all but
// /token and /reporting carry the token as a bearer credential. Bad input is a coded 4xx, never a 500.
import { createHash, createHmac } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppServices } from "../edge/index.ts";
import { AppError } from "../../lib/errors.ts";
import type { Language } from "../../lib/language.ts";
import {
  HOST_PATH_HEADER,
  SEARCH_DOCUMENT_TYPES,
  SEARCH_TOKEN_TTL_SECONDS,
  answerQuestion,
  bearerTokenOf,
  dataStoreOf,
  issueSearchToken,
  languageOfDataStore,
  newAttributionToken,
  normalizeQuery,
  readHostPath,
  recordClientError,
  recordSearchEvent,
  searchIndex,
  suggestQueries,
  verifySearchToken,
} from "../../modules/search/index.ts";
import { clientAddressOf } from "./client-address.ts";
import { createRouter, errorResponse } from "./openapi.ts";

/** Search bodies are a few hundred bytes; anything past this is refused before it is parsed. */
const MAX_BODY_BYTES = 16 * 1024;
/** The longest query a body may carry; within it, queries are cut to 200 characters. */
const MAX_QUERY_INPUT = 1000;
const SUGGESTION_LIMIT = 6;
const MAX_PAGE_SIZE = 50;

const QueryField = z
  .string()
  .max(MAX_QUERY_INPUT)
  .openapi({ description: "What the visitor typed; blank answers nothing", example: "isla mujeres" });
const OpaqueId = (description: string, example: string) =>
  z
    .string()
    .min(1)
    .max(128)
    .regex(/^[\x21-\x7e]+$/, "printable ASCII without spaces")
    .openapi({ description, example });
const DataStoreField = z
  .string()
  .max(64)
  .openapi({ description: "`<site>-<language>`, as the token answer names it", example: "travesia-es" });
const EngineField = z
  .string()
  .max(64)
  .openapi({ description: "`<site>-<language>`, as the token answer names it", example: "travesia-en" });

const SECURITY_BEARER = [{ searchBearer: [], hostPath: [] }];
const SECURITY_HOST_PATH = [{ hostPath: [] }];

const ResultSchema = z
  .object({
    id: z.string().openapi({ example: "faq:en:what-is-an-open-ticket-and-how-long-is-it-valid" }),
    position: z.number().int().openapi({ description: "1-based rank, as analytics' selectedPosition expects it" }),
    type: z.enum(SEARCH_DOCUMENT_TYPES),
    title: z.string(),
    snippet: z
      .string()
      .openapi({ description: "Plain text around the first matched word; escape it before writing it into HTML" }),
    highlights: z
      .array(z.tuple([z.number().int(), z.number().int()]))
      .openapi({ description: "[start, end) of matched words in snippet" }),
    url: z.string().openapi({ example: "/en/faqs/#what-is-an-open-ticket-and-how-long-is-it-valid" }),
  })
  .openapi("SearchResult");

const CitationSchema = z
  .object({ id: z.string(), title: z.string(), url: z.string(), passage: z.string() })
  .openapi("AnswerCitation");

function body<T extends z.ZodType>(schema: T) {
  return { required: true, content: { "application/json": { schema } } } as const;
}

/** The refusals every search route may answer, for the OpenAPI table. */
const REFUSALS = {
  400: errorResponse("INVALID_REQUEST or INVALID_HOST_PATH"),
  401: errorResponse("SEARCH_TOKEN_INVALID (missing, malformed, forged) or SEARCH_TOKEN_EXPIRED: fetch a new token"),
  403: errorResponse("HOST_NOT_ALLOWED"),
  413: errorResponse("PAYLOAD_TOO_LARGE"),
  415: errorResponse("UNSUPPORTED_MEDIA_TYPE"),
} as const;

type SearchRouter = ReturnType<typeof createRouter>;

interface SearchGuards {
  limitBody: MiddlewareHandler;
  requireHostPath: MiddlewareHandler;
  requireToken: MiddlewareHandler;
  hostPathOf: (c: Context) => ReturnType<typeof readHostPath>;
  languageOf: (name: string, kind: "dataStore" | "engineName") => Language;
}

interface SearchDeps {
  services: AppServices;
  guards: SearchGuards;
}

/** What every search route checks first: the body's size, the page it comes from, the token. */
function searchGuards(services: AppServices): SearchGuards {
  const { config, search } = services;
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE");
    },
  });

  const allowedHosts = (c: Context): string[] => {
    const hosts = [new URL(c.req.url).host];
    const requestHost = c.req.header("Host");
    if (requestHost) hosts.push(requestHost);
    if (config.PUBLIC_ORIGIN) hosts.push(new URL(config.PUBLIC_ORIGIN).host);
    return hosts;
  };
  const hostPathOf = (c: Context) => readHostPath(c.req.header(HOST_PATH_HEADER), allowedHosts(c));

  const requireHostPath: MiddlewareHandler = async (c, next) => {
    hostPathOf(c);
    c.header("Cache-Control", "no-store");
    await next();
  };
  const requireToken: MiddlewareHandler = async (c, next) => {
    verifySearchToken(
      search.tokenSecret,
      bearerTokenOf(c.req.header("Authorization")),
      search.site,
      services.clock.now(),
    );
    await next();
  };

  const languageOf = (name: string, kind: "dataStore" | "engineName"): Language => {
    const language = languageOfDataStore(search.site, name);
    if (language) return language;
    throw kind === "dataStore"
      ? new AppError("UNKNOWN_DATA_STORE", { issues: [{ path: "body.dataStore", code: "unknown_data_store" }] })
      : new AppError("UNKNOWN_SEARCH_ENGINE", { issues: [{ path: "body.engineName", code: "unknown_engine" }] });
  };

  return { limitBody, requireHostPath, requireToken, hostPathOf, languageOf };
}

export function searchRouter(services: AppServices) {
  const router = createRouter();
  router.openAPIRegistry.registerComponent("securitySchemes", "searchBearer", {
    type: "http",
    scheme: "bearer",
    description: "A token from POST /google-enterprise/token (15 minutes)",
  });
  router.openAPIRegistry.registerComponent("securitySchemes", "hostPath", {
    type: "apiKey",
    in: "header",
    name: HOST_PATH_HEADER,
    description:
      "Host and path of the page the call is made from, e.g. `www.travesia.mx/es/busqueda/`. Missing or malformed: 400 INVALID_HOST_PATH; a host that is not this site's: 403 HOST_NOT_ALLOWED.",
  });

  const deps: SearchDeps = { services, guards: searchGuards(services) };
  addTokenRoute(router, deps);
  addAutocompleteRoute(router, deps);
  addSearchRoute(router, deps);
  addAnswerRoute(router, deps);
  addAnalyticsRoute(router, deps);
  addReportingRoute(router, deps);

  return router;
}

/** The client as stored: a keyed hash of its address, so reports never hold a visitor's IP. */
function clientKeyOf(secret: string, address: string): string {
  return createHmac("sha256", createHash("sha256").update(`reporting:${secret}`).digest())
    .update(address)
    .digest("base64url")
    .slice(0, 32);
}

/** The token a page asks for first, with the data store and engine of its language. */
function addTokenRoute(router: SearchRouter, { services, guards }: SearchDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/google-enterprise/token",
      tags: ["search"],
      summary: "A short-lived search token, and the data store and engine of the page's language",
      description:
        "No body. The token is signed and valid for 15 minutes on every node that shares SEARCH_TOKEN_SECRET.",
      security: SECURITY_HOST_PATH,
      middleware: [guards.requireHostPath] as const,
      responses: {
        200: {
          description: "The token",
          content: {
            "application/json": {
              schema: z.object({
                data: z.object({
                  access_token: z.string(),
                  token_type: z.literal("Bearer"),
                  expires_in: z.number().int().openapi({ example: SEARCH_TOKEN_TTL_SECONDS }),
                  dataStore: z.string().openapi({ example: "travesia-es" }),
                  engineName: z.string().openapi({ example: "travesia-es" }),
                }),
              }),
            },
          },
        },
        400: REFUSALS[400],
        403: REFUSALS[403],
      },
    }),
    (c) => {
      const { language } = guards.hostPathOf(c);
      const { token } = issueSearchToken(services.search.tokenSecret, services.search.site, services.clock.now());
      const name = dataStoreOf(services.search.site, language);
      return c.json(
        {
          data: {
            access_token: token,
            token_type: "Bearer" as const,
            expires_in: SEARCH_TOKEN_TTL_SECONDS,
            dataStore: name,
            engineName: name,
          },
        },
        200,
      );
    },
  );
}

/** Suggestions for what the visitor is typing. */
function addAutocompleteRoute(router: SearchRouter, { services, guards }: SearchDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/google-enterprise/autocomplete",
      tags: ["search"],
      summary: "Query suggestions for what the visitor is typing",
      description: "Accent-, prefix- and typo-tolerant; a blank query has no suggestions. At most 6, best first.",
      security: SECURITY_BEARER,
      middleware: [guards.limitBody, guards.requireHostPath, guards.requireToken] as const,
      request: { body: body(z.object({ dataStore: DataStoreField, query: QueryField })) },
      responses: {
        200: {
          description: "The suggestions",
          content: {
            "application/json": {
              schema: z.object({
                querySuggestions: z.array(z.object({ suggestion: z.string().openapi({ example: "Isla Mujeres" }) })),
              }),
            },
          },
        },
        ...REFUSALS,
        404: errorResponse("UNKNOWN_DATA_STORE"),
      },
    }),
    (c) => {
      const { dataStore, query } = c.req.valid("json");
      const language = guards.languageOf(dataStore, "dataStore");
      const suggestions = suggestQueries(services.search.current(), language, query, SUGGESTION_LIMIT);
      return c.json({ querySuggestions: suggestions.map((suggestion) => ({ suggestion })) }, 200);
    },
  );
}

/** Ranked results for a query. */
function addSearchRoute(router: SearchRouter, { services, guards }: SearchDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/google-enterprise/search",
      tags: ["search"],
      summary: "Ranked results: pages, questions, tours and parks, crossings and piers",
      security: SECURITY_BEARER,
      middleware: [guards.limitBody, guards.requireHostPath, guards.requireToken] as const,
      request: {
        body: body(
          z.object({
            engineName: EngineField,
            query: QueryField,
            userPseudoId: OpaqueId("The browser's random analytics id", "k2d8f0a1b9").optional(),
            pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
          }),
        ),
      },
      responses: {
        200: {
          description: "The results, best first, one per page",
          content: {
            "application/json": {
              schema: z.object({
                results: z.array(ResultSchema),
                totalSize: z.number().int(),
                attributionToken: z
                  .string()
                  .openapi({ description: "Send it back with analytics events about these results" }),
              }),
            },
          },
        },
        ...REFUSALS,
        404: errorResponse("UNKNOWN_SEARCH_ENGINE"),
      },
    }),
    (c) => {
      const { engineName, query, pageSize } = c.req.valid("json");
      const language = guards.languageOf(engineName, "engineName");
      const hits = searchIndex(services.search.current(), language, query, { limit: pageSize });
      return c.json(
        {
          results: hits.map((hit, index) => ({
            id: hit.id,
            position: index + 1,
            type: hit.type,
            title: hit.title,
            snippet: hit.snippet,
            highlights: hit.highlights,
            url: hit.url,
          })),
          totalSize: hits.length,
          attributionToken: newAttributionToken(),
        },
        200,
      );
    },
  );
}

/** A short answer to a question, with its sources, or none. */
function addAnswerRoute(router: SearchRouter, { services, guards }: SearchDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/google-enterprise/answer",
      tags: ["search"],
      summary: "A short answer to a question, from the FAQ and the content pages, with its sources",
      description:
        "state `no_answer` when nothing covers the question well enough: no answer is better than a wrong one.",
      security: SECURITY_BEARER,
      middleware: [guards.limitBody, guards.requireHostPath, guards.requireToken] as const,
      request: {
        body: body(
          z.object({
            engineName: EngineField,
            text: QueryField.openapi({ example: "how long is an open ticket valid" }),
            sessionId: OpaqueId("The visitor's search session", "s-5f2c"),
            queryId: OpaqueId("This question within the session", "q-1"),
          }),
        ),
      },
      responses: {
        200: {
          description: "The answer, or state no_answer",
          content: {
            "application/json": {
              schema: z.object({
                answer: z.object({
                  state: z.enum(["answered", "no_answer"]),
                  text: z.string().nullable(),
                  citations: z.array(CitationSchema),
                }),
                sessionId: z.string(),
                queryId: z.string(),
              }),
            },
          },
        },
        ...REFUSALS,
        404: errorResponse("UNKNOWN_SEARCH_ENGINE"),
      },
    }),
    (c) => {
      const { engineName, text, sessionId, queryId } = c.req.valid("json");
      const language = guards.languageOf(engineName, "engineName");
      const answer = answerQuestion(services.search.current(), language, text);
      return c.json(
        {
          answer: answer
            ? { state: "answered" as const, text: answer.text, citations: answer.citations }
            : { state: "no_answer" as const, text: null, citations: [] },
          sessionId,
          queryId,
        },
        200,
      );
    },
  );
}

/** An analytics event about a search, stored. */
function addAnalyticsRoute(router: SearchRouter, { services, guards }: SearchDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/google-enterprise/analytics",
      tags: ["search"],
      summary: "Stores a search analytics event, e.g. a result clicked at a position",
      security: SECURITY_BEARER,
      middleware: [guards.limitBody, guards.requireHostPath, guards.requireToken] as const,
      request: {
        body: body(
          z.object({
            dataStore: DataStoreField,
            searchQuery: QueryField,
            userPseudoId: OpaqueId("The browser's random analytics id", "k2d8f0a1b9"),
            documents: z
              .array(z.object({ id: z.string().min(1).max(256), uri: z.string().max(2048).optional() }))
              .max(50)
              .openapi({ description: "The documents the event is about; for a click, the clicked result" }),
            eventType: z.literal("search").default("search"),
            selectedPosition: z
              .number()
              .int()
              .min(0)
              .max(1000)
              .default(0)
              .openapi({ description: "1-based position clicked; 0 when none" }),
            attributionToken: z.string().max(128).optional(),
          }),
        ),
      },
      responses: {
        202: {
          description: "Stored",
          content: { "application/json": { schema: z.object({ stored: z.literal(true) }) } },
        },
        ...REFUSALS,
        404: errorResponse("UNKNOWN_DATA_STORE"),
      },
    }),
    async (c) => {
      const event = c.req.valid("json");
      const language = guards.languageOf(event.dataStore, "dataStore");
      await recordSearchEvent(
        services.db,
        {
          dataStore: event.dataStore,
          language,
          eventType: event.eventType,
          searchQuery: normalizeQuery(event.searchQuery),
          userPseudoId: event.userPseudoId,
          documents: event.documents,
          selectedPosition: event.selectedPosition,
          attributionToken: event.attributionToken ?? null,
        },
        services.clock.now(),
      );
      return c.json({ stored: true as const }, 202);
    },
  );
}

/** An error a browser met, stored under a keyed hash of its address. */
function addReportingRoute(router: SearchRouter, { services, guards }: SearchDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/reporting",
      tags: ["search"],
      summary: "Stores an error a browser met (search token and suggestion failures), rate-limited per client",
      description: "At most 10 reports per client a minute; past that, 429 RATE_LIMITED with Retry-After.",
      security: SECURITY_HOST_PATH,
      middleware: [guards.limitBody, guards.requireHostPath] as const,
      request: {
        body: body(
          z.object({
            error: z.string().min(1).max(2000).openapi({ example: "search.suggestions: 503" }),
            params: z
              .record(z.string().max(64), z.unknown())
              .default({})
              .refine((value) => JSON.stringify(value).length <= 4096, { message: "params too large" })
              .openapi({
                description: "What was being done: at most 4 kB of JSON",
                example: { dataStore: "travesia-es", query: "xplr" },
              }),
          }),
        ),
      },
      responses: {
        202: {
          description: "Stored",
          content: { "application/json": { schema: z.object({ stored: z.literal(true) }) } },
        },
        400: REFUSALS[400],
        403: REFUSALS[403],
        413: REFUSALS[413],
        415: REFUSALS[415],
        429: errorResponse("RATE_LIMITED"),
      },
    }),
    async (c) => {
      const { error, params } = c.req.valid("json");
      const address = clientAddressOf(c, services.config);
      try {
        await recordClientError(
          services.db,
          {
            clientKey: clientKeyOf(services.search.tokenSecret, address),
            error,
            params,
            hostPath: c.req.header(HOST_PATH_HEADER) ?? "",
            userAgent: c.req.header("User-Agent")?.slice(0, 512) ?? null,
          },
          services.clock.now(),
        );
      } catch (failure) {
        if (failure instanceof AppError && failure.code === "RATE_LIMITED") c.header("Retry-After", "60");
        throw failure;
      }
      return c.json({ stored: true as const }, 202);
    },
  );
}
