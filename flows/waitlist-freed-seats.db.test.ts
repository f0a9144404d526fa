// The waiting list hears of freed seats in the transaction that frees them (ADR 0060), whatever code
// frees them: a released allocation (a hold given up, a cancellation, a refund, a lifted block), a
// capacity that grows, a lifted closure. A database trigger queues the same check the use cases queue,
// once someone waits and seats are free at commit; the minute's sweep is only the safety net.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSSING_TO_ISLA } from "../db/seed-catalogue.ts";
import { openSnapshot, type DatabaseHandle } from "../tests/setup/db.ts";
import { jobs } from "../modules/jobs/index.ts";
import {
  addDays,
  blockSeats,
  closeSales,
  findDaySailings,
  liftClosure,
  materializeSailings,
  releaseAllocations,
  sailings,
  type SailingView,
} from "../modules/inventory/index.ts";
import { OFFER_WAITLIST_SEATS, joinWaitingList, offerFreedSeats, scheduleWaitlistCheck } from "./waitlist.ts";

let database: DatabaseHandle;
const DAY = "2031-04-09";
const NOW = new Date("2031-04-07T15:00:00Z");
const SECRET = "waitlist-test-secret-0123456789abcdef0123456789";
const minutes = (count: number) => new Date(NOW.getTime() + count * 60_000);

let spare: SailingView[];
let next = 0;

beforeAll(async () => {
  database = await openSnapshot();
  await materializeSailings(database.db, { from: DAY, to: DAY, now: NOW });
  spare = await findDaySailings(database.db, [CROSSING_TO_ISLA], DAY, NOW);
});
afterAll(() => database.close());

/** A sailing no other test touches, made full by an operator's block, with one couple waiting. */
async function fullSailingWithLine(waiting = true): Promise<{ sailing: SailingView; block: string }> {
  const sailing = spare[next++]!;
  const block = `block:freed-${sailing.id}`;
  await blockSeats(database.db, { sailingId: sailing.id }, sailing.capacity, block, NOW);
  if (waiting) {
    await joinWaitingList(
      { db: database.db, now: NOW },
      {
        sailing: String(sailing.id),
        email: `line-${sailing.id}@example.com`,
        adults: "2",
        children: "0",
        infants: "0",
        category: "tourist",
        language: "es",
      },
    );
  }
  return { sailing, block };
}

function checksOf(sailingId: number) {
  return database.db
    .select({ runAt: jobs.runAt, key: jobs.singletonKey, payload: jobs.payload, state: jobs.state })
    .from(jobs)
    .where(and(eq(jobs.name, OFFER_WAITLIST_SEATS), sql`${jobs.payload} ->> 'sailingId' = ${String(sailingId)}`));
}

describe("freed seats reach the waiting list at once", () => {
  it("a released allocation queues the check scheduleWaitlistCheck would, at the instant of the release, and the check offers the seats", async () => {
    const { sailing, block } = await fullSailingWithLine();
    expect(await checksOf(sailing.id)).toEqual([]);
    const at = minutes(5);
    await database.db.transaction(async (tx) => void (await releaseAllocations(tx, block, at)));
    expect(await checksOf(sailing.id)).toEqual([
      { runAt: at, key: `${sailing.id}@${at.toISOString()}`, payload: { sailingId: sailing.id }, state: "pending" },
    ]);
    // The use cases' own scheduling of the same check is the same job.
    await scheduleWaitlistCheck(database.db, sailing.id, at);
    expect(await checksOf(sailing.id)).toHaveLength(1);
    expect((await offerFreedSeats({ db: database.db, now: at, tokenSecret: SECRET }, sailing.id)).offered).toHaveLength(
      1,
    );
  });

  it("a release the same transaction takes back (a hold turned into a sale) queues nothing", async () => {
    const { sailing, block } = await fullSailingWithLine();
    await database.db.transaction(async (tx) => {
      await releaseAllocations(tx, block, minutes(1));
      await blockSeats(tx, { sailingId: sailing.id }, sailing.capacity, `${block}:again`, minutes(1));
    });
    expect(await checksOf(sailing.id)).toEqual([]);
  });

  it("nothing is queued when nobody waits", async () => {
    const { sailing, block } = await fullSailingWithLine(false);
    await releaseAllocations(database.db, block, minutes(1));
    expect(await checksOf(sailing.id)).toEqual([]);
  });

  it("a capacity that grows queues a check; one that shrinks does not", async () => {
    const { sailing } = await fullSailingWithLine();
    await database.db
      .update(sailings)
      .set({ capacity: sailing.capacity + 5 })
      .where(eq(sailings.id, sailing.id));
    expect(await checksOf(sailing.id)).toHaveLength(1);
    await database.db
      .delete(jobs)
      .where(and(eq(jobs.name, OFFER_WAITLIST_SEATS), sql`${jobs.payload} ->> 'sailingId' = ${String(sailing.id)}`));
    await database.db
      .update(sailings)
      .set({ capacity: sailing.capacity + 3 })
      .where(eq(sailings.id, sailing.id));
    expect(await checksOf(sailing.id)).toEqual([]);
  });

  it("a lifted closure queues a check of the sailings it stopped", async () => {
    const { sailing, block } = await fullSailingWithLine();
    const closure = await closeSales(database.db, { crossingId: CROSSING_TO_ISLA, date: addDays(DAY, 0) }, "weather");
    await releaseAllocations(database.db, block, minutes(1));
    // Closed, the check offers nothing; its line waits for the closure to be lifted.
    expect(
      (await offerFreedSeats({ db: database.db, now: minutes(1), tokenSecret: SECRET }, sailing.id)).offered,
    ).toEqual([]);
    const before = (await checksOf(sailing.id)).length;
    await liftClosure(database.db, closure.id, minutes(2));
    const checks = await checksOf(sailing.id);
    expect(checks).toHaveLength(before + 1);
    expect(checks.some((check) => check.runAt.getTime() === minutes(2).getTime())).toBe(true);
  });
});
