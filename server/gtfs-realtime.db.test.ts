// The realtime GTFS feeds over HTTP, in process on a PGlite snapshot (ADR 0060): decoded with the
// GTFS-Realtime bindings, a closed sailing is its planned trip CANCELED and a moved one its planned
// trip with the new times, both with alerts in es, en and pt; the trip ids are the static feed's; a
// lifted closure leaves the next response. Nothing is cached on the server.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSSING_TO_ISLA, CROSSING_TO_ISLA_CODE } from "../db/seed-catalogue.ts";
import { decodeFeedMessage } from "../modules/feeds/index.ts";
import {
  OPERATOR_TIME_ZONE,
  addDays,
  closeSales,
  findDaySailings,
  liftClosure,
  localDateOf,
  materializeSailings,
  sailings,
  type SailingView,
} from "../modules/inventory/index.ts";
import { bootSnapshot } from "../tests/setup/db.ts";
import { createApp } from "./app.ts";
import type { Runtime } from "./boot.ts";
import { GTFS_PATH, GTFS_REALTIME_PATHS } from "./api/gtfs.ts";

let runtime: Runtime;
let app: ReturnType<typeof createApp>;
let closed: SailingView;
let moved: SailingView;
let closureId: number;
const day = addDays(localDateOf(new Date(), OPERATOR_TIME_ZONE), 3);
const MOVE = 20 * 60_000;

beforeAll(async () => {
  runtime = await bootSnapshot();
  app = createApp(runtime.services, { ping: () => runtime.database.ping() });
  const db = runtime.database.db;
  const now = new Date();
  await materializeSailings(db, { from: localDateOf(now, OPERATOR_TIME_ZONE), to: addDays(day, 1), now });
  const onDay = await findDaySailings(db, [CROSSING_TO_ISLA], day, now);
  [closed, moved] = [onDay[0]!, onDay[1]!];
  closureId = (await closeSales(db, { sailingId: closed.id }, "weather")).id;
  // Moved 20 minutes later, as any code would move it: the database keeps the planned departure.
  await db
    .update(sailings)
    .set({ departsAt: new Date(moved.departsAt.getTime() + MOVE) })
    .where(eq(sailings.id, moved.id));
});
afterAll(() => runtime.database.close());

async function feed(kind: keyof typeof GTFS_REALTIME_PATHS) {
  const response = await app.request(GTFS_REALTIME_PATHS[kind]);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/x-protobuf");
  expect(response.headers.get("cache-control")).toBe("public, max-age=30");
  return decodeFeedMessage(new Uint8Array(await response.arrayBuffer()));
}

const tripIdOf = (sailing: SailingView) => `${CROSSING_TO_ISLA_CODE}-${sailing.time.replace(":", "")}`;
const startDate = day.replaceAll("-", "");
const unix = (at: Date) => Math.floor(at.getTime() / 1000);

async function staticTripIds(): Promise<Set<string>> {
  const response = await app.request(GTFS_PATH);
  const dir = mkdtempSync(path.join(os.tmpdir(), "tv-gtfs-rt-"));
  try {
    writeFileSync(path.join(dir, "feed.zip"), Buffer.from(await response.arrayBuffer()));
    const trips = execFileSync("unzip", ["-p", path.join(dir, "feed.zip"), "trips.txt"])
      .toString("utf8")
      .trimEnd()
      .split("\r\n")
      .slice(1);
    return new Set(trips.map((line) => line.split(",")[2]!));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the realtime GTFS feeds", () => {
  it("keep the planned departure of a moved sailing, and forget it when it is moved back", async () => {
    const [row] = await runtime.database.db
      .select({ planned: sailings.plannedDepartsAt })
      .from(sailings)
      .where(eq(sailings.id, moved.id));
    expect(row?.planned?.getTime()).toBe(moved.departsAt.getTime());
  });

  it("carry the closed sailing as its trip CANCELED and the moved one as its planned trip with the new times", async () => {
    const message = await feed("tripUpdates");
    expect(message.header.gtfsRealtimeVersion).toBe("2.0");
    expect(Number(message.header.timestamp)).toBeGreaterThan(unix(new Date()) - 60);
    const updates = new Map(message.entity.map((entity) => [entity.id, entity.tripUpdate!]));
    const cancelled = updates.get(`sailing-${closed.id}`);
    expect(cancelled?.trip).toMatchObject({
      tripId: tripIdOf(closed),
      startDate,
      startTime: `${closed.time}:00`,
      scheduleRelationship: 3 /* CANCELED */,
    });
    const shifted = updates.get(`sailing-${moved.id}`);
    expect(shifted?.trip).toMatchObject({
      tripId: tripIdOf(moved),
      startDate,
      startTime: `${moved.time}:00`,
      scheduleRelationship: 0 /* SCHEDULED */,
    });
    const [departure, arrival] = shifted?.stopTimeUpdate ?? [];
    expect(departure).toMatchObject({ stopSequence: 1, stopId: "cancun-el-embarcadero", departure: { delay: 1200 } });
    expect(Number(departure!.departure!.time)).toBe(unix(moved.departsAt) + 1200);
    expect(Number(arrival!.arrival!.time)).toBe(unix(moved.arrivesAt) + 1200);
    // The trips are the static feed's (both run on other days of the window).
    const tripIds = await staticTripIds();
    expect(tripIds).toContain(tripIdOf(closed));
    expect(tripIds).toContain(tripIdOf(moved));
  });

  it("carry an alert per closure and per moved sailing, in es, en and pt", async () => {
    const message = await feed("alerts");
    const alerts = new Map(message.entity.map((entity) => [entity.id, entity.alert!]));
    const closure = alerts.get(`closure-${closureId}`);
    expect(closure).toMatchObject({ cause: 8 /* WEATHER */, effect: 1 /* NO_SERVICE */ });
    expect(closure!.informedEntity).toEqual([
      expect.objectContaining({ trip: expect.objectContaining({ tripId: tripIdOf(closed), startDate }) }),
    ]);
    expect((closure?.headerText?.translation ?? []).map((text) => text.language)).toEqual(["es", "en", "pt"]);
    expect((closure?.headerText?.translation ?? []).find((text) => text.language === "en")?.text).toContain(
      `Cancelled: the ${closed.time} sailing`,
    );
    expect(Number(closure?.activePeriod?.[0]?.start)).toBe(unix(closed.departsAt));
    const change = alerts.get(`moved-${moved.id}`);
    expect(change).toMatchObject({ effect: 6 /* MODIFIED_SERVICE */ });
    const later = new Date(moved.departsAt.getTime() + MOVE);
    const newTime = new Intl.DateTimeFormat("en-GB", {
      hour: "2-digit",
      minute: "2-digit",
      hour12: false,
      timeZone: OPERATOR_TIME_ZONE,
    }).format(later);
    expect((change?.headerText?.translation ?? []).find((text) => text.language === "es")?.text).toContain(
      `sale a las ${newTime}`,
    );
    expect((change?.headerText?.translation ?? []).find((text) => text.language === "pt")?.text).toContain(
      `sai às ${newTime}`,
    );
  });

  it("drop a lifted closure at the next request", async () => {
    await liftClosure(runtime.database.db, closureId, new Date());
    const updates = (await feed("tripUpdates")).entity.map((entity) => entity.id);
    expect(updates).not.toContain(`sailing-${closed.id}`);
    expect(updates).toContain(`sailing-${moved.id}`);
    expect((await feed("alerts")).entity.map((entity) => entity.id)).not.toContain(`closure-${closureId}`);
    await runtime.database.db.update(sailings).set({ departsAt: moved.departsAt }).where(eq(sailings.id, moved.id));
    const [row] = await runtime.database.db
      .select({ planned: sailings.plannedDepartsAt })
      .from(sailings)
      .where(eq(sailings.id, moved.id));
    expect(row?.planned).toBeNull();
    expect((await feed("tripUpdates")).entity.map((entity) => entity.id)).not.toContain(`sailing-${moved.id}`);
  });
});
