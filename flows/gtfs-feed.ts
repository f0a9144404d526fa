// The public GTFS feed (ADR 0037): the sale window's sailings, closures as exceptions, zipped. The
// archive is deterministic (lib/zip.ts), so its SHA-256 is a strong ETag every node computes alike;
// Last-Modified is when a sailing was last made or a closure made or lifted, or when the window last
// moved (midnight in Cancún), whichever is later.
import { createHash } from "node:crypto";
import type { Database } from "../lib/db.ts";
import { AppError } from "../lib/errors.ts";
import { zipFiles } from "../lib/zip.ts";
import { buildGtfsFiles, feedInfoFile, type GtfsAgency } from "../modules/feeds/index.ts";
import {
  OPERATOR_TIME_ZONE,
  SALE_HORIZON_DAYS,
  addDays,
  findCrossings,
  findPortPlaces,
  findTimetableChangedAt,
  findTimetableSailings,
  instantOf,
  localDateOf,
  localTimeOf,
} from "../modules/inventory/index.ts";

export interface GtfsFeed {
  zip: Buffer;
  etag: string;
  lastModified: Date;
  files: { name: string; content: string }[];
}

/**
 * The feed at `now`: today (the operator's date) to SALE_HORIZON_DAYS ahead, in Spanish (the
 * operator's language; trip planners translate place names themselves). SERVICE_UNAVAILABLE when a
 * pier of an active crossing has no coordinates: a stop without them is no GTFS stop.
 */
export async function buildGtfsFeed(db: Database, input: { now: Date; agency: GtfsAgency }): Promise<GtfsFeed> {
  const from = localDateOf(input.now, OPERATOR_TIME_ZONE);
  const to = addDays(from, SALE_HORIZON_DAYS);
  const [places, crossings, sailings, changedAt] = await Promise.all([
    findPortPlaces(db, "es"),
    findCrossings(db, "es"),
    findTimetableSailings(db, from, to),
    findTimetableChangedAt(db),
  ]);
  const used = new Set(crossings.flatMap((crossing) => [crossing.from.id, crossing.to.id]));
  const ports = places
    .filter((place) => used.has(place.id))
    .map((place) => {
      if (place.latitude === null || place.longitude === null) {
        throw new AppError("SERVICE_UNAVAILABLE", { issues: [{ path: `ports.${place.code}`, code: "no_coordinates" }] });
      }
      return { id: place.id, code: place.code, name: place.name, description: place.place, latitude: place.latitude, longitude: place.longitude };
    });
  const files = buildGtfsFiles({
    agency: input.agency,
    ports,
    crossings: crossings.map((crossing) => ({ id: crossing.id, code: crossing.code, fromPortId: crossing.from.id, toPortId: crossing.to.id, durationMinutes: crossing.durationMinutes })),
    sailings: sailings.map((sailing) => ({ crossingId: sailing.crossingId, serviceDate: sailing.serviceDate, time: localTimeOf(sailing.departsAt), closed: sailing.closed })),
    from,
    to,
  });
  const version = createHash("sha256")
    .update(files.map((file) => `${file.name}\n${file.content}`).join("\n"))
    .digest("hex")
    .slice(0, 16);
  const all = [...files, feedInfoFile({ agency: input.agency, from, to }, version)];
  const zip = zipFiles(all);
  // The window moves at midnight (Cancún) and the files with it, though no row changed.
  const windowMoved = instantOf(from, "00:00", OPERATOR_TIME_ZONE);
  const lastModified = new Date(Math.max(windowMoved.getTime(), changedAt?.getTime() ?? 0));
  return { zip, etag: `"${createHash("sha256").update(zip).digest("base64url")}"`, lastModified, files: all };
}
