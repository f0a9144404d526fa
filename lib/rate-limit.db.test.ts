// The rate limiter on the embedded database (the default): windows counted in `rate_limit_windows`,
// refusals taken back, windows that end start again, and ended ones pruned. Sharing between nodes and
// counting under concurrency are the server tier's (server/rate-limits.pg.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSnapshot, type DatabaseHandle } from "../tests/setup/db.ts";
import { AppError } from "./errors.ts";
import { RateLimiter, rateLimitWindows } from "./rate-limit.ts";

const LIMIT = { count: 3, windowSeconds: 60 };
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 22, 12, 0, seconds));

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openSnapshot();
});
afterAll(() => handle.close());

async function refusalOf(run: Promise<void>): Promise<unknown> {
  try {
    await run;
  } catch (error) {
    return error;
  }
  return null;
}

describe("RateLimiter", () => {
  it("refuses with RATE_LIMITED and Retry-After when any key is used up, and counts a refused request against none", async () => {
    const limiter = new RateLimiter(handle.db);
    const keys = (...names: string[]) => names.map((key) => ({ key, limit: LIMIT }));
    for (let index = 0; index < 3; index++) await limiter.take(keys("session:a", "address:1"), at(index));
    const refusal = await refusalOf(limiter.take(keys("session:b", "address:1"), at(10)));
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "RATE_LIMITED", retryAfterSeconds: 50 });
    // session:b was not counted by the refused request: another address may still use it three times.
    for (let index = 0; index < 3; index++) await limiter.take(keys("session:b", `address:${index + 2}`), at(11));
    expect(await refusalOf(limiter.take(keys("session:b", "address:9"), at(12)))).toBeInstanceOf(AppError);
    // A window that ended starts again.
    expect(await refusalOf(limiter.take(keys("session:a", "address:1"), at(61)))).toBeNull();
  });

  it("keeps a limit per key: a tighter one refuses first", async () => {
    const limiter = new RateLimiter(handle.db);
    const entries = [
      { key: "session:t", limit: { count: 1, windowSeconds: 600 } },
      { key: "address:t", limit: { count: 5, windowSeconds: 60 } },
    ];
    await limiter.take(entries, at(0));
    expect(await refusalOf(limiter.take(entries, at(1)))).toMatchObject({
      code: "RATE_LIMITED",
      retryAfterSeconds: 599,
    });
  });

  it("is one count for every limiter on the database, and forgets the windows that ended", async () => {
    const [one, two] = [new RateLimiter(handle.db), new RateLimiter(handle.db)];
    const entry = [{ key: "address:shared", limit: LIMIT }];
    await one.take(entry, at(0));
    await two.take(entry, at(1));
    await one.take(entry, at(2));
    expect(await refusalOf(two.take(entry, at(3)))).toMatchObject({ code: "RATE_LIMITED" });
    await one.prune(at(59));
    expect((await handle.db.select().from(rateLimitWindows)).map((row) => row.key)).toContain("address:shared");
    await one.prune(at(3_600));
    expect(await handle.db.select().from(rateLimitWindows)).toEqual([]);
  });
});
