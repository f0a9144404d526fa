// Parks and tours sold by the day, kept from the console on the seeded database (ADR 0079): a new
// activity with its name, daily capacity and hours, sold by a product made on it; its capacity and
// hours changed, shown at once by the day the sale reads. A capacity below the places taken on a day
// ahead and hours that close a weekday with places taken on it are refused, the days named, unless
// that day is closed; every change and refusal is audited, and a refusal changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAuditEntries, type AuditActor } from "../modules/audit/index.ts";
import {
  addDays,
  blockSeats,
  closeSales,
  findActivities,
  findActivityDay,
  findActivityRecord,
  weekdayOf,
  type WeekdayHours,
} from "../modules/inventory/index.ts";
import { openSnapshot, type DatabaseHandle } from "../tests/setup/db.ts";
import { firstMondayOfMarch } from "../tests/setup/dates.ts";
import { changeActivity, createActivity } from "./activity-admin.ts";
import { createProduct } from "./product-admin.ts";

const MONDAY = firstMondayOfMarch(2031);
const NOW = new Date(`${addDays(MONDAY, -3)}T15:00:00Z`);
const ACTOR: AuditActor = { userId: null, label: "activities-test", role: "admin" };
const EVERY_DAY = (opens: string, closes: string): WeekdayHours[] =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens, closes }));
const NAME = { es: "Cenote Azul", en: "Blue Cenote", pt: "Cenote Azul" };

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openSnapshot();
});
afterAll(() => database.close());

const db = () => database.db;
const staff = () => ({ db: db(), now: NOW, actor: ACTOR, requestId: "test-request" });
const latest = async () => (await findAuditEntries(db(), { entityType: "activity", limit: 1 }))[0];
const count = async () => (await findAuditEntries(db(), { entityType: "activity", limit: 1000 })).length;

describe("activities", () => {
  let id = 0;

  it("adds an activity with its hours and capacity; a product made on it sells its days", async () => {
    const activity = await createActivity(staff(), {
      code: "Cenote-Azul",
      name: NAME,
      dailyCapacity: 40,
      hours: [
        ...EVERY_DAY("09:00", "17:00").filter((day) => day.weekday <= 5),
        { weekday: 6, opens: "10:00", closes: "14:00" },
      ],
    });
    id = activity.id;
    expect(activity).toMatchObject({ code: "cenote-azul", dailyCapacity: 40 });
    expect(await latest()).toMatchObject({ action: "activity.create", outcome: "applied", entityId: String(id) });
    const [read] = await findActivities(db(), "en", [id]);
    expect(read).toMatchObject({
      name: "Blue Cenote",
      hours: [
        { weekdays: [1, 2, 3, 4, 5], opens: "09:00", closes: "17:00" },
        { weekdays: [6], opens: "10:00", closes: "14:00" },
      ],
    });
    const saturday = await findActivityDay(db(), read!, addDays(MONDAY, 5), NOW);
    expect(saturday).toMatchObject({ hours: { opens: "10:00", closes: "14:00" }, capacity: 40, left: 40 });
    expect((await findActivityDay(db(), read!, addDays(MONDAY, 6), NOW)).hours).toBeNull();

    const product = await createProduct(staff(), {
      code: "cenote-azul-entrada",
      kind: "park_admission",
      activityId: id,
      name: NAME,
      summary: NAME,
      description: { es: "", en: "", pt: "" },
      image: "/images/products/xcaret.svg",
      imageAlt: NAME,
      childFromAge: 5,
      adultFromAge: 12,
      fares: { touristAdult: 50_000, touristChild: 25_000, residentAdult: null, residentChild: null },
      sortOrder: 0,
    });
    expect(product.activityId).toBe(id);
  });

  it("refuses a bad new activity and a taken code, audited", async () => {
    const before = await count();
    const refused = await createActivity(staff(), {
      code: "x",
      name: { ...NAME, pt: "" },
      dailyCapacity: -1,
      hours: [
        { weekday: 1, opens: "18:00", closes: "09:00" },
        { weekday: 2, opens: "9am", closes: "17:00" },
        { weekday: 9, opens: "09:00", closes: "17:00" },
      ],
    }).catch((error) => error);
    expect(refused).toMatchObject({
      code: "INVALID_REQUEST",
      issues: [
        { path: "code", code: "format" },
        { path: "name.pt", code: "required" },
        { path: "dailyCapacity", code: "out_of_range" },
        { path: "weekday.1", code: "opens_before_closes" },
        { path: "weekday.2", code: "time_format" },
        { path: "hours", code: "unknown" },
      ],
    });
    const taken = await createActivity(staff(), { code: "cenote-azul", name: NAME, dailyCapacity: 1, hours: [] }).catch(
      (error) => error,
    );
    expect(taken).toMatchObject({ code: "INVALID_REQUEST", issues: [{ path: "code", code: "taken" }] });
    expect(await count()).toBe(before + 2);
    expect(await latest()).toMatchObject({ action: "activity.create", outcome: "refused", reason: "INVALID_REQUEST" });
  });

  it("changes its name, capacity and hours; the sale reads the new day at once", async () => {
    const before = (await findActivityRecord(db(), id))!;
    const after = await changeActivity(staff(), id, {
      name: { ...NAME, en: "Blue Cenote park" },
      dailyCapacity: 60,
      hours: EVERY_DAY("08:00", "18:00"),
    });
    expect(after).toMatchObject({ dailyCapacity: 60, hours: EVERY_DAY("08:00", "18:00") });
    expect(await latest()).toMatchObject({
      action: "activity.change",
      outcome: "applied",
      before: { dailyCapacity: 40, hours: before.hours },
      after: { dailyCapacity: 60, name: { en: "Blue Cenote park" } },
    });
    const [read] = await findActivities(db(), "en", [id]);
    expect(read!.hours).toEqual([{ weekdays: [1, 2, 3, 4, 5, 6, 7], opens: "08:00", closes: "18:00" }]);
    const sunday = await findActivityDay(db(), read!, addDays(MONDAY, 6), NOW);
    expect(sunday).toMatchObject({ hours: { opens: "08:00", closes: "18:00" }, capacity: 60, left: 60 });
  });

  it("refuses a capacity below the places taken on a day ahead, or hours closing a day with places taken", async () => {
    const tuesday = addDays(MONDAY, 1);
    const sunday = addDays(MONDAY, 6);
    await blockSeats(db(), { activityId: id, date: tuesday }, 30, "GROUP-TUE", NOW);
    await blockSeats(db(), { activityId: id, date: sunday }, 5, "GROUP-SUN", NOW);
    // Places taken on a day already past do not hold a change back.
    await blockSeats(db(), { activityId: id, date: addDays(MONDAY, -7) }, 50, "GROUP-PAST", NOW);
    const stored = await findActivityRecord(db(), id);
    const attempts = [
      {
        change: { name: NAME, dailyCapacity: 20, hours: EVERY_DAY("08:00", "18:00") },
        code: "CAPACITY_BELOW_SOLD",
        issues: [{ path: `day.${tuesday}`, code: "taken:30" }],
      },
      {
        change: { name: NAME, dailyCapacity: 60, hours: EVERY_DAY("08:00", "18:00").filter((d) => d.weekday < 6) },
        code: "RECORD_IN_USE",
        issues: [{ path: `day.${sunday}`, code: "tickets_on_closed_weekday" }],
      },
      {
        change: { name: NAME, dailyCapacity: 60, hours: [{ weekday: 1, opens: "25:00", closes: "18:00" }] },
        code: "INVALID_REQUEST",
        issues: [{ path: "weekday.1", code: "time_format" }],
      },
    ];
    for (const attempt of attempts) {
      const before = await count();
      const error = await changeActivity(staff(), id, attempt.change).catch((caught) => caught);
      expect(error).toMatchObject({ code: attempt.code, issues: attempt.issues });
      expect(await count()).toBe(before + 1);
      expect(await latest()).toMatchObject({ action: "activity.change", outcome: "refused", reason: attempt.code });
    }
    expect(await findActivityRecord(db(), id)).toEqual(stored);
    expect(weekdayOf(sunday)).toBe(7);
    const unknown = await changeActivity(staff(), 999_999, attempts[0]!.change).catch((caught) => caught);
    expect(unknown).toMatchObject({
      code: "INVALID_REQUEST",
      issues: [{ path: "activityId", code: "unknown_activity" }],
    });

    // Once that Sunday is closed (its holders told from the closures page), Sundays may close.
    await closeSales(db(), { activityId: id, date: sunday }, "weather");
    const closedSundays = EVERY_DAY("08:00", "18:00").filter((day) => day.weekday < 7);
    const changed = await changeActivity(staff(), id, { name: NAME, dailyCapacity: 30, hours: closedSundays });
    expect(changed).toMatchObject({ dailyCapacity: 30, hours: closedSundays });
  });
});
