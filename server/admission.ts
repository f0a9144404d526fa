// Admission control (ADR 0053): a process serves so many requests at once and lets a few more wait;
// past that a newcomer is answered at once — a page that retries by itself for pages, a coded 503 for
// the API, both with Retry-After and in the visitor's language — instead of joining a queue that makes
// everyone slow. Buyers in the cart or the payment have a larger limit and leave the queue first.
import type { MiddlewareHandler } from "hono";
import {
  admissionClassOf,
  decideAdmission,
  nextServiceTime,
  nextToAdmit,
  plannedServiceMs,
  retryAfterSeconds,
  type AdmissionCounts,
  type AdmissionLimits,
  type ServiceTime,
} from "../lib/admission.ts";
import { parseCookieHeader } from "../lib/cookies.ts";
import { AppError, errorBody } from "../lib/errors.ts";
import { acceptRequestId } from "../lib/ids.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, languageOfPath, pickLanguage, type Language } from "../lib/language.ts";
import { getOrInsertComputed } from "../lib/maps.ts";
import { busyPageBody } from "./internal-error-page.ts";
import { isPagePath } from "./pages.ts";

export interface AdmissionStats {
  inFlight: number;
  waitingBuyers: number;
  waitingVisitors: number;
  refused: number;
}

/** The counts and the two queues of one process. */
export class AdmissionGate {
  private inFlight = 0;
  private buyersInFlight = 0;
  private refused = 0;
  /** The recent time a visitor's request held its place, for the visitors' wait budget (buyers' differ). */
  private serviceTime: ServiceTime | null = null;
  private readonly waiting = { buyer: [] as (() => void)[], visitor: [] as (() => void)[] };

  constructor(
    readonly limits: AdmissionLimits,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  stats(): AdmissionStats {
    return {
      inFlight: this.inFlight,
      waitingBuyers: this.waiting.buyer.length,
      waitingVisitors: this.waiting.visitor.length,
      refused: this.refused,
    };
  }

  /** Resolves with a release function once admitted, or with null when refused (at once). */
  async enter(admissionClass: "buyer" | "visitor"): Promise<(() => void) | null> {
    const decision = decideAdmission(this.counts(), admissionClass, this.limits, plannedServiceMs(this.serviceTime));
    if (decision === "refuse") {
      this.refused += 1;
      return null;
    }
    if (decision === "wait") await new Promise<void>((resolve) => this.waiting[admissionClass].push(resolve));
    else this.take(admissionClass);
    const admittedAt = this.clock();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight -= 1;
      if (admissionClass === "buyer") this.buyersInFlight -= 1;
      else this.serviceTime = nextServiceTime(this.serviceTime, this.clock() - admittedAt);
      this.admitWaiting();
    };
  }

  private take(admissionClass: "buyer" | "visitor"): void {
    this.inFlight += 1;
    if (admissionClass === "buyer") this.buyersInFlight += 1;
  }

  private counts(): AdmissionCounts {
    return {
      inFlight: this.inFlight,
      buyersInFlight: this.buyersInFlight,
      waitingBuyers: this.waiting.buyer.length,
      waitingVisitors: this.waiting.visitor.length,
    };
  }

  private admitWaiting(): void {
    for (let next = nextToAdmit(this.counts(), this.limits); next; next = nextToAdmit(this.counts(), this.limits)) {
      this.take(next);
      this.waiting[next].shift()?.();
    }
  }
}

/** The visitor's language: the page's path, else the API's `language` query, else Accept-Language. */
function languageOfRequest(path: string, url: string, acceptLanguage: string | undefined): Language {
  if (isPagePath(path)) return languageOfPath(path);
  const asked = new URL(url).searchParams.get("language")?.toLowerCase();
  if (asked && (LANGUAGES as readonly string[]).includes(asked)) return asked as Language;
  return pickLanguage(acceptLanguage, LANGUAGES) ?? DEFAULT_LANGUAGE;
}

/** What a refused request is answered, whoever refuses it (the front or a worker). */
export interface BusyAnswer {
  status: 503;
  headers: Record<string, string>;
  /** The answer's bytes in parts, sent one after another (a page around its retry link, or the API's JSON). */
  body: readonly Buffer[];
}

/**
 * The refusal: a page that reloads itself after Retry-After for a page path (a form post too: the browser
 * shows what it gets), a coded JSON 503 for anything else; both in the visitor's language and never stored.
 */
export function busyAnswer(
  request: { path: string; url: string; acceptLanguage: string | undefined; requestId: string },
  random: () => number = Math.random,
): BusyAnswer {
  const retryAfter = retryAfterSeconds(random());
  const language = languageOfRequest(request.path, request.url, request.acceptLanguage);
  const headers = {
    "Retry-After": String(retryAfter),
    "Cache-Control": "no-store",
    "Content-Language": language,
    "X-Request-Id": request.requestId,
  };
  if (isPagePath(request.path))
    return {
      status: 503,
      headers: { ...headers, "Content-Type": "text/html; charset=UTF-8" },
      body: busyPageBody(language, retryAfter, pathAndQuery(request.url)),
    };
  return {
    status: 503,
    headers: { ...headers, "Content-Type": "application/json" },
    body: [Buffer.from(JSON.stringify(errorBody(busyError(retryAfter), request.requestId)))],
  };
}

/**
 * The refusal's error, one per Retry-After value (a handful): a refusal costs its process little more
 * than its bytes, since past what the machine serves the crowd's requests arrive together and each
 * refusal waits for those before it; an error made anew would capture a stack trace every time.
 */
const busyErrors = new Map<number, AppError>();

function busyError(retryAfter: number): AppError {
  return getOrInsertComputed(
    busyErrors,
    retryAfter,
    () => new AppError("SERVER_BUSY", { retryAfterSeconds: retryAfter }),
  );
}

/**
 * The admission middleware: a request holds its place until its handler has answered (for a streamed
 * page, until the shell is sent: the rest of the stream is little work); refusals never touch the
 * database or the renderer.
 */
export function admissionControl(gate: AdmissionGate, random: () => number = Math.random): MiddlewareHandler {
  return async (c, next) => {
    const admissionClass = admissionClassOf({
      method: c.req.method,
      path: c.req.path,
      cookies: parseCookieHeader(c.req.header("Cookie")),
    });
    if (admissionClass === "exempt") return next();
    const release = await gate.enter(admissionClass);
    if (release) {
      try {
        return await next();
      } finally {
        release();
      }
    }
    const refusal = busyAnswer(
      {
        path: c.req.path,
        url: c.req.url,
        acceptLanguage: c.req.header("Accept-Language"),
        requestId: (c.get("requestId") as string | undefined) ?? acceptRequestId(undefined),
      },
      random,
    );
    for (const [name, value] of Object.entries(refusal.headers)) if (name !== "X-Request-Id") c.header(name, value);
    // Buffer.concat's bytes lie in an ArrayBuffer (Node's pool or their own), never a shared one.
    return c.body(Buffer.concat(refusal.body) as Uint8Array<ArrayBuffer>, refusal.status);
  };
}

function pathAndQuery(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}
