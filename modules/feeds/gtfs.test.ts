import { describe, expect, it } from "vitest";
import { buildGtfsFiles, compressService, feedInfoFile, gtfsTime, type GtfsInput } from "./gtfs.ts";

const site = "https://travesia.example";
const agency = {
  name: "Travesía",
  url: { es: `${site}/es/`, en: `${site}/en/`, pt: `${site}/pt/` },
  fareUrl: { es: `${site}/es/ferry/`, en: `${site}/en/ferry/`, pt: `${site}/pt/ferry/` },
  phone: null,
};
const ports = [
  {
    id: 1,
    code: "cancun-el-embarcadero",
    name: { es: "Cancún · El Embarcadero", en: "Cancún · El Embarcadero pier", pt: "Cancún · Píer El Embarcadero" },
    description: { es: "Zona hotelera km 4, Cancún", en: "Hotel zone km 4, Cancún", pt: "Zona hoteleira km 4, Cancún" },
    latitude: 21.14655,
    longitude: -86.79177,
  },
  {
    id: 2,
    code: "isla-mujeres",
    name: { es: "Isla Mujeres", en: "Isla Mujeres", pt: "Isla Mujeres" },
    description: {
      es: "Muelle de pasajeros, centro",
      en: "Passenger pier, downtown",
      pt: "Píer de passageiros, centro",
    },
    latitude: 21.25883,
    longitude: -86.74983,
  },
];
const crossings = [
  { id: 1, code: "cancun-isla-mujeres", fromPortId: 1, toPortId: 2, durationMinutes: 25 },
  { id: 2, code: "isla-mujeres-cancun", fromPortId: 2, toPortId: 1, durationMinutes: 25 },
];
const week = ["2031-03-03", "2031-03-04", "2031-03-05", "2031-03-06", "2031-03-07", "2031-03-08", "2031-03-09"]; // Monday … Sunday
const threeWeeks = Array.from({ length: 21 }, (_, index) =>
  new Date(Date.UTC(2031, 2, 3 + index)).toISOString().slice(0, 10),
);

/** The cells of a CSV line (RFC 4180 quoting). */
function cells(line: string): string[] {
  return [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
    .slice(0, -1)
    .map((match) => (match[1]!.startsWith('"') ? match[1]!.slice(1, -1).replaceAll('""', '"') : match[1]!));
}

function rows(files: ReturnType<typeof buildGtfsFiles>, name: string): string[][] {
  const file = files.find((item) => item.name === name);
  if (!file) throw new Error(`no ${name}`);
  return file.content.trimEnd().split("\r\n").slice(1).map(cells);
}

describe("compressService", () => {
  it("writes a daily service as every weekday, no exceptions", () => {
    expect(compressService(week)).toEqual({
      weekdays: [true, true, true, true, true, true, true],
      start: week[0],
      end: week[6],
      added: [],
      removed: [],
    });
  });
  it("writes weekends only as Saturday and Sunday", () => {
    expect(compressService(["2031-03-08", "2031-03-09", "2031-03-15", "2031-03-16"]).weekdays).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
  });
  it("turns a missing day into a removed exception and an odd extra day into an added one", () => {
    // Monday to Saturday for three weeks, but not Wednesday the 5th, and one Sunday (the 16th).
    const days = threeWeeks.filter((date) => new Date(`${date}T12:00:00Z`).getUTCDay() !== 0 && date !== "2031-03-05");
    const calendar = compressService([...days, "2031-03-16"]);
    expect(calendar.weekdays).toEqual([true, true, true, true, true, true, false]);
    expect(calendar.removed).toEqual(["2031-03-05"]);
    expect(calendar.added).toEqual(["2031-03-16"]);
  });
});

describe("gtfsTime", () => {
  it("adds the crossing's minutes, going past 24:00 rather than wrapping", () => {
    expect(gtfsTime("09:45", 25)).toBe("10:10:00");
    expect(gtfsTime("23:50", 25)).toBe("24:15:00");
  });
});

describe("buildGtfsFiles", () => {
  const input: GtfsInput = {
    agency,
    ports,
    crossings,
    sailings: [
      ...threeWeeks.map((date) => ({ crossingId: 1, serviceDate: date, time: "09:00", closed: date === "2031-03-05" })),
      ...threeWeeks.map((date) => ({ crossingId: 2, serviceDate: date, time: "09:45", closed: false })),
      { crossingId: 1, serviceDate: "2031-03-08", time: "09:30", closed: false },
    ],
    fare: { amountMinor: 25_400, currency: "MXN" },
    from: threeWeeks[0]!,
    to: threeWeeks[20]!,
  };
  const files = buildGtfsFiles(input);

  it("has the files of a feed, one route for both directions of the pair of piers, a trip per crossing and time", () => {
    expect(files.map((file) => file.name)).toEqual([
      "agency.txt",
      "stops.txt",
      "routes.txt",
      "trips.txt",
      "stop_times.txt",
      "calendar.txt",
      "calendar_dates.txt",
      "fare_attributes.txt",
      "fare_rules.txt",
      "translations.txt",
    ]);
    expect(rows(files, "routes.txt")).toEqual([
      [
        "cancun-el-embarcadero--isla-mujeres",
        "travesia",
        "",
        "Cancún · El Embarcadero – Isla Mujeres",
        "4",
        "0B6E8F",
        "FFFFFF",
      ],
    ]);
    expect(rows(files, "trips.txt").map((row) => [row[2], row[4]])).toEqual([
      ["cancun-isla-mujeres-0900", "0"],
      ["cancun-isla-mujeres-0930", "0"],
      ["isla-mujeres-cancun-0945", "1"],
    ]);
    expect(rows(files, "stop_times.txt").slice(0, 2)).toEqual([
      ["cancun-isla-mujeres-0900", "09:00:00", "09:00:00", "cancun-el-embarcadero", "1", "0", "1"],
      ["cancun-isla-mujeres-0900", "09:25:00", "09:25:00", "isla-mujeres", "2", "1", "0"],
    ]);
    expect(rows(files, "stops.txt").map((row) => [row[0], row[4], row[5]])).toEqual([
      ["cancun-el-embarcadero", "21.146550", "-86.791770"],
      ["isla-mujeres", "21.258830", "-86.749830"],
    ]);
  });

  it("writes a closed sailing as a removed day of its trip's service; trips running on the same days share a service", () => {
    const services = Object.fromEntries(rows(files, "trips.txt").map((row) => [row[2], row[1]]));
    expect(services["cancun-isla-mujeres-0900"]).not.toBe(services["isla-mujeres-cancun-0945"]);
    expect(rows(files, "calendar_dates.txt")).toContainEqual([services["cancun-isla-mujeres-0900"], "20310305", "2"]);
    const shared = buildGtfsFiles({
      ...input,
      sailings: input.sailings
        .filter((sailing) => sailing.time !== "09:30")
        .map((sailing) => ({ ...sailing, closed: false })),
    });
    const ids = new Set(rows(shared, "trips.txt").map((row) => row[1]));
    expect(ids.size).toBe(1);
    expect(rows(shared, "calendar.txt")).toEqual([
      [[...ids][0], "1", "1", "1", "1", "1", "1", "1", "20310303", "20310323"],
    ]);
  });

  it("quotes a value holding a comma or a quote", () => {
    const quoted = buildGtfsFiles({
      ...input,
      ports: ports.map((port) =>
        port.id === 2 ? { ...port, description: { ...port.description, es: 'Muelle "Centro", Isla' } } : port,
      ),
    });
    expect(quoted.find((file) => file.name === "stops.txt")?.content).toContain('"Muelle ""Centro"", Isla"');
    expect(feedInfoFile(input, "abc").content).toBe(
      "feed_publisher_name,feed_publisher_url,feed_lang,feed_start_date,feed_end_date,feed_version\r\nTravesía,https://travesia.example/es/,es,20310303,20310323,abc\r\n",
    );
  });

  it("gives every route the tourist adult one-way fare in MXN, paid before boarding, no transfers", () => {
    expect(rows(files, "fare_attributes.txt")).toEqual([
      ["tourist-adult-one-way", "254.00", "MXN", "1", "0", "travesia"],
    ]);
    expect(rows(files, "fare_rules.txt")).toEqual([["tourist-adult-one-way", "cancun-el-embarcadero--isla-mujeres"]]);
    const names = buildGtfsFiles({ ...input, fare: null }).map((file) => file.name);
    expect(names).not.toContain("fare_attributes.txt");
    expect(names).not.toContain("fare_rules.txt");
  });

  it("translates stops, routes, headsigns and the agency's links into es, en and pt", () => {
    const translations = rows(files, "translations.txt");
    const find = (table: string, field: string, language: string, key: string) =>
      translations.find(
        (row) => row[0] === table && row[1] === field && row[2] === language && (row[4] === key || row[5] === key),
      )?.[3];
    for (const language of ["es", "en", "pt"] as const) {
      expect(find("stops", "stop_name", language, "cancun-el-embarcadero")).toBe(ports[0]!.name[language]);
      expect(find("stops", "stop_desc", language, "isla-mujeres")).toBe(ports[1]!.description[language]);
      expect(find("routes", "route_long_name", language, "cancun-el-embarcadero--isla-mujeres")).toBe(
        `${ports[0]!.name[language]} – ${ports[1]!.name[language]}`,
      );
      expect(find("trips", "trip_headsign", language, "Cancún · El Embarcadero")).toBe(ports[0]!.name[language]);
      expect(find("agency", "agency_fare_url", language, "travesia")).toBe(agency.fareUrl[language]);
    }
    // A row names its record by record_id or by field_value, never both.
    for (const row of translations) expect([row[4], row[5]].filter((value) => (value ?? "") !== "").length).toBe(1);
  });
});
