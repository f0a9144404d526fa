// Timetable materialization, closures and availability on the seeded database.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_TIMETABLE, SEED_VESSELS } from "../../db/seed-catalogue.ts";
import { openSnapshot, type DatabaseHandle } from "../../tests/setup/db.ts";
import { firstMondayOfMarch } from "../../tests/setup/dates.ts";
import {
  addDays,
  closeSales,
  decideAt,
  findActivities,
  findActivityDay,
  findCrossings,
  findDaySailings,
  findSailing,
  generateSailings,
  liftClosure,
  lockSailing,
  materializeSailings,
  sailings,
  seatAllocations,
  timetableRules,
  type TimetableRule,
} from "./index.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openSnapshot();
});
afterAll(() => database.close());

/** The first Monday of March 2031: a regular (low-season) week, far from the seed's demo day. */

const MONDAY = firstMondayOfMarch(2031);
const SUNDAY = addDays(MONDAY, 6);
const BEFORE = new Date(`${MONDAY}T00:00:00Z`);

async function countSailings(from: string, to: string): Promise<number> {
  const [row] = await database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(sailings)
    .where(and(sql`${sailings.serviceDate} >= ${from}`, sql`${sailings.serviceDate} <= ${to}`));
  return row?.count ?? 0;
}

describe("materializeSailings", () => {
  it("makes a regular week: 9 departures each way on weekdays, 17 and 18 at weekends", async () => {
    const result = await materializeSailings(database.db, { from: MONDAY, to: SUNDAY, now: BEFORE });
    expect(result).toMatchObject({ planned: 5 * 9 * 2 + 2 * (17 + 18), inserted: 160, removed: 0 });
    expect(await countSailings(MONDAY, SUNDAY)).toBe(160);
    const rules = SEED_TIMETABLE.map((rule) => ({ ...rule, id: rule.id ?? 0 }) as TimetableRule);
    expect(
      generateSailings(
        rules,
        SEED_VESSELS.map((vessel) => ({ id: vessel.id ?? 0, capacity: vessel.capacity ?? 0 })),
        MONDAY,
        SUNDAY,
      ),
    ).toHaveLength(160);
  });

  it("is idempotent: running it again inserts nothing and changes nothing", async () => {
    const again = await materializeSailings(database.db, { from: MONDAY, to: SUNDAY, now: BEFORE, prune: true });
    expect(again).toMatchObject({ inserted: 0, removed: 0 });
    expect(await countSailings(MONDAY, SUNDAY)).toBe(160);
  });

  it("stores instants in UTC and the operator's service date", async () => {
    const [crossing] = await findCrossings(database.db, "en");
    const day = await findDaySailings(database.db, [crossing!.id], MONDAY, BEFORE);
    expect(day.map((sailing) => sailing.time)).toEqual([
      "09:00",
      "10:00",
      "11:00",
      "12:00",
      "13:00",
      "14:00",
      "15:00",
      "16:00",
      "17:00",
    ]);
    expect(day[0]?.departsAt.toISOString()).toBe(`${MONDAY}T14:00:00.000Z`);
    expect(day[0]).toMatchObject({
      arrivalTime: "09:25",
      capacity: 350,
      seatsLeft: 350,
      status: "available",
      vessel: { name: "Caribe I" },
    });
  });

  it("follows a timetable change with prune: stale future sailings go, those with seats allocated stay", async () => {
    const saturday = addDays(MONDAY, 5);
    const [crossing] = await findCrossings(database.db, "en");
    const before = await findDaySailings(database.db, [crossing!.id], saturday, BEFORE);
    const extra = before.find((sailing) => sailing.time === "10:30");
    const kept = before.find((sailing) => sailing.time === "11:30");
    expect(extra && kept).toBeTruthy();
    await database.db
      .insert(seatAllocations)
      .values({ sailingId: kept!.id, quantity: 2, state: "sold", reference: "test:booking" });
    await database.db.update(timetableRules).set({ active: false }).where(eq(timetableRules.id, 2)); // weekend extras, to Isla
    const result = await materializeSailings(database.db, { from: MONDAY, to: SUNDAY, now: BEFORE, prune: true });
    expect(result.removed).toBe(2 * 8 - 1);
    const after = await findDaySailings(database.db, [crossing!.id], saturday, BEFORE);
    expect(after.map((sailing) => sailing.time)).toEqual([
      "09:00",
      "10:00",
      "11:00",
      "11:30",
      "12:00",
      "13:00",
      "14:00",
      "15:00",
      "16:00",
      "17:00",
    ]);
    await database.db.update(timetableRules).set({ active: true }).where(eq(timetableRules.id, 2));
    expect((await materializeSailings(database.db, { from: MONDAY, to: SUNDAY, now: BEFORE })).inserted).toBe(
      2 * 8 - 1,
    );
  });

  it("switches to the high-season timetable on its dates", async () => {
    const christmas = "2031-12-22";
    await materializeSailings(database.db, { from: christmas, to: christmas, now: BEFORE });
    const [crossing] = await findCrossings(database.db, "en");
    const day = await findDaySailings(database.db, [crossing!.id], christmas, BEFORE);
    expect(day).toHaveLength(20); // 08:30–18:00 every 30 minutes
    expect(day[0]).toMatchObject({ time: "08:30", capacity: 650 });
  });
});

describe("closures", () => {
  const day = addDays(MONDAY, 1);

  it("closes one sailing, a crossing's day, or the port's day, and lifting reopens", async () => {
    const [toIsla, toCancun] = await findCrossings(database.db, "en");
    const ids = [toIsla!.id, toCancun!.id];
    const first = await findDaySailings(database.db, ids, day, BEFORE);
    const noon = first.find((sailing) => sailing.crossingId === toIsla!.id && sailing.time === "12:00")!;

    const one = await closeSales(database.db, { sailingId: noon.id }, "weather", "northerly");
    let view = await findDaySailings(database.db, ids, day, BEFORE);
    expect(view.filter((sailing) => sailing.status === "closed").map((sailing) => sailing.id)).toEqual([noon.id]);
    expect(view.find((sailing) => sailing.id === noon.id)?.closure).toEqual({ id: one.id, reason: "weather" });

    const crossingDay = await closeSales(database.db, { crossingId: toCancun!.id, date: day }, "port_authority");
    view = await findDaySailings(database.db, ids, day, BEFORE);
    expect(
      view.filter((sailing) => sailing.crossingId === toCancun!.id).every((sailing) => sailing.status === "closed"),
    ).toBe(true);
    expect(view.filter((sailing) => sailing.crossingId === toIsla!.id && sailing.status === "closed")).toHaveLength(1);

    const port = await closeSales(database.db, { crossingId: null, date: day }, "port_authority");
    view = await findDaySailings(database.db, ids, day, BEFORE);
    expect(view.every((sailing) => sailing.status === "closed")).toBe(true);
    // A sailing names its own closure before its day's; a crossing's day before the port's (the older one).
    expect(view.find((sailing) => sailing.id === noon.id)?.closure).toEqual({ id: one.id, reason: "weather" });
    expect(view.find((sailing) => sailing.crossingId === toIsla!.id && sailing.id !== noon.id)?.closure).toEqual({
      id: port.id,
      reason: "port_authority",
    });
    expect(view.find((sailing) => sailing.crossingId === toCancun!.id)?.closure).toEqual({
      id: crossingDay.id,
      reason: "port_authority",
    });
    expect((await findSailing(database.db, noon.id, BEFORE)).closure).toEqual({ id: one.id, reason: "weather" });

    for (const closure of [port, crossingDay, one]) await liftClosure(database.db, closure.id, BEFORE);
    view = await findDaySailings(database.db, ids, day, BEFORE);
    expect(view.every((sailing) => sailing.status === "available")).toBe(true);
    await expect(liftClosure(database.db, one.id, BEFORE)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(closeSales(database.db, { sailingId: 999_999_999 }, "weather")).rejects.toMatchObject({
      code: "UNKNOWN_SAILING",
    });
  });

  it("never accepts a closure with two targets or none (database constraint)", async () => {
    await expect(database.db.execute(sql`insert into closures (reason) values ('weather')`)).rejects.toThrow();
    await expect(
      database.db.execute(
        sql`insert into closures (crossing_id, activity_id, service_date, reason) values (1, 1, ${day}, 'weather')`,
      ),
    ).rejects.toThrow();
  });
});

describe("availability with holds", () => {
  const day = addDays(MONDAY, 2);
  const now = new Date(`${day}T13:00:00Z`); // 08:00 in Cancún
  const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

  it("counts sales, blocks and unexpired holds; an expired or released hold never counts", async () => {
    const [toIsla] = await findCrossings(database.db, "en");
    const [sailing] = await findDaySailings(database.db, [toIsla!.id], day, now);
    // Written as the use cases write: deciding at `now`, so the capacity trigger counts holds as of then.
    const insert = (values: Partial<typeof seatAllocations.$inferInsert>) =>
      database.db.transaction(async (tx) => {
        await decideAt(tx, now);
        await tx
          .insert(seatAllocations)
          .values({ sailingId: sailing!.id, quantity: 1, state: "sold", reference: "test", ...values });
      });
    await insert({ quantity: 300, state: "sold", reference: "booking:A1" });
    await insert({ quantity: 20, state: "blocked", reference: "block:crew" });
    await insert({ quantity: 10, state: "held", expiresAt: minutes(15), reference: "cart:1" });
    await insert({ quantity: 15, state: "held", expiresAt: minutes(-1), reference: "cart:2" });
    await insert({ quantity: 5, state: "held", expiresAt: minutes(15), releasedAt: minutes(-2), reference: "cart:3" });

    const at = async (instant: Date) =>
      (await findDaySailings(database.db, [toIsla!.id], day, instant)).find((item) => item.id === sailing!.id)!;
    expect(await at(now)).toMatchObject({ taken: 330, seatsLeft: 20, status: "available" });
    expect(await at(minutes(15))).toMatchObject({ taken: 320, seatsLeft: 30 });

    await insert({ quantity: 20, state: "held", expiresAt: minutes(10), reference: "cart:4" });
    expect(await at(now)).toMatchObject({ seatsLeft: 0, status: "sold_out" });
    expect(await at(minutes(10))).toMatchObject({ seatsLeft: 20, status: "available" });
    // 09:00 departure: check-in closes at 08:30.
    expect(await at(new Date(`${day}T13:31:00Z`))).toMatchObject({ status: "check_in_closed" });
    expect(await at(new Date(`${day}T14:00:00Z`))).toMatchObject({ status: "departed" });
  });

  it("refuses a hold without an expiry, a sold row with one, and a row with two targets", async () => {
    const [toIsla] = await findCrossings(database.db, "en");
    const [sailing] = await findDaySailings(database.db, [toIsla!.id], day, now);
    await expect(
      database.db
        .insert(seatAllocations)
        .values({ sailingId: sailing!.id, quantity: 1, state: "held", reference: "x" }),
    ).rejects.toThrow();
    await expect(
      database.db
        .insert(seatAllocations)
        .values({ sailingId: sailing!.id, quantity: 1, state: "sold", expiresAt: now, reference: "x" }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(seatAllocations).values({
        sailingId: sailing!.id,
        activityId: 11,
        serviceDate: day,
        quantity: 1,
        state: "sold",
        reference: "x",
      }),
    ).rejects.toThrow();
    await expect(
      database.db
        .insert(seatAllocations)
        .values({ sailingId: sailing!.id, quantity: 0, state: "sold", reference: "x" }),
    ).rejects.toThrow();
  });

  it("locks a sailing inside a transaction, and refuses an unknown one", async () => {
    const [toIsla] = await findCrossings(database.db, "en");
    const [sailing] = await findDaySailings(database.db, [toIsla!.id], day, now);
    await database.db.transaction(async (tx) => {
      await lockSailing(tx, sailing!.id);
    });
    await expect(database.db.transaction((tx) => lockSailing(tx, 999_999_999))).rejects.toMatchObject({
      code: "UNKNOWN_SAILING",
    });
  });
});

describe("activity days", () => {
  it("knows hours by weekday, places left with holds, and closures", async () => {
    const activities = await findActivities(database.db, "es");
    const xplor = activities.find((activity) => activity.code === "xplor")!;
    const xcaret = activities.find((activity) => activity.code === "xcaret")!;
    expect(xcaret.hours).toEqual([{ weekdays: [1, 2, 3, 4, 5, 6, 7], opens: "08:30", closes: "22:30" }]);
    const monday = await findActivityDay(database.db, xplor, MONDAY, BEFORE);
    expect(monday).toMatchObject({ status: "available", hours: { opens: "09:00", closes: "17:00" }, left: 2500 });
    expect(await findActivityDay(database.db, xplor, SUNDAY, BEFORE)).toMatchObject({ status: "closed", hours: null });

    await database.db.insert(seatAllocations).values([
      { activityId: xplor.id, serviceDate: MONDAY, quantity: 2000, state: "sold", reference: "booking:B" },
      {
        activityId: xplor.id,
        serviceDate: MONDAY,
        quantity: 500,
        state: "held",
        expiresAt: new Date(BEFORE.getTime() + 60_000),
        reference: "cart:9",
      },
    ]);
    expect(await findActivityDay(database.db, xplor, MONDAY, BEFORE)).toMatchObject({ status: "sold_out", left: 0 });
    expect(await findActivityDay(database.db, xplor, MONDAY, new Date(BEFORE.getTime() + 60_000))).toMatchObject({
      status: "available",
      left: 500,
    });

    const closure = await closeSales(database.db, { activityId: xplor.id, date: addDays(MONDAY, 1) }, "weather");
    expect(await findActivityDay(database.db, xplor, addDays(MONDAY, 1), BEFORE)).toMatchObject({
      status: "closed",
      closure: { id: closure.id, reason: "weather" },
    });
    // A port closure does not close the parks.
    await closeSales(database.db, { crossingId: null, date: addDays(MONDAY, 3) }, "port_authority");
    expect(await findActivityDay(database.db, xplor, addDays(MONDAY, 3), BEFORE)).toMatchObject({
      status: "available",
    });
  });
});
