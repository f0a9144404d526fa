// The waiting list of a sold-out sailing (ADR 0037). Joining stores the visitor at the end
// of the line and schedules a check for when the next hold on that sailing runs out. A check (a job,
// and the minute's sweep as a safety net) locks the sailing, lets offers that ran out pass on, and
// offers what is free to the first in line whose group fits: each offer HOLDS its seats (a `held`
// allocation under `waitlist-offer:<entry>`, counted by availability and by the capacity trigger like
// a cart's hold) until it expires, so the link in the mail is never a lie. Following the link and
// pressing the one button moves those seats into the visitor's cart in one transaction.
import { z } from "zod";
import type { Database } from "../lib/db.ts";
import { AppError } from "../lib/errors.ts";
import type { Language } from "../lib/language.ts";
import type { CurrencyCode } from "../lib/money.ts";
import { enqueueJob, type JobContext } from "../modules/jobs/index.ts";
import type { Mailer } from "../modules/mail/index.ts";
import {
  CHECK_IN_CUTOFF_MINUTES,
  decideAt,
  findCrossings,
  findNextHoldExpiry,
  findSailing,
  holdSeats,
  localTimeOf,
  lockSailing,
  releaseAllocations,
  type SailingView,
} from "../modules/inventory/index.ts";
import {
  deriveOfferToken,
  findEntryByOfferTokenHash,
  findSailingsWithLiveEntries,
  findWaitlistEntry,
  hasLiveEntries,
  hashOfferToken,
  insertWaitlistEntry,
  isOfferTokenShaped,
  lapseDepartedEntries,
  lockLineEntries,
  newOfferNonce,
  offerExpiry,
  offerReferenceOf,
  pickOffers,
  placeInLine,
  readWaitlistRequest,
  renderOfferEmail,
  seatsOf,
  updateWaitlistEntry,
  type WaitlistEntryRow,
} from "../modules/waitlist/index.ts";
import { addToCart, oneSailingItem, type CartContext } from "./cart.ts";

export const OFFER_WAITLIST_SEATS = "offer-waitlist-seats";
export const SEND_WAITLIST_OFFER = "send-waitlist-offer";

export interface WaitlistDeps {
  db: Database;
  now: Date;
  /** Derives the offer links' tokens (GUEST_ACCESS_SECRET, with the waiting list's own purpose string). */
  tokenSecret: string;
}

/** Queues a check of a sailing's waiting list at `at`; the same sailing and instant queued twice is one job. */
export async function scheduleWaitlistCheck(db: Database, sailingId: number, at: Date): Promise<void> {
  await enqueueJob(db, {
    name: OFFER_WAITLIST_SEATS,
    payload: { sailingId },
    runAt: at,
    singletonKey: `${sailingId}@${at.toISOString()}`,
    maxAttempts: 3,
  });
}

/**
 * Checks again when seats may come free: when the next hold on the sailing runs out (a cart's or an
 * offer's), and at once when some are free now. Nothing is queued when nobody waits.
 */
async function scheduleNextCheck(tx: Database, sailingId: number, now: Date, freeNow: boolean): Promise<void> {
  if (!(await hasLiveEntries(tx, sailingId))) return;
  if (freeNow) await scheduleWaitlistCheck(tx, sailingId, now);
  const next = await findNextHoldExpiry(tx, sailingId, now);
  if (next) await scheduleWaitlistCheck(tx, sailingId, next);
}

/** For a use case that gave seats back on a sailing (a date change, a cancellation): its line is checked now. */
export async function noticeFreedSeats(tx: Database, sailingId: number, now: Date): Promise<void> {
  if (await hasLiveEntries(tx, sailingId)) await scheduleWaitlistCheck(tx, sailingId, now);
}

export interface JoinedWaitlist {
  entryId: string;
  place: number;
  seats: number;
  sailing: SailingView;
}

/**
 * Puts a visitor at the end of a sailing's line. Refuses WAITLIST_INVALID (the form), UNKNOWN_SAILING,
 * SAILING_CLOSED / SAILING_DEPARTED (nothing will be sold on it), WAITLIST_SEATS_AVAILABLE (the seats
 * asked for are on sale: buy them), WAITLIST_DUPLICATE (the address already waits for it).
 */
export async function joinWaitingList(
  deps: Pick<WaitlistDeps, "db" | "now">,
  input: Record<string, unknown>,
): Promise<JoinedWaitlist> {
  const request = readWaitlistRequest(input);
  const seats = seatsOf(request.passengers);
  const { now } = deps;
  return deps.db.transaction(async (tx) => {
    const sailing = await findSailing(tx, request.sailingId, now);
    if (sailing.status === "closed") throw new AppError("SAILING_CLOSED");
    if (sailing.status === "departed" || sailing.status === "check_in_closed") throw new AppError("SAILING_DEPARTED");
    if (sailing.seatsLeft >= seats) throw new AppError("WAITLIST_SEATS_AVAILABLE");
    const entry = await insertWaitlistEntry(tx, request, seats, now);
    if (!entry) throw new AppError("WAITLIST_DUPLICATE");
    await scheduleNextCheck(tx, sailing.id, now, sailing.seatsLeft > 0);
    return { entryId: entry.id, place: await placeInLine(tx, entry), seats, sailing };
  });
}

export interface OfferRun {
  /** Entries offered seats by this run. */
  offered: string[];
  /** Offers that ran out unused and passed on. */
  expired: string[];
  /** Entries that stopped waiting because the sailing can no longer be sold. */
  lapsed: string[];
}

/**
 * One check of a sailing's waiting list at `now`, under the sailing's lock (the same lock buyers take):
 * offers past their time are released and marked expired; then, while the sailing may be sold, the
 * free seats are offered in line order (pickOffers) and held for each offer until offerExpiry; each
 * offer's mail is queued in the same transaction. Then the next check is scheduled.
 */
export async function offerFreedSeats(deps: WaitlistDeps, sailingId: number): Promise<OfferRun> {
  const { now } = deps;
  return deps.db.transaction(async (tx) => {
    await decideAt(tx, now);
    await lockSailing(tx, sailingId);
    const run: OfferRun = { offered: [], expired: [], lapsed: [] };
    for (const entry of await lockLineEntries(tx, sailingId, "offered")) {
      if (entry.offerExpiresAt && entry.offerExpiresAt.getTime() > now.getTime()) continue;
      // Its hold stopped counting at offerExpiresAt already; releasing it keeps the history exact.
      await releaseAllocations(tx, offerReferenceOf(entry.id), now);
      await updateWaitlistEntry(tx, entry.id, { status: "expired", finishedAt: now });
      run.expired.push(entry.id);
    }
    const sailing = await findSailing(tx, sailingId, now);
    const waiting = await lockLineEntries(tx, sailingId, "waiting");
    const expiresAt = offerExpiry(now, sailing.departsAt, CHECK_IN_CUTOFF_MINUTES);
    if (sailing.status === "departed" || sailing.status === "check_in_closed" || expiresAt === null) {
      // Too late for anyone to take an offer and still board: nobody waits any longer.
      for (const entry of waiting) {
        await updateWaitlistEntry(tx, entry.id, { status: "lapsed", finishedAt: now });
        run.lapsed.push(entry.id);
      }
      return run;
    }
    // A closed sailing offers nothing; its line waits in case the closure is lifted.
    if (sailing.status !== "closed") {
      for (const entry of pickOffers(waiting, sailing.seatsLeft)) {
        await holdSeats(tx, { sailingId }, entry.seats, offerReferenceOf(entry.id), expiresAt, now);
        const nonce = newOfferNonce();
        await updateWaitlistEntry(tx, entry.id, {
          status: "offered",
          offeredAt: now,
          offerExpiresAt: expiresAt,
          offerNonce: nonce,
          offerTokenHash: hashOfferToken(deriveOfferToken(deps.tokenSecret, nonce)),
        });
        await enqueueJob(tx, {
          name: SEND_WAITLIST_OFFER,
          payload: { entryId: entry.id },
          singletonKey: `${entry.id}:${nonce}`,
        });
        run.offered.push(entry.id);
      }
    }
    await scheduleNextCheck(tx, sailingId, now, false);
    return run;
  });
}

/**
 * The minute's safety net (called by the lapsed-booking sweep): entries of departed sailings lapse, and
 * every sailing someone waits for is checked, so seats freed by a path that scheduled no check (an
 * operator's cancellation or refund) are offered within a minute.
 */
export async function sweepWaitingLists(deps: WaitlistDeps): Promise<OfferRun> {
  const total: OfferRun = { offered: [], expired: [], lapsed: [] };
  await lapseDepartedEntries(deps.db, deps.now);
  for (const sailingId of await findSailingsWithLiveEntries(deps.db, deps.now)) {
    const run = await offerFreedSeats(deps, sailingId);
    total.offered.push(...run.offered);
    total.expired.push(...run.expired);
    total.lapsed.push(...run.lapsed);
  }
  return total;
}

const OfferPayloadSchema = z.object({ sailingId: z.number().int().positive() });

/** The job of OFFER_WAITLIST_SEATS. */
export async function runWaitlistCheckJob(
  deps: WaitlistDeps,
  payload: unknown,
  context: Pick<JobContext, "logger">,
): Promise<void> {
  const { sailingId } = OfferPayloadSchema.parse(payload);
  const run = await offerFreedSeats(deps, sailingId);
  if (run.offered.length + run.expired.length + run.lapsed.length > 0)
    context.logger.info({ sailingId, ...run }, "waiting list checked");
}

// ---------------------------------------------------------------------------------------------------
// The offer mail and the offer link

export interface OfferMailDeps {
  db: Database;
  mailer: Mailer;
  tokenSecret: string;
  siteOrigin: string;
  /** The waiting-list page's path in a language (app/routing), where the link lands. */
  offerPathOf: (language: Language) => string;
}

const OfferMailPayloadSchema = z.object({ entryId: z.uuid() });

function longDate(date: string, language: Language): string {
  const locale = language === "es" ? "es-MX" : language === "pt" ? "pt-BR" : "en-US";
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
}

/** The job of SEND_WAITLIST_OFFER: the offer's mail, unless the offer is no longer open. */
export async function sendWaitlistOfferEmail(
  deps: OfferMailDeps,
  payload: unknown,
  context: Pick<JobContext, "now" | "logger">,
): Promise<void> {
  const { entryId } = OfferMailPayloadSchema.parse(payload);
  const entry = await findWaitlistEntry(deps.db, entryId);
  if (
    !entry ||
    entry.status !== "offered" ||
    !entry.offerNonce ||
    !entry.offerExpiresAt ||
    entry.offerExpiresAt.getTime() <= context.now.getTime()
  ) {
    context.logger.warn({ entryId }, "waiting-list offer no longer open: not mailed");
    return;
  }
  const sailing = await findSailing(deps.db, entry.sailingId, context.now);
  const crossing = (await findCrossings(deps.db, entry.language)).find((item) => item.id === sailing.crossingId);
  const token = deriveOfferToken(deps.tokenSecret, entry.offerNonce);
  const mail = renderOfferEmail(entry.language, {
    from: crossing?.from.name ?? "",
    to: crossing?.to.name ?? "",
    date: longDate(sailing.serviceDate, entry.language),
    time: sailing.time,
    seats: entry.seats,
    expiresAt: localTimeOf(entry.offerExpiresAt),
    offerUrl: `${deps.siteOrigin}${deps.offerPathOf(entry.language)}?token=${token}`,
  });
  await deps.mailer.send({ to: entry.email, ...mail, language: entry.language, tag: "waitlist-offer" });
}

export type OfferState = "offered" | "expired" | "claimed";

export interface OfferView {
  state: OfferState;
  seats: number;
  passengers: { adult: number; child: number; infant: number };
  category: WaitlistEntryRow["category"];
  expiresAt: string | null;
  sailing: { id: number; crossingId: number; date: string; time: string; arrivalTime: string };
}

function stateOf(entry: WaitlistEntryRow, now: Date): OfferState {
  if (entry.status === "claimed") return "claimed";
  if (entry.status === "offered" && entry.offerExpiresAt && entry.offerExpiresAt.getTime() > now.getTime())
    return "offered";
  return "expired";
}

async function entryOfToken(db: Database, token: unknown, lock: boolean): Promise<WaitlistEntryRow> {
  if (!isOfferTokenShaped(token)) throw new AppError("WAITLIST_OFFER_INVALID");
  const entry = await findEntryByOfferTokenHash(db, hashOfferToken(token), { lock });
  if (!entry) throw new AppError("WAITLIST_OFFER_INVALID");
  return entry;
}

/** What an offer link shows: the sailing, the seats kept and until when, or that it expired or was taken. */
export async function findOfferView(db: Database, token: unknown, now: Date): Promise<OfferView> {
  const entry = await entryOfToken(db, token, false);
  const sailing = await findSailing(db, entry.sailingId, now);
  return {
    state: stateOf(entry, now),
    seats: entry.seats,
    passengers: { adult: entry.adults, child: entry.children, infant: entry.infants },
    category: entry.category,
    expiresAt: entry.offerExpiresAt?.toISOString() ?? null,
    sailing: {
      id: sailing.id,
      crossingId: sailing.crossingId,
      date: sailing.serviceDate,
      time: sailing.time,
      arrivalTime: sailing.arrivalTime,
    },
  };
}

/**
 * The offer link's button: in one transaction the offer's hold is released and the same seats are
 * held for the visitor's cart (a one-way ferry line on that sailing, their passengers and fare) with
 * the cart's usual hold; then checkout goes on as always. WAITLIST_OFFER_INVALID / _EXPIRED / _USED,
 * or the cart's own refusals (a second ferry line, the package limit), change nothing: the offer stays.
 */
export async function claimWaitlistOffer(
  db: Database,
  input: { token: unknown; sessionId: string | null; currency: CurrencyCode },
  context: CartContext,
): Promise<{ sessionId: string; lineId: string }> {
  const { now } = context;
  return db.transaction(async (tx) => {
    await decideAt(tx, now);
    // Locked first: two clicks on the link (or two tabs) claim once.
    const entry = await entryOfToken(tx, input.token, true);
    const state = stateOf(entry, now);
    if (state === "claimed") throw new AppError("WAITLIST_OFFER_USED");
    if (state === "expired") throw new AppError("WAITLIST_OFFER_EXPIRED");
    await releaseAllocations(tx, offerReferenceOf(entry.id), now);
    await updateWaitlistEntry(tx, entry.id, { status: "claimed", finishedAt: now });
    const sailing = await findSailing(tx, entry.sailingId, now);
    const crossing = (await findCrossings(tx, context.language)).find((item) => item.id === sailing.crossingId);
    if (!crossing) throw new AppError("UNKNOWN_CROSSING");
    // A savepoint inside this transaction: the cart locks its row, then the sailing, and re-checks the
    // seats the release above just freed.
    return addToCart(
      tx,
      {
        sessionId: input.sessionId,
        currency: input.currency,
        item: oneSailingItem(crossing.code, sailing, entry.category, {
          adult: entry.adults,
          child: entry.children,
          infant: entry.infants,
        }),
      },
      context,
    );
  });
}
