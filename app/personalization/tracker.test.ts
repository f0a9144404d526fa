// The tracker's shell against a real, flaky HTTP server on a random local port: the server answers a
// scripted sequence of statuses (or hangs), Vitest's fake timers play the back-off, the acknowledgement
// timeout and the inactivity pings, and the server stamps each arrival with the (fake) clock.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TRACKER_MESSAGES, type TrackBeacon, type TrackingEvent } from "../../lib/tracking-events.ts";
import { TRACKER_SETTINGS, type TrackerLog } from "./tracker-core.ts";
import { CLIENT_ID_STORAGE_KEY, createTracker, QUEUE_STORAGE_KEY, type Tracker } from "./tracker.ts";

type Step = number | "hang";

interface Arrival {
  at: number;
  beacon: TrackBeacon;
  headers: IncomingHttpHeaders;
}

interface FlakyServer {
  base: string;
  script: Step[];
  arrivals: Arrival[];
  hanging: ServerResponse[];
  cidRequests: number;
  close(): Promise<void>;
}

async function startFlakyServer(): Promise<FlakyServer> {
  const state = { script: [] as Step[], arrivals: [] as Arrival[], hanging: [] as ServerResponse[], cidRequests: 0 };
  const server: Server = createServer((request, response) => {
    if (request.method === "GET" && request.url === "/client/web/cid") {
      state.cidRequests += 1;
      response.writeHead(200, { "Content-Type": "text/plain" }).end("cid_4f9a2c7e1b");
      return;
    }
    if (request.method !== "POST" || request.url !== "/client/web/track") {
      response.writeHead(404).end();
      return;
    }
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      state.arrivals.push({ at: Date.now(), beacon: JSON.parse(body) as TrackBeacon, headers: request.headers });
      const step = state.script.shift() ?? 202;
      if (step === "hang") state.hanging.push(response);
      else response.writeHead(step).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        state.hanging.forEach((response) => response.destroy());
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** Waits on real I/O (setImmediate is not faked): the request reaching the server, the answer reaching the tracker. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > 5_000) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const context = {
  page: { url: "https://travesia.test/en/faqs/", title: "FAQ" },
  language: "en" as const,
  device: "desktop" as const,
  section: "content",
};
const postEvent = (postId: string): TrackingEvent => ({
  type: "postViewed",
  post: { postId, title: `Post ${postId}` },
});

let server: FlakyServer;
let storage: MemoryStorage;
let logs: TrackerLog[];
let trackers: Tracker[];
const START = Date.UTC(2026, 10, 22, 12, 0, 0);

function newTracker(enabled = true): Tracker {
  const tracker = createTracker(
    { base: server.base, storage, fetch: globalThis.fetch, log: (entry) => logs.push(entry), context: () => context },
    { enabled },
  );
  trackers.push(tracker);
  return tracker;
}

const messages = () => logs.map((log) => log.message);
const settledAfterFailure = (tracker: Tracker) => () =>
  tracker.state.sending === null && tracker.state.retryAt !== null;

beforeEach(async () => {
  // Only what the tracker schedules with is faked; sockets and setImmediate run for real.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: START });
  server = await startFlakyServer();
  storage = new MemoryStorage();
  logs = [];
  trackers = [];
});

afterEach(async () => {
  trackers.forEach((tracker) => tracker.dispose());
  vi.useRealTimers();
  await server.close();
});

describe("retries", () => {
  it("retries 503, 429 and 408 after 3000, 4500 and 6750 ms, drops a 400 with a log, and goes on in order", async () => {
    server.script.push(503, 429, 408, 400, 200);
    const tracker = newTracker();
    expect(tracker.track(postEvent("first"))).toBe(true);
    expect(tracker.track(postEvent("second"))).toBe(true);
    await until(() => server.arrivals.length === 1, "the first send");

    for (const [index, delay] of [3000, 4500, 6750].entries()) {
      await until(settledAfterFailure(tracker), `failure ${index + 1} settled`);
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(server.arrivals).toHaveLength(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      await until(() => server.arrivals.length === index + 2, `retry ${index + 1}`);
    }
    // The 400 drops "first"; "second" leaves at once, without a back-off.
    await until(() => server.arrivals.length === 5, "the second beacon");
    await until(() => tracker.state.queue.length === 0, "the acknowledgement");

    const gaps = server.arrivals.slice(1).map((arrival, index) => arrival.at - (server.arrivals[index]?.at ?? 0));
    expect(gaps).toEqual([3000, 4500, 6750, 0]);
    expect(
      server.arrivals.map((arrival) =>
        arrival.beacon.payload.type === "postViewed" ? arrival.beacon.payload.post.postId : "",
      ),
    ).toEqual(["first", "first", "first", "first", "second"]);
    // The event keeps its time; each attempt says when it left.
    expect(server.arrivals.slice(0, 4).map((arrival) => arrival.beacon.originalTime)).toEqual([
      START,
      START,
      START,
      START,
    ]);
    expect(server.arrivals.slice(0, 4).map((arrival) => arrival.beacon.departureTime)).toEqual([
      START,
      START + 3000,
      START + 7500,
      START + 14_250,
    ]);
    expect(server.arrivals[0]?.beacon.context).toEqual(context);
    expect(server.arrivals[0]?.headers["x-client-id"]).toBe("cid_4f9a2c7e1b");
    expect(storage.getItem(CLIENT_ID_STORAGE_KEY)).toBe("cid_4f9a2c7e1b");
    expect(server.cidRequests).toBe(1);
    expect(logs.filter((log) => log.level === "warn")).toEqual([
      { level: "warn", message: "Beacon refused with status 400: dropped", detail: "postViewed" },
    ]);
    expect(storage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
  });

  it.each([401, 403, 404, 423])("does not retry a %i", async (status) => {
    server.script.push(status);
    const tracker = newTracker();
    tracker.track(postEvent("refused"));
    await until(() => tracker.state.queue.length === 0, "the refusal");
    // Well past the first back-off (3 s), before the first inactivity ping (30 s).
    await vi.advanceTimersByTimeAsync(TRACKER_SETTINGS.retryMinDelayMs * 5);
    expect(server.arrivals).toHaveLength(1);
    expect(messages()).toEqual([`Beacon refused with status ${status}: dropped`]);
  });

  it("backs off by 1.5 each time up to 60000 ms, and stays there", async () => {
    server.script.push(...Array<Step>(11).fill(500));
    const tracker = newTracker();
    tracker.track(postEvent("stubborn"));
    await until(() => server.arrivals.length === 1, "the first send");
    const expected = [3000, 4500, 6750, 10125, 15188, 22781, 34172, 51258, 60000, 60000, 60000];
    for (const [index, delay] of expected.entries()) {
      await until(settledAfterFailure(tracker), `failure ${index + 1} settled`);
      await vi.advanceTimersByTimeAsync(delay);
      await until(() => server.arrivals.length === index + 2, `retry ${index + 1}`);
    }
    // Inactivity pings queue behind the stubborn beacon meanwhile: only its own attempts are compared.
    const gaps = server.arrivals
      .slice(1, expected.length + 1)
      .map((arrival, index) => arrival.at - (server.arrivals[index]?.at ?? 0));
    expect(gaps).toEqual(expected);
    await until(() => tracker.state.queue.length === 0, "the final acknowledgement");
  });

  it("aborts a send not acknowledged within 10 s and retries it", async () => {
    server.script.push("hang", 200);
    const tracker = newTracker();
    tracker.track(postEvent("slow"));
    await until(() => server.arrivals.length === 1, "the first send");
    await vi.advanceTimersByTimeAsync(9_999);
    expect(tracker.state.sending).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await until(settledAfterFailure(tracker), "the timeout");
    expect(messages()).toEqual(["Beacon not delivered (no acknowledgement): retrying in 3000 ms"]);
    expect(tracker.state.retryAt).toBe(START + 10_000 + 3000);
    await vi.advanceTimersByTimeAsync(3000);
    await until(() => tracker.state.queue.length === 0, "the retry's acknowledgement");
    expect(server.arrivals.map((arrival) => arrival.at - START)).toEqual([0, 13_000]);
  });
});

describe("the queue", () => {
  it("suspends at 100 beacons, refuses while full or draining, and resumes at 50", async () => {
    // The first send hangs so nothing drains while the queue fills.
    server.script.push("hang", ...Array<Step>(48).fill(200), "hang");
    const tracker = newTracker();
    for (let index = 0; index < 100; index += 1) expect(tracker.track(postEvent(`p${index}`))).toBe(true);
    expect(tracker.state.suspended).toBe(true);
    expect(messages()).toEqual([TRACKER_MESSAGES.queueCapacityReached]);
    expect(tracker.track(postEvent("overflow"))).toBe(false);
    expect(messages()).toEqual([TRACKER_MESSAGES.queueCapacityReached, TRACKER_MESSAGES.queueFull]);
    expect(JSON.parse(storage.getItem(QUEUE_STORAGE_KEY) ?? "[]")).toHaveLength(100);

    // Acknowledge the hung one, then 48 more: 51 left, still suspended.
    await until(() => server.hanging.length === 1, "the hanging send");
    server.hanging[0]?.writeHead(200).end();
    await until(() => server.hanging.length === 2, "the second hanging send");
    expect(tracker.state.queue).toHaveLength(51);
    expect(tracker.track(postEvent("draining"))).toBe(false);
    expect(messages().at(-1)).toBe(TRACKER_MESSAGES.eventSuppressed);

    server.hanging[1]?.writeHead(200).end();
    await until(() => !tracker.state.suspended, "the resumption");
    expect(logs.find((log) => log.message.startsWith("Tracker resumed"))?.detail).toBe("50");
    expect(tracker.track(postEvent("welcome-back"))).toBe(true);
    await until(() => tracker.state.queue.length === 0, "the queue to empty");
    expect(server.arrivals).toHaveLength(100 + 1);
    expect(server.arrivals.at(-1)?.beacon.payload).toEqual(postEvent("welcome-back"));
  });

  it("keeps pending beacons for the next page", async () => {
    server.script.push("hang");
    const first = newTracker();
    first.track(postEvent("carried-over"));
    await until(() => server.arrivals.length === 1, "the first send");
    first.dispose();

    const next = newTracker();
    await until(() => server.arrivals.length === 2, "the next page's send");
    await until(() => next.state.queue.length === 0, "the acknowledgement");
    expect(server.arrivals[1]?.beacon.payload).toEqual(postEvent("carried-over"));
    expect(server.arrivals[1]?.beacon.originalTime).toBe(START);
    expect(server.cidRequests).toBe(1);
  });
});

describe("inactivity pings", () => {
  it("pings after 30 s, 30 s, 2 min, 2 min, 5 min, 5 min and 15 min of no activity, then stops", async () => {
    const tracker = newTracker();
    const schedule = [30_000, 60_000, 180_000, 300_000, 600_000, 900_000, 1_800_000];
    let elapsed = 0;
    for (const [index, at] of schedule.entries()) {
      await vi.advanceTimersByTimeAsync(at - elapsed - 1);
      expect(server.arrivals).toHaveLength(index);
      await vi.advanceTimersByTimeAsync(1);
      elapsed = at;
      await until(() => server.arrivals.length === index + 1 && tracker.state.queue.length === 0, `ping ${index + 1}`);
    }
    expect(server.arrivals.map((arrival) => arrival.at - START)).toEqual(schedule);
    expect(server.arrivals.map((arrival) => arrival.beacon.payload)).toEqual(
      schedule.map(() => ({ type: "nothingChanged", sinceTime: START })),
    );
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(server.arrivals).toHaveLength(schedule.length);
  });

  it("starts the schedule over when the visitor does something", async () => {
    const tracker = newTracker();
    await vi.advanceTimersByTimeAsync(20_000);
    tracker.recordActivity();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(server.arrivals).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => server.arrivals.length === 1, "the ping");
    expect(server.arrivals[0]).toMatchObject({
      at: START + 50_000,
      beacon: { payload: { type: "nothingChanged", sinceTime: START + 20_000 } },
    });
  });
});

describe("refusals", () => {
  it("sends, queues, stores and pings nothing while disabled", async () => {
    const tracker = newTracker(false);
    expect(tracker.track(postEvent("ignored"))).toBe(false);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(server.arrivals).toHaveLength(0);
    expect(server.cidRequests).toBe(0);
    expect(tracker.state.queue).toHaveLength(0);
    expect(storage.items.size).toBe(0);
    expect(logs).toEqual([]);
  });

  it("stops sending when disabled and picks the stored queue up when enabled again", async () => {
    server.script.push(503);
    const tracker = newTracker();
    tracker.track(postEvent("paused"));
    await until(settledAfterFailure(tracker), "the failure");
    tracker.disable();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.arrivals).toHaveLength(1);
    tracker.enable();
    await until(() => server.arrivals.length === 2 && tracker.state.queue.length === 0, "the send after enabling");
  });

  it("refuses unknown and invalid events before queueing them", async () => {
    const tracker = newTracker();
    expect(tracker.track({ type: "pageOpened" })).toBe(false);
    expect(tracker.track({ type: "productViewed", product: { productId: "XCARET", name: "", displayPrice: -1 } })).toBe(
      false,
    );
    expect(logs).toEqual([
      { level: "warn", message: TRACKER_MESSAGES.unknownEventType, detail: "pageOpened" },
      {
        level: "warn",
        message: TRACKER_MESSAGES.invalidEventPayload,
        detail: "productViewed: product.name, product.displayPrice",
      },
    ]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.arrivals).toHaveLength(0);
    expect(tracker.state.queue).toHaveLength(0);
  });
});
