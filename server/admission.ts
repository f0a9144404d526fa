// Admission control (ADR 0053): a process serves so many requests at once and lets a few more wait;
// past that a newcomer is answered at once — a page that retries by itself for pages, a coded 503 for
// the API, both with Retry-After and in the visitor's language — instead of joining a queue that makes
// everyone slow. Buyers in the cart or the payment have a larger limit and leave the queue first.
import type { MiddlewareHandler } from "hono";
import {
  admissionClassOf,
  decideAdmission,
  nextToAdmit,
  retryAfterSeconds,
  type AdmissionLimits,
} from "../lib/admission.ts";
import { parseCookieHeader } from "../lib/cookies.ts";
import { AppError, errorBody } from "../lib/errors.ts";
import { acceptRequestId } from "../lib/ids.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, languageOfPath, pickLanguage, type Language } from "../lib/language.ts";
import { busyPage } from "./internal-error-page.ts";
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
  private refused = 0;
  private readonly waiting = { buyer: [] as (() => void)[], visitor: [] as (() => void)[] };

  constructor(private readonly limits: AdmissionLimits) {}

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
    const decision = decideAdmission(this.counts(), admissionClass, this.limits);
    if (decision === "refuse") {
      this.refused += 1;
      return null;
    }
    if (decision === "wait") await new Promise<void>((resolve) => this.waiting[admissionClass].push(resolve));
    else this.inFlight += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight -= 1;
      this.admitWaiting();
    };
  }

  private counts() {
    return {
      inFlight: this.inFlight,
      waitingBuyers: this.waiting.buyer.length,
      waitingVisitors: this.waiting.visitor.length,
    };
  }

  private admitWaiting(): void {
    for (let next = nextToAdmit(this.counts(), this.limits); next; next = nextToAdmit(this.counts(), this.limits)) {
      this.inFlight += 1;
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
    const retryAfter = retryAfterSeconds(random());
    const language = languageOfRequest(c.req.path, c.req.url, c.req.header("Accept-Language"));
    c.header("Retry-After", String(retryAfter));
    c.header("Cache-Control", "no-store");
    c.header("Content-Language", language);
    const requestId = (c.get("requestId") as string | undefined) ?? acceptRequestId(undefined);
    // A page (a form post too: the browser shows what it gets) is answered with a page; the reload
    // after Retry-After asks for the page again.
    if (isPagePath(c.req.path)) return c.html(busyPage(language, retryAfter, pathAndQuery(c.req.url)), 503);
    return c.json(errorBody(new AppError("SERVER_BUSY", { retryAfterSeconds: retryAfter }), requestId), 503);
  };
}

function pathAndQuery(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}
