// When a failed attempt runs again: exponential backoff with a ceiling, so a dead SMTP server is
// retried soon at first and then about hourly, never in a tight loop.

export const RETRY_BASE_MS = 10_000;
export const RETRY_MAX_MS = 60 * 60_000;

/** Delay before the attempt that follows failed attempt number `attempt` (1-based). */
export function retryDelayMs(attempt: number, baseMs = RETRY_BASE_MS, maxMs = RETRY_MAX_MS): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 30));
  return Math.min(baseMs * 2 ** exponent, maxMs);
}

/** The stored text of a handler's failure: its message (and stack), bounded so a row stays small. */
export function describeFailure(error: unknown): string {
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return text.length > 4000 ? `${text.slice(0, 4000)}…` : text;
}
