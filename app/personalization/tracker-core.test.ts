import { describe, expect, it } from "vitest";
import { TRACKER_MESSAGES, type TrackingEvent } from "../../lib/tracking-events.ts";
import {
  checkEvent,
  duePing,
  enqueue,
  initialTrackerState,
  isRetryable,
  markSending,
  nextPingAt,
  nextSend,
  readStoredQueue,
  recordActivity,
  retryDelay,
  settle,
  TRACKER_SETTINGS,
  type QueuedBeacon,
  type TrackerState,
} from "./tracker-core.ts";

const context = {
  page: { url: "https://travesia.test/en/" },
  language: "en" as const,
  device: "desktop" as const,
  section: "home",
};
const post: TrackingEvent = { type: "postViewed", post: { postId: "faq", title: "FAQ" } };

function queued(count: number): QueuedBeacon[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `b${index}`,
    beacon: { context, payload: post, originalTime: index },
  }));
}

function stateWith(count: number, overrides: Partial<TrackerState> = {}): TrackerState {
  return { ...initialTrackerState({ enabled: true, queue: queued(count), now: 0 }), ...overrides };
}

describe("checkEvent", () => {
  it.each([
    [{ type: "pageOpened" }, TRACKER_MESSAGES.unknownEventType],
    [{ product: {} }, TRACKER_MESSAGES.unknownEventType],
    ["cartViewed", TRACKER_MESSAGES.unknownEventType],
    [null, TRACKER_MESSAGES.unknownEventType],
    [
      { type: "productViewed", product: { productId: "", name: "Xcaret", displayPrice: 10 } },
      TRACKER_MESSAGES.invalidEventPayload,
    ],
    [
      { type: "productViewed", product: { productId: "x".repeat(51), name: "Xcaret", displayPrice: 10 } },
      TRACKER_MESSAGES.invalidEventPayload,
    ],
    [{ type: "goalCompleted", goalId: "ab" }, TRACKER_MESSAGES.invalidEventPayload],
    [{ type: "postViewed", post: { postId: "faq", title: "FAQ" }, extra: 1 }, TRACKER_MESSAGES.invalidEventPayload],
  ])("refuses %j with %s", (input, message) => {
    const check = checkEvent(input);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.log.message).toBe(message);
  });

  it.each<TrackingEvent>([
    post,
    { type: "productViewed", product: { productId: "XCARET", name: "Xcaret", displayPrice: 120.5 } },
    { type: "nothingChanged", sinceTime: 1_700_000_000_000 },
    { type: "userProfileChanged", patch: { custom: { currency: "MXN" } } },
  ])("accepts $type", (event) => {
    expect(checkEvent(event)).toEqual({ ok: true, event });
  });
});

describe("enqueue", () => {
  it("ignores everything while disabled, without a word", () => {
    const state = initialTrackerState({ enabled: false, now: 0 });
    expect(enqueue(state, post, context, 5, "a")).toEqual({ state, logs: [], accepted: false });
  });

  it("queues a valid event with its time and context", () => {
    const result = enqueue(stateWith(0), post, context, 1234, "a");
    expect(result.accepted).toBe(true);
    expect(result.state.queue).toEqual([{ id: "a", beacon: { context, payload: post, originalTime: 1234 } }]);
  });

  it.each([
    // [queue length before, suspended before, accepted, message, suspended after]
    [98, false, true, null, false],
    [99, false, true, TRACKER_MESSAGES.queueCapacityReached, true],
    [100, true, false, TRACKER_MESSAGES.queueFull, true],
    [75, true, false, TRACKER_MESSAGES.eventSuppressed, true],
    [51, true, false, TRACKER_MESSAGES.eventSuppressed, true],
  ])("with %i queued (suspended %s): accepted %s, logs %s", (length, suspended, accepted, message, suspendedAfter) => {
    const result = enqueue(stateWith(length, { suspended }), post, context, 0, "new");
    expect(result.accepted).toBe(accepted);
    expect(result.logs.map((log) => log.message)).toEqual(message ? [message] : []);
    expect(result.state.suspended).toBe(suspendedAfter);
    expect(result.state.queue).toHaveLength(accepted ? length + 1 : length);
  });

  it("starts suspended when the stored queue is already full", () => {
    expect(initialTrackerState({ enabled: true, queue: queued(100), now: 0 }).suspended).toBe(true);
    expect(initialTrackerState({ enabled: true, queue: queued(99), now: 0 }).suspended).toBe(false);
  });
});

describe("sending", () => {
  it.each([
    ["disabled", stateWith(3, { enabled: false }), 0, { kind: "idle" }],
    ["empty", stateWith(0), 0, { kind: "idle" }],
    ["busy", stateWith(3, { sending: "b0" }), 0, { kind: "idle" }],
    ["backing off", stateWith(3, { retryAt: 4500 }), 4499, { kind: "wait", until: 4500 }],
  ] as const)("%s → %j", (_name, state, now, decision) => {
    expect(nextSend(state, now)).toEqual(decision);
  });

  it("sends the oldest beacon with its departure time", () => {
    expect(nextSend(stateWith(3, { retryAt: 4500 }), 4500)).toEqual({
      kind: "send",
      id: "b0",
      beacon: { context, payload: post, originalTime: 0, departureTime: 4500 },
    });
  });

  it.each([
    [{ kind: "answered", status: 500 }, true],
    [{ kind: "answered", status: 502 }, true],
    [{ kind: "answered", status: 503 }, true],
    [{ kind: "answered", status: 429 }, true],
    [{ kind: "answered", status: 408 }, true],
    [{ kind: "timeout" }, true],
    [{ kind: "network" }, true],
    [{ kind: "answered", status: 400 }, false],
    [{ kind: "answered", status: 401 }, false],
    [{ kind: "answered", status: 403 }, false],
    [{ kind: "answered", status: 404 }, false],
    [{ kind: "answered", status: 423 }, false],
    [{ kind: "answered", status: 499 }, false],
  ] as const)("%j retryable: %s", (outcome, retryable) => {
    expect(isRetryable(outcome)).toBe(retryable);
  });

  it.each([
    [1, 3000],
    [2, 4500],
    [3, 6750],
    [4, 10125],
    [5, 15188],
    [6, 22781],
    [7, 34172],
    [8, 51258],
    [9, 60000],
    [50, 60000],
    [5000, 60000],
  ])("after %i failures waits %i ms", (failures, delay) => {
    expect(retryDelay(failures)).toBe(delay);
  });

  it("keeps a beacon that failed with a retryable status and backs off", () => {
    const sending = markSending(stateWith(2), "b0");
    const first = settle(sending, "b0", { kind: "answered", status: 503 }, 1000);
    expect(first.state).toMatchObject({ sending: null, failures: 1, retryAt: 4000 });
    expect(first.state.queue).toHaveLength(2);
    const second = settle(markSending(first.state, "b0"), "b0", { kind: "timeout" }, 20_000);
    expect(second.state).toMatchObject({ failures: 2, retryAt: 24_500 });
  });

  it("drops a refused beacon with a log and goes on with the next", () => {
    const result = settle(
      markSending(stateWith(2, { failures: 3, retryAt: 9 }), "b0"),
      "b0",
      { kind: "answered", status: 400 },
      1000,
    );
    expect(result.state.queue.map((item) => item.id)).toEqual(["b1"]);
    expect(result.state).toMatchObject({ failures: 0, retryAt: null, sending: null });
    expect(result.logs).toEqual([
      { level: "warn", message: "Beacon refused with status 400: dropped", detail: "postViewed" },
    ]);
  });

  it("removes an acknowledged beacon and resumes once half empty", () => {
    const at51 = settle(
      markSending(stateWith(52, { suspended: true }), "b0"),
      "b0",
      { kind: "answered", status: 202 },
      0,
    );
    expect(at51.state).toMatchObject({ suspended: true });
    expect(at51.logs).toEqual([]);
    const at50 = settle(markSending(at51.state, "b1"), "b1", { kind: "answered", status: 200 }, 0);
    expect(at50.state.queue).toHaveLength(50);
    expect(at50.state.suspended).toBe(false);
    expect(at50.logs.map((log) => log.message)).toEqual(["Tracker resumed: the queue is half empty"]);
  });

  it("ignores an answer for a beacon that is not on its way", () => {
    const state = markSending(stateWith(2), "b0");
    expect(settle(state, "b1", { kind: "answered", status: 200 }, 0).state).toBe(state);
  });
});

describe("inactivity pings", () => {
  it("follows 30 s, 30 s, 2 min, 2 min, 5 min, 5 min, 15 min, then stops", () => {
    let state = stateWith(0);
    const times: number[] = [];
    for (let due = nextPingAt(state); due !== null; due = nextPingAt(state)) {
      expect(duePing(state, due - 1)).toBeNull();
      const ping = duePing(state, due);
      if (!ping) throw new Error("a ping was due");
      expect(ping.event).toEqual({ type: "nothingChanged", sinceTime: 0 });
      times.push(due);
      state = ping.state;
    }
    expect(times).toEqual([30_000, 60_000, 180_000, 300_000, 600_000, 900_000, 1_800_000]);
    expect(duePing(state, 10 ** 9)).toBeNull();
  });

  it("starts over on activity, and reports the activity's time", () => {
    const pinged = duePing(stateWith(0), 30_000);
    if (!pinged) throw new Error("a ping was due");
    const active = recordActivity(pinged.state, 45_000);
    expect(nextPingAt(active)).toBe(75_000);
    expect(duePing(active, 75_000)?.event).toEqual({ type: "nothingChanged", sinceTime: 45_000 });
  });

  it("pings nothing while disabled", () => {
    expect(duePing(stateWith(0, { enabled: false }), 10 ** 9)).toBeNull();
  });

  it("pings after 30 s, 30 s, 2 min, 2 min, 5 min, 5 min and 15 min of inactivity", () => {
    expect(TRACKER_SETTINGS.inactivityDelaysMs).toEqual([30_000, 30_000, 120_000, 120_000, 300_000, 300_000, 900_000]);
  });
});

describe("readStoredQueue", () => {
  it("keeps valid beacons and drops the rest", () => {
    const good = queued(2);
    expect(
      readStoredQueue([
        good[0],
        { id: "x", beacon: { payload: { type: "nope" } } },
        "junk",
        good[1],
        { beacon: good[0]?.beacon },
      ]),
    ).toEqual(good);
    expect(readStoredQueue({ not: "an array" })).toEqual([]);
    expect(readStoredQueue(queued(150))).toHaveLength(100);
  });
});
