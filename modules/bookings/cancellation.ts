// The written cancellation policy of each kind of product, and the one function that applies it: the
// buyer's own cancellation and the console's "cancel with the policy's fee" ask it the same question
// (policy + line + now) and get the same answer — what comes back, the fee kept, or why not.
import type { ProductKind } from "../catalog/index.ts";
import type { BookingStatus } from "./rules.ts";

/** One step of a refundable policy: cancelled more than `moreThanHours` before the start, `feePercent` of it is kept. */
export interface CancellationTier {
  moreThanHours: number;
  feePercent: number;
}

export type CancellationPolicy =
  /** Nothing is given back; the weather guarantee still moves the date when `dateChangeable`. */
  | { kind: "non_refundable"; dateChangeable: boolean }
  /** Tiers from the earliest (most hours ahead) to the latest; after the last one, and a no-show, nothing comes back. */
  | { kind: "tiered"; tiers: readonly CancellationTier[]; dateChangeable: boolean };

const CATAMARAN: CancellationPolicy = {
  kind: "tiered",
  tiers: [{ moreThanHours: 48, feePercent: 10 }],
  dateChangeable: true,
};
const PARK: CancellationPolicy = {
  kind: "tiered",
  tiers: [
    { moreThanHours: 7 * 24, feePercent: 0 },
    { moreThanHours: 48, feePercent: 10 },
  ],
  dateChangeable: true,
};

/** The policy each kind of product is sold under; shown before paying and applied by `decideCancellation`. */
export const CANCELLATION_POLICIES: Record<ProductKind, CancellationPolicy> = {
  ferry: { kind: "non_refundable", dateChangeable: true },
  catamaran_tour: CATAMARAN,
  catamaran_ferry_tour: CATAMARAN,
  park_admission: PARK,
  park_tour: PARK,
};

export function cancellationPolicyOf(kind: ProductKind): CancellationPolicy {
  return CANCELLATION_POLICIES[kind];
}

/** Why a cancellation is refused: each is an AppError code with a message in every language. */
export type CancellationRefusal =
  | "CANCEL_NOT_REFUNDABLE"
  | "CANCEL_TOO_LATE"
  | "CANCEL_TICKET_USED"
  | "CANCEL_ALREADY_CANCELLED"
  | "CANCEL_NEEDS_OPERATOR"
  | "CANCEL_NOT_PAID";

export interface CancellationFacts {
  bookingStatus: BookingStatus;
  /** When the line's service starts (first departure, opening time); null for undated (open) tickets. */
  startsAt: Date | null;
  /** The line's share of what the booking's payment took (its total, less its part of any booking discount). */
  lineMinor: number;
  /** What is left to refund of the booking's payment: paid less refunds given or pending. */
  leftMinor: number;
  ticketStatuses: readonly ("valid" | "used" | "void")[];
}

export type CancellationDecision =
  | {
      allowed: true;
      /** What the line is worth before the fee. */
      grossMinor: number;
      feeMinor: number;
      feePercent: number;
      /** What goes back to the buyer: gross less the fee, never more than is left of the payment. */
      refundMinor: number;
      /** Until when this tier holds (null: undated tickets). */
      until: Date | null;
    }
  | { allowed: false; code: CancellationRefusal };

const HOUR_MS = 3_600_000;

/** The fee kept: a percentage of the amount, rounded half up to the minor unit. */
export function cancellationFee(grossMinor: number, feePercent: number): number {
  return Math.floor((grossMinor * feePercent + 50) / 100);
}

/**
 * Applies `policy` to one booking line at `now`. Refusals, in this order: no captured money
 * (CANCEL_NOT_PAID), every ticket already cancelled (CANCEL_ALREADY_CANCELLED), a ticket already used
 * (CANCEL_TICKET_USED), some tickets cancelled by the operator (CANCEL_NEEDS_OPERATOR), a product sold
 * non-refundable (CANCEL_NOT_REFUNDABLE), past the last tier or a no-show (CANCEL_TOO_LATE). Undated
 * tickets of a refundable product are refunded under its last tier while none is used.
 */
export function decideCancellation(
  policy: CancellationPolicy,
  facts: CancellationFacts,
  now: Date,
): CancellationDecision {
  const refuse = (code: CancellationRefusal): CancellationDecision => ({ allowed: false, code });
  if (facts.bookingStatus !== "ticketed")
    return refuse(facts.bookingStatus === "refunded" ? "CANCEL_ALREADY_CANCELLED" : "CANCEL_NOT_PAID");
  const statuses = facts.ticketStatuses;
  if (statuses.length > 0 && statuses.every((status) => status === "void")) return refuse("CANCEL_ALREADY_CANCELLED");
  if (statuses.includes("used")) return refuse("CANCEL_TICKET_USED");
  if (statuses.includes("void")) return refuse("CANCEL_NEEDS_OPERATOR");
  if (policy.kind === "non_refundable") return refuse("CANCEL_NOT_REFUNDABLE");

  const tier =
    facts.startsAt === null
      ? policy.tiers[policy.tiers.length - 1]
      : policy.tiers.find((candidate) => facts.startsAt!.getTime() - now.getTime() > candidate.moreThanHours * HOUR_MS);
  if (!tier) return refuse("CANCEL_TOO_LATE");
  const grossMinor = Math.max(0, Math.min(facts.lineMinor, facts.leftMinor));
  const feeMinor = cancellationFee(grossMinor, tier.feePercent);
  const refundMinor = grossMinor - feeMinor;
  if (refundMinor <= 0) return refuse("CANCEL_ALREADY_CANCELLED");
  const until = facts.startsAt === null ? null : new Date(facts.startsAt.getTime() - tier.moreThanHours * HOUR_MS);
  return { allowed: true, grossMinor, feeMinor, feePercent: tier.feePercent, refundMinor, until };
}

/**
 * A line's share of what was paid: its total, scaled when the booking's payment took less or more than
 * the lines add up to (a booking-wide discount), rounded down so the shares never pass the payment.
 */
export function lineShareOfPayment(lineTotalMinor: number, linesTotalMinor: number, paidMinor: number): number {
  if (linesTotalMinor <= 0 || paidMinor === linesTotalMinor) return lineTotalMinor;
  return Math.floor((lineTotalMinor * paidMinor) / linesTotalMinor);
}

/** The facts of one line for `decideCancellation`, from the booking's rows. */
export function cancellationFactsOf(input: {
  bookingStatus: BookingStatus;
  startsAt: Date | null;
  line: { id: string; totalMinor: number };
  lines: readonly { totalMinor: number }[];
  tickets: readonly { bookingLineId: string; status: "valid" | "used" | "void" }[];
  /** What the captured payment took; 0 when none was captured. */
  paidMinor: number;
  /** Refunds given or pending. */
  spokenForMinor: number;
}): CancellationFacts {
  const linesTotal = input.lines.reduce((sum, line) => sum + line.totalMinor, 0);
  return {
    bookingStatus:
      input.paidMinor > 0 ? input.bookingStatus : input.bookingStatus === "ticketed" ? "paid" : input.bookingStatus,
    startsAt: input.startsAt,
    lineMinor: lineShareOfPayment(input.line.totalMinor, linesTotal, input.paidMinor),
    leftMinor: Math.max(0, input.paidMinor - input.spokenForMinor),
    ticketStatuses: input.tickets
      .filter((ticket) => ticket.bookingLineId === input.line.id)
      .map((ticket) => ticket.status),
  };
}
