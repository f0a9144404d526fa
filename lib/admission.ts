// Admission control under overload (ADR 0053): which class a request belongs to, and whether a process
// with so many requests in flight and so many waiting admits it now, lets it wait its turn, or refuses
// it at once. Pure: the gate in server/admission.ts keeps the counts and asks.
import { COOKIE } from "./cookies.ts";

/**
 * - buyer: already in the cart or the payment; admitted up to a larger limit, and first out of the queue,
 *   so that a sale under way finishes while new visitors are told to come back;
 * - visitor: everyone else;
 * - exempt: probes, built assets and the in-process providers (see EXEMPT_PATHS).
 */
export type AdmissionClass = "buyer" | "visitor" | "exempt";

export interface AdmissionLimits {
  /** Visitors' requests in flight at once in this process: their own places, which buyers do not take. */
  concurrency: number;
  /** Requests in flight at once, buyers' and visitors' together (larger than `concurrency`). */
  buyerConcurrency: number;
  /** Requests that may wait for a free place; past it a newcomer is refused at once. */
  queue: number;
  /**
   * The longest a visitor is expected to wait for the answer (milliseconds): its wait for a place plus
   * the time a visitor's request lately took. Past it a visitor is refused at once even when the queue has
   * room, so that what is admitted is answered in time whatever the machine's speed. Absent or 0: only
   * the queue's length bounds the wait.
   */
  waitBudgetMs?: number;
}

/** What the gate counts: requests in flight (buyers among them) and waiting, by class. */
export interface AdmissionCounts {
  inFlight: number;
  buyersInFlight: number;
  waitingBuyers: number;
  waitingVisitors: number;
}

export type AdmissionDecision = "admit" | "wait" | "refuse";

/** Paths of the payment itself: the provider's pages, the return from it and its webhooks. */
const PAYMENT_PATHS = [
  /^\/sandbox-psp\//,
  /^\/api\/payments\//,
  /^\/(?:es|en|pt)\/carrito\/(?:gracias|thank-you|obrigada)\/?$/,
];
/** The checkout forms a buyer posts (payment details, with or without a coupon). */
const CHECKOUT_FORMS =
  /^\/(?:es|en|pt)\/carrito\/(?:detalles-pago|payment-details|detalles-pago-cupon|payment-details-coupon|detalhes-do-pagamento|cupom-do-detalhes-do-pagamento)\/?$/;
/**
 * Probes, built assets, and the providers this process hosts for itself (the sandbox payment provider's
 * API, the identity provider): the shop calls those over loopback from inside a request it already
 * admitted, so making them wait for a place could leave every place waiting on itself.
 */
const EXEMPT_PATHS = [/^\/assets\//, /^\/(?:healthz|readyz|metrics)$/, /^\/sandbox-psp\/v1\//, /^\/idp(?:\/|$)/];

export function admissionClassOf(request: {
  method: string;
  path: string;
  cookies: Readonly<Record<string, string | undefined>>;
}): AdmissionClass {
  const { method, path, cookies } = request;
  if (EXEMPT_PATHS.some((pattern) => pattern.test(path))) return "exempt";
  if (cookies[COOKIE.cartSession] || cookies[COOKIE.bookingAccess]) return "buyer";
  if (PAYMENT_PATHS.some((pattern) => pattern.test(path))) return "buyer";
  if (method === "POST" && CHECKOUT_FORMS.test(path)) return "buyer";
  return "visitor";
}

/**
 * Admit while the class has a free place and nobody of the same or a higher class waits (first come,
 * first served within a class); else wait while the queue has room; else refuse. A buyer may wait even
 * when the queue is full of visitors: the queue bounds visitors, buyers are bounded by their own limit.
 *
 * Visitors have places of their own that buyers do not take: when a buyer could take a visitor's place,
 * a visitor admitted to the queue behind a few others met a burst of buyers going first and waited
 * seconds past what the budget expected. Buyers fill what the larger limit leaves, and go first when
 * a place frees up. `serviceMs` is the held time a visitor's turn is planned on (plannedServiceMs).
 */
export function decideAdmission(
  state: AdmissionCounts,
  admissionClass: AdmissionClass,
  limits: AdmissionLimits,
  serviceMs = 0,
): AdmissionDecision {
  if (admissionClass === "exempt") return "admit";
  const buyer = admissionClass === "buyer";
  const aheadOfMe = buyer ? state.waitingBuyers : state.waitingBuyers + state.waitingVisitors;
  if (aheadOfMe === 0 && hasPlace(state, admissionClass, limits)) return "admit";
  if (aheadOfMe >= limits.queue) return "refuse";
  // Buyers are not held to the budget: they leave the queue first, and their purchase is the point.
  const budget = limits.waitBudgetMs ?? 0;
  if (buyer || budget <= 0) return "wait";
  const expectedAnswerMs = expectedWaitMs(aheadOfMe, serviceMs, visitorPlaces(state, limits)) + serviceMs;
  return expectedAnswerMs > budget ? "refuse" : "wait";
}

/** Whether a request of the class finds a free place now. */
function hasPlace(state: AdmissionCounts, admissionClass: "buyer" | "visitor", limits: AdmissionLimits): boolean {
  if (state.inFlight >= limits.buyerConcurrency) return false;
  return admissionClass === "buyer" || state.inFlight - state.buyersInFlight < limits.concurrency;
}

/**
 * The places that free up for visitors: their own, unless buyers hold so much of the larger limit that
 * fewer remain (none while buyers hold all of it).
 */
function visitorPlaces(state: AdmissionCounts, limits: AdmissionLimits): number {
  return Math.min(limits.concurrency, limits.buyerConcurrency - state.buyersInFlight);
}

/**
 * How long a newcomer behind `ahead` waiting requests should wait: its `places` free up once per
 * `serviceMs` (the held time a turn is planned on) each, and it needs the (ahead + 1)th of them.
 * With no place it can get, the wait has no bound.
 */
export function expectedWaitMs(ahead: number, serviceMs: number, places: number): number {
  if (places <= 0) return Number.POSITIVE_INFINITY;
  return ((ahead + 1) * serviceMs) / places;
}

/** The recent time a request held its place: a weighted mean, and how far the samples strayed from it. */
export interface ServiceTime {
  meanMs: number;
  deviationMs: number;
}

/**
 * Folds one request's held time into the recent figures, exponentially weighted: the mean by a fifth,
 * the mean deviation by a quarter (the shape of TCP's round-trip estimate, RFC 6298, which weighs its
 * variation by a quarter too).
 */
export function nextServiceTime(previous: ServiceTime | null, sample: number): ServiceTime {
  if (!previous) return { meanMs: sample, deviationMs: sample / 2 };
  return {
    meanMs: previous.meanMs * 0.8 + sample * 0.2,
    deviationMs: previous.deviationMs * 0.75 + Math.abs(sample - previous.meanMs) * 0.25,
  };
}

/**
 * The held time a wait is planned on: the mean plus twice the deviation. Planned on the mean alone, a
 * queue admitted while renders were quick waited twice its budget when a few slow ones followed (a
 * busy machine's renders vary more than they average).
 */
export function plannedServiceMs(time: ServiceTime | null): number {
  return time ? time.meanMs + 2 * time.deviationMs : 0;
}

/** Which waiting class takes a freed place: buyers first, a visitor when a visitor's place is free. */
export function nextToAdmit(state: AdmissionCounts, limits: AdmissionLimits): "buyer" | "visitor" | null {
  if (state.waitingBuyers > 0 && hasPlace(state, "buyer", limits)) return "buyer";
  if (state.waitingVisitors > 0 && hasPlace(state, "visitor", limits)) return "visitor";
  return null;
}

/**
 * Seconds a refused visitor is told to wait: a few, spread so that the refused crowd does not come back
 * in one wave (`random` in [0, 1)).
 */
export function retryAfterSeconds(random: number): number {
  return 2 + Math.floor(random * 4);
}
