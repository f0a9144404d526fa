// The search box's statechart at work: XState, the machine and the search service client. Loaded by
// search-box.tsx when the visitor first reaches for the box rather than with the page, so they stay out
// of every page's first-load JavaScript (ADR 0045) and of a page view without a search; until then the
// box is the plain GET form it is without JavaScript, and what the visitor did meanwhile is handed over
// in order.
import { createActor, fromPromise } from "xstate";
import {
  searchBoxMachine,
  type SearchBoxContext,
  type SearchBoxEvent,
  type SearchBoxState,
} from "./search-box-machine.ts";
import { fetchSuggestions, getSearchToken, reportSearchFailure } from "./search-client.ts";

export interface SearchBoxSnapshot {
  value: SearchBoxState;
  context: SearchBoxContext;
}

export interface SearchBoxEffects {
  /** Leaves for the search page with `query`. */
  navigate: (query: string) => void;
  /** Which box reports a failure (the search client's analytics). */
  box: string;
}

export interface SearchBoxActor {
  send: (event: SearchBoxEvent) => void;
  stop: () => void;
}

export function startSearchBoxActor(
  initialQuery: string,
  effects: SearchBoxEffects,
  onSnapshot: (snapshot: SearchBoxSnapshot) => void,
): SearchBoxActor {
  const machine = searchBoxMachine.provide({
    actors: {
      fetchToken: fromPromise<unknown>(() => getSearchToken()),
      fetchSuggestions: fromPromise<string[], { word: string }>(({ input }) => fetchSuggestions(input.word)),
    },
    actions: {
      navigate: (_, { query }) => effects.navigate(query),
      report: (_, { stage, error }) => reportSearchFailure(stage, error, { box: effects.box }),
    },
  });
  const actor = createActor(machine, { input: { initialQuery } });
  actor.subscribe((snapshot) => onSnapshot({ value: snapshot.value as SearchBoxState, context: snapshot.context }));
  actor.start();
  return { send: (event) => actor.send(event), stop: () => actor.stop() };
}
