export { jobs, jobState, JOB_STATES, type JobState } from "./schema.ts";
export { retryDelayMs, RETRY_BASE_MS, RETRY_MAX_MS } from "./backoff.ts";
export {
  createJobRunner,
  deleteFinishedJobs,
  enqueueJob,
  DEFAULT_LEASE_MS,
  DEFAULT_MAX_ATTEMPTS,
  type EnqueueJobInput,
  type JobContext,
  type JobHandler,
  type JobHandlers,
  type JobRunner,
  type JobRunnerOptions,
  type RunCounts,
} from "./queue.ts";
