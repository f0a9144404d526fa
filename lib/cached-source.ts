// A value read from a slow source (a database row) and trusted for a bound after its read *started*,
// so the value is never older than the bound: the site configuration of every page request (ADR 0072)
// and the reference data of public pages (server/edge/bounded-memo.ts, ADR 0075). Concurrent callers
// share one read; a failed read is not kept.

/** Whether a read that started at `startedAt` may still answer at `now` (milliseconds, one clock). */
export function isReadFresh(startedAt: number, now: number, boundMs: number): boolean {
  return now - startedAt < boundMs && now >= startedAt;
}

export interface CachedSource<T> {
  /** The value from a read started less than the bound ago; concurrent callers share one read. */
  current(): Promise<T>;
  /** Drops the copy (and a read in flight): the next caller reads anew. For the process that edited it. */
  forget(): void;
}

/**
 * Keeps what `read` answered for `boundMs` after the read started. A failed read is not kept: the next
 * caller tries again. `now` is a monotonic clock (milliseconds), not the business clock tests fix.
 */
export function cachedSource<T>(
  read: () => Promise<T>,
  options: { boundMs: number; now?: () => number },
): CachedSource<T> {
  const now = options.now ?? (() => performance.now());
  let latest: { startedAt: number; value: Promise<T> } | null = null;
  return {
    current() {
      const at = now();
      if (latest && isReadFresh(latest.startedAt, at, options.boundMs)) return latest.value;
      const entry = { startedAt: at, value: read() };
      latest = entry;
      entry.value.catch(() => {
        if (latest === entry) latest = null;
      });
      return entry.value;
    },
    forget() {
      latest = null;
    },
  };
}
