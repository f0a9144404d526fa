// Decides the "from" price a product is advertised with: the cheapest tourist adult fare, because
// that is what a first-time visitor pays at least (resident fares need an ID at boarding).

export interface FareRow {
  category: "tourist" | "resident";
  passengerType: "adult" | "child" | "infant";
  trip: "one_way" | "round_trip" | "single";
  amountMinor: number;
  currency: string;
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
