// Decides what is left to sell and whether it may be sold, always at a `now` the caller passes in.
// Taken = sold + blocked + holds that have not expired; an expired hold never counts, whether or not
// a sweep has released it yet. Every person aboard counts, infants included.
import { AppError } from "../../lib/errors.ts";
import {
  OPERATOR_TIME_ZONE,
  daysBetween,
  instantOf,
  localDateOf,
  type LocalDate,
  type LocalTime,
} from "./local-time.ts";

/** Check-in closes this long before a sailing: be at the pier 30 minutes before. */
export const CHECK_IN_CUTOFF_MINUTES = 30;

export type AllocationState = "held" | "sold" | "blocked";

export interface AllocationLike {
  quantity: number;
  state: AllocationState;
  /** When a hold stops counting; null for sold and blocked seats. */
  expiresAt: Date | null;
  /** Set when a hold is removed, a booking cancelled or a block lifted: the row stays as history. */
  releasedAt: Date | null;
}

export function isCounted(allocation: AllocationLike, now: Date): boolean {
  if (allocation.releasedAt !== null) return false;
  if (allocation.state !== "held") return true;
  return allocation.expiresAt !== null && allocation.expiresAt.getTime() > now.getTime();
}

export function seatsTaken(allocations: readonly AllocationLike[], now: Date): number {
  let taken = 0;
  for (const allocation of allocations) if (isCounted(allocation, now)) taken += allocation.quantity;
  return taken;
}

/** Capacity minus what is taken, never below zero (a capacity cut below the seats sold shows 0 left). */
export function seatsLeft(capacity: number, taken: number): number {
  return Math.max(0, capacity - taken);
}

export type SailingStatus = "available" | "sold_out" | "closed" | "departed" | "check_in_closed";

export interface SailingState {
  departsAt: Date;
  /** True when a closure (weather, port authority) covers the sailing or its day. */
  closed: boolean;
}

/** Whether a sailing may be sold at `now` regardless of seats: open, not departed, check-in not closed. */
export function isSellable(sailing: SailingState, now: Date): boolean {
  return sailingStatus(sailing, 1, now) === "available";
}

/** The one state a visitor sees. Closed wins over departed, departed over check-in, check-in over sold out. */
export function sailingStatus(sailing: SailingState, left: number, now: Date): SailingStatus {
  if (sailing.closed) return "closed";
  const untilDeparture = sailing.departsAt.getTime() - now.getTime();
  if (untilDeparture <= 0) return "departed";
  if (untilDeparture < CHECK_IN_CUTOFF_MINUTES * 60_000) return "check_in_closed";
  if (left <= 0) return "sold_out";
  return "available";
}

/** Where a sale is made: on the site (until check-in closes), or at the pier's booth (until it sails). */
export type SaleChannel = "web" | "booth";

/** Refuses, with the code the UI translates, to put `quantity` people on a sailing. The cart's holds call it. */
export function assertCanSellSailing(
  sailing: SailingState,
  left: number,
  quantity: number,
  now: Date,
  channel: SaleChannel = "web",
): void {
  const status = sailingStatus(sailing, left, now);
  if (status === "closed") throw new AppError("SAILING_CLOSED");
  if (status === "departed" || (status === "check_in_closed" && channel === "web"))
    throw new AppError("SAILING_DEPARTED");
  if (left < quantity) throw new AppError("SAILING_SOLD_OUT");
}

export type ActivityDayStatus = "available" | "sold_out" | "closed" | "past";

export interface ActivityDayState {
  date: LocalDate;
  /** Opening hours that day; null when the activity does not open on that weekday. */
  hours: { opens: LocalTime; closes: LocalTime } | null;
  closed: boolean;
}

/** A park or tour day: closed (no hours or a closure), past (its closing time has passed), sold out, or available. */
export function activityDayStatus(
  day: ActivityDayState,
  left: number,
  now: Date,
  timeZone: string = OPERATOR_TIME_ZONE,
): ActivityDayStatus {
  if (day.closed || day.hours === null) return "closed";
  if (instantOf(day.date, day.hours.closes, timeZone).getTime() <= now.getTime()) return "past";
  if (left <= 0) return "sold_out";
  return "available";
}

export function assertCanSellActivityDay(day: ActivityDayState, left: number, quantity: number, now: Date): void {
  const status = activityDayStatus(day, left, now);
  if (status === "closed") throw new AppError("ACTIVITY_CLOSED");
  if (status === "past") throw new AppError("DATE_IN_PAST");
  if (left < quantity) throw new AppError("ACTIVITY_SOLD_OUT");
}

/** Days from the operator's today to a service date (0 = today); the presale labels count these. */
export function daysAhead(date: LocalDate, now: Date, timeZone: string = OPERATOR_TIME_ZONE): number {
  return daysBetween(localDateOf(now, timeZone), date);
}
