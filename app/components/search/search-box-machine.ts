// The search box, as a statechart with exactly these states (initial, idle, fetch, success, empty, error, ready):
//
//   initial ──token fetched (or failed)──▶ ready   when the URL had q (the box is prefilled)
//                                       └▶ idle    otherwise
//   any: TYPE changes the word and (re)starts a 500 ms debounce; when it runs out the box goes to
//        fetch (or to idle for a blank word)
//   fetch ──suggestions──▶ success │ ──none──▶ empty │ ──failure──▶ error (reported)
//   any: BLUR starts a 500 ms timer to idle that FOCUS or a clicked suggestion (SELECT) cancels
//   any: SUBMIT (Enter, the search icon) or SELECT navigates to the search page with q ──▶ ready
//
// Side effects are named here and implemented by whoever runs the machine (the component, or a test):
// actors fetchToken and fetchSuggestions, actions navigate and report.
import { assign, cancel, fromPromise, raise, setup } from "xstate";

/** Suggestions are asked for 500 ms after the last keystroke. */
export const DEBOUNCE_MS = 500;
/** A blurred box closes after 500 ms, time enough for a click on a suggestion to land. */
export const BLUR_DELAY_MS = 500;

export interface SearchBoxInput {
  /** q from the URL, already trimmed; "" when absent. */
  initialQuery: string;
}

export interface SearchBoxContext {
  word: string;
  suggestions: string[];
  /** The word the shown suggestions were fetched for. */
  suggestedFor: string;
}

export type SearchBoxEvent =
  | { type: "TYPE"; word: string }
  | { type: "BLUR" }
  | { type: "FOCUS" }
  | { type: "SUBMIT" }
  | { type: "SELECT"; suggestion: string }
  | { type: "CLOSE" }
  | { type: "DEBOUNCED" }
  | { type: "BLUR_TIMEOUT" };

export type FailureStage = "token" | "suggestions";

const isBlank = (word: string) => word.trim() === "";

export const searchBoxMachine = setup({
  types: {
    context: {} as SearchBoxContext,
    events: {} as SearchBoxEvent,
    input: {} as SearchBoxInput,
  },
  actors: {
    fetchToken: fromPromise<unknown>(async () => {
      throw new Error("fetchToken is provided by whoever runs the machine");
    }),
    fetchSuggestions: fromPromise<string[], { word: string }>(async () => {
      throw new Error("fetchSuggestions is provided by whoever runs the machine");
    }),
  },
  actions: {
    navigate: (_, _params: { query: string }) => {},
    report: (_, _params: { stage: FailureStage; error: unknown }) => {},
    startDebounce: raise({ type: "DEBOUNCED" }, { id: "debounce", delay: DEBOUNCE_MS }),
    stopDebounce: cancel("debounce"),
    startBlurTimer: raise({ type: "BLUR_TIMEOUT" }, { id: "blur", delay: BLUR_DELAY_MS }),
    stopBlurTimer: cancel("blur"),
  },
  guards: {
    hasWord: ({ context }) => !isBlank(context.word),
  },
}).createMachine({
  id: "searchBox",
  context: ({ input }) => ({ word: input.initialQuery, suggestions: [], suggestedFor: "" }),
  initial: "initial",
  states: {
    initial: {
      invoke: {
        src: "fetchToken",
        onDone: [{ guard: "hasWord", target: "ready" }, { target: "idle" }],
        onError: [
          {
            guard: "hasWord",
            target: "ready",
            actions: { type: "report", params: ({ event }) => ({ stage: "token" as const, error: event.error }) },
          },
          {
            target: "idle",
            actions: { type: "report", params: ({ event }) => ({ stage: "token" as const, error: event.error }) },
          },
        ],
      },
    },
    // Closed: what was suggested before is dropped, so reopening never flashes another word's list.
    idle: { entry: assign({ suggestions: [] }) },
    ready: { entry: assign({ suggestions: [] }) },
    fetch: {
      invoke: {
        src: "fetchSuggestions",
        input: ({ context }) => ({ word: context.word }),
        onDone: [
          {
            guard: ({ event }) => event.output.length > 0,
            target: "success",
            actions: assign(({ event, context }) => ({ suggestions: event.output, suggestedFor: context.word })),
          },
          { target: "empty", actions: assign(({ context }) => ({ suggestions: [], suggestedFor: context.word })) },
        ],
        onError: {
          target: "error",
          actions: [
            assign({ suggestions: [] }),
            { type: "report", params: ({ event }) => ({ stage: "suggestions" as const, error: event.error }) },
          ],
        },
      },
    },
    success: {},
    empty: {},
    error: {},
  },
  on: {
    TYPE: { actions: [assign({ word: ({ event }) => event.word }), "stopDebounce", "startDebounce"] },
    DEBOUNCED: [{ guard: "hasWord", target: ".fetch", reenter: true }, { target: ".idle" }],
    BLUR: { actions: ["stopBlurTimer", "startBlurTimer"] },
    FOCUS: { actions: "stopBlurTimer" },
    BLUR_TIMEOUT: { target: ".idle", actions: "stopDebounce" },
    CLOSE: { target: ".idle", actions: "stopDebounce" },
    SUBMIT: {
      guard: "hasWord",
      target: ".ready",
      actions: [
        "stopDebounce",
        "stopBlurTimer",
        { type: "navigate", params: ({ context }) => ({ query: context.word.trim() }) },
      ],
    },
    SELECT: {
      target: ".ready",
      actions: [
        "stopDebounce",
        "stopBlurTimer",
        assign({ word: ({ event }) => event.suggestion }),
        { type: "navigate", params: ({ event }) => ({ query: event.suggestion }) },
      ],
    },
  },
});

export type SearchBoxState = "initial" | "idle" | "ready" | "fetch" | "success" | "empty" | "error";
