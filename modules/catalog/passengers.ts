// Decides who may travel together and how their ages are banded: adult 12+, child 5–11
// (6–11 for Xenotes), infant 0–4. Infants ride free but take a seat; under-18s travel with an adult.
import { AppError, type ErrorIssue } from "../../lib/errors.ts";

export const PASSENGER_TYPES = ["adult", "child", "infant"] as const;
export type PassengerType = (typeof PASSENGER_TYPES)[number];

export type PassengerCounts = Record<PassengerType, number>;

/** No single booking carries more people than this, whatever the vessel (a school trip is ~60). */
export const MAX_PASSENGERS_PER_BOOKING = 60;

export interface AgeBand {
  passengerType: PassengerType;
  minAge: number;
  /** Null: no upper bound. */
  maxAge: number | null;
  takesSeat: boolean;
}

/** The bands most products use, with their labels. */
export const DEFAULT_AGE_BANDS: readonly AgeBand[] = [
  { passengerType: "adult", minAge: 12, maxAge: null, takesSeat: true },
  { passengerType: "child", minAge: 5, maxAge: 11, takesSeat: true },
  { passengerType: "infant", minAge: 0, maxAge: 4, takesSeat: true },
];

/** "12+", "5–11", "0–4": the age part of a label, the same in every language. */
export function ageRangeLabel(band: Pick<AgeBand, "minAge" | "maxAge">): string {
  return band.maxAge === null ? `${band.minAge}+` : `${band.minAge}–${band.maxAge}`;
}

/** The passenger type a person of `age` travels as on a product, or null when no band takes that age. */
export function passengerTypeOfAge(bands: readonly AgeBand[], age: number): PassengerType | null {
  if (!Number.isInteger(age) || age < 0) return null;
  const band = bands.find((item) => age >= item.minAge && (item.maxAge === null || age <= item.maxAge));
  return band?.passengerType ?? null;
}

export function totalPassengers(counts: PassengerCounts): number {
  return counts.adult + counts.child + counts.infant;
}

/** People who take a seat (everyone aboard, infants included, unless a product says otherwise). */
export function seatsNeeded(counts: PassengerCounts, bands: readonly AgeBand[] = DEFAULT_AGE_BANDS): number {
  return PASSENGER_TYPES.reduce((seats, type) => {
    const band = bands.find((item) => item.passengerType === type);
    return seats + (band && !band.takesSeat ? 0 : counts[type]);
  }, 0);
}

/**
 * Refuses a passenger selection no booking can have: negative or fractional counts, nobody, children
 * or infants without an adult, a type the product does not sell (INVALID_PASSENGERS); more people than
 * `maxSeats` or than one booking carries (TOO_MANY_PASSENGERS).
 */
export function assertValidPassengers(counts: PassengerCounts, bands: readonly AgeBand[], maxSeats: number): void {
  const issues: ErrorIssue[] = [];
  for (const type of PASSENGER_TYPES) {
    const count = counts[type];
    if (!Number.isSafeInteger(count) || count < 0) issues.push({ path: `passengers.${type}`, code: "not_a_count" });
    else if (count > 0 && !bands.some((band) => band.passengerType === type))
      issues.push({ path: `passengers.${type}`, code: "not_sold" });
  }
  if (issues.length > 0) throw new AppError("INVALID_PASSENGERS", { issues });
  const total = totalPassengers(counts);
  if (total === 0) throw new AppError("INVALID_PASSENGERS", { issues: [{ path: "passengers", code: "none" }] });
  if (counts.adult === 0)
    throw new AppError("INVALID_PASSENGERS", { issues: [{ path: "passengers.adult", code: "adult_required" }] });
  if (total > MAX_PASSENGERS_PER_BOOKING || seatsNeeded(counts, bands) > maxSeats) {
    throw new AppError("TOO_MANY_PASSENGERS", { issues: [{ path: "passengers", code: "too_many" }] });
  }
}
