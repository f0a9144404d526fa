// The realtime GTFS feeds (ADR 0060): trip updates and service alerts for the closures in force and
// the moved sailings of the sale window, read from the database on every request, so a closure or a
// move reaches trip planners at their next poll.
import type { Database, LocalizedText } from "../lib/db.ts";
import { buildRealtimeFeeds, encodeFeedMessage } from "../modules/feeds/index.ts";
import {
  OPERATOR_TIME_ZONE,
  SALE_HORIZON_DAYS,
  addDays,
  findClosuresOfSailings,
  findCrossings,
  findMovedSailings,
  localDateOf,
} from "../modules/inventory/index.ts";
import { findFeedPorts, gtfsCrossingOf } from "./gtfs-feed.ts";

export type RealtimeFeedKind = "tripUpdates" | "alerts";

/** One realtime feed at `now`, as protobuf bytes. Yesterday is read too: a late sailing may still be under way. */
export async function buildRealtimeFeed(
  db: Database,
  input: { now: Date; kind: RealtimeFeedKind; infoUrl: LocalizedText },
): Promise<Uint8Array> {
  const today = localDateOf(input.now, OPERATOR_TIME_ZONE);
  const [from, to] = [addDays(today, -1), addDays(today, SALE_HORIZON_DAYS)];
  const [crossings, closures, moved] = await Promise.all([
    findCrossings(db, "es"),
    findClosuresOfSailings(db, from, to),
    findMovedSailings(db, from, to),
  ]);
  const ports = await findFeedPorts(db, new Set(crossings.flatMap((crossing) => [crossing.from.id, crossing.to.id])));
  const feeds = buildRealtimeFeeds({
    now: input.now,
    ports,
    crossings: crossings.map(gtfsCrossingOf),
    closures,
    moved,
    infoUrl: input.infoUrl,
  });
  return encodeFeedMessage(feeds[input.kind]);
}
