// The staff API of running the crossing (ADR 0038) over HTTP: a timetable rule that clashes is refused
// with the clashes named, a vessel's capacity cut below what is sold is refused, a closure through the
// API is audited, and a caller without a staff role gets nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock.ts";
import { CROSSING_TO_ISLA, VESSEL_LARGE, VESSEL_SMALL } from "../../db/seed-catalogue.ts";
import { findAuditEntries } from "../../modules/audit/index.ts";
import { addDays, blockSeats, findDaySailings, materializeSailings } from "../../modules/inventory/index.ts";
import { bootSnapshot } from "../../tests/setup/db.ts";
import { firstMondayOfMarch } from "../../tests/setup/dates.ts";
import { createApp } from "../app.ts";
import type { Runtime } from "../boot.ts";

const TOKEN = "operations-test-admin-token-0123456789abcdef";
const MONDAY = firstMondayOfMarch(2031);
const NOW = new Date(`${addDays(MONDAY, -3)}T15:00:00Z`);

let runtime: Runtime;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  runtime = await bootSnapshot({ NODE_ENV: "production", ADMIN_API_TOKEN: TOKEN });
  runtime.services.clock = fixedClock(NOW);
  app = createApp(runtime.services, { ping: () => runtime.database.ping() });
  await materializeSailings(runtime.database.db, { from: MONDAY, to: addDays(MONDAY, 1), now: NOW });
});
afterAll(() => runtime.database.close());

const call = (method: string, path: string, body?: unknown, token: string | null = TOKEN) =>
  app.request(path, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const RULE = {
  crossingId: CROSSING_TO_ISLA,
  vesselId: VESSEL_LARGE,
  weekdays: [1],
  firstDeparture: "20:00",
  lastDeparture: "20:00",
  intervalMinutes: 60,
  priority: 0,
};

describe("the timetable rules API", () => {
  it("refuses a caller without a staff token", async () => {
    expect((await call("GET", "/api/admin/timetable-rules", undefined, null)).status).toBe(401);
  });

  it("adds a rule that fits and refuses one that double-books a vessel, naming the clash", async () => {
    const added = await call("POST", "/api/admin/timetable-rules", RULE);
    expect(added.status).toBe(201);
    const { rule, materialized } = (await added.json()) as { rule: { id: number }; materialized: { inserted: number } };
    expect(materialized.inserted).toBeGreaterThan(0);
    const clash = await call("POST", "/api/admin/timetable-rules", {
      ...RULE,
      vesselId: VESSEL_SMALL,
      firstDeparture: "09:10",
      lastDeparture: "09:10",
    });
    expect(clash.status).toBe(409);
    expect(await clash.json()).toMatchObject({
      error: {
        code: "VESSEL_DOUBLE_BOOKED",
        issues: [{ path: "rule.1", code: expect.stringMatching(/^vessel_busy:/) }],
      },
    });
    const bad = await call("PUT", `/api/admin/timetable-rules/${rule.id}`, {
      ...RULE,
      weekdays: [9],
      intervalMinutes: 1,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { code: "INVALID_REQUEST", issues: expect.arrayContaining([{ path: "weekdays", code: "one_to_seven" }]) },
    });
    const [refusal] = await findAuditEntries(runtime.database.db, {
      entityType: "timetable_rule",
      entityId: String(rule.id),
      limit: 1,
    });
    expect(refusal).toMatchObject({ outcome: "refused", reason: "INVALID_REQUEST", actor: "admin-api-token" });
  });
});

describe("the vessels API", () => {
  it("refuses a capacity below the seats taken on a future sailing", async () => {
    const [sailing] = await findDaySailings(runtime.database.db, [CROSSING_TO_ISLA], MONDAY, NOW);
    await blockSeats(runtime.database.db, { sailingId: sailing!.id }, 200, "block:api-test", NOW);
    const cut = await call("PUT", `/api/admin/vessels/${VESSEL_SMALL}`, {
      name: "Caribe I",
      capacity: 150,
      active: true,
    });
    expect(cut.status).toBe(409);
    expect(await cut.json()).toMatchObject({
      error: { code: "CAPACITY_BELOW_SOLD", issues: [{ path: `sailing.${sailing!.id}`, code: "taken:200" }] },
    });
    const fits = await call("PUT", `/api/admin/vessels/${VESSEL_SMALL}`, {
      name: "Caribe I",
      capacity: 300,
      active: true,
    });
    expect(fits.status).toBe(200);
    expect(await fits.json()).toMatchObject({ vessel: { capacity: 300 } });
  });
});

describe("closing through the API", () => {
  it("closes a crossing's day, says how many bookings were told, and refuses closing it twice", async () => {
    const closed = await call("POST", "/api/admin/closures", {
      crossing: "cancun-isla-mujeres",
      date: addDays(MONDAY, 1),
      reason: "weather",
    });
    expect(closed.status).toBe(201);
    const { closure, notified } = (await closed.json()) as { closure: { id: number }; notified: number };
    expect(notified).toBe(0);
    const again = await call("POST", "/api/admin/closures", {
      crossing: "cancun-isla-mujeres",
      date: addDays(MONDAY, 1),
      reason: "weather",
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: "ALREADY_CLOSED" } });
    const [entry] = await findAuditEntries(runtime.database.db, {
      entityType: "closure",
      entityId: String(closure.id),
      limit: 1,
    });
    expect(entry).toMatchObject({ action: "sailing.close", outcome: "applied" });
  });
  it("closes an activity's day like the console, audited; twice is refused, an unknown code is not found", async () => {
    const day = { activity: "catamaran-isla-mujeres", date: addDays(MONDAY, 1), reason: "weather" };
    const closed = await call("POST", "/api/admin/closures", day);
    expect(closed.status).toBe(201);
    const { closure, notified } = (await closed.json()) as { closure: { id: number }; notified: number };
    expect(notified).toBe(0);
    const [entry] = await findAuditEntries(runtime.database.db, {
      entityType: "closure",
      entityId: String(closure.id),
      limit: 1,
    });
    expect(entry).toMatchObject({ action: "activity.close", outcome: "applied" });
    const again = await call("POST", "/api/admin/closures", day);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: "ALREADY_CLOSED" } });
    const unknown = await call("POST", "/api/admin/closures", { ...day, activity: "no-such-park" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: "UNKNOWN_PRODUCT" } });
  });
});

describe("the records API", () => {
  it("adds a pier and a crossing (out of service), refuses retiring a pier in use, and retires a rule's crossing only after the rule goes", async () => {
    const names = { es: "Playa Caracol", en: "Playa Caracol", pt: "Playa Caracol" };
    const port = await call("POST", "/api/admin/ports", {
      code: "caracol",
      name: names,
      place: names,
      latitude: null,
      longitude: null,
    });
    expect(port.status).toBe(201);
    const { port: caracol } = (await port.json()) as { port: { id: number } };
    const crossing = await call("POST", "/api/admin/crossings", {
      code: "caracol-isla",
      fromPortId: caracol.id,
      toPortId: 2,
      durationMinutes: 30,
    });
    expect(crossing.status).toBe(201);
    const { crossing: made } = (await crossing.json()) as { crossing: { id: number; active: boolean } };
    expect(made.active).toBe(false);
    expect(
      (await call("PUT", `/api/admin/crossings/${made.id}`, { durationMinutes: 30, sortOrder: 0, active: true }))
        .status,
    ).toBe(200);
    const inUse = await call("PUT", `/api/admin/ports/${caracol.id}`, {
      name: names,
      place: names,
      latitude: null,
      longitude: null,
      active: false,
    });
    expect(inUse.status).toBe(409);
    expect(await inUse.json()).toMatchObject({
      error: { code: "RECORD_IN_USE", issues: [{ path: "crossing.caracol-isla", code: "in_service" }] },
    });

    const added = await call("POST", "/api/admin/timetable-rules", {
      ...RULE,
      crossingId: made.id,
      vesselId: 4,
      weekdays: [3],
      firstDeparture: "06:00",
      lastDeparture: "06:00",
    });
    expect(added.status).toBe(201);
    const { rule } = (await added.json()) as { rule: { id: number } };
    const refused = await call("PUT", `/api/admin/crossings/${made.id}`, {
      durationMinutes: 30,
      sortOrder: 0,
      active: false,
    });
    expect(await refused.json()).toMatchObject({
      error: { code: "RECORD_IN_USE", issues: [{ path: `rule.${rule.id}`, code: "in_force" }] },
    });
    expect((await call("POST", `/api/admin/timetable-rules/${rule.id}/reactivate`)).status).toBe(400);
    expect((await call("DELETE", `/api/admin/timetable-rules/${rule.id}`)).status).toBe(200);
    expect(
      (await call("PUT", `/api/admin/crossings/${made.id}`, { durationMinutes: 30, sortOrder: 0, active: false }))
        .status,
    ).toBe(200);
    const [entry] = await findAuditEntries(runtime.database.db, {
      entityType: "crossing",
      entityId: String(made.id),
      limit: 1,
    });
    expect(entry).toMatchObject({ action: "crossing.update", outcome: "applied", actor: "admin-api-token" });
  });
});
