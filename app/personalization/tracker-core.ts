// The personalization tracker's decisions (its statuses, messages and limits), as
// pure functions of its state and `now`: what to do with an event, which
// beacon to send next and when, what an answer means, when the visitor has been idle long enough for a
// ping. The shell (tracker.ts) does the fetching, the timers and the storage, and nothing else.
import {
  TRACKER_MESSAGES,
  TRACKING_EVENT_TYPES,
  TrackBeacon,
  TrackingEvent,
  type TrackingContext,
} from "../../lib/tracking-events.ts";
import type { z } from "zod";

/** The tracker's constants: queue size, back-off, timeouts and inactivity delays. */
export const TRACKER_SETTINGS = {
  queueCapacity: 100,
  /** The queue resumes taking events once it holds this many or fewer ("when half empty"). */
  resumeAtOrBelow: 50,
  ackTimeoutMs: 10_000,
  /** Asking the service for a client id. */
  fetchTimeoutMs: 5_000,
  retryMinDelayMs: 3_000,
  retryMaxDelayMs: 60_000,
  retryFactor: 1.5,
  inactivityDelaysMs: [30_000, 30_000, 120_000, 120_000, 300_000, 300_000, 900_000],
} as const;

type Context = z.infer<typeof TrackingContext>;

/** A beacon waiting in the queue: it gets its departure time only when it leaves. */
export interface QueuedBeacon {
  id: string;
  beacon: Omit<TrackBeacon, "departureTime">;
}

export interface TrackerState {
  enabled: boolean;
  /** Suspended when the queue is full, until it is half empty. */
  suspended: boolean;
  /** Oldest first; the head is the one being sent or retried. */
  queue: readonly QueuedBeacon[];
  /** The id of the beacon on its way, or null. One at a time, in order. */
  sending: string | null;
  /** Retryable failures of the head in a row: they set the back-off. */
  failures: number;
  /** The head is not sent again before this time (ms), or null to send at once. */
  retryAt: number | null;
  /** The visitor's last activity (ms): pings report it as `sinceTime`. */
  lastActivityAt: number;
  /** When the idle clock last restarted: the last activity, or the last ping. */
  idleSince: number;
  /** Pings sent since the last activity; the schedule stops after the last delay. */
  pingsSent: number;
}

export type TrackerLogLevel = "info" | "warn";

export interface TrackerLog {
  level: TrackerLogLevel;
  message: string;
  /** The event type or the answer's status, so a log line says which beacon it is about. */
  detail?: string;
}

export function initialTrackerState(options: {
  enabled: boolean;
  queue?: readonly QueuedBeacon[];
  now: number;
}): TrackerState {
  const queue = (options.queue ?? []).slice(0, TRACKER_SETTINGS.queueCapacity);
  return {
    enabled: options.enabled,
    // A page that opens with a full stored queue starts where the last one stopped: suspended.
    suspended: queue.length >= TRACKER_SETTINGS.queueCapacity,
    queue,
    sending: null,
    failures: 0,
    retryAt: null,
    lastActivityAt: options.now,
    idleSince: options.now,
    pingsSent: 0,
  };
}

export function setEnabled(state: TrackerState, enabled: boolean): TrackerState {
  return { ...state, enabled };
}

export type EventCheck = { ok: true; event: TrackingEvent } | { ok: false; log: TrackerLog };

/** An event of a type the schema does not know, or a known type with a bad payload, is refused. */
export function checkEvent(input: unknown): EventCheck {
  const type =
    typeof input === "object" && input !== null && "type" in input ? (input as { type: unknown }).type : undefined;
  if (typeof type !== "string" || !(TRACKING_EVENT_TYPES as string[]).includes(type)) {
    return {
      ok: false,
      log: {
        level: "warn",
        message: TRACKER_MESSAGES.unknownEventType,
        detail: typeof type === "string" ? type.slice(0, 50) : typeof type,
      },
    };
  }
  const parsed = TrackingEvent.safeParse(input);
  if (!parsed.success) {
    const paths = parsed.error.issues.map((issue) => issue.path.join(".") || "(event)").join(", ");
    return {
      ok: false,
      log: { level: "warn", message: TRACKER_MESSAGES.invalidEventPayload, detail: `${type}: ${paths}` },
    };
  }
  return { ok: true, event: parsed.data };
}

export interface EnqueueResult {
  state: TrackerState;
  logs: TrackerLog[];
  accepted: boolean;
}

/**
 * An event the page tracks. Disabled: ignored, silently. Invalid: refused with a message naming what is wrong.
 * Suspended: refused — "The queue is full" while it still is, "Event suppressed" while it drains.
 * The event that fills the queue is kept and suspends the tracker ("Maximum queue capacity reached").
 */
export function enqueue(state: TrackerState, input: unknown, context: Context, now: number, id: string): EnqueueResult {
  if (!state.enabled) return { state, logs: [], accepted: false };
  const check = checkEvent(input);
  if (!check.ok) return { state, logs: [check.log], accepted: false };
  const detail = check.event.type;
  if (state.suspended) {
    const full = state.queue.length >= TRACKER_SETTINGS.queueCapacity;
    return {
      state,
      logs: [{ level: "warn", message: full ? TRACKER_MESSAGES.queueFull : TRACKER_MESSAGES.eventSuppressed, detail }],
      accepted: false,
    };
  }
  const queue = [...state.queue, { id, beacon: { context, payload: check.event, originalTime: now } }];
  if (queue.length >= TRACKER_SETTINGS.queueCapacity) {
    return {
      state: { ...state, queue, suspended: true },
      logs: [{ level: "warn", message: TRACKER_MESSAGES.queueCapacityReached, detail }],
      accepted: true,
    };
  }
  return { state: { ...state, queue }, logs: [], accepted: true };
}

export type SendDecision =
  | { kind: "idle" }
  | { kind: "wait"; until: number }
  | { kind: "send"; id: string; beacon: TrackBeacon };

/** The next step of the sender: nothing (disabled, empty or busy), wait for the back-off, or send the head. */
export function nextSend(state: TrackerState, now: number): SendDecision {
  const head = state.queue[0];
  if (!state.enabled || state.sending !== null || !head) return { kind: "idle" };
  if (state.retryAt !== null && now < state.retryAt) return { kind: "wait", until: state.retryAt };
  return { kind: "send", id: head.id, beacon: { ...head.beacon, departureTime: now } };
}

export function markSending(state: TrackerState, id: string): TrackerState {
  return { ...state, sending: id };
}

/** How a send ended: the service answered, did not answer within the acknowledgement timeout, or the network failed. */
export type SendOutcome = { kind: "answered"; status: number } | { kind: "timeout" } | { kind: "network" };

/**
 * Beacons are retried on 500 and above, 429 and 408, and not on other statuses. No answer
 * (the acknowledgement timeout, a network failure) is the same as a 408: the beacon may not have arrived.
 */
export function isRetryable(outcome: SendOutcome): boolean {
  if (outcome.kind !== "answered") return true;
  return outcome.status >= 500 || outcome.status === 429 || outcome.status === 408;
}

/** The wait after the n-th failure in a row (n ≥ 1): 3000 ms × 1.5^(n−1), at most 60000 ms. */
export function retryDelay(failures: number): number {
  const { retryMinDelayMs, retryMaxDelayMs, retryFactor } = TRACKER_SETTINGS;
  const exponent = Math.max(0, failures - 1);
  // Past the cap the power only grows: stop computing it before it reaches Infinity.
  if (exponent > 20) return retryMaxDelayMs;
  return Math.min(retryMaxDelayMs, Math.round(retryMinDelayMs * retryFactor ** exponent));
}

function removeHead(state: TrackerState, logs: TrackerLog[]): { state: TrackerState; logs: TrackerLog[] } {
  const queue = state.queue.slice(1);
  const resumes = state.suspended && queue.length <= TRACKER_SETTINGS.resumeAtOrBelow;
  if (resumes)
    logs.push({ level: "info", message: "Tracker resumed: the queue is half empty", detail: String(queue.length) });
  return {
    state: { ...state, queue, sending: null, failures: 0, retryAt: null, suspended: state.suspended && !resumes },
    logs,
  };
}

/** What an answer to the head's send means for the queue. */
export function settle(
  state: TrackerState,
  id: string,
  outcome: SendOutcome,
  now: number,
): { state: TrackerState; logs: TrackerLog[] } {
  // An answer for a beacon that is no longer the one on its way changes nothing.
  if (state.sending !== id || state.queue[0]?.id !== id) return { state, logs: [] };
  const type = state.queue[0].beacon.payload.type;
  if (outcome.kind === "answered" && outcome.status >= 200 && outcome.status < 300) return removeHead(state, []);
  if (isRetryable(outcome)) {
    const failures = state.failures + 1;
    const delay = retryDelay(failures);
    const why =
      outcome.kind === "answered"
        ? `status ${outcome.status}`
        : outcome.kind === "timeout"
          ? "no acknowledgement"
          : "network failure";
    return {
      state: { ...state, sending: null, failures, retryAt: now + delay },
      logs: [{ level: "info", message: `Beacon not delivered (${why}): retrying in ${delay} ms`, detail: type }],
    };
  }
  const status = outcome.kind === "answered" ? outcome.status : 0;
  return removeHead(state, [{ level: "warn", message: `Beacon refused with status ${status}: dropped`, detail: type }]);
}

/** The visitor did something: the idle clock and the ping schedule start over. */
export function recordActivity(state: TrackerState, now: number): TrackerState {
  return { ...state, lastActivityAt: now, idleSince: now, pingsSent: 0 };
}

/** When the next inactivity ping is due, or null once the schedule (30 s, 30 s, 2 min, 2 min, 5 min, 5 min, 15 min) is over. */
export function nextPingAt(state: TrackerState): number | null {
  const delay = TRACKER_SETTINGS.inactivityDelaysMs[state.pingsSent];
  return delay === undefined ? null : state.idleSince + delay;
}

/** The ping to track now, if one is due: "nothing changed since the last activity". */
export function duePing(state: TrackerState, now: number): { state: TrackerState; event: TrackingEvent } | null {
  const due = nextPingAt(state);
  if (!state.enabled || due === null || now < due) return null;
  return {
    state: { ...state, idleSince: now, pingsSent: state.pingsSent + 1 },
    event: { type: "nothingChanged", sinceTime: state.lastActivityAt },
  };
}

/** Stored beacons are read back through the schema: anything a stale or tampered storage holds is dropped. */
export function readStoredQueue(stored: unknown): QueuedBeacon[] {
  if (!Array.isArray(stored)) return [];
  const Stored = TrackBeacon.omit({ departureTime: true });
  const queue: QueuedBeacon[] = [];
  for (const item of stored.slice(0, TRACKER_SETTINGS.queueCapacity)) {
    if (typeof item !== "object" || item === null) continue;
    const { id, beacon } = item as { id?: unknown; beacon?: unknown };
    const parsed = Stored.safeParse(beacon);
    if (typeof id === "string" && id.length > 0 && id.length <= 64 && parsed.success)
      queue.push({ id, beacon: parsed.data });
  }
  return queue;
}
