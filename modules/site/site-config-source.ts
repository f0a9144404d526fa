// The site configuration as pages read it: one database read per process and bound, not one per request
// (ADR 0072). Operators edit the row with SQL on any node, so no process can be told of an edit: each
// copy is trusted for a second after its read *started* (the row is no older), and every node shows an
// edit within that second. A process that edits the row itself forgets its copy at once.

/** How long a read of the site configuration is trusted, counted from when it started. */
export const SITE_CONFIG_BOUND_MS = 1_000;

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
