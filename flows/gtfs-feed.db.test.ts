// The static GTFS feed built from the seeded database, read back from its zip as a consumer would:
// every file parses, and every reference resolves (a trip's route and service, a stop time's trip and
// stop, a fare rule's fare and route, a translation's record), with the names in es, en and pt.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSnapshot, type DatabaseHandle } from "../tests/setup/db.ts";
import { materializeSailings } from "../modules/inventory/index.ts";
import { buildGtfsFeed } from "./gtfs-feed.ts";

let database: DatabaseHandle;
const NOW = new Date("2031-04-07T15:00:00Z");
const site = "https://travesia.example";
const agency = {
  name: "Travesía",
  url: { es: `${site}/es/`, en: `${site}/en/`, pt: `${site}/pt/` },
  fareUrl: { es: `${site}/es/ferry/`, en: `${site}/en/ferry/`, pt: `${site}/pt/ferry/` },
  phone: null,
};

beforeAll(async () => {
  database = await openSnapshot();
  // Two weeks of the window are enough to have every route, trip and stop; the rest would be slow.
  await materializeSailings(database.db, { from: "2031-04-07", to: "2031-04-21", now: NOW });
});
afterAll(() => database.close());

/** The cells of one CSV line (RFC 4180: a quoted cell may hold commas and doubled quotes). */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quoted && char === '"' && line[index + 1] === '"') {
      cell += '"';
      index += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === "," && !quoted) {
      cells.push(cell);
      cell = "";
    } else {
      cell += char;
    }
  }
  return [...cells, cell];
}

/** A CSV file of the archive as records keyed by its header. */
function table(archive: string, name: string): Record<string, string>[] {
  const text = execFileSync("unzip", ["-p", archive, name], { maxBuffer: 64 << 20 }).toString("utf8");
  const [header, ...rows] = text.trimEnd().split("\r\n").map(cellsOf);
  return rows.map((row) => Object.fromEntries(header!.map((column, index) => [column, row[index] ?? ""])));
}

describe("the static GTFS feed's archive", () => {
  it("holds the files of a feed with fares and translations, and every reference in it resolves", async () => {
    const feed = await buildGtfsFeed(database.db, { now: NOW, agency });
    const dir = mkdtempSync(path.join(os.tmpdir(), "tv-gtfs-db-"));
    try {
      const archive = path.join(dir, "travesia.zip");
      writeFileSync(archive, feed.zip);
      expect(execFileSync("unzip", ["-tq", archive]).toString()).toContain("No errors detected");
      const names = execFileSync("unzip", ["-Z1", archive]).toString().trim().split("\n").sort();
      expect(names).toEqual([
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
      const [agencies, stops, routes, trips, stopTimes, calendar, fares, fareRules, translations] = [
        "agency.txt",
        "stops.txt",
        "routes.txt",
        "trips.txt",
        "stop_times.txt",
        "calendar.txt",
        "fare_attributes.txt",
        "fare_rules.txt",
        "translations.txt",
      ].map((name) => table(archive, name)) as Record<string, string>[][];
      const ids = (rows: Record<string, string>[], column: string) => new Set(rows.map((row) => row[column]));
      expect(trips!.length).toBeGreaterThan(0);
      for (const trip of trips!) {
        expect(ids(routes!, "route_id")).toContain(trip.route_id);
        expect(ids(calendar!, "service_id")).toContain(trip.service_id);
      }
      for (const stopTime of stopTimes!) {
        expect(ids(trips!, "trip_id")).toContain(stopTime.trip_id);
        expect(ids(stops!, "stop_id")).toContain(stopTime.stop_id);
      }
      for (const route of routes!) expect(ids(agencies!, "agency_id")).toContain(route.agency_id);

      // Fares: the seeded ferry's tourist adult one-way fare, MXN 254, on every route.
      expect(fares).toEqual([
        {
          fare_id: "tourist-adult-one-way",
          price: "254.00",
          currency_type: "MXN",
          payment_method: "1",
          transfers: "0",
          agency_id: "travesia",
        },
      ]);
      expect(fareRules!.length).toBe(routes!.length);
      for (const rule of fareRules!) {
        expect(ids(fares!, "fare_id")).toContain(rule.fare_id);
        expect(ids(routes!, "route_id")).toContain(rule.route_id);
      }

      // Translations: each names an existing record (or a value the field has), in es, en and pt.
      const records: Record<string, { key: string; rows: Record<string, string>[] }> = {
        agency: { key: "agency_id", rows: agencies! },
        stops: { key: "stop_id", rows: stops! },
        routes: { key: "route_id", rows: routes! },
        trips: { key: "trip_id", rows: trips! },
      };
      for (const row of translations!) {
        const target = records[row.table_name!];
        expect(target, row.table_name).toBeDefined();
        expect(["es", "en", "pt"]).toContain(row.language);
        expect(row.translation).not.toBe("");
        if (row.record_id) expect(ids(target!.rows, target!.key)).toContain(row.record_id);
        else expect(ids(target!.rows, row.field_name!)).toContain(row.field_value);
      }
      for (const language of ["es", "en", "pt"]) {
        const named = translations!.filter(
          (row) => row.language === language && row.table_name === "stops" && row.field_name === "stop_name",
        );
        expect(new Set(named.map((row) => row.record_id))).toEqual(ids(stops!, "stop_id"));
      }
      const english = translations!.find(
        (row) =>
          row.language === "en" &&
          row.table_name === "stops" &&
          row.field_name === "stop_desc" &&
          row.record_id === "cancun-el-embarcadero",
      );
      const spanish = stops!.find((stop) => stop.stop_id === "cancun-el-embarcadero")!.stop_desc;
      expect(english?.translation).not.toBe(spanish);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
