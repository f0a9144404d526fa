// Boarding at the pier (ADR 0040): a device's scans, online one at a time or synced
// in a batch after working offline, each decided by the server under the ticket's lock and recorded
// once by the id the device gave it; the signed list a device keeps for working offline; and the live
// manifest of a sailing.
//
// First scan to reach the server wins: a ticket boards once (the partial unique index is the last
// line), and a later scan of it — a second device, a copied QR, an offline device syncing late — is
// recorded as refused with TICKET_ALREADY_BOARDED; when that device had let the passenger on offline,
// the answer says conflict and the manifest lists it. Every boarding and refusal is audited and, when
// the scan named one of our tickets, written to its booking's history, in the scan's transaction.
import type { Database } from "../lib/db.ts";
import { AppError, isAppError } from "../lib/errors.ts";
import type { Language } from "../lib/language.ts";
import { recordChange, recordRefusal, type AuditActor } from "../modules/audit/index.ts";
import {
  BOARDING_LIST_TTL_HOURS,
  decideBoarding,
  findBoarding,
  findListTickets,
  findManifestRows,
  findRefusedScans,
  findScan,
  insertScan,
  isCancelled,
  lockTicketByCode,
  macOfPayload,
  markTicketUsed,
  scanVersionOf,
  signBoardingList,
  type BoardingDecision,
  type BoardingKeys,
  type BoardingRefusal,
  type BoardingScanRow,
  type SignedBoardingList,
  type TicketForBoarding,
} from "../modules/boarding/index.ts";
import { findBooking, recordBookingEvent } from "../modules/bookings/index.ts";
import {
  decideAt,
  findCrossings,
  findDaySailings,
  findSailing,
  lockSailing,
  sellSeats,
  type SailingView,
} from "../modules/inventory/index.ts";
import { printedTicketCodeOf, signTicketCode, verifyTicketCode } from "../modules/booking-documents/index.ts";

export interface BoardingDeps {
  db: Database;
  now: Date;
  /** Config TICKET_SIGNING_SECRET: checks a QR's MAC, and puts each ticket's MAC in the signed list. */
  ticketSigningSecret: string;
}

export type ScanOutcome = "boarded" | "refused";

export interface ScanInput {
  /** Made by the device (a UUID): the same scan synced twice is recorded once. */
  id: string;
  deviceId: string;
  sailingId: number;
  /** The QR's text (TRV1.<code>.<mac>), or the code printed under it, typed by hand. */
  payload: string;
  /** The device's clock when it scanned; a time ahead of ours is taken as ours. */
  scannedAt: Date;
  offline: boolean;
  /** What the device decided from its list when it scanned offline; null online. */
  deviceOutcome: ScanOutcome | null;
}

export interface ScanResult {
  id: string;
  outcome: ScanOutcome;
  reason: BoardingRefusal | null;
  /** The ticket's code when the QR was one of ours. */
  code: string | null;
  passengerType: TicketForBoarding["passengerType"] | null;
  fareCategory: TicketForBoarding["fareCategory"] | null;
  passengerName: string | null;
  bookingReference: string | null;
  /** Boarded: when; a second scan: when and on which sailing it boarded first. */
  boardedAt: string | null;
  boardedSailingId: number | null;
  /** A wrong sailing: the sailing the ticket is for. */
  ticketSailingId: number | null;
  /** The device let the passenger on offline, but the ticket had already boarded elsewhere. */
  conflict: boolean;
}

/** Scans arrive in device batches; a batch bigger than this is a bug or an attack, not a shift. */
export const MAX_SCANS_PER_SYNC = 500;

const SCANNED_TEXT_LIMIT = 128;

function resultOf(
  scan: BoardingScanRow,
  ticket: TicketForBoarding | null,
  boarding: BoardingScanRow | null,
  ticketSailingId: number | null,
): ScanResult {
  const boarded = scan.outcome === "boarded" ? scan : boarding;
  return {
    id: scan.id,
    outcome: scan.outcome,
    reason: (scan.reason as BoardingRefusal | null) ?? null,
    code: ticket?.code ?? null,
    passengerType: ticket?.passengerType ?? null,
    fareCategory: ticket?.fareCategory ?? null,
    passengerName: ticket?.passengerName ?? null,
    bookingReference: ticket?.bookingReference ?? null,
    boardedAt: boarded ? boarded.scannedAt.toISOString() : null,
    boardedSailingId: boarded?.sailingId ?? null,
    ticketSailingId,
    conflict: scan.outcome === "refused" && scan.deviceOutcome === "boarded",
  };
}

/** What a scan names: the code of a QR we signed, or a code typed from the paper under a damaged QR. */
interface ScannedCode {
  code: string;
  entry: "qr" | "typed";
}

/**
 * The code a payload names, or null (forged, altered, malformed). A typed code is only a candidate:
 * it boards when a ticket with exactly that printed code exists, looked up like a QR's code, and is
 * then checked against the sailing by the same rules.
 */
function codeOf(secret: string, payload: string): ScannedCode | null {
  const text = payload.trim();
  try {
    return { code: verifyTicketCode(secret, text), entry: "qr" };
  } catch (error) {
    if (!isAppError(error) || error.code !== "TICKET_CODE_INVALID") throw error;
  }
  const printed = printedTicketCodeOf(text);
  return printed === null ? null : { code: printed, entry: "typed" };
}

/**
 * Decides and records one scan. A refusal is an answer (200 with outcome refused), not an error: the
 * device shows its reason. Errors are for requests that name no sailing of ours.
 */
export async function recordScan(
  deps: BoardingDeps,
  actor: AuditActor,
  input: ScanInput,
  requestId: string | null = null,
): Promise<ScanResult> {
  const { db, now } = deps;
  const scanned = codeOf(deps.ticketSigningSecret, input.payload);
  const code = scanned?.code ?? null;
  const scannedAt = input.scannedAt.getTime() > now.getTime() ? now : input.scannedAt;
  const attempt = async () =>
    db.transaction(async (tx) => {
      const replay = await findScan(tx, input.id);
      if (replay) return replayOf(tx, replay);
      await decideAt(tx, now);
      // The sailing first, then the ticket: the lock order of holds and date changes (sailing, then rows).
      await lockSailing(tx, input.sailingId);
      const sailing = await findSailing(tx, input.sailingId, now);
      const ticket = code === null ? null : await lockTicketByCode(tx, code);
      const boarding = ticket ? await findBoarding(tx, ticket.id) : null;
      const decision =
        ticket === null
          ? ({ kind: "refuse", reason: "TICKET_CODE_INVALID" } satisfies BoardingDecision as BoardingDecision)
          : decideBoarding(
              {
                sailingId: ticket.sailingId,
                activityId: ticket.activityId,
                validUntil: ticket.validUntil,
                crossingId: ticket.crossingId,
                cancelled: isCancelled(ticket),
                boarded: boarding ? { at: boarding.scannedAt, sailingId: boarding.sailingId } : null,
              },
              {
                id: sailing.id,
                crossingId: sailing.crossingId,
                serviceDate: sailing.serviceDate,
                closed: sailing.closure !== null,
                seatsLeft: sailing.seatsLeft,
              },
              // When the passenger was at the gate: an offline device's scan synced after midnight
              // still belongs to the day it was made (its time is never taken ahead of ours).
              scannedAt,
            );
      const scan = await insertScan(tx, {
        id: input.id,
        deviceId: input.deviceId,
        sailingId: sailing.id,
        ticketId: ticket?.id ?? null,
        bookingId: ticket?.bookingId ?? null,
        scannedText: (code ?? input.payload.trim()).slice(0, SCANNED_TEXT_LIMIT),
        outcome: decision.kind === "board" ? "boarded" : "refused",
        reason: decision.kind === "board" ? null : decision.reason,
        deviceOutcome: input.offline ? input.deviceOutcome : null,
        offline: input.offline,
        scannedAt,
        recordedAt: now,
        staffUserId: actor.userId,
        staffLabel: actor.label,
      });
      const audit = {
        actor,
        action: "ticket.board",
        entityType: "ticket",
        entityId: ticket?.id ?? scan.scannedText,
        requestId,
        at: now,
      };
      const details = {
        scanId: scan.id,
        sailingId: sailing.id,
        deviceId: input.deviceId,
        offline: input.offline,
        code,
        entry: scanned?.entry ?? null,
      };
      if (decision.kind === "board" && ticket) {
        // An open ticket held no seat: it takes one now, under the sailing's lock (the trigger re-checks).
        if (decision.open) await sellSeats(tx, { sailingId: sailing.id }, 1, `boarding:${ticket.id}`, now);
        await markTicketUsed(tx, ticket.id);
        await recordChange(tx, { ...audit, before: { status: ticket.status }, after: { ...details, status: "used" } });
      } else {
        await recordRefusal(tx, {
          ...audit,
          reason: scan.reason!,
          after: { ...details, conflict: input.deviceOutcome === "boarded" },
        });
      }
      if (ticket) {
        const booking = await findBooking(tx, { id: ticket.bookingId });
        if (booking)
          await recordBookingEvent(
            tx,
            booking,
            decision.kind === "board"
              ? `boarded:${ticket.code}:sailing:${sailing.id}`
              : `boarding_refused:${scan.reason}:${ticket.code}:sailing:${sailing.id}`,
            now,
          );
      }
      return resultOf(scan, ticket, boarding, decision.kind === "refuse" ? (decision.ticketSailingId ?? null) : null);
    });
  try {
    return await attempt();
  } catch (error) {
    // The same scan id sent twice at once: one insert wins, the other reads what it recorded.
    if (isUniqueViolation(error)) {
      const stored = await findScan(db, input.id);
      if (stored) return replayOf(db, stored);
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause && typeof cause === "object"; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

async function replayOf(db: Database, scan: BoardingScanRow): Promise<ScanResult> {
  const ticket = scan.ticketId ? await lockTicketByCodeForRead(db, scan.scannedText) : null;
  const boarding = ticket && scan.outcome === "refused" ? await findBoarding(db, ticket.id) : null;
  return resultOf(scan, ticket, boarding, scan.reason === "TICKET_WRONG_SAILING" ? (ticket?.sailingId ?? null) : null);
}

async function lockTicketByCodeForRead(db: Database, code: string): Promise<TicketForBoarding | null> {
  // A replay only reads: the row lock of lockTicketByCode is harmless inside its short transaction.
  return db.transaction((tx) => lockTicketByCode(tx, code));
}

/**
 * A device's batch, in the order it scanned: each scan its own transaction, so one bad scan does not
 * hold back the others, and a retried batch gives the same answers.
 */
export async function syncScans(
  deps: BoardingDeps,
  actor: AuditActor,
  scans: readonly ScanInput[],
  requestId: string | null = null,
): Promise<ScanResult[]> {
  if (scans.length > MAX_SCANS_PER_SYNC) throw new AppError("BOARDING_SYNC_TOO_LARGE");
  const ordered = [...scans].sort((a, b) => a.scannedAt.getTime() - b.scannedAt.getTime());
  const results = new Map<string, ScanResult>();
  for (const scan of ordered) results.set(scan.id, await recordScan(deps, actor, scan, requestId));
  return scans.map((scan) => results.get(scan.id)!);
}

// ---- The signed list

export interface BoardingListInput {
  sailingIds: readonly number[];
  language: Language;
}

/**
 * The list of the chosen sailings' day: every ticket of that day's sailings (so a wrong sailing is told
 * apart from a forgery offline) and the open tickets still good that day, each with the MAC its QR
 * carries, and whether it is cancelled or already boarded; signed, good for BOARDING_LIST_TTL_HOURS.
 */
export async function buildBoardingList(
  deps: BoardingDeps & { keys: BoardingKeys },
  input: BoardingListInput,
): Promise<SignedBoardingList> {
  const { db, now } = deps;
  if (input.sailingIds.length === 0)
    throw new AppError("UNKNOWN_SAILING", { issues: [{ path: "sailings", code: "required" }] });
  const chosen: SailingView[] = [];
  for (const id of input.sailingIds) chosen.push(await findSailing(db, id, now));
  const serviceDate = chosen[0]!.serviceDate;
  if (chosen.some((sailing) => sailing.serviceDate !== serviceDate))
    throw new AppError("UNKNOWN_SAILING", { issues: [{ path: "sailings", code: "one_day_only" }] });
  const crossings = await findCrossings(db, input.language);
  const daySailings = await findDaySailings(
    db,
    crossings.map((crossing) => crossing.id),
    serviceDate,
    now,
  );
  const rows = await findListTickets(
    db,
    daySailings.map((sailing) => sailing.id),
    serviceDate,
  );
  return signBoardingList(deps.keys, {
    issuedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + BOARDING_LIST_TTL_HOURS * 3_600_000).toISOString(),
    serviceDate,
    chosen: chosen.map((sailing) => sailing.id),
    sailings: daySailings.map((sailing) => {
      const crossing = crossings.find((candidate) => candidate.id === sailing.crossingId);
      return {
        id: sailing.id,
        crossingId: sailing.crossingId,
        crossingCode: crossing?.code ?? "",
        from: crossing?.from.name ?? "",
        to: crossing?.to.name ?? "",
        departsAt: sailing.departsAt.toISOString(),
        time: sailing.time,
        capacity: sailing.capacity,
        taken: sailing.taken,
      };
    }),
    tickets: rows.map((row) => ({
      code: row.code,
      mac: macOfPayload(signTicketCode(deps.ticketSigningSecret, row.code)),
      sailingId: row.sailingId,
      crossingId: row.crossingId,
      validUntil: row.validUntil,
      passengerType: row.passengerType,
      fareCategory: row.fareCategory,
      passengerName: row.passengerName,
      bookingReference: row.bookingReference,
      cancelled: isCancelled(row),
      boardedAt: row.boardedAt?.toISOString() ?? null,
      boardedSailingId: row.boardedSailingId,
    })),
  });
}

// ---- The live manifest

export type PassengerState = "boarded" | "waiting" | "no_show" | "cancelled";

export interface Manifest {
  sailing: {
    id: number;
    serviceDate: string;
    time: string;
    departsAt: string;
    from: string;
    to: string;
    vessel: string;
    capacity: number;
    taken: number;
    departed: boolean;
    closed: boolean;
  };
  counts: { booked: number; boarded: number; waiting: number; noShows: number | null; cancelled: number };
  passengers: {
    code: string;
    name: string | null;
    passengerType: TicketForBoarding["passengerType"];
    fareCategory: TicketForBoarding["fareCategory"];
    bookingReference: string;
    open: boolean;
    state: PassengerState;
    boardedAt: string | null;
    boardedBy: string | null;
  }[];
  refusals: { at: string; reason: string; scanned: string; device: string; conflict: boolean }[];
  /** Changes whenever a scan of this sailing is recorded: the page polls it cheaply. */
  version: string;
}

export async function manifestOf(db: Database, sailingId: number, language: Language, now: Date): Promise<Manifest> {
  const sailing = await findSailing(db, sailingId, now);
  const crossings = await findCrossings(db, language);
  const crossing = crossings.find((candidate) => candidate.id === sailing.crossingId);
  const departed = sailing.departsAt.getTime() <= now.getTime();
  const rows = await findManifestRows(db, sailingId);
  const passengers = rows.map((row) => {
    const state: PassengerState = row.boardedAt
      ? "boarded"
      : isCancelled(row)
        ? "cancelled"
        : departed
          ? "no_show"
          : "waiting";
    return {
      code: row.code,
      name: row.passengerName,
      passengerType: row.passengerType,
      fareCategory: row.fareCategory,
      bookingReference: row.bookingReference,
      open: row.sailingId === null,
      state,
      boardedAt: row.boardedAt?.toISOString() ?? null,
      boardedBy: row.boardedBy,
    };
  });
  const count = (state: PassengerState) => passengers.filter((passenger) => passenger.state === state).length;
  const refusals = await findRefusedScans(db, sailingId);
  return {
    sailing: {
      id: sailing.id,
      serviceDate: sailing.serviceDate,
      time: sailing.time,
      departsAt: sailing.departsAt.toISOString(),
      from: crossing?.from.name ?? "",
      to: crossing?.to.name ?? "",
      vessel: sailing.vessel.name,
      capacity: sailing.capacity,
      taken: sailing.taken,
      departed,
      closed: sailing.closure !== null,
    },
    counts: {
      booked: passengers.length - count("cancelled"),
      boarded: count("boarded"),
      waiting: count("waiting"),
      noShows: departed ? count("no_show") : null,
      cancelled: count("cancelled"),
    },
    passengers,
    refusals: refusals.map((scan) => ({
      at: scan.recordedAt.toISOString(),
      reason: scan.reason ?? "",
      scanned: scan.scannedText,
      device: scan.deviceId,
      conflict: scan.deviceOutcome === "boarded",
    })),
    version: await scanVersionOf(db, sailingId),
  };
}
