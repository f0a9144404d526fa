export { jobs, jobState, JOB_STATES, type JobState } from "./schema.ts";
export { retryDelayMs, RETRY_BASE_MS, RETRY_MAX_MS } from "./backoff.ts";
export { assertEveryJobHandled, missingJobHandlers, JOB_NAMES, type JobHandlers, type JobName } from "./names.ts";
export { enqueueJob } from "./enqueue.ts";
export {
  createJobRunner,
  deleteFinishedJobs,
  DEFAULT_LEASE_MS,
  DEFAULT_MAX_ATTEMPTS,
  type EnqueueJobInput,
  type JobContext,
  type JobHandler,
  type JobRunner,
  type JobRunnerOptions,
  type RunCounts,
} from "./queue.ts";
