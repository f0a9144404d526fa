// Fixed-window rate limits per client (a cart, an address), counted in the database so that every
// server node on one PostgreSQL — or the embedded PGlite — shares each count (ADR 0048). A request is
// counted first, atomically, by one INSERT … ON CONFLICT … RETURNING per request, and only then
// decided: two nodes, or forty requests at once, cannot each read "29 of 30" and all pass. The
// decision is a pure function of the counted window and `now`.
import { sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Database } from "./db.ts";
import { AppError } from "./errors.ts";

export interface RateLimit {
  /** Requests allowed in one window. */
  count: number;
  windowSeconds: number;
}

export interface RateWindow {
  startedAtMs: number;
  /** Requests counted in the window, this one included. */
  used: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One row per key: the window in force and how many requests it has counted. */
export const rateLimitWindows = pgTable("rate_limit_windows", {
  /** "<what>:<whose>", e.g. "hold-address:203.0.113.9". */
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
  used: integer("used").notNull(),
});

/** Whether a request counted as `window.used` fits `limit`; if not, how long until the window ends. */
export function decideWindow(window: RateWindow, limit: RateLimit, nowMs: number): RateDecision {
  if (window.used <= limit.count) return { allowed: true };
  const endsAtMs = window.startedAtMs + limit.windowSeconds * 1000;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((endsAtMs - nowMs) / 1000)) };
}

export interface RateLimitEntry {
  key: string;
  limit: RateLimit;
}

export class RateLimiter {
  constructor(private readonly db: Database) {}

  /**
   * Counts a request against every key under its limit, or throws RATE_LIMITED (with the longest
   * Retry-After) when one of them is used up. A refused request is then taken back from every key, so
   * a client refused for one key does not use up the others, and refusals do not stretch a window.
   * `db` is a transaction to count in, when the caller has one open.
   */
  async take(entries: readonly RateLimitEntry[], now: Date, db: Database = this.db): Promise<void> {
    if (entries.length === 0) return;
    const counted = await this.count(db, entries, now);
    const refused = entries.flatMap(({ key, limit }) => {
      const decision = decideWindow(counted.get(key)!, limit, now.getTime());
      return decision.allowed ? [] : [decision.retryAfterSeconds];
    });
    if (refused.length === 0) return;
    await this.giveBack(db, counted);
    throw new AppError("RATE_LIMITED", { retryAfterSeconds: Math.max(...refused) });
  }

  /** Forgets windows that ended before `now` (the minute's housekeeping job). */
  async prune(now: Date): Promise<void> {
    await this.db.delete(rateLimitWindows).where(sql`${rateLimitWindows.windowEndsAt} <= ${now}`);
  }

  private async count(db: Database, entries: readonly RateLimitEntry[], now: Date): Promise<Map<string, RateWindow>> {
    // Keys in one order, so that two requests counting the same keys cannot deadlock on their rows.
    const rows = [...new Map(entries.map((entry) => [entry.key, entry])).values()]
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map(({ key, limit }) => ({
        key,
        windowStartedAt: now,
        windowEndsAt: new Date(now.getTime() + limit.windowSeconds * 1000),
        used: 1,
      }));
    const ended = sql`${rateLimitWindows.windowEndsAt} <= ${now}`;
    const counted = await db
      .insert(rateLimitWindows)
      .values(rows)
      .onConflictDoUpdate({
        target: rateLimitWindows.key,
        set: {
          windowStartedAt: sql`CASE WHEN ${ended} THEN excluded.window_started_at ELSE ${rateLimitWindows.windowStartedAt} END`,
          windowEndsAt: sql`CASE WHEN ${ended} THEN excluded.window_ends_at ELSE ${rateLimitWindows.windowEndsAt} END`,
          used: sql`CASE WHEN ${ended} THEN 1 ELSE ${rateLimitWindows.used} + 1 END`,
        },
      })
      .returning({
        key: rateLimitWindows.key,
        windowStartedAt: rateLimitWindows.windowStartedAt,
        used: rateLimitWindows.used,
      });
    return new Map(counted.map((row) => [row.key, { startedAtMs: row.windowStartedAt.getTime(), used: row.used }]));
  }

  private async giveBack(db: Database, counted: Map<string, RateWindow>): Promise<void> {
    for (const [key, window] of counted) {
      await db
        .update(rateLimitWindows)
        .set({ used: sql`${rateLimitWindows.used} - 1` })
        .where(
          sql`${rateLimitWindows.key} = ${key} AND ${rateLimitWindows.windowStartedAt} = ${new Date(window.startedAtMs)} AND ${rateLimitWindows.used} > 0`,
        );
    }
  }
}
