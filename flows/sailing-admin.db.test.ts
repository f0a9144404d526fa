// Running the fleet and single sailings from the console, on the seeded database: a new vessel; a
// vessel retired only when no rule in force sails it; a vessel's new capacity leaving hand-set sailings
// alone; rules deleted and reactivated; one sailing's capacity, a sailing added or moved by hand (the
// vessel free and at its pier), seats blocked and released. Every change and refusal is audited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSSING_TO_CANCUN, CROSSING_TO_ISLA, VESSEL_LARGE, VESSEL_SMALL } from "../db/seed-catalogue.ts";
import { findAuditEntries, type AuditActor } from "../modules/audit/index.ts";
import {
  addDays,
  blockSeats,
  findDaySailings,
  findSailing,
  findTimetableRule,
  findVessel,
  materializeSailings,
  type SailingView,
} from "../modules/inventory/index.ts";
import { refusalOf } from "../tests/setup/refusal.ts";
import { openSnapshot, type DatabaseHandle } from "../tests/setup/db.ts";
import { firstMondayOfMarch } from "../tests/setup/dates.ts";
import {
  addSailingByHand,
  blockSailingSeats,
  changeSailingCapacity,
  moveSailing,
  releaseSailingSeats,
} from "./sailing-admin.ts";
import {
  changeVessel,
  createVessel,
  deleteTimetableRuleOf,
  endTimetableRule,
  reactivateTimetableRule,
  saveTimetableRule,
} from "./timetable-admin.ts";

const DAY = firstMondayOfMarch(2031);
const NOW = new Date(`${addDays(DAY, -3)}T15:00:00Z`);
const ACTOR: AuditActor = { userId: null, label: "records-test", role: "admin" };

let database: DatabaseHandle;
let day: SailingView[];

beforeAll(async () => {
  database = await openSnapshot();
  await materializeSailings(database.db, { from: DAY, to: addDays(DAY, 1), now: NOW });
  day = await findDaySailings(database.db, [CROSSING_TO_ISLA], DAY, NOW);
});
afterAll(() => database.close());

const db = () => database.db;
const staff = () => ({ db: db(), now: NOW, actor: ACTOR, requestId: "test-request" });
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "resolved",
    (error: { code?: string; issues?: unknown }) => error.code,
  );
const latestAudit = async (entityType: string, entityId: string) =>
  (await findAuditEntries(db(), { entityType, entityId, limit: 1 }))[0];

describe("vessels", () => {
  it("adds a vessel with a unique code, refusing a taken code", async () => {
    const vessel = await createVessel(staff(), { code: "Isla-Azul", name: "Isla Azul", capacity: 420 });
    expect(vessel).toMatchObject({ code: "isla-azul", name: "Isla Azul", capacity: 420, active: true });
    expect(await latestAudit("vessel", String(vessel.id))).toMatchObject({
      action: "vessel.create",
      outcome: "applied",
    });
    expect(await refusalOf(createVessel(staff(), { code: "isla-azul", name: "Otra", capacity: 10 }))).toEqual({
      code: "INVALID_REQUEST",
      issues: [{ path: "code", code: "taken" }],
    });
  });

  it("refuses to retire a vessel that rules in force sail, naming them; retires one no rule uses", async () => {
    const refusal = await refusalOf(
      changeVessel(staff(), VESSEL_SMALL, { name: "Caribe I", capacity: 350, active: false }),
    );
    expect(refusal).toEqual({ code: "VESSEL_IN_USE", issues: [{ path: "rule.1", code: "in_force" }] });
    expect(await latestAudit("vessel", String(VESSEL_SMALL))).toMatchObject({
      outcome: "refused",
      reason: "VESSEL_IN_USE",
    });
    const spare = await createVessel(staff(), { code: "spare", name: "Spare", capacity: 100 });
    expect((await changeVessel(staff(), spare.id, { name: "Spare", capacity: 100, active: false })).vessel.active).toBe(
      false,
    );
  });

  it("a new vessel capacity leaves the capacities set by hand on single sailings", async () => {
    const byHand = day[1]!;
    await changeSailingCapacity(staff(), byHand.id, 300);
    const { sailingsUpdated } = await changeVessel(staff(), VESSEL_SMALL, {
      name: "Caribe I",
      capacity: 360,
      active: true,
    });
    expect(sailingsUpdated).toBeGreaterThan(0);
    expect((await findSailing(db(), byHand.id, NOW)).capacity).toBe(300);
    expect((await findSailing(db(), day[2]!.id, NOW)).capacity).toBe(360);
  });
});

describe("one sailing", () => {
  it("changes its capacity, never below the seats taken, and audits it", async () => {
    const sailing = day[3]!;
    await blockSeats(db(), { sailingId: sailing.id }, 40, "block:test", NOW);
    expect(await refusalOf(changeSailingCapacity(staff(), sailing.id, 39))).toEqual({
      code: "CAPACITY_BELOW_SOLD",
      issues: [{ path: `sailing.${sailing.id}`, code: "taken:40" }],
    });
    expect((await changeSailingCapacity(staff(), sailing.id, 40)).capacity).toBe(40);
    expect(await latestAudit("sailing", String(sailing.id))).toMatchObject({
      action: "sailing.set_capacity",
      outcome: "applied",
    });
  });

  it("adds a sailing by hand where the vessel is free and at that pier, refusing otherwise", async () => {
    // Caribe I sails Cancún → Isla Mujeres hourly to 17:00: after it, it is at Isla Mujeres.
    const back = await addSailingByHand(staff(), {
      crossingId: CROSSING_TO_CANCUN,
      date: DAY,
      time: "17:30",
      vesselId: VESSEL_SMALL,
      capacity: null,
    });
    expect(back).toMatchObject({ crossingId: CROSSING_TO_CANCUN, ruleId: null, capacity: 360, capacityByHand: false });
    const busy = await refusalOf(
      addSailingByHand(staff(), {
        crossingId: CROSSING_TO_CANCUN,
        date: DAY,
        time: "17:10",
        vesselId: VESSEL_SMALL,
        capacity: null,
      }),
    );
    expect(busy).toMatchObject({
      code: "VESSEL_DOUBLE_BOOKED",
      issues: expect.arrayContaining([{ path: `sailing.${day.at(-1)!.id}`, code: `vessel_busy:${DAY}T17:00` }]),
    });
    const wrongPier = await refusalOf(
      addSailingByHand(staff(), {
        crossingId: CROSSING_TO_CANCUN,
        date: DAY,
        time: "18:30",
        vesselId: VESSEL_SMALL,
        capacity: null,
      }),
    );
    expect(wrongPier).toEqual({
      code: "VESSEL_DOUBLE_BOOKED",
      issues: [{ path: `sailing.${back.id}`, code: `at_pier:cancun-el-embarcadero:${DAY}T17:30` }],
    });
    expect(
      await codeOf(
        addSailingByHand(staff(), {
          crossingId: CROSSING_TO_CANCUN,
          date: addDays(DAY, -5),
          time: "10:00",
          vesselId: VESSEL_SMALL,
          capacity: null,
        }),
      ),
    ).toBe("DATE_IN_PAST");
  });

  it("moves a sailing added by hand; a rule's sailing or a sold one keeps its time", async () => {
    const added = await addSailingByHand(staff(), {
      crossingId: CROSSING_TO_CANCUN,
      date: DAY,
      time: "19:00",
      vesselId: VESSEL_LARGE,
      capacity: 200,
    });
    expect(added).toMatchObject({ capacity: 200, capacityByHand: true });
    const moved = await moveSailing(staff(), added.id, { date: DAY, time: "19:30", vesselId: VESSEL_LARGE });
    expect(moved.departsAt.getTime() - added.departsAt.getTime()).toBe(30 * 60_000);
    expect(
      await refusalOf(moveSailing(staff(), day[5]!.id, { date: DAY, time: "14:20", vesselId: VESSEL_SMALL })),
    ).toEqual({
      code: "INVALID_REQUEST",
      issues: [{ path: `sailing.${day[5]!.id}`, code: "made_by_rule:1" }],
    });
    await blockSeats(db(), { sailingId: added.id }, 2, "block:sold", NOW);
    expect(
      await refusalOf(moveSailing(staff(), added.id, { date: DAY, time: "20:00", vesselId: VESSEL_LARGE })),
    ).toEqual({
      code: "INVALID_REQUEST",
      issues: [{ path: `sailing.${added.id}`, code: "sold:2" }],
    });
  });

  it("blocks seats for a group within what is left, and releases them", async () => {
    const sailing = day[6]!;
    const block = await blockSailingSeats(staff(), sailing.id, 30, "School trip");
    expect(block).toMatchObject({ quantity: 30, reference: "block:School trip" });
    expect((await findSailing(db(), sailing.id, NOW)).taken).toBe(30);
    expect(await refusalOf(blockSailingSeats(staff(), sailing.id, 5000, "Too many"))).toMatchObject({
      code: "SAILING_SOLD_OUT",
    });
    await releaseSailingSeats(staff(), sailing.id, block.id);
    expect((await findSailing(db(), sailing.id, NOW)).taken).toBe(0);
    expect(await codeOf(releaseSailingSeats(staff(), sailing.id, block.id))).toBe("NOT_FOUND");
  });
});

describe("rules", () => {
  it("reactivates an ended rule (checked for clashes) and deletes a rule, its sold sailings staying", async () => {
    const { rule } = await saveTimetableRule(staff(), null, {
      crossingId: CROSSING_TO_ISLA,
      vesselId: VESSEL_LARGE,
      weekdays: [1],
      firstDeparture: "20:00",
      lastDeparture: "20:00",
      intervalMinutes: 60,
      priority: 0,
    });
    expect(await codeOf(reactivateTimetableRule(staff(), rule.id))).toBe("INVALID_REQUEST");
    await endTimetableRule(staff(), rule.id, addDays(DAY, -4));
    const back = await reactivateTimetableRule(staff(), rule.id);
    expect(back.rule).toMatchObject({ active: true, validUntil: null });
    expect(await latestAudit("timetable_rule", String(rule.id))).toMatchObject({ action: "timetable_rule.reactivate" });

    const evening = (await findDaySailings(db(), [CROSSING_TO_ISLA], DAY, NOW)).find(
      (sailing) => sailing.time === "20:00",
    )!;
    await blockSeats(db(), { sailingId: evening.id }, 3, "block:kept", NOW);
    await deleteTimetableRuleOf(staff(), rule.id);
    expect(await findTimetableRule(db(), rule.id)).toBeNull();
    expect((await findSailing(db(), evening.id, NOW)).taken).toBe(3);
    expect(await latestAudit("timetable_rule", String(rule.id))).toMatchObject({
      action: "timetable_rule.delete",
      outcome: "applied",
    });
    expect(await findVessel(db(), VESSEL_LARGE)).not.toBeNull();
  });
});
