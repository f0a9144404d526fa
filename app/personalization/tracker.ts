// The personalization tracker's shell (browser code): it keeps the state of tracker-core.ts, persists
// the queue in localStorage so a page change keeps what is pending, sends one beacon at a time with
// fetch to {base}/client/web/track, aborts a send that is not acknowledged in 10 s, and runs the timers
// of the back-off and of the inactivity pings. Every decision is the core's.
import type { TrackingContext } from "../../lib/tracking-events.ts";
import {
  duePing,
  enqueue,
  initialTrackerState,
  markSending,
  nextPingAt,
  nextSend,
  readStoredQueue,
  recordActivity,
  setEnabled,
  settle,
  TRACKER_SETTINGS,
  type SendOutcome,
  type TrackerLog,
  type TrackerState,
} from "./tracker-core.ts";
import type { z } from "zod";

/** Where the pending beacons live between pages (one origin, one queue). */
export const QUEUE_STORAGE_KEY = "travesia.tracker.queue";
/** The client id the service gave this browser (GET {base}/client/web/cid). */
export const CLIENT_ID_STORAGE_KEY = "travesia.tracker.cid";

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface TrackerDeps {
  /** The service's base URL, without a trailing slash ("" for this site's origin). */
  base: string;
  /** Null where storage is unavailable (private mode, blocked): the queue then lives for one page. */
  storage: StorageLike | null;
  fetch: typeof fetch;
  log: (entry: TrackerLog) => void;
  /** Where the visitor is now: read when an event is tracked. */
  context: () => z.infer<typeof TrackingContext>;
  now?: () => number;
  newId?: () => string;
}

export interface Tracker {
  /** Validates and queues an event; true when it was accepted. */
  track(event: unknown): boolean;
  enable(): void;
  disable(): void;
  /** The visitor did something: the inactivity pings start over. */
  recordActivity(): void;
  /** Stops the timers; what is pending stays stored for the next page. */
  dispose(): void;
  readonly state: TrackerState;
}

let counter = 0;
function defaultId(): string {
  counter += 1;
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}-${counter}`;
}

export function createTracker(deps: TrackerDeps, options: { enabled: boolean }): Tracker {
  const now = deps.now ?? (() => Date.now());
  const newId = deps.newId ?? defaultId;
  let state = initialTrackerState({
    enabled: options.enabled,
    queue: options.enabled ? loadQueue(deps) : [],
    now: now(),
  });
  let sendTimer: ReturnType<typeof setTimeout> | null = null;
  let pingTimer: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;
  const ensureClientId = clientIdReader(deps);

  const emit = (logs: readonly TrackerLog[]) => logs.forEach(deps.log);
  const persist = () => {
    if (!deps.storage) return;
    try {
      if (state.queue.length === 0) deps.storage.removeItem(QUEUE_STORAGE_KEY);
      else deps.storage.setItem(QUEUE_STORAGE_KEY, JSON.stringify(state.queue));
    } catch {
      // A full or blocked storage costs the next page its pending beacons, never this page its tracking.
    }
  };

  const clearSendTimer = () => {
    if (sendTimer !== null) clearTimeout(sendTimer);
    sendTimer = null;
  };

  const pump = () => {
    if (disposed) return;
    clearSendTimer();
    const decision = nextSend(state, now());
    if (decision.kind === "wait") {
      sendTimer = setTimeout(pump, Math.max(0, decision.until - now()));
    } else if (decision.kind === "send") {
      state = markSending(state, decision.id);
      void deliver(decision.id, JSON.stringify(decision.beacon));
    }
  };

  const deliver = async (id: string, body: string) => {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    const cid = await ensureClientId();
    if (cid) headers["X-Client-Id"] = cid;
    const outcome = await sendWithTimeout(
      deps.fetch,
      `${deps.base}/client/web/track`,
      { method: "POST", headers, body, keepalive: true },
      TRACKER_SETTINGS.ackTimeoutMs,
    );
    // Only the status matters: the body is let go so the connection is free for the next beacon.
    await outcome.response?.body?.cancel().catch(() => undefined);
    if (disposed) return;
    const settled = settle(state, id, outcome, now());
    state = settled.state;
    emit(settled.logs);
    persist();
    pump();
  };

  const schedulePing = () => {
    if (pingTimer !== null) clearTimeout(pingTimer);
    pingTimer = null;
    const due = nextPingAt(state);
    if (disposed || !state.enabled || due === null) return;
    pingTimer = setTimeout(
      () => {
        pingTimer = null;
        const ping = duePing(state, now());
        if (ping) {
          state = ping.state;
          track(ping.event);
        }
        schedulePing();
      },
      Math.max(0, due - now()),
    );
  };

  const track = (event: unknown): boolean => {
    if (disposed) return false;
    const result = enqueue(state, event, deps.context(), now(), newId());
    state = result.state;
    emit(result.logs);
    if (result.accepted) {
      persist();
      pump();
    }
    return result.accepted;
  };

  if (state.enabled) {
    pump();
    schedulePing();
  }

  return {
    track,
    enable() {
      if (state.enabled || disposed) return;
      state = initialTrackerState({ enabled: true, queue: loadQueue(deps), now: now() });
      pump();
      schedulePing();
    },
    disable() {
      state = setEnabled(state, false);
      clearSendTimer();
      schedulePing();
    },
    recordActivity() {
      state = recordActivity(state, now());
      schedulePing();
    },
    dispose() {
      disposed = true;
      clearSendTimer();
      if (pingTimer !== null) clearTimeout(pingTimer);
      pingTimer = null;
    },
    get state() {
      return state;
    },
  };
}

/** One request, aborted when it has not answered within `timeoutMs` (a plain timer, so tests can drive it). */
async function sendWithTimeout(
  fetchImpl: TrackerDeps["fetch"],
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<SendOutcome & { response?: Response }> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const response = await fetchImpl(url, { ...init, signal: controller.signal });
    return { kind: "answered", status: response.status, response };
  } catch {
    return timedOut ? { kind: "timeout" } : { kind: "network" };
  } finally {
    clearTimeout(timer);
  }
}

/** The browser's client id, asked once and kept; without one the service identifies the visitor by itself. */
function clientIdReader(deps: TrackerDeps): () => Promise<string | null> {
  let clientId: string | null = null;
  let clientIdAsked = false;
  return async () => {
    if (clientId !== null) return clientId;
    const stored = readStorage(deps.storage, CLIENT_ID_STORAGE_KEY);
    if (stored && CLIENT_ID_PATTERN.test(stored)) return (clientId = stored);
    // Asked once per page: without an id the service identifies the visitor by itself, and a missing
    // cid endpoint must not double every beacon's requests.
    if (clientIdAsked) return null;
    clientIdAsked = true;
    const answer = await sendWithTimeout(
      deps.fetch,
      `${deps.base}/client/web/cid`,
      { method: "GET", headers: { Accept: "text/plain" } },
      TRACKER_SETTINGS.fetchTimeoutMs,
    );
    const text =
      answer.response && answer.kind === "answered" && answer.status === 200
        ? (await answer.response.text().catch(() => "")).trim()
        : "";
    if (!CLIENT_ID_PATTERN.test(text)) {
      await answer.response?.body?.cancel().catch(() => undefined);
      return null;
    }
    clientId = text;
    try {
      deps.storage?.setItem(CLIENT_ID_STORAGE_KEY, text);
    } catch {
      // Kept for this page only.
    }
    return clientId;
  };
}

const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

function readStorage(storage: StorageLike | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function loadQueue(deps: TrackerDeps) {
  const text = readStorage(deps.storage, QUEUE_STORAGE_KEY);
  if (!text) return [];
  try {
    return readStoredQueue(JSON.parse(text));
  } catch {
    return [];
  }
}
