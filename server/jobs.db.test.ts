// The process's job runner: started from the runtime when JOBS_ENABLED, absent when not, and refused
// at start-up when some kind of job the application enqueues has no handler.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueJob, JOB_NAMES, missingJobHandlers, type JobHandler, type JobHandlers } from "../modules/jobs/index.ts";
import { bootSnapshot } from "../tests/setup/db.ts";
import type { Runtime } from "./boot.ts";
import { jobHandlers, startJobRunner } from "./jobs.ts";

let runtime: Runtime;

beforeAll(async () => {
  runtime = await bootSnapshot();
});

afterAll(async () => {
  await runtime?.database.close();
});

/** Every kind of job handled by `handler`: the runner starts, and no real work (mail, provider) runs. */
function everyJobBy(handler: JobHandler): JobHandlers {
  return Object.fromEntries(JOB_NAMES.map((name) => [name, handler])) as JobHandlers;
}

describe("startJobRunner", () => {
  it("runs the jobs of the handler map it is given until stopped", async () => {
    const seen: unknown[] = [];
    const runner = startJobRunner(
      runtime,
      everyJobBy(async (payload, context) => {
        if (context.name === "send-newsletter-confirmation") seen.push(payload);
      }),
    );
    expect(runner).not.toBeNull();
    await enqueueJob(runtime.services.db, { name: "send-newsletter-confirmation", payload: { hello: "mundo" } });
    await expect.poll(() => seen, { timeout: 5_000 }).toEqual([{ hello: "mundo" }]);
    await runner!.stop();
  });

  it("starts nothing on a node with JOBS_ENABLED=false", () => {
    expect(startJobRunner({ ...runtime, config: { ...runtime.config, JOBS_ENABLED: false } })).toBeNull();
  });

  it("refuses to start, naming it, when a kind of job that can be enqueued has no handler", () => {
    const { "send-refund-email": _dropped, ...withoutRefundMail } = jobHandlers(runtime.services);
    expect(() => startJobRunner(runtime, withoutRefundMail as JobHandlers)).toThrow(/send-refund-email/);
    // Even where this node runs no jobs: the build itself is incomplete.
    expect(() =>
      startJobRunner(
        { ...runtime, config: { ...runtime.config, JOBS_ENABLED: false } },
        withoutRefundMail as JobHandlers,
      ),
    ).toThrow(/send-refund-email/);
  });

  it("has a handler for every kind of job the application enqueues", () => {
    expect(missingJobHandlers(jobHandlers(runtime.services))).toEqual([]);
  });
});
