// Decides what a cart may hold and the
// state of a line's hold at `now`. Pure: the use cases read the cart, ask here, then write.
import { AppError, type ErrorCode } from "../../lib/errors.ts";

/** At most this many products in one package. */
export const PACKAGE_LIMIT = 5;

export interface LineFacts {
  productId: number;
  kind: "ferry" | "activity";
  /** The activity's day; null for a ferry line (crossings are transport, not an activity of the day). */
  activityDate: string | null;
}

export interface CandidateLine extends LineFacts {
  /** True when the line is added from a complement (upsell) card of another line. */
  isComplement: boolean;
}

/**
 * Refuses a line the cart may not take, in the order a visitor would want to hear it: the package is
 * full; the product is already there (both legs of a round trip are one product); another activity
 * is already on that day — a complement says so with its own kind (sameDateComponents).
 */
export function assertCanAddLine(existing: readonly LineFacts[], candidate: CandidateLine): void {
  if (existing.length >= PACKAGE_LIMIT) throw new AppError("LIMIT_PASSED");
  if (existing.some((line) => line.productId === candidate.productId)) throw new AppError("SAME_PRODUCT_IN_CART");
  if (candidate.activityDate !== null && existing.some((line) => line.activityDate === candidate.activityDate)) {
    throw new AppError(candidate.isComplement ? "SAME_DATE_COMPONENTS" : "SAME_DATE_IN_CART");
  }
}

/** A dated ferry line needs its sailing, and a round trip the sailing back too. */
export function assertSchedulesChosen(line: {
  trip: "one_way" | "round_trip" | "open";
  outboundSailingId: number | null;
  inboundSailingId: number | null;
}): void {
  if (line.trip === "open") return;
  if (line.outboundSailingId === null)
    throw new AppError("SCHEDULE_REQUIRED", { issues: [{ path: "item.outboundSailingId", code: "required" }] });
  if (line.trip === "round_trip" && line.inboundSailingId === null) {
    throw new AppError("SCHEDULE_REQUIRED", { issues: [{ path: "item.inboundSailingId", code: "required" }] });
  }
}

/** A coupon is exchanged for a day within this many months of its purchase (one year). */
export const COUPON_MONTHS = 12;

/** An undated admission to a park or tour, bought now and exchanged at the desk for a day later. */
export function isCoupon(line: { kind: "ferry" | "activity"; trip: string }): boolean {
  return line.kind === "activity" && line.trip === "open";
}

/** True when there is something to pay and every line of it is a coupon: it pays on the coupon page. */
export function isCouponOnly(lines: readonly { kind: "ferry" | "activity"; trip: string }[]): boolean {
  return lines.length > 0 && lines.every(isCoupon);
}

/**
 * Who may buy a coupon of what. Only what is sold by the day (parks and tours): the ferry has its own
 * undated ticket, the open ticket. Only at the tourist fare: a resident fare is checked against an ID
 * at a dated boarding or visit, which an undated coupon bought for someone else cannot promise.
 */
export function assertCanBuyCoupon(
  product: { kind: string; activityId: number | null },
  category: "tourist" | "resident",
): void {
  if (product.kind === "ferry" || product.activityId === null) {
    throw new AppError("COUPON_NOT_SOLD", {
      issues: [
        { path: "item.productId", code: product.kind === "ferry" ? "ferry_sells_open_tickets" : "not_sold_by_day" },
      ],
    });
  }
  if (category !== "tourist")
    throw new AppError("COUPON_TOURIST_ONLY", { issues: [{ path: "item.category", code: "tourist_only" }] });
}

export type HoldStatus = "held" | "expired" | "none";

/** A line's hold at `now`: open tickets hold nothing; a hold is over at its expiry instant exactly. */
export function holdStatus(holdExpiresAt: Date | null, now: Date): HoldStatus {
  if (holdExpiresAt === null) return "none";
  return holdExpiresAt.getTime() > now.getTime() ? "held" : "expired";
}

/**
 * Seconds left on a hold, rounded up (the countdown starts from this and shows 0 only once the hold is
 * over), never below zero.
 */
export function secondsLeft(holdExpiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((holdExpiresAt.getTime() - now.getTime()) / 1000));
}

/** The shopping error kinds a CartError carries; the code says exactly what happened. */
export type CartErrorKind =
  | "schedule"
  | "availability"
  | "sameProductOrDate"
  | "sameDateComponents"
  | "limitPassed"
  | "any";

const KIND_OF: Partial<Record<ErrorCode, CartErrorKind>> = {
  SCHEDULE_REQUIRED: "schedule",
  SAILING_SOLD_OUT: "availability",
  SAILING_CLOSED: "availability",
  SAILING_DEPARTED: "availability",
  ACTIVITY_SOLD_OUT: "availability",
  ACTIVITY_CLOSED: "availability",
  SAME_PRODUCT_IN_CART: "sameProductOrDate",
  SAME_DATE_IN_CART: "sameProductOrDate",
  SAME_DATE_COMPONENTS: "sameDateComponents",
  LIMIT_PASSED: "limitPassed",
};

export function cartErrorKindOf(code: ErrorCode): CartErrorKind {
  return KIND_OF[code] ?? "any";
}
