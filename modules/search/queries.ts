// What the search service stores: analytics events and client error reports, the latter rate-limited
// per client by counting its recent rows — in the database, so the limit holds across app nodes.
import { and, count, eq, gt } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import { AppError } from "../../lib/errors.ts";
import type { Language } from "../../lib/language.ts";
import { clientErrorReports, searchEvents, searchTokenSecrets } from "./schema.ts";

export interface SearchEvent {
  dataStore: string;
  language: Language;
  eventType: "search";
  searchQuery: string;
  userPseudoId: string;
  documents: { id: string; uri?: string }[];
  selectedPosition: number;
  attributionToken: string | null;
}

export async function recordSearchEvent(db: Database, event: SearchEvent, now: Date): Promise<void> {
  await db.insert(searchEvents).values({ ...event, createdAt: now });
}

/** Reports one client may send per window; token and suggestion failures come one per search at most. */
export const REPORT_LIMIT = { count: 10, windowMs: 60_000 } as const;

export interface ClientErrorReport {
  clientKey: string;
  error: string;
  params: Record<string, unknown>;
  hostPath: string;
  userAgent: string | null;
}

/**
 * Stores a report unless its client already sent REPORT_LIMIT.count in the window (RATE_LIMITED).
 * Two reports racing at the limit may both pass: an error log can afford one extra row, not a lock.
 */
export async function recordClientError(db: Database, report: ClientErrorReport, now: Date): Promise<void> {
  const since = new Date(now.getTime() - REPORT_LIMIT.windowMs);
  const [recent] = await db
    .select({ value: count() })
    .from(clientErrorReports)
    .where(and(eq(clientErrorReports.clientKey, report.clientKey), gt(clientErrorReports.createdAt, since)));
  if ((recent?.value ?? 0) >= REPORT_LIMIT.count) throw new AppError("RATE_LIMITED");
  await db.insert(clientErrorReports).values({ ...report, createdAt: now });
}

/**
 * The site's token secret kept in the database: `candidate` when this is the first node to ask, else
 * the one the first node stored. Every node then signs and verifies with the same secret.
 */
export async function sharedSearchTokenSecret(
  db: Database,
  site: string,
  candidate: string,
  now: Date,
): Promise<string> {
  await db.insert(searchTokenSecrets).values({ site, secret: candidate, createdAt: now }).onConflictDoNothing();
  const [row] = await db
    .select({ secret: searchTokenSecrets.secret })
    .from(searchTokenSecrets)
    .where(eq(searchTokenSecrets.site, site))
    .limit(1);
  if (!row) throw new Error("the search token secret could not be stored");
  return row.secret;
}
