// The HTTP front every request meets first (ADR 0052): anonymous GETs of the pages that allow it are
// answered from the page cache; everything else, and every miss, goes to an application worker over
// its unix socket. A miss is rendered once for all its concurrent askers, from the key's inputs only,
// with the front's own nonce and request id so that the stored bytes can be cut where they appear.
// With several workers the front also holds the admission gate for all of them (ADR 0053, ADR 0078):
// it refuses from its own idle event loop, in a millisecond, instead of behind a worker's render.
import type { IncomingMessage, ServerResponse } from "node:http";
import { request as httpRequest, Agent } from "node:http";
import { admissionClassOf } from "../../lib/admission.ts";
import { parseCookieHeader } from "../../lib/cookies.ts";
import { acceptRequestId, newRequestId } from "../../lib/ids.ts";
import type { Logger } from "../../lib/logger.ts";
import { sharedPageCacheControl } from "../../lib/routing/page-cache-policies.ts";
import { busyAnswer, type AdmissionGate } from "../admission.ts";
import { newNonce, securityHeaders } from "../security-headers.ts";
import { cacheableRequest, type CacheableRequest, type KeySettings } from "./cache-key.ts";
import { PageStore, type CachedPage } from "./page-store.ts";
import { byteLength, gzipParts, identityParts, storeBody, type SlotValues } from "./stored-page.ts";

/** Headers only the front may send to a worker; a visitor's copies are dropped. */
export const FRONT_NONCE_HEADER = "x-travesia-nonce";
export const FRONT_CLIENT_ADDRESS_HEADER = "x-travesia-client-address";

/** A page bigger than this is answered but not kept. */
const MAX_STORED_PAGE_BYTES = 4 * 1024 * 1024;

/** Response headers made per answer or meaningless in a stored copy. */
const NOT_STORED = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "date",
  "x-request-id",
  "server-timing",
  "etag",
  "age",
]);

export interface Worker {
  socketPath: string;
  inFlight: number;
  ready: boolean;
}

export interface FrontOptions {
  store: PageStore;
  keys: KeySettings;
  /** The live workers; the front sends each request to the one with the fewest in flight. */
  workers: () => readonly Worker[];
  logger: Logger;
  /** Off (PAGE_CACHE_BYTES=0): every request goes to a worker. */
  cacheEnabled: boolean;
  /** Production: the front's own answers carry the same security headers as a worker's. */
  production?: boolean;
  /**
   * The admission gate of all the workers (limits × workers): a request a worker must answer waits its
   * turn here or is refused at once; a cache hit never meets it. Absent: each worker's own gate decides.
   */
  admission?: AdmissionGate;
  now?: () => number;
}

/** `busy`: the gate refused the render, and every asker of the key is refused with it. */
type RenderOutcome = { page: CachedPage } | { page: null; busy?: boolean };

export function createFront(options: FrontOptions) {
  const now = options.now ?? Date.now;
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  /** Keys whose last render could not be kept, until when: they go straight to a worker meanwhile. */
  const uncacheableUntil = new Map<string, number>();

  const pickWorker = (failed: ReadonlySet<Worker> = new Set()) => leastBusyWorker(options.workers(), failed);

  /** Sends the request to a worker once the gate admits it, or refuses it. */
  function forward(req: IncomingMessage, res: ServerResponse, requestId: string): void {
    throughGate(options.admission, req, res, requestId, options.production ?? true, (waitedMs) =>
      sendToWorker(req, res, requestId, new Set(), waitedMs),
    );
  }

  /** Sends the visitor's own request to a worker and its answer back, untouched. */
  function sendToWorker(
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    failed = new Set<Worker>(),
    waitedMs?: number,
  ): void {
    const worker = pickWorker(failed);
    if (!worker) return unavailable(res, requestId);
    const countOut = countIn(worker);
    let visitorLeft = false;
    const headers: Record<string, string | string[] | undefined> = {
      ...req.headers,
      "x-request-id": requestId,
      [FRONT_CLIENT_ADDRESS_HEADER]: req.socket.remoteAddress ?? "unknown",
    };
    delete headers[FRONT_NONCE_HEADER];
    const upstream = httpRequest(
      { socketPath: worker.socketPath, method: req.method, path: req.url, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, withAdmissionWait(answer.rawHeaders, waitedMs));
        answer.pipe(res);
        answer.once("error", () => res.destroy());
      },
    );
    upstream.once("close", countOut);
    upstream.once("error", (error: NodeJS.ErrnoException) => {
      countOut();
      // The visitor left and the front cut the worker's exchange short: nothing failed, nobody to answer.
      if (visitorLeft) return;
      // A worker that died a moment ago (its exit not seen yet) refuses the connection or resets a kept
      // one before answering: a GET or HEAD without a body is safe to send to another worker, as
      // proxies retry idempotent requests.
      if (!res.headersSent && isWorkerGone(error) && hasNoBody(req) && failed.size < 3)
        return sendToWorker(req, res, requestId, new Set([...failed, worker]), waitedMs);
      options.logger.warn({ err: error, requestId }, "worker did not answer");
      if (!res.headersSent) unavailable(res, requestId);
      else res.destroy();
    });
    res.once("close", () => {
      visitorLeft = !res.writableFinished;
      if (visitorLeft) upstream.destroy();
    });
    if (hasNoBody(req)) upstream.end();
    else {
      // Headers go out now, not with the first body byte: a worker refuses a body declared too large
      // (413) from its Content-Length alone, before a byte arrives, and must see the request to do so.
      upstream.flushHeaders();
      req.pipe(upstream);
    }
  }

  /** Renders the page for the cache once the gate admits the render; refused, the askers are refused. */
  async function render(cacheable: CacheableRequest, clientAddress: string): Promise<RenderOutcome> {
    const release = options.admission ? await options.admission.enter("visitor") : () => undefined;
    if (!release) return { page: null, busy: true };
    try {
      return await renderOnWorker(cacheable, clientAddress);
    } finally {
      release();
    }
  }

  /** Renders the page for the cache from the key's inputs; keeps it when the answer allows. */
  function renderOnWorker(cacheable: CacheableRequest, clientAddress: string): Promise<RenderOutcome> {
    const worker = pickWorker();
    if (!worker) return Promise.resolve({ page: null });
    const rendered: SlotValues = { nonce: newNonce(), requestId: newRequestId() };
    const startedAt = now();
    const countOut = countIn(worker);
    return new Promise<RenderOutcome>((resolve) => {
      const headers = {
        ...cacheable.renderHeaders,
        "x-request-id": rendered.requestId,
        [FRONT_NONCE_HEADER]: rendered.nonce,
        [FRONT_CLIENT_ADDRESS_HEADER]: clientAddress,
      };
      const upstream = httpRequest(
        { socketPath: worker.socketPath, method: "GET", path: cacheable.renderPath, headers, agent },
        (answer) => {
          const chunks: Buffer[] = [];
          let size = 0;
          answer.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size <= MAX_STORED_PAGE_BYTES) chunks.push(chunk);
          });
          answer.once("end", () => {
            if (size > MAX_STORED_PAGE_BYTES || !isStorable(answer, cacheable)) return resolve({ page: null });
            const html = Buffer.concat(chunks).toString("utf8");
            const page: CachedPage = {
              status: 200,
              headers: storedHeaders(answer, cacheable, rendered.nonce),
              body: storeBody(html, rendered),
              // Counted from the render's start: the data it read is no older than that.
              expiresAt: startedAt + cacheable.policy.freshSeconds * 1000,
            };
            resolve({ page });
          });
          answer.once("error", () => resolve({ page: null }));
        },
      );
      upstream.once("close", countOut);
      upstream.once("error", (error) => {
        options.logger.warn({ err: error }, "page render for the cache failed");
        resolve({ page: null });
      });
      upstream.end();
    });
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = acceptRequestId(firstValue(req.headers["x-request-id"]));
    const cacheable = options.cacheEnabled
      ? cacheableRequest({ method: req.method ?? "GET", target: req.url ?? "/", headers: req.headers }, options.keys)
      : null;
    if (!cacheable || (uncacheableUntil.get(cacheable.key) ?? 0) > now()) return forward(req, res, requestId);
    const hit = options.store.fresh(cacheable.key, now());
    if (hit) return answer(req, res, hit, requestId, "hit");
    const arrivedAt = now();
    const bound = cacheable.policy.freshSeconds * 1000;
    const outcome = await options.store.once(cacheable.key, arrivedAt, arrivedAt - bound, () =>
      render(cacheable, req.socket.remoteAddress ?? "unknown"),
    );
    if (outcome.page) {
      options.store.put(cacheable.key, outcome.page);
      return answer(req, res, outcome.page, requestId, "miss");
    }
    if (outcome.busy) return refuse(req, res, requestId, options.production ?? true);
    // Not kept (an error, a cookie, a private answer): every asker gets its own answer from a worker.
    if (uncacheableUntil.size > 10_000) uncacheableUntil.clear();
    uncacheableUntil.set(cacheable.key, now() + cacheable.policy.freshSeconds * 1000);
    return forward(req, res, requestId);
  };
}

/** The stored page with a fresh nonce and this request's id; 304 when the visitor has it already. */
function answer(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  requestId: string,
  outcome: "hit" | "miss",
): void {
  const nonce = newNonce();
  const values: SlotValues = { nonce, requestId };
  for (const [name, value] of page.headers) res.setHeader(name, value.replaceAll(PLACEHOLDER, nonce));
  res.setHeader("ETag", page.body.etag);
  res.setHeader("X-Request-Id", requestId);
  res.setHeader("X-Page-Cache", outcome);
  if (matchesETag(firstValue(req.headers["if-none-match"]), page.body.etag)) {
    // A 304 updates the headers the browser kept: a new CSP would no longer match the kept page's nonce.
    res.removeHeader("Content-Security-Policy");
    res.removeHeader("Content-Type");
    res.writeHead(304);
    res.end();
    return;
  }
  const gzip = acceptsGzip(firstValue(req.headers["accept-encoding"]));
  const parts = gzip ? gzipParts(page.body, values) : identityParts(page.body, values);
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", byteLength(parts));
  res.writeHead(page.status);
  sendParts(res, parts);
}

/** Where the render's nonce was in a stored header; replaced by each answer's own. */
const PLACEHOLDER = "\u0000nonce\u0000";

function storedHeaders(
  answer: IncomingMessage,
  cacheable: CacheableRequest,
  renderedNonce: string,
): Array<[string, string]> {
  const kept: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(answer.headers)) {
    if (NOT_STORED.has(name) || value === undefined) continue;
    const text = Array.isArray(value) ? value.join(", ") : value;
    kept.push([
      name,
      name === "cache-control" ? sharedPageCacheControl(cacheable.policy) : text.replaceAll(renderedNonce, PLACEHOLDER),
    ]);
  }
  return kept;
}

/**
 * Only a plain 200 HTML page that the application itself marked shareable, that sets no cookie and
 * varies on nothing the key does not hold, is kept.
 */
function isStorable(answer: IncomingMessage, cacheable: CacheableRequest): boolean {
  if (answer.statusCode !== 200) return false;
  if (answer.headers["set-cookie"]) return false;
  if (!(answer.headers["content-type"] ?? "").startsWith(cacheable.policy.data ? "application/json" : "text/html"))
    return false;
  const encoding = answer.headers["content-encoding"];
  if (encoding && encoding !== "identity") return false;
  const cacheControl = (answer.headers["cache-control"] ?? "").toLowerCase();
  if (!/\bpublic\b/.test(cacheControl) || /\b(private|no-store|no-cache)\b/.test(cacheControl)) return false;
  const varied = (firstValue(answer.headers.vary) ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  return varied.every((name) => cacheable.keyedHeaders.has(name));
}

function matchesETag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || weak(tag) === weak(etag));
}

function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(",").some((entry) => {
    const [coding, ...params] = entry.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

function isWorkerGone(error: NodeJS.ErrnoException): boolean {
  return (
    error.code === "ECONNREFUSED" || error.code === "ENOENT" || error.code === "ECONNRESET" || error.code === "EPIPE"
  );
}

function hasNoBody(req: IncomingMessage): boolean {
  return (
    (req.method === "GET" || req.method === "HEAD") &&
    !req.headers["content-length"] &&
    !req.headers["transfer-encoding"]
  );
}

/**
 * Counts a request in its worker's number in flight, and answers the function that counts it out: once,
 * however the exchange ended (an answer read to its end, a failed connection, a visitor who left
 * mid-answer, whose answer never ends), so that no end is missed and none is counted twice.
 */
function countIn(worker: Worker): () => void {
  worker.inFlight++;
  let counted = true;
  return () => {
    if (counted) worker.inFlight--;
    counted = false;
  };
}

/** The worker with the fewest requests in flight, other than those that just failed when others exist. */
function leastBusyWorker(workers: readonly Worker[], failed: ReadonlySet<Worker>): Worker | null {
  let best: Worker | null = null;
  for (const worker of workers) {
    const better =
      !best ||
      (failed.has(best) && !failed.has(worker)) ||
      (failed.has(best) === failed.has(worker) && worker.inFlight < best.inFlight);
    if (better) best = worker;
  }
  return best;
}

/**
 * Runs `send` once the gate admits the request, its place held until the answer is sent; refuses it at
 * once past the limits. Exempt requests (probes, assets, the in-process providers) pass straight on.
 */
function throughGate(
  gate: AdmissionGate | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  production: boolean,
  send: (waitedMs?: number) => void,
): void {
  const admissionClass = gate
    ? admissionClassOf({
        method: req.method ?? "GET",
        path: pathOf(req.url),
        cookies: parseCookieHeader(firstValue(req.headers.cookie)),
      })
    : "exempt";
  if (!gate || admissionClass === "exempt") return send();
  const askedAt = performance.now();
  void gate.enter(admissionClass).then((release) => {
    if (!release) return refuse(req, res, requestId, production);
    // A visitor who left while waiting gives the place back without costing a worker anything.
    if (res.destroyed || req.socket.destroyed) return release();
    res.once("close", release);
    send(performance.now() - askedAt);
  });
}

/**
 * A worker's answer headers, and how long the request waited at the gate for its place: a Server-Timing
 * entry beside the worker's own, so that queueing shows apart from the worker's time (ADR 0085).
 */
function withAdmissionWait(rawHeaders: string[], waitedMs: number | undefined): string[] {
  if (waitedMs === undefined) return rawHeaders;
  return [...rawHeaders, "Server-Timing", `admission;dur=${waitedMs.toFixed(1)}`];
}

/** The gate's refusal, as a worker would answer it (server/admission.ts), with the site's security headers. */
function refuse(req: IncomingMessage, res: ServerResponse, requestId: string, production: boolean): void {
  const refusal = busyAnswer({
    path: pathOf(req.url),
    url: `http://front${req.url?.startsWith("/") ? req.url : "/"}`,
    acceptLanguage: firstValue(req.headers["accept-language"]),
    requestId,
  });
  res.writeHead(refusal.status, {
    ...securityHeaders({ nonce: newNonce(), production }),
    ...refusal.headers,
    "Content-Length": String(byteLength(refusal.body)),
  });
  sendParts(res, refusal.body);
}

/** Writes an answer's parts and ends it, corked so that they leave together. */
function sendParts(res: ServerResponse, parts: readonly Buffer[]): void {
  res.cork();
  for (const part of parts) res.write(part);
  res.end();
}

/** The path of a request target (origin form), "/" when it has none the URL parser accepts. */
function pathOf(target: string | undefined): string {
  if (!target?.startsWith("/")) return "/";
  try {
    return new URL(target, "http://front").pathname;
  } catch {
    return "/";
  }
}

function unavailable(res: ServerResponse, requestId: string): void {
  res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "1", "X-Request-Id": requestId });
  res.end("Service unavailable, try again in a moment.\n");
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
