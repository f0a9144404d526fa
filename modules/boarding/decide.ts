// Whether a ticket may board a sailing: the pier's rules, decided from facts read under the ticket's
// lock with `now` passed in. The scanner page applies the same rules offline to its signed list
// (app/console/scanner/offline-check.ts); the server's answer is the one that is recorded.
import { localDateOf } from "../inventory/index.ts";

/** The reasons a scan is refused, as error codes the console translates. */
export type BoardingRefusal =
  | "TICKET_CODE_INVALID"
  | "TICKET_ALREADY_BOARDED"
  | "TICKET_WRONG_SAILING"
  | "TICKET_WRONG_CROSSING"
  | "SAILING_NOT_TODAY"
  | "TICKET_CANCELLED"
  | "OPEN_TICKET_EXPIRED"
  | "SAILING_SOLD_OUT"
  | "SAILING_CLOSED";

export interface TicketFacts {
  /** Null for an open ticket (or an activity's coupon, which never boards a ferry). */
  sailingId: number | null;
  activityId: number | null;
  /** Open tickets: the last local date they can be used. */
  validUntil: string | null;
  /** Open tickets: the crossing (and direction) they were sold for; null when not recorded (any crossing). */
  crossingId: number | null;
  /** void ticket, or a booking that was refunded, cancelled or never paid. */
  cancelled: boolean;
  boarded: { at: Date; sailingId: number } | null;
}

export interface SailingFacts {
  id: number;
  crossingId: number;
  /** The sailing's local date at the pier (America/Cancun). */
  serviceDate: string;
  /** A closure (weather, port authority) covers it. */
  closed: boolean;
  seatsLeft: number;
}

export type BoardingDecision =
  | { kind: "board"; open: boolean }
  | {
      kind: "refuse";
      reason: BoardingRefusal;
      boarded?: { at: Date; sailingId: number };
      ticketSailingId?: number | null;
    };

/**
 * Order matters for the reason shown: a cancelled ticket says so even if it was scanned before; a
 * second scan says when it boarded; then the sailing; an open ticket last needs its date and a seat.
 * `now` is when the passenger stands at the gate: a sailing boards only on its own local day, so a
 * scanner left on yesterday's (or next week's) sailing cannot let anyone aboard today's boat.
 */
export function decideBoarding(ticket: TicketFacts, sailing: SailingFacts, now: Date): BoardingDecision {
  if (ticket.cancelled) return { kind: "refuse", reason: "TICKET_CANCELLED" };
  if (ticket.boarded) return { kind: "refuse", reason: "TICKET_ALREADY_BOARDED", boarded: ticket.boarded };
  if (ticket.activityId !== null) return { kind: "refuse", reason: "TICKET_WRONG_SAILING", ticketSailingId: null };
  if (localDateOf(now) !== sailing.serviceDate) return { kind: "refuse", reason: "SAILING_NOT_TODAY" };
  if (sailing.closed) return { kind: "refuse", reason: "SAILING_CLOSED" };
  if (ticket.sailingId !== null) {
    if (ticket.sailingId !== sailing.id)
      return { kind: "refuse", reason: "TICKET_WRONG_SAILING", ticketSailingId: ticket.sailingId };
    return { kind: "board", open: false };
  }
  // An open ticket: any sailing of its crossing and direction on or before its last day, if a seat is
  // left (it held none until now). One sold before the crossing was recorded boards any crossing.
  if (ticket.crossingId !== null && ticket.crossingId !== sailing.crossingId)
    return { kind: "refuse", reason: "TICKET_WRONG_CROSSING" };
  if (ticket.validUntil === null || ticket.validUntil < sailing.serviceDate)
    return { kind: "refuse", reason: "OPEN_TICKET_EXPIRED" };
  if (sailing.seatsLeft < 1) return { kind: "refuse", reason: "SAILING_SOLD_OUT" };
  return { kind: "board", open: true };
}
