// The facts an editorial page may state, read from the catalogue: for the page when it is served and
// for the search index, so both say the same number.
import type { ContentFacts } from "../lib/content/content-facts.ts";
import type { Database } from "../lib/db.ts";
import { findCrossings } from "../modules/inventory/index.ts";

/** The first crossing in the operator's order gives the time at sea; none yet, no facts. */
export async function findContentFacts(db: Database): Promise<ContentFacts | null> {
  const [crossing] = await findCrossings(db, "en");
  return crossing ? { crossingMinutes: crossing.durationMinutes } : null;
}
