// The background jobs this process runs (ADR 0019): one map from job name to handler, built from the
// services, so adding a kind of job is one entry here. Handlers validate their payload and throw to
// have the attempt retried.
import type { AppServices } from "../app/context.ts";
import { createJobRunner, type JobHandlers, type JobRunner } from "../modules/jobs/index.ts";
import type { Runtime } from "./boot.ts";

/**
 * Every kind of job, by name. Enqueue with `enqueueJob(tx, { name, payload })` from a use case; checkout
 * adds its booking-confirmation mail here. No kind exists yet, so the runner claims nothing.
 */
export function jobHandlers(_services: AppServices): JobHandlers {
  return {};
}

/** The runner of this process when JOBS_ENABLED, started; null when this node leaves jobs to others. */
export function startJobRunner(runtime: Runtime, handlers: JobHandlers = jobHandlers(runtime.services)): JobRunner | null {
  if (!runtime.config.JOBS_ENABLED) {
    runtime.logger.info("jobs disabled on this node (JOBS_ENABLED=false)");
    return null;
  }
  const runner = createJobRunner({ db: runtime.database.db, logger: runtime.logger, handlers, now: () => runtime.services.clock.now() });
  runner.start();
  runtime.logger.info({ runner: runner.id, jobs: Object.keys(handlers) }, "job runner started");
  return runner;
}
