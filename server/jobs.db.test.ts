// The process's job runner: started from the runtime when JOBS_ENABLED, absent when not.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueJob } from "../modules/jobs/index.ts";
import { bootSnapshot } from "../tests/setup/db.ts";
import type { Runtime } from "./boot.ts";
import { startJobRunner } from "./jobs.ts";

let runtime: Runtime;

beforeAll(async () => {
  runtime = await bootSnapshot();
});

afterAll(async () => {
  await runtime?.database.close();
});

describe("startJobRunner", () => {
  it("runs the jobs of the handler map it is given until stopped", async () => {
    const seen: unknown[] = [];
    const runner = startJobRunner(runtime, {
      greet: async (payload) => {
        seen.push(payload);
      },
    });
    expect(runner).not.toBeNull();
    await enqueueJob(runtime.services.db, { name: "greet", payload: { hello: "mundo" } });
    await expect.poll(() => seen, { timeout: 5_000 }).toEqual([{ hello: "mundo" }]);
    await runner!.stop();
  });

  it("starts nothing on a node with JOBS_ENABLED=false", () => {
    expect(startJobRunner({ ...runtime, config: { ...runtime.config, JOBS_ENABLED: false } })).toBeNull();
  });
});
