// The timetable as a static GTFS feed (gtfs.org/schedule/reference), pure: from the ports, crossings
// and the sailings of the sale window to the feed's CSV files (ADR 0037). A trip is one crossing at one
// local departure time; the days it runs are its service, written as calendar.txt (the weekdays it
// mostly runs, from its first to its last day) plus calendar_dates.txt exceptions. A closed sailing does
// not run: a closure is a "removed" exception of that day, so trip planners stop offering it.
import { addDays, weekdayOf, type LocalDate } from "../inventory/index.ts";

export const GTFS_TIME_ZONE = "America/Cancun";

export interface GtfsAgency {
  name: string;
  url: string;
  language: string;
  fareUrl: string;
  phone: string | null;
}

export interface GtfsPort {
  id: number;
  code: string;
  name: string;
  description: string;
  latitude: number;
  longitude: number;
}

export interface GtfsCrossing {
  id: number;
  code: string;
  fromPortId: number;
  toPortId: number;
  durationMinutes: number;
}

export interface GtfsSailing {
  crossingId: number;
  serviceDate: LocalDate;
  /** Local departure time, "HH:MM". */
  time: string;
  closed: boolean;
}

export interface GtfsInput {
  agency: GtfsAgency;
  ports: readonly GtfsPort[];
  crossings: readonly GtfsCrossing[];
  sailings: readonly GtfsSailing[];
  /** The window published: its first and last service dates. */
  from: LocalDate;
  to: LocalDate;
}

export interface GtfsFile {
  name: string;
  content: string;
}

const AGENCY_ID = "travesia";
const ROUTE_TYPE_FERRY = 4;

/** One CSV value: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function cell(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return [header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

const compact = (date: LocalDate) => date.replaceAll("-", "");

/** "HH:MM" plus minutes, as GTFS's "HH:MM:SS" (hours past 24 for a trip that ends after midnight). */
export function gtfsTime(time: string, plusMinutes = 0): string {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const total = hours * 60 + minutes + plusMinutes;
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}:00`;
}

export interface ServiceCalendar {
  /** Monday … Sunday. */
  weekdays: [boolean, boolean, boolean, boolean, boolean, boolean, boolean];
  start: LocalDate;
  end: LocalDate;
  added: LocalDate[];
  removed: LocalDate[];
}

/**
 * The fewest exceptions for a set of days: between the first and the last day, a weekday is in the
 * calendar when the service runs on more than half of that weekday's dates; the days that disagree
 * become exceptions (added: runs on a weekday not in the calendar; removed: does not run on one that is).
 */
export function compressService(days: readonly LocalDate[]): ServiceCalendar {
  const sorted = [...new Set(days)].sort();
  if (sorted.length === 0) throw new RangeError("a service runs on at least one day");
  const start = sorted[0]!;
  const end = sorted[sorted.length - 1]!;
  const running = new Set(sorted);
  const seen = [0, 0, 0, 0, 0, 0, 0];
  const ran = [0, 0, 0, 0, 0, 0, 0];
  for (let date = start; date <= end; date = addDays(date, 1)) {
    const index = weekdayOf(date) - 1;
    seen[index]! += 1;
    if (running.has(date)) ran[index]! += 1;
  }
  const weekdays = seen.map((count, index) => ran[index]! * 2 > count) as ServiceCalendar["weekdays"];
  const added: LocalDate[] = [];
  const removed: LocalDate[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) {
    const inCalendar = weekdays[weekdayOf(date) - 1]!;
    if (running.has(date) && !inCalendar) added.push(date);
    if (!running.has(date) && inCalendar) removed.push(date);
  }
  return { weekdays, start, end, added, removed };
}

interface Pattern {
  crossing: GtfsCrossing;
  time: string;
  days: LocalDate[];
}

/** The route of a pair of ports, both directions: its id from the two codes in a fixed order. */
function routeOf(crossing: GtfsCrossing, ports: ReadonlyMap<number, GtfsPort>): { id: string; first: GtfsPort; second: GtfsPort } {
  const [first, second] = [ports.get(crossing.fromPortId)!, ports.get(crossing.toPortId)!].sort((a, b) => a.code.localeCompare(b.code));
  return { id: `${first!.code}--${second!.code}`, first: first!, second: second! };
}

/**
 * The feed's files in the order a reader expects them. Ports without coordinates cannot be stops:
 * the caller refuses before (GTFS requires stop_lat and stop_lon).
 */
export function buildGtfsFiles(input: GtfsInput): GtfsFile[] {
  const ports = new Map(input.ports.map((port) => [port.id, port]));
  const crossings = new Map(input.crossings.map((crossing) => [crossing.id, crossing]));
  const patterns = new Map<string, Pattern>();
  for (const sailing of input.sailings) {
    const crossing = crossings.get(sailing.crossingId);
    if (!crossing || sailing.closed) continue;
    const key = `${crossing.code}@${sailing.time}`;
    const pattern = patterns.get(key) ?? { crossing, time: sailing.time, days: [] };
    pattern.days.push(sailing.serviceDate);
    patterns.set(key, pattern);
  }
  const ordered = [...patterns.values()].sort((a, b) => a.crossing.code.localeCompare(b.crossing.code) || a.time.localeCompare(b.time));

  // Trips that run on the same days share one service.
  const services = new Map<string, { id: string; calendar: ServiceCalendar }>();
  const serviceOf = (days: readonly LocalDate[]) => {
    const key = [...new Set(days)].sort().join(" ");
    let service = services.get(key);
    if (!service) {
      service = { id: `s${services.size + 1}`, calendar: compressService(days) };
      services.set(key, service);
    }
    return service.id;
  };

  const usedRoutes = new Map<string, ReturnType<typeof routeOf>>();
  const trips: (string | number)[][] = [];
  const stopTimes: (string | number)[][] = [];
  for (const pattern of ordered) {
    const route = routeOf(pattern.crossing, ports);
    usedRoutes.set(route.id, route);
    const from = ports.get(pattern.crossing.fromPortId)!;
    const to = ports.get(pattern.crossing.toPortId)!;
    const tripId = `${pattern.crossing.code}-${pattern.time.replace(":", "")}`;
    trips.push([route.id, serviceOf(pattern.days), tripId, to.name, route.first.id === from.id ? 0 : 1]);
    const departs = gtfsTime(pattern.time);
    const arrives = gtfsTime(pattern.time, pattern.crossing.durationMinutes);
    // Boarding only at the departure pier, leaving only at the arrival pier.
    stopTimes.push([tripId, departs, departs, from.code, 1, 0, 1]);
    stopTimes.push([tripId, arrives, arrives, to.code, 2, 1, 0]);
  }

  const usedPorts = [...new Set([...usedRoutes.values()].flatMap((route) => [route.first, route.second]))].sort((a, b) => a.code.localeCompare(b.code));
  const calendarRows = [...services.values()].map(({ id, calendar }) => [id, ...calendar.weekdays.map((runs) => (runs ? 1 : 0)), compact(calendar.start), compact(calendar.end)]);
  const exceptionRows = [...services.values()].flatMap(({ id, calendar }) => [
    ...calendar.added.map((date) => [id, compact(date), 1]),
    ...calendar.removed.map((date) => [id, compact(date), 2]),
  ]);
  exceptionRows.sort((a, b) => String(a[0]).localeCompare(String(b[0]), "en", { numeric: true }) || String(a[1]).localeCompare(String(b[1])));

  return [
    {
      name: "agency.txt",
      content: csv(
        ["agency_id", "agency_name", "agency_url", "agency_timezone", "agency_lang", "agency_phone", "agency_fare_url"],
        [[AGENCY_ID, input.agency.name, input.agency.url, GTFS_TIME_ZONE, input.agency.language, input.agency.phone, input.agency.fareUrl]],
      ),
    },
    {
      name: "stops.txt",
      content: csv(
        ["stop_id", "stop_code", "stop_name", "stop_desc", "stop_lat", "stop_lon", "location_type"],
        usedPorts.map((port) => [port.code, port.code, port.name, port.description, port.latitude.toFixed(6), port.longitude.toFixed(6), 0]),
      ),
    },
    {
      name: "routes.txt",
      content: csv(
        ["route_id", "agency_id", "route_short_name", "route_long_name", "route_type", "route_color", "route_text_color"],
        [...usedRoutes.values()].map((route) => [route.id, AGENCY_ID, "", `${route.first.name} – ${route.second.name}`, ROUTE_TYPE_FERRY, "0B6E8F", "FFFFFF"]),
      ),
    },
    { name: "trips.txt", content: csv(["route_id", "service_id", "trip_id", "trip_headsign", "direction_id"], trips) },
    {
      name: "stop_times.txt",
      content: csv(["trip_id", "arrival_time", "departure_time", "stop_id", "stop_sequence", "pickup_type", "drop_off_type"], stopTimes),
    },
    {
      name: "calendar.txt",
      content: csv(["service_id", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "start_date", "end_date"], calendarRows),
    },
    { name: "calendar_dates.txt", content: csv(["service_id", "date", "exception_type"], exceptionRows) },
  ];
}

/** feed_info.txt, last: its version names the other files' contents (the caller hashes them). */
export function feedInfoFile(input: Pick<GtfsInput, "agency" | "from" | "to">, version: string): GtfsFile {
  return {
    name: "feed_info.txt",
    content: csv(
      ["feed_publisher_name", "feed_publisher_url", "feed_lang", "feed_start_date", "feed_end_date", "feed_version"],
      [[input.agency.name, input.agency.url, input.agency.language, compact(input.from), compact(input.to), version]],
    ),
  };
}
