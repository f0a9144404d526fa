// Decides how many seats of one sailing or activity day a visitor may hold at once without paying
// (ADR 0047). Rate limits bound how often holds are asked for; these ceilings bound what is held, so
// one address cannot empty a boat for 15 minutes with a few large adds. Pure: the use case counts the
// unexpired holds under the sailing's or day's lock, then asks here.
import { AppError } from "../../lib/errors.ts";

/**
 * A party larger than this on one departure is a group: ferry operators and parks sell groups
 * through their group desk (a quote, a deposit, names later), not through an anonymous 15-minute hold.
 * The waiting list takes parties of the same size (MAX_WAITLIST_SEATS).
 */
export const GROUP_SEATS = 20;
/** One cart never holds more than this share of a departure, however large the boat or park. */
export const CART_SHARE_PERCENT = 25;

export interface HoldCeilingPolicy {
  /** Share of a departure's capacity one address may hold at once (config HOLD_SEATS_PER_ADDRESS_PERCENT). */
  addressSharePercent: number;
  /**
   * Seats one address never holds more of, whatever its share allows (config HOLD_SEATS_PER_ADDRESS_MAX):
   * a hotel's Wi-Fi may carry several families, not a whole park day.
   */
  addressMaxSeats: number;
}

export interface HoldCeilings {
  perCart: number;
  perAddress: number;
}

/** The ceilings of a departure of `capacity` seats: the cart's is never above the address's. */
export function holdCeilingsOf(capacity: number, policy: HoldCeilingPolicy): HoldCeilings {
  const share = (percent: number) => Math.floor((capacity * percent) / 100);
  const perCart = Math.max(1, Math.min(GROUP_SEATS, share(CART_SHARE_PERCENT)));
  const perAddress = Math.max(perCart, Math.min(policy.addressMaxSeats, share(policy.addressSharePercent)));
  return { perCart, perAddress };
}

/** What is already held on the departure, alive at the instant of the decision. */
export interface HeldSeats {
  /** By the lines of the cart asking. */
  byCart: number;
  /** By every cart of the address asking, this one included. */
  byAddress: number;
}

/**
 * Refuses a hold of `seats` that would take the cart past its ceiling (GROUP_BOOKING_REQUIRED: the
 * party books through the group desk) or the address past its own (TOO_MANY_SEATS_HELD: its other
 * carts must pay or let go first). The cart's ceiling is checked first: a single large party hears
 * how to book a group, not that it holds too much.
 */
export function assertWithinHoldCeilings(
  request: { capacity: number; seats: number; held: HeldSeats },
  policy: HoldCeilingPolicy,
): void {
  const ceilings = holdCeilingsOf(request.capacity, policy);
  if (request.held.byCart + request.seats > ceilings.perCart) {
    throw new AppError("GROUP_BOOKING_REQUIRED", {
      issues: [{ path: "item.passengers", code: `at_most_${ceilings.perCart}_seats_per_departure` }],
    });
  }
  if (request.held.byAddress + request.seats > ceilings.perAddress) {
    throw new AppError("TOO_MANY_SEATS_HELD", {
      issues: [{ path: "item.passengers", code: "address_holds_too_many" }],
    });
  }
}
