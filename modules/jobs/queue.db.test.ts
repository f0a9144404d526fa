// The queue on the embedded database: transactional enqueue, idempotent keys, retries with backoff,
// final failure, and a handler that throws without taking the runner down.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock.ts";
import { createLogger } from "../../lib/logger.ts";
import { openSnapshot, type DatabaseHandle } from "../../tests/setup/db.ts";
import { createJobRunner, deleteFinishedJobs, jobs, RETRY_BASE_MS } from "./index.ts";
import { enqueueJob } from "./queue.ts";

let database: DatabaseHandle;
const logger = createLogger("silent");
const clock = fixedClock(new Date("2026-03-01T12:00:00Z"));

beforeAll(async () => {
  database = await openSnapshot();
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(jobs);
  clock.set(new Date("2026-03-01T12:00:00Z"));
});

async function jobRow(id: number) {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

describe("enqueueJob", () => {
  it("writes the job in the caller's transaction: rolled back, there is no job", async () => {
    const rollback = new Error("rollback");
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueJob(tx, { name: "mail", payload: { booking: 1 }, runAt: clock.now() });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await database.db.select().from(jobs)).toHaveLength(0);

    const id = await database.db.transaction((tx) =>
      enqueueJob(tx, { name: "mail", payload: { booking: 2 }, runAt: clock.now() }),
    );
    expect(id).not.toBeNull();
    expect(await jobRow(id!)).toMatchObject({
      name: "mail",
      payload: { booking: 2 },
      state: "pending",
      attempts: 0,
      maxAttempts: 5,
    });
  });

  it("does nothing for a second job with the same singleton key while the first is pending or done", async () => {
    const first = await enqueueJob(database.db, {
      name: "mail",
      payload: { n: 1 },
      singletonKey: "booking:7K2M9Q",
      runAt: clock.now(),
    });
    expect(first).not.toBeNull();
    expect(
      await enqueueJob(database.db, { name: "mail", payload: { n: 2 }, singletonKey: "booking:7K2M9Q" }),
    ).toBeNull();
    // Another job name may use the same key.
    expect(await enqueueJob(database.db, { name: "pdf", payload: {}, singletonKey: "booking:7K2M9Q" })).not.toBeNull();

    const runner = createJobRunner({ db: database.db, logger, now: clock.now, handlers: { mail: async () => {} } });
    expect(await runner.runDue()).toEqual({ completed: 1, retried: 0, failed: 0 });
    expect(
      await enqueueJob(database.db, { name: "mail", payload: { n: 3 }, singletonKey: "booking:7K2M9Q" }),
    ).toBeNull();
    expect(await database.db.select().from(jobs).where(eq(jobs.name, "mail"))).toHaveLength(1);
  });

  it("accepts the key again once the job with it has failed for good", async () => {
    await enqueueJob(database.db, { name: "mail", payload: {}, singletonKey: "k", maxAttempts: 1, runAt: clock.now() });
    const runner = createJobRunner({
      db: database.db,
      logger,
      now: clock.now,
      handlers: {
        mail: async () => {
          throw new Error("refused");
        },
      },
    });
    expect(await runner.runDue()).toEqual({ completed: 0, retried: 0, failed: 1 });
    expect(await enqueueJob(database.db, { name: "mail", payload: {}, singletonKey: "k" })).not.toBeNull();
  });

  it("refuses a maxAttempts below one", async () => {
    await expect(enqueueJob(database.db, { name: "mail", payload: {}, maxAttempts: 0 })).rejects.toThrow(RangeError);
  });
});

describe("deleteFinishedJobs", () => {
  it("deletes the done jobs of one name that finished before the given time, and nothing else", async () => {
    const runner = createJobRunner({
      db: database.db,
      logger,
      now: clock.now,
      handlers: { tick: async () => {}, other: async () => {} },
    });
    await enqueueJob(database.db, { name: "tick", payload: 1, runAt: clock.now() });
    await enqueueJob(database.db, { name: "tick", payload: 2, runAt: clock.now() });
    await enqueueJob(database.db, { name: "other", payload: 3, runAt: clock.now() });
    await runner.runDue();
    clock.set(new Date("2026-03-03T12:00:00Z"));
    await enqueueJob(database.db, { name: "tick", payload: 4, runAt: clock.now() });
    await runner.runDue();
    await enqueueJob(database.db, { name: "tick", payload: 5, runAt: new Date("2026-03-04T12:00:00Z") });

    expect(
      await deleteFinishedJobs(database.db, { name: "tick", finishedBefore: new Date("2026-03-02T12:00:00Z") }),
    ).toBe(2);
    const left = await database.db
      .select({ name: jobs.name, payload: jobs.payload, state: jobs.state })
      .from(jobs)
      .orderBy(jobs.id);
    expect(left).toEqual([
      { name: "other", payload: 3, state: "done" },
      { name: "tick", payload: 4, state: "done" },
      { name: "tick", payload: 5, state: "pending" },
    ]);
  });
});

describe("a job runner", () => {
  it("runs due jobs with their payload and attempt, leaves future ones, and marks them done", async () => {
    const seen: unknown[] = [];
    const now = await enqueueJob(database.db, { name: "mail", payload: { to: "ana@example.com" }, runAt: clock.now() });
    const later = await enqueueJob(database.db, {
      name: "mail",
      payload: { to: "later@example.com" },
      runAt: new Date(clock.now().getTime() + 60_000),
    });
    const runner = createJobRunner({
      db: database.db,
      logger,
      now: clock.now,
      handlers: {
        mail: async (payload, context) => {
          seen.push({ payload, attempt: context.attempt, name: context.name });
        },
      },
    });
    expect(await runner.runDue()).toEqual({ completed: 1, retried: 0, failed: 0 });
    expect(seen).toEqual([{ payload: { to: "ana@example.com" }, attempt: 1, name: "mail" }]);
    expect(await jobRow(now!)).toMatchObject({ state: "done", lockedBy: null, finishedAt: clock.now() });
    expect((await jobRow(later!)).state).toBe("pending");

    clock.advance(60_000);
    expect(await runner.runDue()).toEqual({ completed: 1, retried: 0, failed: 0 });
    expect(seen).toHaveLength(2);
  });

  it("does not claim jobs it has no handler for (another node's version may)", async () => {
    const id = await enqueueJob(database.db, { name: "future-kind", payload: {}, runAt: clock.now() });
    const runner = createJobRunner({ db: database.db, logger, now: clock.now, handlers: { mail: async () => {} } });
    expect(await runner.runDue()).toEqual({ completed: 0, retried: 0, failed: 0 });
    expect((await jobRow(id!)).state).toBe("pending");
  });

  it("retries a failing job with exponential backoff, then keeps it as failed with the last error", async () => {
    const id = await enqueueJob(database.db, { name: "mail", payload: {}, maxAttempts: 3, runAt: clock.now() });
    let calls = 0;
    const runner = createJobRunner({
      db: database.db,
      logger,
      now: clock.now,
      handlers: {
        mail: async () => {
          calls += 1;
          throw new Error(`SMTP refused (attempt ${calls})`);
        },
      },
    });
    expect(await runner.runDue()).toEqual({ completed: 0, retried: 1, failed: 0 });
    let row = await jobRow(id!);
    expect(row).toMatchObject({ state: "pending", attempts: 1 });
    expect(row.lastError).toContain("SMTP refused (attempt 1)");
    expect(row.runAt).toEqual(new Date(clock.now().getTime() + RETRY_BASE_MS));

    // Not due yet: nothing runs.
    clock.advance(RETRY_BASE_MS - 1);
    expect(await runner.runDue()).toEqual({ completed: 0, retried: 0, failed: 0 });
    clock.advance(1);
    expect(await runner.runDue()).toEqual({ completed: 0, retried: 1, failed: 0 });
    row = await jobRow(id!);
    expect(row.runAt).toEqual(new Date(clock.now().getTime() + 2 * RETRY_BASE_MS));

    clock.advance(2 * RETRY_BASE_MS);
    expect(await runner.runDue()).toEqual({ completed: 0, retried: 0, failed: 1 });
    row = await jobRow(id!);
    expect(row).toMatchObject({ state: "failed", attempts: 3, lockedBy: null });
    expect(row.lastError).toContain("SMTP refused (attempt 3)");
    expect(calls).toBe(3);

    clock.advance(24 * 60 * 60_000);
    expect(await runner.runDue()).toEqual({ completed: 0, retried: 0, failed: 0 });
  });

  it("runs the next attempt of a job whose runner vanished once its lease lapses, and fails it when none is left", async () => {
    const retried = await enqueueJob(database.db, { name: "mail", payload: {}, maxAttempts: 2, runAt: clock.now() });
    const lost = await enqueueJob(database.db, { name: "mail", payload: {}, maxAttempts: 1, runAt: clock.now() });
    // A runner claims both and dies mid-attempt: its handler never settles, its heartbeat stops.
    const dying = createJobRunner({
      db: database.db,
      logger,
      now: clock.now,
      leaseMs: 60_000,
      heartbeatMs: 3_600_000,
      handlers: { mail: () => new Promise<void>(() => {}) },
    });
    void dying.runDue();
    await expect.poll(async () => (await jobRow(lost!)).state).toBe("running");
    await expect.poll(async () => (await jobRow(retried!)).state).toBe("running");

    const survivor = createJobRunner({ db: database.db, logger, now: clock.now, handlers: { mail: async () => {} } });
    expect(await survivor.runDue()).toEqual({ completed: 0, retried: 0, failed: 0 });
    clock.advance(60_001);
    expect(await survivor.runDue()).toEqual({ completed: 1, retried: 0, failed: 0 });
    expect(await jobRow(retried!)).toMatchObject({ state: "done", attempts: 2, lockedBy: null });
    const lostRow = await jobRow(lost!);
    expect(lostRow).toMatchObject({ state: "failed", attempts: 1 });
    expect(lostRow.lastError).toContain("lease lapsed");
  });

  it("renews a running attempt's lease: a job slower than the lease is never taken from a live runner", async () => {
    const slow = await enqueueJob(database.db, { name: "slow-export", payload: {}, runAt: clock.now() });
    let finish: () => void = () => {};
    const runs: string[] = [];
    const live = createJobRunner({
      db: database.db,
      logger,
      now: clock.now,
      leaseMs: 60_000,
      heartbeatMs: 20,
      handlers: {
        "slow-export": () =>
          new Promise<void>((resolve) => {
            runs.push("live");
            finish = resolve;
          }),
      },
    });
    const running = live.runDue();
    await expect.poll(() => runs).toEqual(["live"]);
    const other = createJobRunner({
      db: database.db,
      logger,
      now: clock.now,
      leaseMs: 60_000,
      handlers: { "slow-export": async () => void runs.push("other") },
    });
    for (let minute = 0; minute < 5; minute += 1) {
      clock.advance(60_001);
      // The live runner's heartbeat renews the lease on its own clock before the other looks.
      await expect
        .poll(async () => (await jobRow(slow!)).lockedUntil!.getTime())
        .toBeGreaterThan(clock.now().getTime());
      expect(await other.runDue()).toEqual({ completed: 0, retried: 0, failed: 0 });
    }
    finish();
    expect(await running).toEqual({ completed: 1, retried: 0, failed: 0 });
    expect(runs).toEqual(["live"]);
    expect(await jobRow(slow!)).toMatchObject({ state: "done", attempts: 1 });
  });

  it("keeps polling after a handler throws, and stop() waits for the attempt that is running", async () => {
    await enqueueJob(database.db, { name: "boom", payload: {}, maxAttempts: 1 });
    const second = await enqueueJob(database.db, { name: "slow", payload: {} });
    let finishedSlow = false;
    const runner = createJobRunner({
      db: database.db,
      logger,
      pollMs: 10,
      concurrency: 1,
      handlers: {
        boom: async () => {
          throw new TypeError("handler bug");
        },
        slow: async () => {
          await new Promise((resolve) => setTimeout(resolve, 100));
          finishedSlow = true;
        },
      },
    });
    runner.start();
    await expect.poll(async () => (await jobRow(second!)).state, { timeout: 5_000 }).toBe("running");
    await runner.stop();
    expect(finishedSlow).toBe(true);
    expect((await jobRow(second!)).state).toBe("done");
    const [failed] = await database.db.select().from(jobs).where(eq(jobs.name, "boom"));
    expect(failed).toMatchObject({ state: "failed" });
    expect(failed!.lastError).toContain("handler bug");
  });
});
