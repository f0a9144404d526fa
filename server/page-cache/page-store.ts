// The cache's memory: entries by key, least recently used evicted first once their bytes pass the
// setting, and one render at a time per key (single flight). A Map keeps insertion order, so moving an
// entry to the end on every hit makes its first key the least recently used: that is all an LRU needs,
// and it keeps the byte accounting (what the setting bounds) in one place (ADR 0052).
import type { StoredBody } from "./stored-page.ts";

export interface CachedPage {
  status: number;
  /** Response headers to send, without those made per answer (length, encoding, nonce, request id). */
  headers: ReadonlyArray<readonly [string, string]>;
  body: StoredBody;
  /** Epoch milliseconds after which the page is not served any more. */
  expiresAt: number;
}

export class PageStore {
  private readonly entries = new Map<string, CachedPage>();
  private readonly renders = new Map<string, { startedAt: number; result: Promise<unknown> }>();
  private usedBytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** A page fresh at `now`, or undefined; a stale one is dropped. */
  fresh(key: string, now: number): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= now) {
      this.usedBytes -= entry.body.bytes + key.length;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry;
  }

  put(key: string, page: CachedPage): void {
    const cost = page.body.bytes + key.length;
    if (cost > this.maxBytes) return;
    this.remove(key);
    this.entries.set(key, page);
    this.usedBytes += cost;
    for (const [oldest, entry] of this.entries) {
      if (this.usedBytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.usedBytes -= entry.body.bytes + oldest.length;
    }
  }

  /**
   * Runs `render` once for every concurrent caller of the same key; they all get its outcome. A render
   * that started at or before `notBefore` is not joined (its data may be older than the page's bound): a
   * new one starts, and takes the key's place.
   */
  once<T>(key: string, now: number, notBefore: number, render: () => Promise<T>): Promise<T> {
    const running = this.renders.get(key);
    if (running && running.startedAt > notBefore) return running.result as Promise<T>;
    const entry = { startedAt: now, result: Promise.resolve() as Promise<unknown> };
    entry.result = render().finally(() => {
      if (this.renders.get(key) === entry) this.renders.delete(key);
    });
    this.renders.set(key, entry);
    return entry.result as Promise<T>;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.usedBytes };
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.usedBytes -= entry.body.bytes + key.length;
  }
}
