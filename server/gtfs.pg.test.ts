// The public GTFS feed at /gtfs/travesia.zip (ADR 0037): conditional requests, and the feed VALIDATED by
// a GTFS importer from npm, gtfs-via-postgres, which loads every file into typed PostgreSQL/PostGIS
// tables with the GTFS Schedule reference's required columns, enums and references (a malformed feed fails the
// import), then computes the days each trip runs from calendar.txt and calendar_dates.txt the way trip
// planners do. Those days must be exactly our sailings, a port closure included.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../lib/logger.ts";
import {
  OPERATOR_TIME_ZONE,
  SALE_HORIZON_DAYS,
  addDays,
  closeSales,
  findTimetableSailings,
  localDateOf,
} from "../modules/inventory/index.ts";
import { connect, createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";
import { createApp } from "./app.ts";
import { boot, type Runtime } from "./boot.ts";
import { GTFS_PATH } from "./api/gtfs.ts";

let database: TestDatabase;
let importer: TestDatabase;
let runtime: Runtime;
let app: ReturnType<typeof createApp>;
let dir: string;
const today = localDateOf(new Date(), OPERATOR_TIME_ZONE);
const closedDay = addDays(today, 10);

beforeAll(async () => {
  database = await createTestDatabase();
  importer = await createTestDatabase({ empty: true });
  runtime = await boot(
    { NODE_ENV: "test", DATABASE_URL: database.url, LOG_LEVEL: "silent", PUBLIC_ORIGIN: "https://travesia.example" },
    { logger: createLogger("silent") },
  );
  app = createApp(runtime.services, { ping: () => runtime.database.ping() });
  // The port closed for weather that day: no sailing of any crossing runs.
  await closeSales(runtime.database.db, { crossingId: null, date: closedDay }, "weather");
  dir = mkdtempSync(path.join(os.tmpdir(), "tv-gtfs-"));
}, 120_000);

afterAll(async () => {
  if (!process.env.KEEP_GTFS_DIR) rmSync(dir, { recursive: true, force: true });
  await runtime?.database.close();
  await database?.drop();
  await importer?.drop();
});

describe("the GTFS feed", () => {
  let etag = "";
  let lastModified = "";

  it("is a zip with a strong ETag and Last-Modified, and answers 304 to a client that has it", async () => {
    const response = await app.request(GTFS_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    etag = response.headers.get("etag") ?? "";
    lastModified = response.headers.get("last-modified") ?? "";
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(Date.parse(lastModified)).not.toBeNaN();
    writeFileSync(path.join(dir, "travesia.zip"), Buffer.from(await response.arrayBuffer()));
    // The same timetable makes the same bytes: another request (another node) agrees on the ETag.
    expect((await app.request(GTFS_PATH)).headers.get("etag")).toBe(etag);
    expect((await app.request(GTFS_PATH, { headers: { "If-None-Match": `"other", ${etag}` } })).status).toBe(304);
    expect((await app.request(GTFS_PATH, { headers: { "If-Modified-Since": lastModified } })).status).toBe(304);
    expect(
      (await app.request(GTFS_PATH, { headers: { "If-Modified-Since": "Mon, 01 Jan 2024 00:00:00 GMT" } })).status,
    ).toBe(200);
    expect((await app.request(GTFS_PATH, { headers: { "If-None-Match": '"stale"' } })).status).toBe(200);
  });

  it("passes the import of gtfs-via-postgres, and the days each trip runs are exactly the sailings, the closed day without any", async () => {
    execFileSync("unzip", ["-q", "-o", path.join(dir, "travesia.zip"), "-d", path.join(dir, "feed")]);
    const files = readdirSync(path.join(dir, "feed")).sort();
    expect(files).toEqual([
      "agency.txt",
      "calendar.txt",
      "calendar_dates.txt",
      "fare_attributes.txt",
      "fare_rules.txt",
      "feed_info.txt",
      "routes.txt",
      "stop_times.txt",
      "stops.txt",
      "translations.txt",
      "trips.txt",
    ]);
    const client = await connect(importer.url);
    try {
      await client.query("CREATE EXTENSION IF NOT EXISTS postgis");
    } finally {
      await client.end();
    }
    const cli = path.resolve("node_modules/gtfs-via-postgres/cli.js");
    // The importer has no fare tables (flows/gtfs-feed.db.test.ts checks the fares' references); it
    // does check every translation's record.
    const feedFiles = files.filter((file) => !file.startsWith("fare_")).map((file) => path.join(dir, "feed", file));
    // --require-dependencies: every file a present file refers to must be there. Shapes and levels are
    // optional in GTFS but the importer asks for them unless told not to. The sed drops the lone ";"
    // the importer writes after each COPY's "\.": psql 15 then skips the statements that follow.
    const script = `set -o pipefail; node ${JSON.stringify(cli)} --silent --require-dependencies --trips-without-shape-id --stops-without-level-id -- ${feedFiles.map((file) => JSON.stringify(file)).join(" ")} | sed -e '/^\\\\.$/{n;/^;$/d;}' | psql -X -q -v ON_ERROR_STOP=1 ${JSON.stringify(importer.url)}`;
    const imported = spawnSync("bash", ["-c", script], { encoding: "utf8", maxBuffer: 64 << 20 });
    expect(imported.stderr.replace(/^NOTICE:.*$/gm, "").trim(), imported.stderr).toBe("");
    expect(imported.status).toBe(0);

    const check = await connect(importer.url);
    try {
      const { rows } = await check.query<{ date: string; trips: number }>(
        `select to_char(d.date, 'YYYY-MM-DD') as date, count(*)::int as trips from trips t join service_days d on d.service_id = t.service_id group by 1 order by 1`,
      );
      const planned = new Map(rows.map((row) => [row.date, row.trips]));
      const sailings = await findTimetableSailings(runtime.database.db, today, addDays(today, SALE_HORIZON_DAYS));
      const expected = new Map<string, number>();
      for (const sailing of sailings)
        if (!sailing.closed) expected.set(sailing.serviceDate, (expected.get(sailing.serviceDate) ?? 0) + 1);
      expect(sailings.some((sailing) => sailing.serviceDate === closedDay)).toBe(true);
      expect(planned.get(closedDay)).toBeUndefined();
      expect(planned).toEqual(expected);
      const { rows: stops } = await check.query<{ stop_id: string; lat: number; lon: number }>(
        "select stop_id, st_y(stop_loc::geometry) as lat, st_x(stop_loc::geometry) as lon from stops order by stop_id",
      );
      expect(stops).toEqual([
        { stop_id: "cancun-el-embarcadero", lat: 21.14655, lon: -86.79177 },
        { stop_id: "isla-mujeres", lat: 21.25883, lon: -86.74983 },
      ]);
      const { rows: departures } = await check.query<{ t: string }>(
        `select to_char(t_departure at time zone 'America/Cancun', 'HH24:MI') as t from arrivals_departures where date = $1 and stop_id = 'cancun-el-embarcadero' order by t_departure limit 1`,
        [addDays(today, 3)],
      );
      const first = sailings.find((sailing) => sailing.serviceDate === addDays(today, 3) && sailing.crossingId === 1);
      expect(departures[0]?.t).toBe(
        new Intl.DateTimeFormat("en-GB", {
          hour: "2-digit",
          minute: "2-digit",
          hour12: false,
          timeZone: OPERATOR_TIME_ZONE,
        }).format(first!.departsAt),
      );
    } finally {
      await check.end();
    }
  }, 120_000);
});
