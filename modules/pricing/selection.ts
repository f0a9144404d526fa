// The one price function: what a selection of passengers pays for a product, in MXN minor units,
// with the presale discount earned by buying ahead. Presale counts whole days from the operator's
// today to the date (≥ 21 and ≥ 7 by default), applies to tourist fares only (resident fares are not
// combined with other discounts) and never to undated tickets. Infants ride free unless a fare says
// otherwise. Each unit's discount is rounded half up to the centavo, so a line is quantity × unit.
import { AppError } from "../../lib/errors.ts";
import { BASE_CURRENCY, isCurrencyCode, money, multiply, subtract, sum, type Money } from "../../lib/money.ts";
import {
  type FareCategory,
  type FareRow,
  type PresaleTier,
  type Trip,
  PASSENGER_TYPES,
  type PassengerCounts,
  type PassengerType,
} from "../catalog/index.ts";

export interface Presale {
  minDaysAhead: number;
  discountBasisPoints: number;
}

/**
 * The presale a purchase `daysAhead` days before the date earns: the highest threshold reached, a
 * product's own tier replacing the general one at the same threshold. Null for an undated ticket.
 */
export function presaleFor(tiers: readonly PresaleTier[], productId: number, daysAhead: number | null): Presale | null {
  if (daysAhead === null) return null;
  const byThreshold = new Map<number, PresaleTier>();
  for (const tier of tiers) {
    if (tier.productId !== null && tier.productId !== productId) continue;
    const current = byThreshold.get(tier.minDaysAhead);
    if (!current || (current.productId === null && tier.productId !== null)) byThreshold.set(tier.minDaysAhead, tier);
  }
  let best: PresaleTier | null = null;
  for (const tier of byThreshold.values()) {
    if (!tier.active || daysAhead < tier.minDaysAhead) continue;
    if (best === null || tier.minDaysAhead > best.minDaysAhead) best = tier;
  }
  return best ? { minDaysAhead: best.minDaysAhead, discountBasisPoints: best.discountBasisPoints } : null;
}

export interface PriceRequest {
  productId: number;
  /** The product's fares (any category and trip); the function picks what it needs. */
  fares: readonly FareRow[];
  tiers: readonly PresaleTier[];
  category: FareCategory;
  trip: Trip;
  passengers: PassengerCounts;
  /** Days from the operator's today to the date; null for an open (undated) ticket. */
  daysAhead: number | null;
}

export interface PricedLine {
  passengerType: PassengerType;
  quantity: number;
  /** The fare of one person. */
  unit: Money;
  /** The presale discount on one person's fare. */
  unitDiscount: Money;
  /** quantity × (unit − unitDiscount). */
  total: Money;
}

export interface PriceResult {
  lines: PricedLine[];
  presale: Presale | null;
  subtotal: Money;
  discount: Money;
  total: Money;
}

/** amount × basisPoints / 10000, rounded half up (amounts are never negative here). */
export function basisPointsOf(amount: Money, basisPoints: number): Money {
  const product = BigInt(amount.amountMinor) * BigInt(basisPoints);
  return money((product * 2n + 10_000n) / 20_000n, amount.currency);
}

function fareOf(request: PriceRequest, passengerType: PassengerType): Money {
  const fare = request.fares.find(
    (row) => row.category === request.category && row.passengerType === passengerType && row.trip === request.trip,
  );
  if (fare) {
    if (!isCurrencyCode(fare.currency) || fare.currency !== BASE_CURRENCY)
      throw new Error(`fares are set in ${BASE_CURRENCY}, got ${fare.currency}`);
    return money(fare.amountMinor, fare.currency);
  }
  if (passengerType === "infant") return money(0, BASE_CURRENCY);
  throw new AppError("FARE_UNAVAILABLE", {
    issues: [{ path: `passengers.${passengerType}`, code: `${request.category}_${request.trip}` }],
  });
}

export interface UnitPrice {
  passengerType: PassengerType;
  unit: Money;
  unitDiscount: Money;
  /** What one person of this type pays: unit − unitDiscount. */
  net: Money;
}

/** What one person of each passenger type with a fare pays (the widget lists them all). */
export function unitPrices(request: Omit<PriceRequest, "passengers">): UnitPrice[] {
  const priced = priceSelection({ ...request, passengers: { adult: 1, child: 1, infant: 1 } }, { skipMissing: true });
  return priced.lines.map((line) => ({
    passengerType: line.passengerType,
    unit: line.unit,
    unitDiscount: line.unitDiscount,
    net: line.total,
  }));
}

export function priceSelection(request: PriceRequest, options: { skipMissing?: boolean } = {}): PriceResult {
  const presale =
    request.category === "tourist" ? presaleFor(request.tiers, request.productId, request.daysAhead) : null;
  const lines: PricedLine[] = [];
  for (const passengerType of PASSENGER_TYPES) {
    const quantity = request.passengers[passengerType];
    if (quantity <= 0) continue;
    let unit: Money;
    try {
      unit = fareOf(request, passengerType);
    } catch (error) {
      if (options.skipMissing && error instanceof AppError) continue;
      throw error;
    }
    const unitDiscount = presale ? basisPointsOf(unit, presale.discountBasisPoints) : money(0, unit.currency);
    lines.push({
      passengerType,
      quantity,
      unit,
      unitDiscount,
      total: multiply(subtract(unit, unitDiscount), quantity),
    });
  }
  const subtotal = sum(
    lines.map((line) => multiply(line.unit, line.quantity)),
    BASE_CURRENCY,
  );
  const total = sum(
    lines.map((line) => line.total),
    BASE_CURRENCY,
  );
  return { lines, presale, subtotal, discount: subtract(subtotal, total), total };
}
