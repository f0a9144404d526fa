// Content answers kept for 60 s, keyed on slot, version, locale and the part of
// the context its audiences read. In-process and bounded: the oldest entry goes when it is full.
export const CONTENT_CACHE_MS = 60_000;
const MAX_ENTRIES = 1_000;

export interface ContentCache<T> {
  get(key: string, now: Date): T | undefined;
  set(key: string, value: T, now: Date): void;
  clear(): void;
}

export function createContentCache<T>(
  ttlMs: number = CONTENT_CACHE_MS,
  maxEntries: number = MAX_ENTRIES,
): ContentCache<T> {
  const entries = new Map<string, { value: T; expiresAt: number }>();
  return {
    get(key, now) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now.getTime()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, now) {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expiresAt: now.getTime() + ttlMs });
    },
    clear() {
      entries.clear();
    },
  };
}
