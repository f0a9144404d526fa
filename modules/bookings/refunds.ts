// What an operator's refund may be (ADR 0039), decided without I/O: the amount as typed, what is left
// to refund of what was paid, which tickets it cancels, and how its money is shared among the booking's
// lines for the sales report. The use case (flows/refunds.ts) locks the booking and passes the facts in.
import { AppError } from "../../lib/errors.ts";
import { allocate, isCurrencyCode, minorUnitsOf, money } from "../../lib/money.ts";
import type { BookingStatus } from "./rules.ts";
import type { RefundLineShare } from "./schema.ts";

/** What the booking shows: nothing given back, part of it, or all of it. */
export type RefundState = "none" | "partial" | "full";

export function refundStateOf(paidMinor: number, refundedMinor: number): RefundState {
  if (refundedMinor <= 0) return "none";
  return refundedMinor >= paidMinor ? "full" : "partial";
}

/** The longest note an operator may write with a refund (it goes into the history and the audit log). */
export const REFUND_REASON_MAX = 500;

const AMOUNT_PATTERN = /^(\d{1,12})(?:[.,](\d+))?$/;

/**
 * An amount as the operator types it, in the booking's currency ("150", "150.50", "150,5"), into minor
 * units. More decimals than the currency has, a thousands separator, a sign, zero: REFUND_AMOUNT_INVALID.
 */
export function parseRefundAmount(text: string, currency: string): number {
  const refuse = (code: string) => new AppError("REFUND_AMOUNT_INVALID", { issues: [{ path: "amount", code }] });
  const match = AMOUNT_PATTERN.exec(text.trim());
  if (!match || !isCurrencyCode(currency)) throw refuse("format");
  const digits = minorUnitsOf(currency);
  const fraction = match[2] ?? "";
  if (fraction.length > digits) throw refuse("too_many_decimals");
  const minor = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  if (!Number.isSafeInteger(minor) || minor <= 0) throw refuse("not_positive");
  return minor;
}

/** Minor units as the refund form shows them back: a plain decimal with the currency's digits ("150.50"). */
export function formatRefundAmount(amountMinor: number, currency: string): string {
  const digits = isCurrencyCode(currency) ? minorUnitsOf(currency) : 2;
  if (digits === 0) return String(amountMinor);
  const sign = amountMinor < 0 ? "-" : "";
  const text = String(Math.abs(amountMinor)).padStart(digits + 1, "0");
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

export interface RefundableTicket {
  id: string;
  bookingLineId: string;
  status: "valid" | "used" | "void";
}

export interface RefundableLine {
  id: string;
  totalMinor: number;
}

export interface RefundFacts {
  bookingStatus: BookingStatus;
  currency: string;
  /** What the captured payment took. */
  paidMinor: number;
  /** Refunds already given or still pending at the provider: both are spoken for. */
  refundedMinor: number;
  tickets: readonly RefundableTicket[];
  lines: readonly RefundableLine[];
}

export interface RefundAsk {
  amountMinor: number;
  /** Tickets the operator chose to cancel with this refund; empty: an amount-only (goodwill) refund. */
  ticketIds: readonly string[];
}

export interface RefundPlan {
  amountMinor: number;
  /** After this refund nothing is left: the booking becomes refunded and every valid ticket is cancelled. */
  isFull: boolean;
  /** Tickets to cancel now: the ones chosen, or all still valid when the refund is full. */
  cancelTicketIds: string[];
  lineShares: RefundLineShare[];
  leftAfterMinor: number;
}

/** What is left to refund: paid less what is given back or pending. */
export function refundableOf(facts: Pick<RefundFacts, "paidMinor" | "refundedMinor">): number {
  return Math.max(0, facts.paidMinor - facts.refundedMinor);
}

/**
 * Decides a refund: a booking that never had its money is REFUND_NOT_ALLOWED, more than is left is
 * REFUND_EXCEEDS_PAID (its issue says how much is left, in minor units), a ticket that is not a valid
 * ticket of this booking is REFUND_TICKET_NOT_CANCELLABLE.
 */
export function planRefund(facts: RefundFacts, ask: RefundAsk): RefundPlan {
  if (!["paid", "ticketed", "refunded"].includes(facts.bookingStatus)) {
    throw new AppError("REFUND_NOT_ALLOWED", { issues: [{ path: "booking.status", code: facts.bookingStatus }] });
  }
  if (!Number.isSafeInteger(ask.amountMinor) || ask.amountMinor <= 0)
    throw new AppError("REFUND_AMOUNT_INVALID", { issues: [{ path: "amount", code: "not_positive" }] });
  const left = refundableOf(facts);
  if (ask.amountMinor > left)
    throw new AppError("REFUND_EXCEEDS_PAID", { issues: [{ path: "amount", code: `left:${left}` }] });

  const chosen = [...new Set(ask.ticketIds)];
  const byId = new Map(facts.tickets.map((ticket) => [ticket.id, ticket]));
  const unfit = chosen.filter((id) => byId.get(id)?.status !== "valid");
  if (unfit.length > 0) {
    throw new AppError("REFUND_TICKET_NOT_CANCELLABLE", {
      issues: unfit.map((id) => ({ path: `tickets.${id}`, code: byId.get(id)?.status ?? "unknown" })),
    });
  }

  const isFull = ask.amountMinor === left;
  const cancelTicketIds = isFull
    ? facts.tickets.filter((ticket) => ticket.status === "valid").map((ticket) => ticket.id)
    : chosen;
  return {
    amountMinor: ask.amountMinor,
    isFull,
    cancelTicketIds,
    lineShares: shareAmongLines(facts, ask.amountMinor, chosen),
    leftAfterMinor: left - ask.amountMinor,
  };
}

/**
 * The refund's money per line: among the lines of the chosen tickets (each weighted by its value times
 * the share of its tickets chosen) or, for an amount-only refund, among all lines by their value. The
 * parts add up to the refund exactly (largest remainder).
 */
export function shareAmongLines(
  facts: Pick<RefundFacts, "currency" | "tickets" | "lines">,
  amountMinor: number,
  chosenTicketIds: readonly string[],
): RefundLineShare[] {
  if (facts.lines.length === 0 || !isCurrencyCode(facts.currency)) return [];
  const chosen = new Set(chosenTicketIds);
  const weights = facts.lines.map((line) => {
    const ofLine = facts.tickets.filter((ticket) => ticket.bookingLineId === line.id);
    if (chosen.size === 0) return line.totalMinor;
    const picked = ofLine.filter((ticket) => chosen.has(ticket.id)).length;
    return ofLine.length === 0 ? 0 : Math.round((line.totalMinor * picked * 1000) / ofLine.length);
  });
  // Lines worth nothing (infants only, a free complement) still take a share when nothing else does.
  const ratios = weights.some((weight) => weight > 0)
    ? weights
    : facts.lines.map((line) =>
        chosen.size === 0 || facts.tickets.some((ticket) => ticket.bookingLineId === line.id && chosen.has(ticket.id))
          ? 1
          : 0,
      );
  const parts = allocate(money(amountMinor, facts.currency), ratios);
  return facts.lines
    .map((line, index) => ({ bookingLineId: line.id, amountMinor: parts[index]!.amountMinor }))
    .filter((share) => share.amountMinor > 0);
}
