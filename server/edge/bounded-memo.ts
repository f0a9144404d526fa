// Reference data a public page shows (crossings, the ferry product and its fares, presale tiers, the
// currency list) read once per process, database and second rather than once per request: an uncached
// render of routes & schedules sent about ten statements of such rows besides its live seats. Operators
// edit them from the console or with SQL on any node, so, as for the site configuration (ADR 0072), a
// copy is trusted for a bound after its read started and every node shows an edit within it. The bound
// is a priced page's own (ADR 0052): its shared cache already shows a page up to that old. Seats,
// closures and rates stay read per request.
import { cachedSource, type CachedSource } from "../../lib/cached-source.ts";
import { getOrInsertComputed } from "../../lib/maps.ts";

/** How long a page trusts a read of reference data, counted from when the read started. */
export const REFERENCE_BOUND_MS = 1_000;

/**
 * A memo of one kind of reference read, per database (each test database keeps its own) and key (a
 * language); concurrent callers share one read, a failed read is not kept. `read` must read only what
 * the database and the key name: the first call's is the one every later read of that pair makes.
 */
export function boundedMemo<T>(
  boundMs = REFERENCE_BOUND_MS,
): (db: object, key: string, read: () => Promise<T>) => Promise<T> {
  const sources = new WeakMap<object, Map<string, CachedSource<T>>>();
  return (db, key, read) => {
    const byKey = getOrInsertComputed(sources, db, () => new Map<string, CachedSource<T>>());
    return getOrInsertComputed(byKey, key, () => cachedSource(read, { boundMs })).current();
  };
}
