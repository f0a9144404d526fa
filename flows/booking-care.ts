// What an operator does for a buyer after the sale, from the console: correct the buyer's details,
// send the tickets again (to the address on the booking or a corrected one), and move a booking whose
// tickets were cancelled in part, taking seats only for the tickets still live. Each change is one
// transaction with its audit entry; each refusal is audited with its code and changes nothing.
import type { Database } from "../lib/db.ts";
import { AppError, isAppError } from "../lib/errors.ts";
import type { Language } from "../lib/language.ts";
import { recordChange, recordRefusal, type AuditActor } from "../modules/audit/index.ts";
import {
  dateChangeReason,
  findBooking,
  findBookingLines,
  findTickets,
  normalizeReference,
  readBuyer,
  recordBookingEvent,
  rescheduleLiveTickets,
  saleReferenceOf,
  updateBuyerDetails,
  type BookingLineRow,
  type BookingRow,
  type LineSchedule,
  type ScheduleSnapshot,
  type TicketRow,
} from "../modules/bookings/index.ts";
import { enqueueJob } from "../modules/jobs/index.ts";
import {
  decideAt,
  findSailing,
  isLocalDate,
  lockActivityDay,
  lockSailing,
  releaseSoldSeats,
} from "../modules/inventory/index.ts";
import { SEND_BOOKING_EMAIL } from "./booking-email.ts";
import { takeLineSeats } from "./cart.ts";
import { noticeFreedSeats } from "./waitlist.ts";

export interface CareDeps {
  db: Database;
  now: Date;
  actor: AuditActor;
  requestId?: string | null;
}

export const BUYER_EDIT_ACTION = "booking.edit_buyer";
export const RESEND_ACTION = "booking.resend_tickets";
export const MOVE_ACTION = "booking.move";

/** A form's own token: the same form sent twice is one action (one mail, one move). */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Runs `work`; an AppError it throws is written to the audit log under the booking (or what was asked for) and thrown on. */
async function audited<T>(
  deps: CareDeps,
  action: string,
  entity: { id: string | null },
  asked: unknown,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error)) {
      await recordRefusal(deps.db, {
        actor: deps.actor,
        action,
        entityType: "booking",
        entityId: entity.id,
        after: asked,
        reason: error.code,
        requestId: deps.requestId ?? null,
        at: deps.now,
      });
    }
    throw error;
  }
}

async function lockedBooking(tx: Database, reference: string, entity: { id: string | null }): Promise<BookingRow> {
  const normalized = normalizeReference(reference.slice(0, 20));
  const booking = normalized ? await findBooking(tx, { reference: normalized }, { lock: true }) : null;
  if (!booking) throw new AppError("BOOKING_NOT_FOUND");
  entity.id = booking.id;
  return booking;
}

// ---- The buyer's details

export interface BuyerEdit {
  reference: string;
  name: string;
  email: string;
  phone: string;
}

type BuyerFields = Pick<BookingRow, "buyerName" | "buyerEmail" | "buyerPhone">;

/**
 * The details as the rules of checkout read them (the booking's country stays). A booth sale may have
 * been made without a phone: it may stay without one.
 */
function readBuyerEdit(booking: BookingRow, edit: BuyerEdit): BuyerFields {
  const phone = edit.phone.trim();
  const buyer = readBuyer(
    {
      name: edit.name,
      email: edit.email,
      phone: phone === "" ? "+00 0000000" : phone,
      country: booking.buyerCountry,
      acceptTerms: true,
    },
    [booking.buyerCountry],
  );
  return { buyerName: buyer.name, buyerEmail: buyer.email, buyerPhone: phone === "" ? "" : buyer.phone };
}

async function applyBuyerEdit(
  tx: Database,
  deps: CareDeps,
  booking: BookingRow,
  fields: BuyerFields,
): Promise<BookingRow> {
  const before = { name: booking.buyerName, email: booking.buyerEmail, phone: booking.buyerPhone };
  const after = { name: fields.buyerName, email: fields.buyerEmail, phone: fields.buyerPhone };
  if (before.name === after.name && before.email === after.email && before.phone === after.phone) return booking;
  const updated = await updateBuyerDetails(tx, booking.id, fields, deps.now);
  await recordChange(tx, {
    actor: deps.actor,
    action: BUYER_EDIT_ACTION,
    entityType: "booking",
    entityId: booking.id,
    before,
    after,
    requestId: deps.requestId ?? null,
    at: deps.now,
  });
  return updated;
}

/** Corrects the buyer's name, e-mail and phone; the audit entry keeps both versions. Unchanged details write nothing. */
export async function editBuyerDetails(
  deps: CareDeps,
  edit: BuyerEdit,
): Promise<{ booking: BookingRow; changed: boolean }> {
  const entity = { id: null as string | null };
  const asked = { reference: edit.reference, name: edit.name, email: edit.email, phone: edit.phone };
  return audited(deps, BUYER_EDIT_ACTION, entity, asked, () =>
    deps.db.transaction(async (tx) => {
      const booking = await lockedBooking(tx, edit.reference, entity);
      const updated = await applyBuyerEdit(tx, deps, booking, readBuyerEdit(booking, edit));
      return { booking: updated, changed: updated !== booking };
    }),
  );
}

// ---- Sending the tickets again

export interface ResendCommand {
  reference: string;
  /** Where to send them: the booking's address, or a corrected one (which becomes the booking's). */
  email: string;
  /** The form's token: sent twice, the tickets still go out once. */
  key: string;
}

/**
 * Queues the tickets' e-mail (PDF and calendar) through the mail job; a corrected address is written
 * on the booking first (audited as a buyer edit), so the job and every later mail use it. Only a
 * ticketed booking has tickets to send (BOOKING_STATE).
 */
export async function resendTickets(
  deps: CareDeps,
  command: ResendCommand,
): Promise<{ booking: BookingRow; to: string; queued: boolean }> {
  const entity = { id: null as string | null };
  return audited(deps, RESEND_ACTION, entity, { reference: command.reference, email: command.email }, () =>
    deps.db.transaction(async (tx) => {
      const booking = await lockedBooking(tx, command.reference, entity);
      if (!KEY_PATTERN.test(command.key))
        throw new AppError("INVALID_REQUEST", { issues: [{ path: "key", code: "format" }] });
      if (booking.status !== "ticketed")
        throw new AppError("BOOKING_STATE", {
          issues: [{ path: "booking.status", code: `not_ticketed:${booking.status}` }],
        });
      const corrected = readBuyerEdit(booking, {
        reference: command.reference,
        name: booking.buyerName,
        email: command.email,
        phone: booking.buyerPhone,
      });
      const updated = await applyBuyerEdit(tx, deps, booking, corrected);
      const job = await enqueueJob(tx, {
        name: SEND_BOOKING_EMAIL,
        payload: { bookingId: booking.id, reason: "resend" },
        singletonKey: `staff-resend:${booking.id}:${command.key}`,
      });
      if (job === null) return { booking: updated, to: updated.buyerEmail, queued: false };
      await recordBookingEvent(tx, updated, `staff_resend:${updated.buyerEmail}`, deps.now);
      await recordChange(tx, {
        actor: deps.actor,
        action: RESEND_ACTION,
        entityType: "booking",
        entityId: booking.id,
        before: null,
        after: { to: updated.buyerEmail, job },
        requestId: deps.requestId ?? null,
        at: deps.now,
      });
      return { booking: updated, to: updated.buyerEmail, queued: true };
    }),
  );
}

// ---- Moving a booking line, live tickets only

export interface MoveCommand {
  reference: string;
  lineId: string;
  /** Ferry lines: the new outbound sailing (null keeps it). */
  outboundSailingId: number | null;
  /** Round trips: the new return sailing (null keeps it). */
  inboundSailingId: number | null;
  /** Activity lines: the new day. */
  date: string | null;
  key: string;
}

interface LegMove {
  from: number;
  to: number;
  tickets: TicketRow[];
  serviceDate: string;
}

/** Each leg of a ferry line that changes sailing, with the live tickets it carries there. */
async function ferryLegMoves(
  tx: Database,
  line: BookingLineRow,
  live: readonly TicketRow[],
  command: MoveCommand,
  now: Date,
): Promise<LegMove[]> {
  const legs = [
    { from: line.outboundSailingId, to: command.outboundSailingId, path: "outboundSailingId" },
    { from: line.inboundSailingId, to: command.inboundSailingId, path: "inboundSailingId" },
  ];
  const moves: LegMove[] = [];
  for (const leg of legs) {
    if (leg.from === null || leg.to === null || leg.to === leg.from) continue;
    const [old, next] = [await findSailing(tx, leg.from, now), await findSailing(tx, leg.to, now)];
    if (next.crossingId !== old.crossingId)
      throw new AppError("UNKNOWN_SAILING", { issues: [{ path: leg.path, code: "not_on_crossing" }] });
    const tickets = live.filter((ticket) => ticket.sailingId === leg.from);
    if (tickets.length > 0) moves.push({ from: leg.from, to: leg.to, tickets, serviceDate: next.serviceDate });
  }
  return moves;
}

function snapshotOf(schedule: LineSchedule): ScheduleSnapshot {
  return {
    date: schedule.serviceDate ?? "",
    returnDate: schedule.returnDate,
    outboundSailingId: schedule.outboundSailingId,
    inboundSailingId: schedule.inboundSailingId,
  };
}

/**
 * Moves one dated line of a ticketed booking to other sailings (or another day), for the tickets still
 * valid on it: cancelled and boarded tickets stay where they were, and the new sailing is sold only as
 * many seats as move. The operator's move knows no 24-hour notice, but a departed, closed or full
 * sailing refuses as it would a sale at the booth. The buyer is mailed the moved tickets.
 */
export async function moveLiveTickets(
  deps: CareDeps,
  command: MoveCommand,
): Promise<{ booking: BookingRow; moved: string[] }> {
  const entity = { id: null as string | null };
  const { now } = deps;
  return audited(deps, MOVE_ACTION, entity, { ...command, key: undefined }, () =>
    deps.db.transaction(async (tx) => {
      await decideAt(tx, now);
      const booking = await lockedBooking(tx, command.reference, entity);
      if (!KEY_PATTERN.test(command.key))
        throw new AppError("INVALID_REQUEST", { issues: [{ path: "key", code: "format" }] });
      if (booking.status !== "ticketed")
        throw new AppError("BOOKING_STATE", {
          issues: [{ path: "booking.status", code: `not_ticketed:${booking.status}` }],
        });
      const line = (await findBookingLines(tx, booking.id)).find((candidate) => candidate.id === command.lineId);
      if (!line) throw new AppError("INVALID_REQUEST", { issues: [{ path: "lineId", code: "not_in_booking" }] });
      if (
        line.trip === "open" ||
        (line.kind === "ferry" && line.outboundSailingId === null) ||
        (line.kind === "activity" && (line.activityId === null || line.serviceDate === null))
      ) {
        throw new AppError("BOOKING_STATE", { issues: [{ path: "lineId", code: "not_dated" }] });
      }
      const live = (await findTickets(tx, booking.id)).filter(
        (ticket) => ticket.bookingLineId === line.id && ticket.status === "valid",
      );
      if (live.length === 0)
        throw new AppError("BOOKING_STATE", { issues: [{ path: "lineId", code: "no_live_tickets" }] });
      const language = booking.language as Language;
      const from: LineSchedule = {
        serviceDate: line.serviceDate,
        returnDate: line.returnDate,
        outboundSailingId: line.outboundSailingId,
        inboundSailingId: line.inboundSailingId,
      };
      const { to, moved } =
        line.kind === "activity"
          ? await moveActivityTickets(tx, line, live, command, language, from, now)
          : await moveFerryTickets(tx, line, live, command, language, from, now);
      await recordBookingEvent(tx, booking, dateChangeReason(line.id, snapshotOf(from), snapshotOf(to)), now);
      await enqueueJob(tx, {
        name: SEND_BOOKING_EMAIL,
        payload: { bookingId: booking.id, reason: "date_changed" },
        singletonKey: `staff-move:${booking.id}:${command.key}`,
      });
      const codes = moved.map((ticket) => ticket.code);
      await recordChange(tx, {
        actor: deps.actor,
        action: MOVE_ACTION,
        entityType: "booking",
        entityId: booking.id,
        before: { lineId: line.id, ...snapshotOf(from) },
        after: { lineId: line.id, ...snapshotOf(to), movedTickets: codes },
        requestId: deps.requestId ?? null,
        at: now,
      });
      return { booking, moved: codes };
    }),
  );
}

/** The activity line's tickets move to another day: its seats are released there and sold on the new one. */
async function moveActivityTickets(
  tx: Database,
  line: BookingLineRow,
  live: readonly TicketRow[],
  command: MoveCommand,
  language: Language,
  from: LineSchedule,
  now: Date,
): Promise<{ to: LineSchedule; moved: readonly TicketRow[] }> {
  const reference = saleReferenceOf(line.id);
  if (command.date === null || !isLocalDate(command.date))
    throw new AppError("INVALID_DATE", { issues: [{ path: "date", code: "invalid_date" }] });
  if (command.date === line.serviceDate)
    throw new AppError("INVALID_REQUEST", { issues: [{ path: "date", code: "unchanged" }] });
  for (const day of [line.serviceDate!, command.date].sort()) await lockActivityDay(tx, line.activityId!, day);
  await releaseSoldSeats(tx, reference, { activityId: line.activityId!, date: line.serviceDate! }, live.length, now);
  await takeLineSeats(
    tx,
    language,
    {
      kind: "activity",
      seats: live.length,
      activityId: line.activityId,
      serviceDate: command.date,
      outboundSailingId: null,
      inboundSailingId: null,
    },
    reference,
    "sold",
    now,
    "booth",
  );
  const to = { ...from, serviceDate: command.date };
  await rescheduleLiveTickets(tx, line.id, to, [
    { ticketIds: live.map((ticket) => ticket.id), sailingId: null, serviceDate: command.date },
  ]);
  return { to, moved: live };
}

/** Each ferry leg that changes moves its live tickets to the new sailing, sold seat for seat; the way back must still leave after the way out arrives. */
async function moveFerryTickets(
  tx: Database,
  line: BookingLineRow,
  live: readonly TicketRow[],
  command: MoveCommand,
  language: Language,
  from: LineSchedule,
  now: Date,
): Promise<{ to: LineSchedule; moved: readonly TicketRow[] }> {
  const reference = saleReferenceOf(line.id);
  const moves = await ferryLegMoves(tx, line, live, command, now);
  if (moves.length === 0)
    throw new AppError("INVALID_REQUEST", { issues: [{ path: "outboundSailingId", code: "unchanged" }] });
  const ids = [...new Set(moves.flatMap((move) => [move.from, move.to]))].sort((a, b) => a - b);
  for (const id of ids) await lockSailing(tx, id);
  for (const move of moves) {
    await releaseSoldSeats(tx, reference, { sailingId: move.from }, move.tickets.length, now);
    await takeLineSeats(
      tx,
      language,
      {
        kind: "ferry",
        seats: move.tickets.length,
        outboundSailingId: move.to,
        inboundSailingId: null,
        activityId: null,
        serviceDate: move.serviceDate,
      },
      reference,
      "sold",
      now,
      "booth",
    );
  }
  const outbound = moves.find((move) => move.from === line.outboundSailingId);
  const inbound = moves.find((move) => move.from === line.inboundSailingId);
  const to: LineSchedule = {
    serviceDate: outbound?.serviceDate ?? from.serviceDate,
    outboundSailingId: outbound?.to ?? from.outboundSailingId,
    returnDate: inbound?.serviceDate ?? from.returnDate,
    inboundSailingId: inbound?.to ?? from.inboundSailingId,
  };
  if (to.inboundSailingId !== null && to.outboundSailingId !== null && (outbound || inbound)) {
    const [out, back] = [
      await findSailing(tx, to.outboundSailingId, now),
      await findSailing(tx, to.inboundSailingId, now),
    ];
    if (back.departsAt.getTime() <= out.arrivesAt.getTime())
      throw new AppError("RETURN_BEFORE_DEPARTURE", {
        issues: [{ path: "inboundSailingId", code: "before_outbound_arrives" }],
      });
  }
  await rescheduleLiveTickets(
    tx,
    line.id,
    to,
    moves.map((move) => ({
      ticketIds: move.tickets.map((ticket) => ticket.id),
      sailingId: move.to,
      serviceDate: move.serviceDate,
    })),
  );
  for (const move of moves) await noticeFreedSeats(tx, move.from, now);
  return { to, moved: moves.flatMap((move) => move.tickets) };
}
