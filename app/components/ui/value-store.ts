// A value a provider changes after the page is hydrated (a fetch answered, a page was shown), read by
// its consumers through useSyncExternalStore instead of a context value. A changed context value
// reaches every Suspense boundary below the provider, and a boundary still waiting for its code
// (hydrate-on-demand.tsx) would give up its server HTML and render blank until the code arrives; a
// store's change reaches only the components that read it (ADR 0054).
import { useState, useSyncExternalStore } from "react";

export interface ValueStore<T> {
  /** The value the store was created with: what the server rendered from. */
  initial: T;
  get: () => T;
  set: (next: T | ((current: T) => T)) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createValueStore<T>(initial: T): ValueStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    initial,
    get: () => value,
    set(next) {
      const updated = typeof next === "function" ? (next as (current: T) => T)(value) : next;
      if (Object.is(updated, value)) return;
      value = updated;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A store owned by the calling component, created once with `initial`. */
export function useOwnStore<T>(initial: T): ValueStore<T> {
  const [store] = useState(() => createValueStore(initial));
  return store;
}

/**
 * The store's value; the server and hydration read the value it was created with. A part hydrated on
 * demand may first render long after the store changed: it must still hydrate from the server's value
 * (React then renders the current one), or its HTML would not match.
 */
export function useStoreValue<T>(store: ValueStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, () => store.initial);
}
