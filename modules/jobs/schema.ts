// The durable job queue (ADR 0019): one row per job, claimed with FOR UPDATE SKIP LOCKED so several app
// nodes share the work and none runs the same attempt twice. Works the same on PGlite and PostgreSQL.
import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const JOB_STATES = ["pending", "running", "done", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobState = pgEnum("job_state", JOB_STATES);

export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    payload: jsonb("payload").$type<unknown>().notNull(),
    state: jobState("state").notNull().default("pending"),
    /** When the job (or its next attempt) may run. */
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** Attempts started so far; the running attempt's number while running. */
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    /** Makes enqueueing idempotent per job name while a job with the key is pending, running or done. */
    singletonKey: text("singleton_key"),
    /** The runner holding the running attempt, and until when: after that the attempt counts as lost. */
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    check("jobs_attempts", sql`${table.attempts} >= 0 and ${table.maxAttempts} >= 1`),
    // What the runners poll: due pending jobs, and running ones whose lease may have lapsed.
    index("jobs_due").on(table.runAt).where(sql`${table.state} = 'pending'`),
    index("jobs_leased").on(table.lockedUntil).where(sql`${table.state} = 'running'`),
    // A failed job frees its key: enqueueing it again is a deliberate retry.
    uniqueIndex("jobs_singleton")
      .on(table.name, table.singletonKey)
      .where(sql`${table.singletonKey} is not null and ${table.state} <> 'failed'`),
  ],
);
