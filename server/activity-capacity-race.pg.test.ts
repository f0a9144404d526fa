// A park's daily capacity changed from the console while buyers take its places, on a PostgreSQL
// server where transactions really overlap (ADR 0079). The capacity trigger reads the activity's row
// FOR SHARE (migration 0031) and the change locks it FOR UPDATE before counting the days ahead, so
// neither passes against the capacity the other is changing: a change waits for a buyer's places in
// flight and then counts them; a buyer waits for a change and then meets the new capacity.
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeActivity, createActivity } from "../flows/activity-admin.ts";
import { createLogger } from "../lib/logger.ts";
import { addDays, localDateOf, type WeekdayHours } from "../modules/inventory/index.ts";
import { connect, createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";
import { boot, type Runtime } from "./boot.ts";

const OPERATOR = { userId: null, label: "operadora@travesia.test", role: "operator" };
const NAME = { es: "Cenote de carrera", en: "Race cenote", pt: "Cenote de corrida" };
const EVERY_DAY: WeekdayHours[] = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  opens: "09:00",
  closes: "17:00",
}));

let testDb: TestDatabase;
let runtime: Runtime;
let buyer: pg.Client;

beforeAll(async () => {
  testDb = await createTestDatabase();
  runtime = await boot(
    { DATABASE_URL: testDb.url, DATABASE_POOL_SIZE: "4", LOG_LEVEL: "silent", NODE_ENV: "test" },
    { logger: createLogger("silent") },
  );
  buyer = await connect(testDb.url);
}, 60_000);

afterAll(async () => {
  await buyer?.end();
  await runtime?.database.close();
  await testDb?.drop();
});

const staff = () => ({ db: runtime.database.db, now: new Date(), actor: OPERATOR, requestId: null });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a promise has settled yet, without waiting for it. */
function watch(promise: Promise<unknown>) {
  const state = { settled: false };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

const takePlaces = (activityId: number, date: string, quantity: number, reference: string) =>
  buyer.query(
    "insert into seat_allocations (activity_id, service_date, quantity, state, reference) values ($1, $2, $3, 'blocked', $4)",
    [activityId, date, quantity, reference],
  );

describe("a park's capacity changed while its places are taken", () => {
  it("a change waits for places taken in flight, then counts them and is refused", async () => {
    const park = await createActivity(staff(), {
      code: "race-cenote-a",
      name: NAME,
      dailyCapacity: 10,
      hours: EVERY_DAY,
    });
    const day = addDays(localDateOf(new Date()), 5);
    await buyer.query("begin");
    await takePlaces(park.id, day, 8, "race-buyer-a");
    const change = changeActivity(staff(), park.id, { name: NAME, dailyCapacity: 5, hours: EVERY_DAY });
    const state = watch(change);
    await pause(500);
    expect(state.settled).toBe(false);
    await buyer.query("commit");
    await expect(change).rejects.toMatchObject({
      code: "CAPACITY_BELOW_SOLD",
      issues: [{ path: `day.${day}`, code: "taken:8" }],
    });
  });

  it("places taken wait for a change in flight, then meet the new capacity", async () => {
    const park = await createActivity(staff(), {
      code: "race-cenote-b",
      name: NAME,
      dailyCapacity: 10,
      hours: EVERY_DAY,
    });
    const day = addDays(localDateOf(new Date()), 5);
    const operator = await connect(testDb.url);
    try {
      // The change's own order: the activity's row locked, then its capacity written, not yet committed.
      await operator.query("begin");
      await operator.query("select id from activities where id = $1 for update", [park.id]);
      await operator.query("update activities set daily_capacity = 5 where id = $1", [park.id]);
      await buyer.query("begin");
      const taking = takePlaces(park.id, day, 8, "race-buyer-b");
      const state = watch(taking);
      await pause(500);
      expect(state.settled).toBe(false);
      await operator.query("commit");
      await expect(taking).rejects.toMatchObject({ code: "23514", constraint: "seat_allocations_capacity" });
      await buyer.query("rollback");
    } finally {
      await operator.end();
    }
  });
});
