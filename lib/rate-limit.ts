// Fixed-window rate limits kept in this process's memory, for refusals that must not wait on the
// database (holds: each one takes row locks on sailings). The decision is a pure function of the
// window and `now`; the limiter only keeps the windows. Per process: behind several nodes each counts
// its own share, which bounds a client at limit × nodes — still a bound (ADR 0033).
import { AppError } from "./errors.ts";

export interface RateLimit {
  /** Requests allowed in one window. */
  count: number;
  windowSeconds: number;
}

export interface RateWindow {
  startedAtMs: number;
  used: number;
}

export type RateDecision = { allowed: true; window: RateWindow } | { allowed: false; window: RateWindow; retryAfterSeconds: number };

/** Counts one request against `window` (a new window once the old one ended). */
export function takeFromWindow(window: RateWindow | undefined, limit: RateLimit, nowMs: number): RateDecision {
  const windowMs = limit.windowSeconds * 1000;
  const current = window && nowMs - window.startedAtMs < windowMs ? window : { startedAtMs: nowMs, used: 0 };
  if (current.used >= limit.count) {
    return { allowed: false, window: current, retryAfterSeconds: Math.max(1, Math.ceil((current.startedAtMs + windowMs - nowMs) / 1000)) };
  }
  return { allowed: true, window: { startedAtMs: current.startedAtMs, used: current.used + 1 } };
}

/** Above this many keys, ended windows are dropped, so a flood of addresses cannot grow memory for ever. */
const PRUNE_ABOVE_KEYS = 10_000;

export class RateLimiter {
  private readonly windows = new Map<string, RateWindow & { windowSeconds: number }>();

  /**
   * Counts a request against every key under its limit, or throws RATE_LIMITED (with the longest
   * Retry-After) when one of them is used up; a refused request counts against none, so a client
   * refused for one key does not use up the others.
   */
  take(entries: readonly { key: string; limit: RateLimit }[], now: Date): void {
    const nowMs = now.getTime();
    const decisions = entries.map(({ key, limit }) => ({ key, limit, decision: takeFromWindow(this.windows.get(key), limit, nowMs) }));
    const refused = decisions.flatMap(({ decision }) => (decision.allowed ? [] : [decision.retryAfterSeconds]));
    if (refused.length > 0) throw new AppError("RATE_LIMITED", { retryAfterSeconds: Math.max(...refused) });
    if (this.windows.size > PRUNE_ABOVE_KEYS) this.prune(nowMs);
    for (const { key, limit, decision } of decisions) this.windows.set(key, { ...decision.window, windowSeconds: limit.windowSeconds });
  }

  private prune(nowMs: number): void {
    for (const [key, window] of this.windows) if (nowMs - window.startedAtMs >= window.windowSeconds * 1000) this.windows.delete(key);
  }
}
