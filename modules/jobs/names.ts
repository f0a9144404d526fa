// Every kind of job this application enqueues, as one typed list: enqueueing a name that is not on it
// does not compile, the handler map is a record over it (a missing entry does not compile either), and
// the start-up check compares the map a process is actually given against the list, so a handler
// dropped at run time (a map assembled by hand, a cast) stops the process instead of leaving its jobs
// pending forever.
import type { JobHandler } from "./queue.ts";

export const JOB_NAMES = [
  "send-booking-email",
  "send-refund-email",
  "send-cancellation-email",
  "send-closure-notice",
  "send-reopen-notice",
  "send-newsletter-confirmation",
  "send-account-email",
  "send-waitlist-offer",
  "offer-waitlist-seats",
  "sweep-lapsed-bookings",
  "reconcile-payments",
  "retry-pending-refund",
  "reconcile-refunds",
  "deliver-webhook",
] as const;

export type JobName = (typeof JOB_NAMES)[number];

/** One handler per kind of job. */
export type JobHandlers = Record<JobName, JobHandler>;

/** The names of `JOB_NAMES` that `handlers` has no function for. */
export function missingJobHandlers(handlers: Readonly<Partial<Record<string, unknown>>>): JobName[] {
  return JOB_NAMES.filter((name) => typeof handlers[name] !== "function");
}

/** Throws, naming them, when some kind of job has no handler: its jobs would wait forever. */
export function assertEveryJobHandled(handlers: Readonly<Partial<Record<string, unknown>>>): void {
  const missing = missingJobHandlers(handlers);
  if (missing.length > 0)
    throw new Error(`no handler for the job kind(s) ${missing.join(", ")}: their jobs would never run`);
}
