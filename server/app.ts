// The HTTP application, middleware in reading order: request id and logging → security headers → body
// limits → health, readiness and metrics → API routers → page redirects and language cookie → static
// files → React Router, last. Expected failures are AppErrors mapped to status by one table; 500s say nothing.
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { RouterContextProvider, createRequestHandler, type ServerBuild } from "react-router";
import type { AdmissionLimits } from "../lib/admission.ts";
import { requestContext, servicesContext, type AppServices, refusalHeaders } from "./edge/index.ts";
import { documentMarkupSlot } from "../lib/content/server-markup.ts";
import { createLanguageRequestHandler } from "./language-routes.ts";
import { bearerOf, isSameSecret } from "../lib/bearer.ts";
import { COOKIE, parseCookieHeader } from "../lib/cookies.ts";
import { AppError, errorBody, isAppError } from "../lib/errors.ts";
import { acceptRequestId } from "../lib/ids.ts";
import { languageOfPath } from "../lib/language.ts";
import { pageCacheHeaders } from "../lib/page-caching.ts";
import { PAGE_CACHE_POLICIES, sharedPageCacheControl } from "../lib/routing/page-cache-policies.ts";
import { matchPage } from "../lib/routing/localized-paths.ts";
import type { Logger } from "../lib/logger.ts";
import { countryFromHeaders } from "../modules/currency/index.ts";
import type { SiteConfig } from "../modules/site/index.ts";
import { admissionControl, AdmissionGate } from "./admission.ts";
import { clientAddressOf } from "./api/client-address.ts";
import { createApi } from "./api/index.ts";
import { limitRequestBodies } from "./body-limit.ts";
import { isForgedCrossSiteRequest } from "./csrf.ts";
import { devOutboxRouter } from "./dev-outbox.ts";
import { HostedIdentityProvider, identityProviderRoutes } from "./idp/index.ts";
import { createMetrics, type Metrics, registerAdmissionMetrics, registerSearchMetrics, routeLabel } from "./metrics.ts";
import { internalErrorPage } from "./internal-error-page.ts";
import { offlineRoutes } from "./offline.ts";
import { FRONT_NONCE_HEADER, fromFront } from "./page-cache/index.ts";
import { sandboxUpliftRoutes } from "./sandbox-uplift.ts";
import { uploadedPictureRoutes } from "./uploaded-pictures.ts";
import { hasMalformedEscapes, isJsonOnlyPath, isPagePath, pageRedirectTarget, rootRedirectTarget } from "./pages.ts";
import { newNonce, securityHeaders } from "./security-headers.ts";

export interface AppOptions {
  /** The React Router server build, imported once (production); omitted, it is imported per request (Vite's development server reloads it). */
  build?: ServerBuild;
  /** Where the built browser assets are; omitted in development, where Vite serves them. */
  staticRoot?: string;
  /** Readiness beyond the database: false while draining for shutdown. */
  isAcceptingTraffic?: () => boolean;
  ping: () => Promise<void>;
  /**
   * The serving process's admission limits (ADR 0053); omitted where the app is driven in-process
   * (tests, the dev server), which is no crowd.
   */
  admission?: AdmissionLimits;
}

type Env = {
  Variables: {
    requestId: string;
    logger: Logger;
    nonce: string;
    site: SiteConfig;
  };
};

export function createApp(services: AppServices, options: AppOptions) {
  const production = services.config.NODE_ENV === "production";
  const metrics = createMetrics();
  registerSearchMetrics(metrics.registry, services.search);
  const app = new Hono<Env>();
  logRequests(app, services, metrics, production);
  guardRequests(app, services, options, metrics);
  answerErrors(app, services);
  mountApis(app, services, options, metrics, production);
  // The service worker's offline pages (/offline/{lang}.html).
  app.route("/", offlineRoutes());
  // Our sandbox of Uplift's pay-monthly script (the default UPLIFT_SCRIPT_URL).
  app.route("/", sandboxUpliftRoutes());
  // Pictures uploaded from the console (ADR 0079), before the static files of /images/.
  app.route("/", uploadedPictureRoutes(services));
  redirectPages(app, services);
  if (options.staticRoot) serveFiles(app, options.staticRoot);
  renderPages(app, services, options, production);
  return app;
}

/** Gives each request its id, logger and nonce; after the answer, its timing, security headers, metric and log line. */
function logRequests(app: Hono<Env>, services: AppServices, metrics: Metrics, production: boolean) {
  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = acceptRequestId(c.req.header("x-request-id"));
    const logger = services.logger.child({ requestId });
    // A page the front renders for its cache carries the front's nonce, so that the front finds it in
    // the stored bytes and gives each answer its own (ADR 0052).
    const nonce = fromFront(c, FRONT_NONCE_HEADER) ?? newNonce();
    c.set("requestId", requestId);
    c.set("logger", logger);
    c.set("nonce", nonce);
    await next();
    // Time to the response headers (for a streamed page: to its shell) in microseconds, which the
    // access log's whole milliseconds cannot give: read by `npm run bench` and by browser dev tools.
    c.header("Server-Timing", `app;dur=${(performance.now() - started).toFixed(3)}`);
    c.header("X-Request-Id", requestId);
    for (const [name, value] of Object.entries(securityHeaders({ nonce, production }))) c.header(name, value);
    const path = c.req.path;
    const seconds = (performance.now() - started) / 1000;
    metrics.httpDuration.observe(
      { method: c.req.method, route: routeLabel(path), status: String(c.res.status) },
      seconds,
    );
    if (!path.startsWith("/assets/")) {
      logger.info({ method: c.req.method, path, status: c.res.status, ms: Math.round(seconds * 1000) }, "request");
    }
  });
}

/** What a request passes before any router: admission, body limits, compression, the cross-site check. */
function guardRequests(app: Hono<Env>, services: AppServices, options: AppOptions, metrics: Metrics) {
  // Before anything that costs: past the process's limits a request is refused in milliseconds, and
  // buyers in the cart or the payment still get in (ADR 0053).
  if (options.admission) {
    const gate = new AdmissionGate(options.admission);
    registerAdmissionMetrics(metrics.registry, gate);
    app.use(admissionControl(gate));
  }
  // Every body held to its route class's limit before a router, an action or the identity provider reads it.
  app.use(limitRequestBodies((c) => c.get("requestId")));

  // Pages and API answers are gzipped on the fly for browsers that accept it (a page's HTML carries
  // its loader data: ~150 KB raw, ~25 KB gzipped); built assets skip this, they are precompressed
  // (Content-Encoding already set). Adds `Vary: Accept-Encoding` to every compressible answer.
  app.use(compress());

  // No cookie-carrying POST from another site reaches a router or an action (server/csrf.ts).
  const publicOrigin = services.config.PUBLIC_ORIGIN ? new URL(services.config.PUBLIC_ORIGIN).origin : null;
  app.use(async (c, next) => {
    const forged = isForgedCrossSiteRequest({
      method: c.req.method,
      path: c.req.path,
      hasCookies: (c.req.header("Cookie") ?? "").length > 0,
      secFetchSite: c.req.header("Sec-Fetch-Site"),
      origin: c.req.header("Origin"),
      ownOrigins: [new URL(c.req.url).origin, ...(publicOrigin ? [publicOrigin] : [])],
    });
    if (forged) throw new AppError("CSRF_REJECTED");
    return next();
  });
}

/** Expected failures answer their code's status; anything else is logged and says nothing. */
function answerErrors(app: Hono<Env>, services: AppServices) {
  app.onError((error, c) => {
    const requestId = c.get("requestId");
    if (isAppError(error)) {
      return c.json(errorBody(error, requestId), error.status as 400, refusalHeaders(error));
    }
    // Hono's own refusals (malformed JSON body, wrong Content-Type) are client errors, not 500s.
    if (error instanceof HTTPException && error.status < 500) {
      const coded = new AppError(error.status === 415 ? "UNSUPPORTED_MEDIA_TYPE" : "INVALID_REQUEST");
      return c.json(errorBody(coded, requestId), coded.status as 400);
    }
    // Text PostgreSQL cannot store (a NUL byte in a path, a query or a body: found by the fuzzer on the
    // sandbox's intent ids) is the client's malformed input, refused like any other.
    if (isUnstorableText(error)) {
      const coded = new AppError("INVALID_REQUEST", { issues: [{ path: "request", code: "unstorable_text" }] });
      return c.json(errorBody(coded, requestId), 400);
    }
    (c.get("logger") ?? services.logger).error({ err: error }, "unhandled error");
    if (wantsJson(c.req.path)) return c.json(errorBody(new AppError("INTERNAL_ERROR"), requestId), 500);
    return c.html(internalErrorPage(languageOfPath(c.req.path), 500, requestId), 500);
  });
}

/** The identity provider, the API routers, /metrics and the developers' outbox; then a JSON 404 for the rest of their paths. */
function mountApis(app: Hono<Env>, services: AppServices, options: AppOptions, metrics: Metrics, production: boolean) {
  // The hosted identity provider under /idp (ADR 0031): it needs Node's own request and response, so
  // it is mounted only where the process has them (the real server, not app.request in tests).
  if (services.identityProvider instanceof HostedIdentityProvider) {
    app.route("/", identityProviderRoutes(services.identityProvider, services) as unknown as Hono<Env>);
  }

  app.route(
    "/",
    createApi({
      health: {
        ping: options.ping,
        ...(options.isAcceptingTraffic ? { isAcceptingTraffic: options.isAcceptingTraffic } : {}),
        onPingFailure: (error) => services.logger.warn({ err: error }, "readiness check failed"),
      },
      services,
    }),
  );
  // Only for the scraper that holds METRICS_TOKEN (none configured: nobody).
  app.get("/metrics", async (c) => {
    if (!isSameSecret(bearerOf(c.req.header("Authorization")) ?? "", services.config.METRICS_TOKEN)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      throw new AppError("UNAUTHORIZED");
    }
    c.header("Content-Type", metrics.registry.contentType);
    return c.body(await metrics.registry.metrics());
  });

  // The mail kept instead of sent, for developers; never in production.
  if (!production) app.route("/", devOutboxRouter(services.db));

  // Registered after every API router and /metrics: an API or operational path nothing answered (an
  // unknown path, another method) is a JSON 404, never a page.
  app.use(async (c, next) => {
    if (isJsonOnlyPath(c.req.path)) throw new AppError("NOT_FOUND");
    return next();
  });
}

/** A page path's site configuration, language and canonical redirects, and its cache headers once answered. */
function redirectPages(app: Hono<Env>, services: AppServices) {
  app.use(async (c, next) => {
    const path = c.req.path;
    if (!isPagePath(path)) return next();
    if (hasMalformedEscapes(new URL(c.req.url).pathname)) {
      return c.html(internalErrorPage(languageOfPath(path), 400, c.get("requestId")), 400);
    }
    const site = await services.siteConfig.current();
    c.set("site", site);
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const cookies = parseCookieHeader(c.req.header("Cookie"));
    if (path === "/") {
      c.header("Vary", "Accept-Language, Cookie");
      c.header("Cache-Control", "private, no-store");
      return c.redirect(
        withQuery(
          rootRedirectTarget({
            cookieLanguage: cookies[COOKIE.language],
            acceptLanguage: c.req.header("Accept-Language"),
            offered: site.languages,
          }),
          c,
        ),
        302,
      );
    }
    const target = pageRedirectTarget(path, site.languages);
    if (target) return c.redirect(withQuery(target, c), 301);
    await next();
    // Set after the page answered: React Router's Response replaces any header set before it.
    const caching = pageCacheHeaders({
      method: c.req.method,
      status: c.res.status,
      cookies,
      cacheControl: c.res.headers.get("Cache-Control"),
      vary: c.res.headers.get("Vary"),
      setCookieNames: c.res.headers.getSetCookie().map((cookie) => cookie.slice(0, cookie.indexOf("=")).trim()),
      geoCountryHeaders: services.config.GEO_COUNTRY_HEADERS,
      languageCookie: COOKIE.language,
      sharedCacheControl: sharedCacheControlOfPath(path),
    });
    if (caching) {
      c.res.headers.set("Cache-Control", caching.cacheControl);
      c.res.headers.set("Vary", caching.vary);
    }
    // The language redirect cookie is written by the browser (entry.client.tsx): a page that set it could not be
    // shared by a cache or a CDN, and its value is the path's language anyway.
  });
}

/** The built assets, cached for a year, and the public files, for an hour. */
function serveFiles(app: Hono<Env>, root: string) {
  app.use(
    "/assets/*",
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  const publicFiles = serveStatic({
    root,
    precompressed: true,
    onFound: (_path, c) => {
      c.header("Cache-Control", "public, max-age=3600");
    },
  });
  // A page path is never a file: looking for one (and its .br and .gz) cost every page a few stats.
  app.use("*", (c, next) => (isPagePath(c.req.path) ? next() : publicFiles(c, next)));
}

/** Everything else is React Router's: the pages, with the services and the request's context. */
function renderPages(app: Hono<Env>, services: AppServices, options: AppOptions, production: boolean) {
  const mode = production ? "production" : "development";
  // A build imported once gets a handler per language (language-routes.ts); Vite's reloaded one, one.
  const handleDocument = options.build
    ? createLanguageRequestHandler(options.build, mode)
    : createRequestHandler(() => import("virtual:react-router/server-build"), mode);
  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    // A document gets a map for the markup its loaders leave out of its data; a client-side navigation's
    // data request (React Router's ".data" paths) has no document, so its data carries it (ADR 0072).
    context.set(documentMarkupSlot, c.req.path.endsWith(".data") ? null : new Map());
    context.set(requestContext, {
      requestId: c.get("requestId"),
      logger: c.get("logger"),
      nonce: c.get("nonce"),
      clientAddress: clientAddressOf(c, services.config),
      country: countryFromHeaders(c.req.raw.headers, services.config.GEO_COUNTRY_HEADERS),
      site: c.get("site") ?? (await services.siteConfig.current()),
    });
    const response = await handleDocument(c.req.raw, context);
    // When even the error boundary cannot render, React Router answers a bare text 500: a page path
    // gets the static error page instead (the failure is already logged by entry.server.tsx).
    if (response.status >= 500 && c.req.method === "GET" && isPagePath(c.req.path) && !isHtml(response)) {
      return c.html(internalErrorPage(languageOfPath(c.req.path), 500, c.get("requestId")), 500);
    }
    return response;
  });
}

/** SQLSTATEs of text the database refuses to hold: 22021 (a NUL byte, an invalid UTF-8 sequence), 22P05. */
const UNSTORABLE_TEXT = new Set(["22021", "22P05"]);

/** A database error caused by the request's text, however deep the driver and the ORM wrapped it. */
export function isUnstorableText(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && UNSTORABLE_TEXT.has(code)) return true;
  }
  return false;
}

/** The shared Cache-Control a page declares with its freshness bound (the page cache's own, ADR 0052). */
function sharedCacheControlOfPath(path: string): string | undefined {
  const page = matchPage(path);
  const policy = page ? PAGE_CACHE_POLICIES[page.pageId] : undefined;
  return policy ? sharedPageCacheControl(policy) : undefined;
}

function isHtml(response: Response): boolean {
  return response.headers.get("Content-Type")?.startsWith("text/html") ?? false;
}

function wantsJson(path: string): boolean {
  return !isPagePath(path);
}

function withQuery(target: string, c: Context): string {
  const search = new URL(c.req.url).search;
  return search ? `${target}${search}` : target;
}
