// One test per transition of the search box statechart, on fake timers: the 500 ms
// debounce and blur delay are stepped through exactly, and the side effects are recorded.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { BLUR_DELAY_MS, DEBOUNCE_MS, searchBoxMachine, type FailureStage } from "./search-box-machine.ts";

interface Harness {
  actor: ReturnType<typeof createActor<typeof searchBoxMachine>>;
  state: () => string;
  navigations: string[];
  reports: { stage: FailureStage; error: unknown }[];
  asked: string[];
}

interface Options {
  initialQuery?: string;
  token?: () => Promise<unknown>;
  suggest?: (word: string) => Promise<string[]>;
}

function start(options: Options = {}): Harness {
  const navigations: string[] = [];
  const reports: Harness["reports"] = [];
  const asked: string[] = [];
  const machine = searchBoxMachine.provide({
    actors: {
      fetchToken: fromPromise(options.token ?? (async () => ({ accessToken: "t" }))),
      fetchSuggestions: fromPromise<string[], { word: string }>(async ({ input }) => {
        asked.push(input.word);
        return (options.suggest ?? (async (word) => [`${word} one`, `${word} two`]))(input.word);
      }),
    },
    actions: {
      navigate: (_, params) => {
        navigations.push(params.query);
      },
      report: (_, params) => {
        reports.push(params);
      },
    },
  });
  const actor = createActor(machine, { input: { initialQuery: options.initialQuery ?? "" } });
  actor.start();
  return { actor, state: () => String(actor.getSnapshot().value), navigations, reports, asked };
}

/** Lets promise actors settle, then moves the fake clock. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A box past initial, in idle. */
async function idleBox(options: Options = {}) {
  const box = start(options);
  await advance(0);
  expect(box.state()).toBe("idle");
  return box;
}

/** A box showing suggestions for `word`. */
async function successBox(word = "isla", options: Options = {}) {
  const box = await idleBox(options);
  box.actor.send({ type: "TYPE", word });
  await advance(DEBOUNCE_MS);
  expect(box.state()).toBe("success");
  return box;
}

describe("initial", () => {
  it("fetches a token and goes to idle when the URL has no q", async () => {
    let resolve: (value: unknown) => void = () => {};
    const box = start({ token: () => new Promise((done) => (resolve = done)) });
    expect(box.state()).toBe("initial");
    resolve({ accessToken: "t" });
    await advance(0);
    expect(box.state()).toBe("idle");
    expect(box.actor.getSnapshot().context.word).toBe("");
  });

  it("prefills the box with q and goes to ready", async () => {
    const box = start({ initialQuery: "xplor" });
    await advance(0);
    expect(box.state()).toBe("ready");
    expect(box.actor.getSnapshot().context.word).toBe("xplor");
  });

  it("reports a token failure and still goes on (idle without q)", async () => {
    const failure = new Error("token 503");
    const box = start({ token: async () => Promise.reject(failure) });
    await advance(0);
    expect(box.state()).toBe("idle");
    expect(box.reports).toEqual([{ stage: "token", error: failure }]);
  });

  it("reports a token failure and still goes on (ready with q)", async () => {
    const box = start({ initialQuery: "ferry", token: async () => Promise.reject(new Error("offline")) });
    await advance(0);
    expect(box.state()).toBe("ready");
    expect(box.reports.map((report) => report.stage)).toEqual(["token"]);
  });
});

describe("typing and the 500 ms debounce", () => {
  it("changes the word at once but fetches only after 500 ms without typing", async () => {
    const box = await idleBox();
    box.actor.send({ type: "TYPE", word: "is" });
    expect(box.actor.getSnapshot().context.word).toBe("is");
    await advance(DEBOUNCE_MS - 1);
    expect(box.state()).toBe("idle");
    expect(box.asked).toEqual([]);
    await advance(1);
    expect(box.asked).toEqual(["is"]);
  });

  it("restarts the debounce on every keystroke: one request for the last word", async () => {
    const box = await idleBox();
    for (const word of ["i", "is", "isl", "isla"]) {
      box.actor.send({ type: "TYPE", word });
      await advance(DEBOUNCE_MS - 100);
    }
    expect(box.asked).toEqual([]);
    await advance(100);
    expect(box.asked).toEqual(["isla"]);
  });

  it("goes back to idle, fetching nothing, when the word is blank after the debounce", async () => {
    const box = await successBox();
    box.actor.send({ type: "TYPE", word: "   " });
    await advance(DEBOUNCE_MS);
    expect(box.state()).toBe("idle");
    expect(box.asked).toEqual(["isla"]);
  });

  it("fetches again when typing goes on from ready (the prefilled word)", async () => {
    const box = start({ initialQuery: "xplor" });
    await advance(0);
    box.actor.send({ type: "TYPE", word: "xplor fuego" });
    await advance(DEBOUNCE_MS);
    expect(box.asked).toEqual(["xplor fuego"]);
    expect(box.state()).toBe("success");
  });
});

describe("fetch", () => {
  it("is the state while suggestions are on their way", async () => {
    let resolve: (value: string[]) => void = () => {};
    const box = await idleBox({ suggest: () => new Promise((done) => (resolve = done)) });
    box.actor.send({ type: "TYPE", word: "isla" });
    await advance(DEBOUNCE_MS);
    expect(box.state()).toBe("fetch");
    resolve(["Isla Mujeres"]);
    await advance(0);
    expect(box.state()).toBe("success");
  });

  it("goes to success with the suggestions", async () => {
    const box = await successBox("isla", { suggest: async () => ["Isla Mujeres", "Ferry a Isla Mujeres"] });
    expect(box.actor.getSnapshot().context).toMatchObject({
      suggestions: ["Isla Mujeres", "Ferry a Isla Mujeres"],
      suggestedFor: "isla",
    });
  });

  it("goes to empty when there are none", async () => {
    const box = await idleBox({ suggest: async () => [] });
    box.actor.send({ type: "TYPE", word: "zzzz" });
    await advance(DEBOUNCE_MS);
    expect(box.state()).toBe("empty");
    expect(box.actor.getSnapshot().context.suggestions).toEqual([]);
    expect(box.reports).toEqual([]);
  });

  it("goes to error on a failure, and reports it", async () => {
    const failure = new Error("503");
    const box = await idleBox({ suggest: async () => Promise.reject(failure) });
    box.actor.send({ type: "TYPE", word: "isla" });
    await advance(DEBOUNCE_MS);
    expect(box.state()).toBe("error");
    expect(box.reports).toEqual([{ stage: "suggestions", error: failure }]);
  });

  it("starts over when typing goes on while fetching: the last word's suggestions win", async () => {
    const pending = new Map<string, (value: string[]) => void>();
    const box = await idleBox({ suggest: (word) => new Promise((done) => pending.set(word, done)) });
    box.actor.send({ type: "TYPE", word: "isl" });
    await advance(DEBOUNCE_MS);
    box.actor.send({ type: "TYPE", word: "isla m" });
    await advance(DEBOUNCE_MS);
    pending.get("isl")?.(["stale"]);
    pending.get("isla m")?.(["Isla Mujeres"]);
    await advance(0);
    expect(box.actor.getSnapshot().context.suggestions).toEqual(["Isla Mujeres"]);
  });

  it("recovers from error: typing again fetches again", async () => {
    let fail = true;
    const box = await idleBox({ suggest: async (word) => (fail ? Promise.reject(new Error("down")) : [word]) });
    box.actor.send({ type: "TYPE", word: "isla" });
    await advance(DEBOUNCE_MS);
    expect(box.state()).toBe("error");
    fail = false;
    box.actor.send({ type: "TYPE", word: "isla m" });
    await advance(DEBOUNCE_MS);
    expect(box.state()).toBe("success");
  });
});

describe("blur", () => {
  it("returns to idle 500 ms after the box loses focus", async () => {
    const box = await successBox();
    box.actor.send({ type: "BLUR" });
    await advance(BLUR_DELAY_MS - 1);
    expect(box.state()).toBe("success");
    await advance(1);
    expect(box.state()).toBe("idle");
  });

  it("stays when the focus comes back within 500 ms", async () => {
    const box = await successBox();
    box.actor.send({ type: "BLUR" });
    await advance(BLUR_DELAY_MS - 100);
    box.actor.send({ type: "FOCUS" });
    await advance(BLUR_DELAY_MS);
    expect(box.state()).toBe("success");
  });

  it("does not return to idle when a result was clicked: it navigates with that suggestion", async () => {
    const box = await successBox("isla", { suggest: async () => ["Isla Mujeres"] });
    box.actor.send({ type: "BLUR" });
    await advance(BLUR_DELAY_MS / 2);
    box.actor.send({ type: "SELECT", suggestion: "Isla Mujeres" });
    await advance(BLUR_DELAY_MS);
    expect(box.state()).toBe("ready");
    expect(box.navigations).toEqual(["Isla Mujeres"]);
    expect(box.actor.getSnapshot().context.word).toBe("Isla Mujeres");
  });

  it("wins over a fetch under way: a blurred box ends in idle and shows no late suggestions", async () => {
    let resolve: (value: string[]) => void = () => {};
    const box = await idleBox({ suggest: () => new Promise((done) => (resolve = done)) });
    box.actor.send({ type: "TYPE", word: "isla" });
    await advance(DEBOUNCE_MS);
    expect(box.state()).toBe("fetch");
    box.actor.send({ type: "BLUR" });
    await advance(BLUR_DELAY_MS);
    expect(box.state()).toBe("idle");
    resolve(["Isla Mujeres"]);
    await advance(DEBOUNCE_MS);
    expect(box.state()).toBe("idle");
  });
});

describe("Enter or the search icon", () => {
  it("navigates to the search page with the trimmed word and goes to ready", async () => {
    const box = await successBox("isla ");
    box.actor.send({ type: "SUBMIT" });
    expect(box.navigations).toEqual(["isla"]);
    expect(box.state()).toBe("ready");
  });

  it("cancels the pending debounce: no suggestions are fetched after leaving", async () => {
    const box = await idleBox();
    box.actor.send({ type: "TYPE", word: "xplor" });
    box.actor.send({ type: "SUBMIT" });
    await advance(DEBOUNCE_MS);
    expect(box.asked).toEqual([]);
    expect(box.state()).toBe("ready");
  });

  it("does nothing for a blank word", async () => {
    const box = await idleBox();
    box.actor.send({ type: "TYPE", word: "  " });
    box.actor.send({ type: "SUBMIT" });
    expect(box.navigations).toEqual([]);
    expect(box.state()).toBe("idle");
  });
});

describe("Escape", () => {
  it("closes the suggestions (idle) and keeps the word", async () => {
    const box = await successBox();
    box.actor.send({ type: "CLOSE" });
    expect(box.state()).toBe("idle");
    expect(box.actor.getSnapshot().context.word).toBe("isla");
  });
});
