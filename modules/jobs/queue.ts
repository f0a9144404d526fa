// Enqueue in the caller's transaction; run with runners that claim due jobs with FOR UPDATE SKIP LOCKED
// (ADR 0019). Time is the runner's `now`, so tests move a clock instead of sleeping.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { and, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import type { Logger } from "../../lib/logger.ts";
import { describeFailure, retryDelayMs } from "./backoff.ts";
import { jobs } from "./schema.ts";

/** A transaction handle is a Database too: what `db.transaction` passes its callback. */
type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

export const DEFAULT_MAX_ATTEMPTS = 5;
/**
 * How long a claimed attempt belongs to its runner before another runner may count it lost. Short,
 * because the runner renews it while the handler runs (a heartbeat every third of it): a job whose
 * process died is taken up again within a minute, and a long job is never taken from a live runner.
 */
export const DEFAULT_LEASE_MS = 60_000;

export interface EnqueueJobInput<Name extends string = string> {
  name: Name;
  /** Anything JSON: the handler validates what it receives. */
  payload: unknown;
  /** Earliest start; default: the database's now(). */
  runAt?: Date;
  maxAttempts?: number;
  /** While a job with this name and key is pending, running or done, enqueueing it again does nothing. */
  singletonKey?: string;
}

/**
 * Writes a job in `db`, which may be the caller's transaction: the job exists exactly when that
 * transaction commits. Returns the new job's id, or null when `singletonKey` made it a no-op.
 */
export async function enqueueJob(db: Executor, input: EnqueueJobInput): Promise<number | null> {
  const maxAttempts = input.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
    throw new RangeError(`maxAttempts must be a positive integer, not ${maxAttempts}`);
  const rows = await db
    .insert(jobs)
    .values({
      name: input.name,
      payload: input.payload ?? null,
      maxAttempts,
      ...(input.runAt ? { runAt: input.runAt } : {}),
      singletonKey: input.singletonKey ?? null,
    })
    .onConflictDoNothing({
      target: [jobs.name, jobs.singletonKey],
      where: sql`${jobs.singletonKey} is not null and ${jobs.state} <> 'failed'`,
    })
    .returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

export interface JobContext {
  id: number;
  name: string;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
  /** The runner's time when the attempt was claimed. */
  now: Date;
  logger: Logger;
}

export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

export interface JobRunnerOptions {
  db: Database;
  logger: Logger;
  /** The kinds of job this runner claims; it leaves every other name to other runners. */
  handlers: Readonly<Record<string, JobHandler>>;
  now?: () => Date;
  /** Wait between polls when nothing was due. */
  pollMs?: number;
  /** Jobs run at once by this runner. */
  concurrency?: number;
  leaseMs?: number;
  /** How often a running attempt renews its lease; default a third of `leaseMs`. */
  heartbeatMs?: number;
  /** Backoff of retries (tests shorten it). */
  retryDelayMs?: (attempt: number) => number;
}

export interface RunCounts {
  completed: number;
  /** Failed attempts that will run again. */
  retried: number;
  /** Failed attempts that were the last: the job stays `failed`. */
  failed: number;
}

export interface JobRunner {
  /** Polls until stopped. */
  start(): void;
  /** Stops polling and waits for the attempts already running. */
  stop(): Promise<void>;
  /** Claims and runs everything due now, batch after batch, until nothing is due. */
  runDue(): Promise<RunCounts>;
  readonly id: string;
}

type ClaimedJob = typeof jobs.$inferSelect;

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, handlers } = options;
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 1_000;
  const concurrency = options.concurrency ?? 2;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const heartbeatMs = options.heartbeatMs ?? Math.floor(leaseMs / 3);
  const delayOf = options.retryDelayMs ?? ((attempt: number) => retryDelayMs(attempt));
  const names = Object.keys(handlers);
  const id = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const logger = options.logger.child({ component: "jobs", runner: id });

  /** Renews the lease of an attempt while its handler runs; returns the stop. A failed renewal is logged and tried again. */
  function keepLease(job: ClaimedJob, jobLogger: Logger): () => void {
    const timer = setInterval(() => {
      db.update(jobs)
        .set({ lockedUntil: new Date(now().getTime() + leaseMs) })
        .where(heldAttempt(job, id))
        .catch((error: unknown) => jobLogger.warn({ err: error }, "renewing a job's lease failed"));
    }, heartbeatMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  async function runOne(job: ClaimedJob, claimedAt: Date): Promise<keyof RunCounts> {
    const handler = handlers[job.name]!;
    const jobLogger = logger.child({ job: job.id, name: job.name, attempt: job.attempts });
    const stopLease = keepLease(job, jobLogger);
    try {
      await handler(job.payload, {
        id: job.id,
        name: job.name,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
        now: claimedAt,
        logger: jobLogger,
      });
    } catch (error) {
      stopLease();
      const finishedAt = now();
      const lastError = describeFailure(error);
      if (job.attempts >= job.maxAttempts) {
        await db
          .update(jobs)
          .set({ state: "failed", lastError, lockedBy: null, lockedUntil: null, finishedAt })
          .where(heldAttempt(job, id));
        jobLogger.error({ err: error }, "job failed for good");
        return "failed";
      }
      const runAt = new Date(finishedAt.getTime() + delayOf(job.attempts));
      await db
        .update(jobs)
        .set({ state: "pending", lastError, runAt, lockedBy: null, lockedUntil: null })
        .where(heldAttempt(job, id));
      jobLogger.warn({ err: error, retryAt: runAt.toISOString() }, "job attempt failed; will retry");
      return "retried";
    }
    stopLease();
    await db
      .update(jobs)
      .set({ state: "done", lockedBy: null, lockedUntil: null, finishedAt: now() })
      .where(heldAttempt(job, id));
    return "completed";
  }

  /** One batch: claim up to `limit` due jobs and run them side by side. Recording errors propagate. */
  async function runBatch(limit: number): Promise<{ claimed: number; counts: RunCounts }> {
    const at = now();
    await failLapsed(db, at);
    const claimed = await claim(db, { id, names, leaseMs }, limit, at);
    const counts: RunCounts = { completed: 0, retried: 0, failed: 0 };
    const outcomes = await Promise.allSettled(claimed.map((job) => runOne(job, at)));
    for (const outcome of outcomes) {
      if (outcome.status === "fulfilled") counts[outcome.value] += 1;
      else logger.error({ err: outcome.reason }, "recording a job's outcome failed");
    }
    return { claimed: claimed.length, counts };
  }

  let running = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let loop: Promise<void> | null = null;

  async function poll(): Promise<void> {
    let wait = pollMs;
    try {
      const { claimed } = await runBatch(concurrency);
      // A full batch: there may be more waiting, go again at once.
      if (claimed === concurrency) wait = 0;
    } catch (error) {
      // The database is away or refused: keep the process, try again next poll.
      logger.warn({ err: error }, "polling for jobs failed");
    }
    if (running) timer = setTimeout(() => (loop = poll()), wait);
  }

  return {
    id,
    start() {
      if (running) return;
      running = true;
      loop = poll();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await loop;
    },
    async runDue() {
      const total: RunCounts = { completed: 0, retried: 0, failed: 0 };
      for (;;) {
        const { claimed, counts } = await runBatch(concurrency);
        total.completed += counts.completed;
        total.retried += counts.retried;
        total.failed += counts.failed;
        if (claimed === 0) return total;
      }
    },
  };
}

/** Attempts whose lease lapsed on their last try: nobody will finish them, so they fail. */
async function failLapsed(db: JobRunnerOptions["db"], at: Date): Promise<void> {
  await db
    .update(jobs)
    .set({
      state: "failed",
      lastError: "the attempt's lease lapsed (its runner stopped or hung)",
      lockedBy: null,
      lockedUntil: null,
      finishedAt: at,
    })
    .where(and(eq(jobs.state, "running"), lt(jobs.lockedUntil, at), sql`${jobs.attempts} >= ${jobs.maxAttempts}`));
}

/** Takes up to `limit` due attempts for this runner, leased for `leaseMs`; others' rows are skipped, not waited for. */
async function claim(
  db: JobRunnerOptions["db"],
  runner: { id: string; names: readonly string[]; leaseMs: number },
  limit: number,
  at: Date,
): Promise<ClaimedJob[]> {
  const { id, names, leaseMs } = runner;
  if (names.length === 0 || limit <= 0) return [];
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.name, names),
        or(
          and(eq(jobs.state, "pending"), lte(jobs.runAt, at)),
          // A lost attempt (its runner died): the next attempt, when one is left.
          and(eq(jobs.state, "running"), lt(jobs.lockedUntil, at), sql`${jobs.attempts} < ${jobs.maxAttempts}`),
        ),
      ),
    )
    .orderBy(jobs.runAt, jobs.id)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(jobs)
    .set({
      state: "running",
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: id,
      lockedUntil: new Date(at.getTime() + leaseMs),
    })
    .where(inArray(jobs.id, due))
    .returning();
}

/** Only the runner that holds this very attempt may record how it ended. */
function heldAttempt(job: ClaimedJob, id: string) {
  return and(eq(jobs.id, job.id), eq(jobs.state, "running"), eq(jobs.lockedBy, id), eq(jobs.attempts, job.attempts));
}

/**
 * Deletes jobs of one name that finished (done) before `finishedBefore`. For recurring jobs, which
 * leave a done row per run: their singleton keys are past slots that nothing enqueues again.
 */
export async function deleteFinishedJobs(db: Executor, input: { name: string; finishedBefore: Date }): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.name, input.name), eq(jobs.state, "done"), lt(jobs.finishedAt, input.finishedBefore)))
    .returning({ id: jobs.id });
  return rows.length;
}
