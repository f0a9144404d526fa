// The catalogue's fare and presale records, and the "from" fare a product is advertised with: the
// cheapest tourist adult fare, because that is what a first-time visitor pays at least (resident fares
// need an ID at boarding). What a selection costs is modules/pricing's.

export interface FareRow {
  category: "tourist" | "resident";
  passengerType: "adult" | "child" | "infant";
  trip: "one_way" | "round_trip" | "single";
  amountMinor: number;
  currency: string;
}

export type FareCategory = FareRow["category"];
export type Trip = FareRow["trip"];

export interface PresaleTier {
  /** Null: applies to every dated product. */
  productId: number | null;
  minDaysAhead: number;
  discountBasisPoints: number;
  active: boolean;
}

export interface Price {
  amountMinor: number;
  currency: string;
}

export function fromPrice(fares: readonly FareRow[]): Price | null {
  let best: FareRow | null = null;
  for (const fare of fares) {
    if (fare.category !== "tourist" || fare.passengerType !== "adult" || fare.trip === "round_trip") continue;
    if (best === null || fare.amountMinor < best.amountMinor) best = fare;
  }
  return best ? { amountMinor: best.amountMinor, currency: best.currency } : null;
}
