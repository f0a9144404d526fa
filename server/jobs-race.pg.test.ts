// Two app nodes on one PostgreSQL server: each has its own pool and runner, both poll the same table at
// once. Every job must run exactly once — no attempt claimed by both — and a job enqueued in a
// transaction that rolls back must never run.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../lib/logger.ts";
import { openDatabase, type DatabaseHandle } from "./db.ts";
import { createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";
import { createJobRunner, enqueueJob, jobs } from "../modules/jobs/index.ts";

const JOBS = 300;
/** Any kind of job: both runners get the same stand-in handler for it. */
const WORK = "deliver-webhook";
let testDb: TestDatabase;
let nodeA: DatabaseHandle;
let nodeB: DatabaseHandle;

beforeAll(async () => {
  testDb = await createTestDatabase();
  nodeA = await openDatabase({ databaseUrl: testDb.url, dataDir: ":memory:", poolSize: 5 });
  nodeB = await openDatabase({ databaseUrl: testDb.url, dataDir: ":memory:", poolSize: 5 });
  await nodeA.migrate();
});

afterAll(async () => {
  await nodeA?.close();
  await nodeB?.close();
  await testDb?.drop();
});

describe("two runners on two nodes", () => {
  it("run every job exactly once between them, each attempt on one node only", async () => {
    await nodeA.db.transaction(async (tx) => {
      for (let index = 0; index < JOBS; index += 1) await enqueueJob(tx, { name: WORK, payload: { index } });
    });
    const rolledBack = new Error("rolled back");
    await expect(
      nodeA.db.transaction(async (tx) => {
        await enqueueJob(tx, { name: WORK, payload: { index: -1 } });
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);

    const runs: { index: number; node: string; attempt: number }[] = [];
    const handlerFor = (node: string) => async (payload: unknown, context: { attempt: number }) => {
      runs.push({ index: (payload as { index: number }).index, node, attempt: context.attempt });
      // Long enough that both nodes are claiming while the other holds rows.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
    };
    const logger = createLogger("silent");
    const runnerA = createJobRunner({
      db: nodeA.db,
      logger,
      concurrency: 4,
      pollMs: 5,
      handlers: { [WORK]: handlerFor("a") },
    });
    const runnerB = createJobRunner({
      db: nodeB.db,
      logger,
      concurrency: 4,
      pollMs: 5,
      handlers: { [WORK]: handlerFor("b") },
    });
    runnerA.start();
    runnerB.start();
    const [dueA, dueB] = await Promise.all([runnerA.runDue(), runnerB.runDue()]);
    await expect.poll(() => runs.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(JOBS);
    await Promise.all([runnerA.stop(), runnerB.stop()]);

    expect(dueA.failed + dueB.failed + dueA.retried + dueB.retried).toBe(0);
    const indexes = runs.map((run) => run.index).sort((a, b) => a - b);
    expect(indexes).toEqual(Array.from({ length: JOBS }, (_, index) => index));
    expect(runs.every((run) => run.attempt === 1)).toBe(true);
    // Both nodes took part: the test raced them rather than letting one drain the queue.
    expect(new Set(runs.map((run) => run.node))).toEqual(new Set(["a", "b"]));
    const states = await nodeB.db.select({ state: jobs.state }).from(jobs);
    expect(states).toHaveLength(JOBS);
    expect(states.every((row) => row.state === "done")).toBe(true);
  });
});
