// The operator moves every holder of a closed sailing to another sailing of its crossing in one action
// (ADR 0064): each booking's valid tickets on the closed sailing follow to the chosen one, and only
// those — a round trip whose return alone was closed keeps its outbound. All or nothing: when the
// chosen sailing has not the seats for every ticket, nothing moves. Each moved buyer is mailed the
// tickets as they are now; the change and its audit entry commit together.
import { AppError } from "../lib/errors.ts";
import type { Language } from "../lib/language.ts";
import {
  dateChangeReason,
  findBooking,
  findBookingLines,
  findTicketHoldersOnSailings,
  findTickets,
  recordBookingEvent,
  rescheduleLiveTickets,
  saleReferenceOf,
  type BookingRow,
  type LineSchedule,
  type ScheduleSnapshot,
} from "../modules/bookings/index.ts";
import { decideAt, findSailing, isSailingClosed, lockSailing, releaseSoldSeats } from "../modules/inventory/index.ts";
import { enqueueJob } from "../modules/jobs/index.ts";
import { SEND_BOOKING_EMAIL } from "./booking-email.ts";
import { takeLineSeats } from "./cart.ts";
import { runAuditedChange, type StaffDeps } from "./staff-change.ts";

export const MOVE_HOLDERS_ACTION = "sailing.move_holders";

/** A form's own token: the same form sent twice mails each buyer once. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export interface MoveHoldersCommand {
  fromSailingId: number;
  toSailingId: number;
  key: string;
}

export interface MoveHoldersOutcome {
  bookings: string[];
  tickets: number;
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
 * Moves the valid tickets every ticketed booking holds on a closed sailing to another sailing of the
 * same crossing. Refuses, changing nothing: SAILING_NOT_CLOSED (the sailing sells: its holders are not
 * stranded), SAILING_DEPARTED (either sailing gone), UNKNOWN_SAILING (another crossing, or itself),
 * SAILING_CLOSED (the chosen one is closed too), BOOKING_STATE (nobody to move), SAILING_SOLD_OUT (not
 * seats for every ticket: `left:<n>` and `needed:<n>`), RETURN_BEFORE_DEPARTURE (a round trip whose
 * legs would cross; `booking.<reference>` names it).
 */
export async function moveHoldersOfClosedSailing(
  deps: StaffDeps,
  command: MoveHoldersCommand,
): Promise<MoveHoldersOutcome> {
  const { now } = deps;
  return runAuditedChange(
    deps,
    { action: MOVE_HOLDERS_ACTION, entityType: "sailing", entityId: String(command.fromSailingId) },
    async (tx) => {
      await decideAt(tx, now);
      if (!KEY_PATTERN.test(command.key))
        throw new AppError("INVALID_REQUEST", { issues: [{ path: "key", code: "format" }] });
      const from = await findSailing(tx, command.fromSailingId, now);
      if (from.departsAt.getTime() <= now.getTime())
        throw new AppError("SAILING_DEPARTED", { issues: [{ path: "fromSailingId", code: "departed" }] });
      if (!(await isSailingClosed(tx, from.id)))
        throw new AppError("SAILING_NOT_CLOSED", { issues: [{ path: "fromSailingId", code: "not_closed" }] });
      const to = await findSailing(tx, command.toSailingId, now);
      if (to.id === from.id || to.crossingId !== from.crossingId)
        throw new AppError("UNKNOWN_SAILING", {
          issues: [{ path: "toSailingId", code: to.id === from.id ? "same_sailing" : "not_on_crossing" }],
        });
      if (to.departsAt.getTime() <= now.getTime())
        throw new AppError("SAILING_DEPARTED", { issues: [{ path: "toSailingId", code: "departed" }] });
      if (await isSailingClosed(tx, to.id))
        throw new AppError("SAILING_CLOSED", { issues: [{ path: "toSailingId", code: "closed" }] });

      // The bookings first (in id order, as a buyer's own change locks its booking first), then both
      // sailings in id order — the lock order of holds and date changes, so no deadlock with them.
      const holders = await findTicketHoldersOnSailings(tx, [from.id]);
      if (holders.length === 0)
        throw new AppError("BOOKING_STATE", { issues: [{ path: "fromSailingId", code: "no_holders" }] });
      const bookings: BookingRow[] = [];
      for (const holder of holders) {
        const booking = await findBooking(tx, { id: holder.bookingId }, { lock: true });
        if (booking && booking.status === "ticketed") bookings.push(booking);
      }
      for (const id of [from.id, to.id].sort((a, b) => a - b)) await lockSailing(tx, id);

      const plans = [];
      for (const booking of bookings) {
        const [lines, tickets] = [await findBookingLines(tx, booking.id), await findTickets(tx, booking.id)];
        for (const line of lines) {
          const moving = tickets.filter(
            (ticket) => ticket.bookingLineId === line.id && ticket.status === "valid" && ticket.sailingId === from.id,
          );
          if (moving.length === 0 || line.kind !== "ferry") continue;
          const leg = line.inboundSailingId === from.id ? "inbound" : "outbound";
          // The other leg stays: the new sailing must still leave after the outbound arrives (or arrive before the return leaves).
          const other = leg === "inbound" ? line.outboundSailingId : line.inboundSailingId;
          if (other !== null) {
            const kept = await findSailing(tx, other, now);
            const crossed =
              leg === "inbound"
                ? to.departsAt.getTime() <= kept.arrivesAt.getTime()
                : kept.departsAt.getTime() <= to.arrivesAt.getTime();
            if (crossed)
              throw new AppError("RETURN_BEFORE_DEPARTURE", {
                issues: [
                  {
                    path: `booking.${booking.reference}`,
                    code: leg === "inbound" ? "before_outbound_arrives" : "after_return_leaves",
                  },
                ],
              });
          }
          plans.push({ booking, line, leg, tickets: moving });
        }
      }
      const needed = plans.reduce((total, plan) => total + plan.tickets.length, 0);
      if (needed === 0)
        throw new AppError("BOOKING_STATE", { issues: [{ path: "fromSailingId", code: "no_holders" }] });
      // Read under the sailing's lock: no buyer can take a seat between this check and the move. The
      // seat takes below check again, and the capacity trigger stands behind both.
      const left = (await findSailing(tx, to.id, now)).seatsLeft;
      if (left < needed)
        throw new AppError("SAILING_SOLD_OUT", {
          issues: [
            { path: "toSailingId", code: `left:${left}` },
            { path: "tickets", code: `needed:${needed}` },
          ],
        });

      for (const plan of plans) {
        const { booking, line, leg, tickets } = plan;
        const reference = saleReferenceOf(line.id);
        await releaseSoldSeats(tx, reference, { sailingId: from.id }, tickets.length, now);
        await takeLineSeats(
          tx,
          booking.language as Language,
          {
            kind: "ferry",
            seats: tickets.length,
            outboundSailingId: to.id,
            inboundSailingId: null,
            activityId: null,
            serviceDate: to.serviceDate,
          },
          reference,
          "sold",
          now,
          "booth",
        );
        const before: LineSchedule = {
          serviceDate: line.serviceDate,
          returnDate: line.returnDate,
          outboundSailingId: line.outboundSailingId,
          inboundSailingId: line.inboundSailingId,
        };
        const after: LineSchedule =
          leg === "inbound"
            ? { ...before, returnDate: to.serviceDate, inboundSailingId: to.id }
            : { ...before, serviceDate: to.serviceDate, outboundSailingId: to.id };
        await rescheduleLiveTickets(tx, line.id, after, [
          { ticketIds: tickets.map((ticket) => ticket.id), sailingId: to.id, serviceDate: to.serviceDate },
        ]);
        await recordBookingEvent(tx, booking, dateChangeReason(line.id, snapshotOf(before), snapshotOf(after)), now);
      }
      const moved = [...new Set(plans.map((plan) => plan.booking.id))];
      for (const bookingId of moved) {
        await enqueueJob(tx, {
          name: SEND_BOOKING_EMAIL,
          payload: { bookingId, reason: "date_changed" },
          singletonKey: `closure-move:${from.id}:${bookingId}:${command.key}`,
        });
      }
      const references = bookings.filter((booking) => moved.includes(booking.id)).map((booking) => booking.reference);
      return {
        result: { bookings: references, tickets: needed },
        before: { sailingId: from.id },
        after: {
          sailingId: to.id,
          bookings: references,
          tickets: plans.flatMap((plan) => plan.tickets.map((ticket) => ticket.code)),
        },
      };
    },
  );
}
