// The waiting list as the console shows it: for one day, each sailing someone waits (or waited) for,
// its line in order with each entry's status and offer, and the counts of offers sent and taken. And
// the operator's "offer now": the same check the jobs run, on demand, audited.
import type { Database } from "../lib/db.ts";
import { AppError, isAppError } from "../lib/errors.ts";
import type { Language } from "../lib/language.ts";
import { recordChange, recordRefusal, type AuditActor } from "../modules/audit/index.ts";
import { findCrossings, findDaySailings, findSailing } from "../modules/inventory/index.ts";
import { findEntriesOfSailings, type WaitlistStatus } from "../modules/waitlist/index.ts";
import { offerFreedSeats, type OfferRun } from "./waitlist.ts";

export interface ConsoleWaitlistEntry {
  place: number;
  email: string;
  people: { adults: number; children: number; infants: number };
  category: string;
  status: WaitlistStatus;
  joinedAt: string;
  offeredAt: string | null;
  offerExpiresAt: string | null;
  finishedAt: string | null;
}

export interface ConsoleWaitlistSailing {
  id: number;
  time: string;
  from: string;
  to: string;
  seatsLeft: number;
  totals: Record<WaitlistStatus, number>;
  entries: ConsoleWaitlistEntry[];
}

export async function findConsoleWaitlist(
  db: Database,
  input: { date: string; language: Language; now: Date },
): Promise<ConsoleWaitlistSailing[]> {
  const crossings = await findCrossings(db, input.language);
  const sailings = await findDaySailings(
    db,
    crossings.map((crossing) => crossing.id),
    input.date,
    input.now,
  );
  const entries = await findEntriesOfSailings(
    db,
    sailings.map((sailing) => sailing.id),
  );
  return sailings
    .filter((sailing) => entries.some((entry) => entry.sailingId === sailing.id))
    .map((sailing) => {
      const crossing = crossings.find((candidate) => candidate.id === sailing.crossingId);
      const line = entries.filter((entry) => entry.sailingId === sailing.id);
      const totals: Record<WaitlistStatus, number> = { waiting: 0, offered: 0, claimed: 0, expired: 0, lapsed: 0 };
      for (const entry of line) totals[entry.status] += 1;
      return {
        id: sailing.id,
        time: sailing.time,
        from: crossing?.from.name ?? "",
        to: crossing?.to.name ?? "",
        seatsLeft: sailing.seatsLeft,
        totals,
        entries: line.map((entry, index) => ({
          place: index + 1,
          email: entry.email,
          people: { adults: entry.adults, children: entry.children, infants: entry.infants },
          category: entry.category,
          status: entry.status,
          joinedAt: entry.createdAt.toISOString(),
          offeredAt: entry.offeredAt?.toISOString() ?? null,
          offerExpiresAt: entry.offerExpiresAt?.toISOString() ?? null,
          finishedAt: entry.finishedAt?.toISOString() ?? null,
        })),
      };
    })
    .sort((a, b) => a.time.localeCompare(b.time) || a.from.localeCompare(b.from));
}

export const OFFER_NOW_ACTION = "waitlist.offer_now";

/** The operator offers a sailing's free seats to its line now, rather than at the next check. */
export async function offerSeatsNow(
  deps: { db: Database; now: Date; tokenSecret: string; actor: AuditActor; requestId?: string | null },
  sailingId: number,
): Promise<OfferRun> {
  const audit = {
    actor: deps.actor,
    action: OFFER_NOW_ACTION,
    entityType: "sailing",
    entityId: sailingId,
    requestId: deps.requestId ?? null,
    at: deps.now,
  };
  try {
    if (!Number.isInteger(sailingId) || sailingId <= 0) throw new AppError("UNKNOWN_SAILING");
    await findSailing(deps.db, sailingId, deps.now);
    // The check and its audit entry commit together (the check's own transaction is a savepoint here).
    return await deps.db.transaction(async (tx) => {
      const run = await offerFreedSeats({ db: tx, now: deps.now, tokenSecret: deps.tokenSecret }, sailingId);
      await recordChange(tx, {
        ...audit,
        before: null,
        after: { offered: run.offered.length, expired: run.expired.length, lapsed: run.lapsed.length },
      });
      return run;
    });
  } catch (error) {
    if (isAppError(error)) await recordRefusal(deps.db, { ...audit, reason: error.code });
    throw error;
  }
}
