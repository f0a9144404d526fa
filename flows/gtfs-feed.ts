// The public GTFS feed (ADR 0037): the sale window's sailings, closures as exceptions, zipped. The
// archive is deterministic (lib/zip.ts), so its SHA-256 is a strong ETag every node computes alike;
// Last-Modified is when a sailing was last made or a closure made or lifted, or when the window last
// moved (midnight in Cancún), whichever is later.
import { createHash } from "node:crypto";
import type { Database } from "../lib/db.ts";
import { AppError } from "../lib/errors.ts";
import { zipFiles } from "../lib/zip.ts";
import { LANGUAGES, type Language } from "../lib/language.ts";
import type { CurrencyCode } from "../lib/money.ts";
import { findFerryProductId, findProduct, fromPrice } from "../modules/catalog/index.ts";
import {
  buildGtfsFiles,
  feedInfoFile,
  type GtfsAgency,
  type GtfsCrossing,
  type GtfsFare,
} from "../modules/feeds/index.ts";
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
  type Crossing,
} from "../modules/inventory/index.ts";

export interface GtfsFeed {
  zip: Buffer;
  etag: string;
  lastModified: Date;
  files: { name: string; content: string }[];
}

/** The fare trip planners show: the ferry's tourist adult one-way fare (catalog's "from" price); null without one. */
async function findFeedFare(db: Database): Promise<GtfsFare | null> {
  const productId = await findFerryProductId(db);
  if (productId === null) return null;
  const price = fromPrice((await findProduct(db, "es", { id: productId })).fares);
  return price ? { amountMinor: price.amountMinor, currency: price.currency as CurrencyCode } : null;
}

/** A crossing as the feeds see it: its code, piers and duration. */
export function gtfsCrossingOf(crossing: Crossing): GtfsCrossing {
  return {
    id: crossing.id,
    code: crossing.code,
    fromPortId: crossing.from.id,
    toPortId: crossing.to.id,
    durationMinutes: crossing.durationMinutes,
  };
}

/** Every port a crossing uses, named in each language. SERVICE_UNAVAILABLE when one has no coordinates. */
export async function findFeedPorts(db: Database, used: ReadonlySet<number>) {
  const named = await Promise.all(
    LANGUAGES.map(async (language) => [language, await findPortPlaces(db, language)] as const),
  );
  const inLanguage = (language: Language, id: number) =>
    named.find(([each]) => each === language)![1].find((place) => place.id === id)!;
  return named[0]![1]
    .filter((place) => used.has(place.id))
    .map((place) => {
      if (place.latitude === null || place.longitude === null) {
        throw new AppError("SERVICE_UNAVAILABLE", {
          issues: [{ path: `ports.${place.code}`, code: "no_coordinates" }],
        });
      }
      const text = (pick: (row: { name: string; place: string }) => string) => ({
        es: pick(inLanguage("es", place.id)),
        en: pick(inLanguage("en", place.id)),
        pt: pick(inLanguage("pt", place.id)),
      });
      return {
        id: place.id,
        code: place.code,
        name: text((row) => row.name),
        description: text((row) => row.place),
        latitude: place.latitude,
        longitude: place.longitude,
      };
    });
}

/**
 * The feed at `now`: today (the operator's date) to SALE_HORIZON_DAYS ahead, names in Spanish with
 * translations.txt in every language of the site, and the ferry's fare. SERVICE_UNAVAILABLE when a
 * pier of an active crossing has no coordinates: a stop without them is no GTFS stop.
 */
export async function buildGtfsFeed(db: Database, input: { now: Date; agency: GtfsAgency }): Promise<GtfsFeed> {
  const from = localDateOf(input.now, OPERATOR_TIME_ZONE);
  const to = addDays(from, SALE_HORIZON_DAYS);
  const [crossings, sailings, changedAt, fare] = await Promise.all([
    findCrossings(db, "es"),
    findTimetableSailings(db, from, to),
    findTimetableChangedAt(db),
    findFeedFare(db),
  ]);
  const ports = await findFeedPorts(db, new Set(crossings.flatMap((crossing) => [crossing.from.id, crossing.to.id])));
  const files = buildGtfsFiles({
    agency: input.agency,
    ports,
    crossings: crossings.map(gtfsCrossingOf),
    sailings: sailings.map((sailing) => ({
      crossingId: sailing.crossingId,
      serviceDate: sailing.serviceDate,
      time: localTimeOf(sailing.departsAt),
      closed: sailing.closed,
    })),
    fare,
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
