// The timetable as a static GTFS feed (gtfs.org/schedule/reference), pure: from the ports, crossings
// and the sailings of the sale window to the feed's CSV files (ADR 0037). A trip is one crossing at one
// local departure time; the days it runs are its service, written as calendar.txt (the weekdays it
// mostly runs, from its first to its last day) plus calendar_dates.txt exceptions. A closed sailing does
// not run: a closure is a "removed" exception of that day, so trip planners stop offering it. Names are
// in Spanish, the feed's language, with translations.txt giving them in every language of the site;
// the tourist adult one-way fare is the route's fare in fare_attributes.txt and fare_rules.txt (ADR 0060).
import type { LocalizedText } from "../../lib/db.ts";
import { LANGUAGES, type Language } from "../../lib/language.ts";
import { minorUnitsOf, type CurrencyCode } from "../../lib/money.ts";
import { addDays, weekdayOf, type LocalDate } from "../inventory/index.ts";

export const GTFS_TIME_ZONE = "America/Cancun";
/** The language of the feed's own names (feed_info.feed_lang); translations.txt gives the others. */
export const GTFS_LANGUAGE: Language = "es";
export const GTFS_AGENCY_ID = "travesia";

export interface GtfsAgency {
  name: string;
  /** The site's home and its ferry fares page, in each language. */
  url: LocalizedText;
  fareUrl: LocalizedText;
  phone: string | null;
}

export interface GtfsPort {
  id: number;
  code: string;
  name: LocalizedText;
  description: LocalizedText;
  latitude: number;
  longitude: number;
}

/** The fare a trip planner shows for a crossing: one adult, tourist fare, one way, before boarding. */
export interface GtfsFare {
  amountMinor: number;
  currency: CurrencyCode;
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
  /** Null when the operator sells no ferry fare: the feed then has no fare files. */
  fare: GtfsFare | null;
  /** The window published: its first and last service dates. */
  from: LocalDate;
  to: LocalDate;
}

export interface GtfsFile {
  name: string;
  content: string;
}

const AGENCY_ID = GTFS_AGENCY_ID;
const ROUTE_TYPE_FERRY = 4;
const FARE_ID = "tourist-adult-one-way";
/** fare_attributes.payment_method: the fare is paid before boarding (online or at the booth). */
const PAID_BEFORE_BOARDING = 1;

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
export function routeOf(
  crossing: GtfsCrossing,
  ports: ReadonlyMap<number, GtfsPort>,
): { id: string; first: GtfsPort; second: GtfsPort } {
  const [first, second] = [ports.get(crossing.fromPortId)!, ports.get(crossing.toPortId)!].sort((a, b) =>
    a.code.localeCompare(b.code),
  );
  return { id: `${first!.code}--${second!.code}`, first: first!, second: second! };
}

/** A trip's id: its crossing and local departure time ("cancun-isla-mujeres-0900"), the same in the realtime feed. */
export function tripIdOf(crossingCode: string, time: string): string {
  return `${crossingCode}-${time.replace(":", "")}`;
}

const routeName = (route: ReturnType<typeof routeOf>, language: Language) =>
  `${route.first.name[language]} – ${route.second.name[language]}`;

/** A price as GTFS writes it: the currency's ISO 4217 minor units after the point ("254.00"). */
function priceOf(fare: GtfsFare): string {
  const digits = minorUnitsOf(fare.currency);
  return (fare.amountMinor / 10 ** digits).toFixed(digits);
}

/**
 * translations.txt: every name the feed shows, in each language of the site. Stops and routes by
 * record_id; trips' headsigns by field_value (a headsign is a port's name, so two rows per language
 * cover every trip); the agency's links to the site in that language.
 */
function translationRows(
  agency: GtfsAgency,
  ports: readonly GtfsPort[],
  routes: readonly ReturnType<typeof routeOf>[],
  headsigns: ReadonlySet<GtfsPort>,
): (string | null)[][] {
  const rows: (string | null)[][] = [];
  for (const language of LANGUAGES) {
    rows.push(["agency", "agency_url", language, agency.url[language], AGENCY_ID, null]);
    rows.push(["agency", "agency_fare_url", language, agency.fareUrl[language], AGENCY_ID, null]);
    for (const port of ports) {
      rows.push(["stops", "stop_name", language, port.name[language], port.code, null]);
      rows.push(["stops", "stop_desc", language, port.description[language], port.code, null]);
    }
    for (const route of routes)
      rows.push(["routes", "route_long_name", language, routeName(route, language), route.id, null]);
    for (const port of headsigns)
      rows.push(["trips", "trip_headsign", language, port.name[language], null, port.name[GTFS_LANGUAGE]]);
  }
  return rows;
}

/**
 * The feed's files in the order a reader expects them. Ports without coordinates cannot be stops:
 * the caller refuses before (GTFS requires stop_lat and stop_lon).
 */
export function buildGtfsFiles(input: GtfsInput): GtfsFile[] {
  const ports = new Map(input.ports.map((port) => [port.id, port]));
  const ordered = tripPatterns(input);
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
  const headsigns = new Set<GtfsPort>();
  for (const pattern of ordered) {
    const route = routeOf(pattern.crossing, ports);
    usedRoutes.set(route.id, route);
    const from = ports.get(pattern.crossing.fromPortId)!;
    const to = ports.get(pattern.crossing.toPortId)!;
    const tripId = tripIdOf(pattern.crossing.code, pattern.time);
    headsigns.add(to);
    trips.push([route.id, serviceOf(pattern.days), tripId, to.name[GTFS_LANGUAGE], route.first.id === from.id ? 0 : 1]);
    const departs = gtfsTime(pattern.time);
    const arrives = gtfsTime(pattern.time, pattern.crossing.durationMinutes);
    // Boarding only at the departure pier, leaving only at the arrival pier.
    stopTimes.push([tripId, departs, departs, from.code, 1, 0, 1]);
    stopTimes.push([tripId, arrives, arrives, to.code, 2, 1, 0]);
  }

  const usedPorts = [...new Set([...usedRoutes.values()].flatMap((route) => [route.first, route.second]))].sort(
    (a, b) => a.code.localeCompare(b.code),
  );

  const routes = [...usedRoutes.values()];
  return [
    {
      name: "agency.txt",
      content: csv(
        ["agency_id", "agency_name", "agency_url", "agency_timezone", "agency_lang", "agency_phone", "agency_fare_url"],
        [
          [
            AGENCY_ID,
            input.agency.name,
            input.agency.url[GTFS_LANGUAGE],
            GTFS_TIME_ZONE,
            GTFS_LANGUAGE,
            input.agency.phone,
            input.agency.fareUrl[GTFS_LANGUAGE],
          ],
        ],
      ),
    },
    {
      name: "stops.txt",
      content: csv(
        ["stop_id", "stop_code", "stop_name", "stop_desc", "stop_lat", "stop_lon", "location_type"],
        usedPorts.map((port) => [
          port.code,
          port.code,
          port.name[GTFS_LANGUAGE],
          port.description[GTFS_LANGUAGE],
          port.latitude.toFixed(6),
          port.longitude.toFixed(6),
          0,
        ]),
      ),
    },
    {
      name: "routes.txt",
      content: csv(
        [
          "route_id",
          "agency_id",
          "route_short_name",
          "route_long_name",
          "route_type",
          "route_color",
          "route_text_color",
        ],
        routes.map((route) => [
          route.id,
          AGENCY_ID,
          "",
          routeName(route, GTFS_LANGUAGE),
          ROUTE_TYPE_FERRY,
          "0B6E8F",
          "FFFFFF",
        ]),
      ),
    },
    { name: "trips.txt", content: csv(["route_id", "service_id", "trip_id", "trip_headsign", "direction_id"], trips) },
    {
      name: "stop_times.txt",
      content: csv(
        ["trip_id", "arrival_time", "departure_time", "stop_id", "stop_sequence", "pickup_type", "drop_off_type"],
        stopTimes,
      ),
    },
    ...calendarFiles(services),
    ...fareFiles(input.fare, routes),
    {
      name: "translations.txt",
      content: csv(
        ["table_name", "field_name", "language", "translation", "record_id", "field_value"],
        translationRows(input.agency, usedPorts, routes, headsigns),
      ),
    },
  ];
}

/** One pattern per crossing and departure time, with the days it runs (closed sailings left out), in the feed's order. */
function tripPatterns(input: GtfsInput): Pattern[] {
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
  return [...patterns.values()].sort(
    (a, b) => a.crossing.code.localeCompare(b.crossing.code) || a.time.localeCompare(b.time),
  );
}

/** calendar.txt and calendar_dates.txt: each service's weekdays and range, and the days added to or taken from it. */
function calendarFiles(services: ReadonlyMap<string, { id: string; calendar: ServiceCalendar }>): GtfsFile[] {
  const calendarRows = [...services.values()].map(({ id, calendar }) => [
    id,
    ...calendar.weekdays.map((runs) => (runs ? 1 : 0)),
    compact(calendar.start),
    compact(calendar.end),
  ]);
  const exceptionRows = [...services.values()].flatMap(({ id, calendar }) => [
    ...calendar.added.map((date) => [id, compact(date), 1]),
    ...calendar.removed.map((date) => [id, compact(date), 2]),
  ]);
  exceptionRows.sort(
    (a, b) =>
      String(a[0]).localeCompare(String(b[0]), "en", { numeric: true }) || String(a[1]).localeCompare(String(b[1])),
  );
  return [
    {
      name: "calendar.txt",
      content: csv(
        [
          "service_id",
          "monday",
          "tuesday",
          "wednesday",
          "thursday",
          "friday",
          "saturday",
          "sunday",
          "start_date",
          "end_date",
        ],
        calendarRows,
      ),
    },
    { name: "calendar_dates.txt", content: csv(["service_id", "date", "exception_type"], exceptionRows) },
  ];
}

/** fare_attributes.txt and fare_rules.txt: the one fare, on every route; none without a fare. */
function fareFiles(fare: GtfsInput["fare"], routes: readonly { id: string }[]): GtfsFile[] {
  return fare && routes.length > 0
    ? [
        {
          name: "fare_attributes.txt",
          content: csv(
            ["fare_id", "price", "currency_type", "payment_method", "transfers", "agency_id"],
            [[FARE_ID, priceOf(fare), fare.currency, PAID_BEFORE_BOARDING, 0, AGENCY_ID]],
          ),
        },
        {
          name: "fare_rules.txt",
          content: csv(
            ["fare_id", "route_id"],
            routes.map((route) => [FARE_ID, route.id]),
          ),
        },
      ]
    : [];
}

/** feed_info.txt, last: its version names the other files' contents (the caller hashes them). */
export function feedInfoFile(input: Pick<GtfsInput, "agency" | "from" | "to">, version: string): GtfsFile {
  return {
    name: "feed_info.txt",
    content: csv(
      ["feed_publisher_name", "feed_publisher_url", "feed_lang", "feed_start_date", "feed_end_date", "feed_version"],
      [
        [
          input.agency.name,
          input.agency.url[GTFS_LANGUAGE],
          GTFS_LANGUAGE,
          compact(input.from),
          compact(input.to),
          version,
        ],
      ],
    ),
  };
}
