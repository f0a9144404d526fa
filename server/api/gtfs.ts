// The public GTFS feed at a stable URL (ADR 0037), for trip planners: the timetable of the sale window
// as a zip, with a strong ETag and Last-Modified so that a planner polling it downloads only changes.
import { createRoute, z } from "@hono/zod-openapi";
import type { AppServices } from "../edge/index.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import { buildGtfsFeed } from "../../flows/gtfs-feed.ts";
import { buildRealtimeFeed, type RealtimeFeedKind } from "../../flows/gtfs-realtime.ts";
import { publicOriginOf } from "../../lib/config.ts";
import type { Language } from "../../lib/language.ts";
import type { GtfsAgency } from "../../modules/feeds/index.ts";
import { createRouter, errorResponse } from "./openapi.ts";

export const GTFS_PATH = "/gtfs/travesia.zip";
/** The realtime feeds beside the static one, one kind of entity each (ADR 0060). */
export const GTFS_REALTIME_PATHS = {
  tripUpdates: "/gtfs/realtime/trip-updates.pb",
  alerts: "/gtfs/realtime/alerts.pb",
} as const;
/** Planners poll realtime feeds about every 30 seconds; a shared cache may serve a copy that long. */
const REALTIME_MAX_AGE_SECONDS = 30;

/** Whether an If-None-Match header names `etag` (a list, or "*"; weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}

/** The operator as the feeds name it: the site's home and ferry page in each language. */
export function gtfsAgencyOf(origin: string): GtfsAgency {
  const inEach = (path: (language: Language) => string) => ({
    es: `${origin}${path("es")}`,
    en: `${origin}${path("en")}`,
    pt: `${origin}${path("pt")}`,
  });
  return {
    name: "Travesía",
    url: inEach((language) => pathOf("home", language)),
    fareUrl: inEach((language) => pathOf("ferry", language)),
    phone: null,
  };
}

export function gtfsRouter(services: AppServices) {
  const router = createRouter();
  router.openapi(
    createRoute({
      method: "get",
      path: GTFS_PATH,
      tags: ["feeds"],
      summary: "The timetable as a static GTFS feed (zip)",
      description:
        "agency, stops (the piers, with coordinates), routes (one per pair of piers, route_type 4 ferry), trips (a crossing at a departure time), stop_times, calendar, calendar_dates, fare_attributes and fare_rules (the tourist adult one-way fare, MXN), translations (es, en, pt) and feed_info, for today and the sale window ahead (America/Cancun). A closed sailing is a removed calendar exception. Conditional requests: If-None-Match (strong ETag) or If-Modified-Since answer 304.",
      responses: {
        200: {
          description: "The feed",
          headers: z.object({ ETag: z.string(), "Last-Modified": z.string(), "Cache-Control": z.string() }),
          content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
        },
        304: { description: "Not modified since the ETag or date the client has" },
        503: errorResponse("SERVICE_UNAVAILABLE: a pier has no coordinates"),
      },
    }),
    async (c) => {
      const origin = publicOriginOf(services.config);
      const feed = await buildGtfsFeed(services.db, {
        now: services.clock.now(),
        agency: gtfsAgencyOf(origin),
      });
      const headers = {
        ETag: feed.etag,
        "Last-Modified": feed.lastModified.toUTCString(),
        // Planners poll; an hour old is fresh enough, and the ETag makes a revalidation cheap.
        "Cache-Control": "public, max-age=3600",
      };
      const ifNoneMatch = c.req.header("If-None-Match");
      const ifModifiedSince = c.req.header("If-Modified-Since");
      const since = ifModifiedSince ? Date.parse(ifModifiedSince) : Number.NaN;
      // If-None-Match wins over If-Modified-Since (RFC 9110 §13.1.3); dates have whole seconds.
      const notModified =
        ifNoneMatch !== undefined
          ? matchesEtag(ifNoneMatch, feed.etag)
          : !Number.isNaN(since) && Math.floor(feed.lastModified.getTime() / 1000) * 1000 <= since;
      if (notModified) return c.body(null, 304, headers);
      return c.body(new Uint8Array(feed.zip), 200, {
        ...headers,
        "Content-Type": "application/zip",
        "Content-Disposition": 'attachment; filename="travesia.zip"',
      });
    },
  );
  const realtime = (kind: RealtimeFeedKind, summary: string, description: string) =>
    router.openapi(
      createRoute({
        method: "get",
        path: GTFS_REALTIME_PATHS[kind],
        tags: ["feeds"],
        summary,
        description,
        responses: {
          200: {
            description: "A GTFS-Realtime FeedMessage (protobuf, version 2.0, FULL_DATASET)",
            headers: z.object({ "Cache-Control": z.string() }),
            content: { "application/x-protobuf": { schema: z.string().openapi({ format: "binary" }) } },
          },
          503: errorResponse("SERVICE_UNAVAILABLE: a pier has no coordinates"),
        },
      }),
      async (c) => {
        const origin = publicOriginOf(services.config);
        const infoUrl = {
          es: `${origin}${pathOf("routesSchedules", "es")}`,
          en: `${origin}${pathOf("routesSchedules", "en")}`,
          pt: `${origin}${pathOf("routesSchedules", "pt")}`,
        };
        const bytes = await buildRealtimeFeed(services.db, { now: services.clock.now(), kind, infoUrl });
        return c.body(new Uint8Array(bytes), 200, {
          "Content-Type": "application/x-protobuf",
          "Cache-Control": `public, max-age=${REALTIME_MAX_AGE_SECONDS}`,
        });
      },
    );
  realtime(
    "tripUpdates",
    "Realtime GTFS trip updates: closed and moved sailings",
    "Trips of the static feed (same trip_id, start_date and start_time as the timetable planned them) that will not run as planned: a closed sailing is CANCELED; a moved one carries its new departure and arrival times and the delay. Read from the database on every request.",
  );
  realtime(
    "alerts",
    "Realtime GTFS service alerts: closures and time changes",
    "One alert per closure in force (a sailing, a crossing's day or the port's day; cause WEATHER or OTHER_CAUSE, effect NO_SERVICE) and per moved sailing (MODIFIED_SERVICE), with the affected trips, the period, and texts in es, en and pt.",
  );
  return router;
}
