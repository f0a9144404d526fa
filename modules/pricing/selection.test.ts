import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import type { FareRow, PresaleTier } from "../catalog/index.ts";
import { basisPointsOf, presaleFor, priceSelection, unitPrices, type PriceRequest } from "./selection.ts";
import { money } from "../../lib/money.ts";

const FERRY = 1901;
const fare = (
  category: FareRow["category"],
  passengerType: FareRow["passengerType"],
  trip: FareRow["trip"],
  pesos: number,
): FareRow => ({
  category,
  passengerType,
  trip,
  amountMinor: Math.round(pesos * 100),
  currency: "MXN",
});

// The 2024 public fare table of domain-facts.md.
const FERRY_FARES: FareRow[] = [
  fare("tourist", "adult", "one_way", 254),
  fare("tourist", "adult", "round_trip", 509),
  fare("tourist", "child", "one_way", 125),
  fare("tourist", "child", "round_trip", 249),
  fare("resident", "adult", "one_way", 149),
  fare("resident", "adult", "round_trip", 299),
  fare("resident", "child", "one_way", 84),
  fare("resident", "child", "round_trip", 170),
];

const TIERS: PresaleTier[] = [
  { productId: null, minDaysAhead: 7, discountBasisPoints: 500, active: true },
  { productId: null, minDaysAhead: 21, discountBasisPoints: 1000, active: true },
];

const request = (overrides: Partial<PriceRequest>): PriceRequest => ({
  productId: FERRY,
  fares: FERRY_FARES,
  tiers: TIERS,
  category: "tourist",
  trip: "one_way",
  passengers: { adult: 1, child: 0, infant: 0 },
  daysAhead: 0,
  ...overrides,
});

describe("presaleFor: the thresholds at their exact edges", () => {
  it.each<[number | null, number | null]>([
    [null, null], // an open ticket is undated
    [0, null],
    [6, null],
    [7, 7],
    [8, 7],
    [20, 7],
    [21, 21],
    [22, 21],
    [120, 21],
  ])("%s days ahead → presale %s", (days, threshold) => {
    expect(presaleFor(TIERS, FERRY, days)?.minDaysAhead ?? null).toBe(threshold);
  });

  it("lets a product's own tier replace the general one at the same threshold, and skips inactive tiers", () => {
    const tiers: PresaleTier[] = [
      ...TIERS,
      { productId: FERRY, minDaysAhead: 21, discountBasisPoints: 1500, active: true },
    ];
    expect(presaleFor(tiers, FERRY, 21)).toEqual({ minDaysAhead: 21, discountBasisPoints: 1500 });
    expect(presaleFor(tiers, 1945, 21)).toEqual({ minDaysAhead: 21, discountBasisPoints: 1000 });
    const withdrawn: PresaleTier[] = [TIERS[0]!, { ...TIERS[1]!, active: false }];
    expect(presaleFor(withdrawn, FERRY, 30)).toEqual({ minDaysAhead: 7, discountBasisPoints: 500 });
    const productOff: PresaleTier[] = [
      ...TIERS,
      { productId: FERRY, minDaysAhead: 21, discountBasisPoints: 0, active: false },
    ];
    expect(presaleFor(productOff, FERRY, 30)).toEqual({ minDaysAhead: 7, discountBasisPoints: 500 });
  });
});

describe("basisPointsOf rounds half up to the centavo", () => {
  it.each([
    [25_400, 500, 1_270],
    [50_900, 1000, 5_090],
    [12_500, 500, 625],
    [8_410, 500, 421], // 420.5 → 421
    [8_409, 500, 420], // 420.45 → 420
    [0, 1000, 0],
    [99_999, 0, 0],
  ])("%i × %i bp = %i", (amount, basisPoints, expected) => {
    expect(basisPointsOf(money(amount, "MXN"), basisPoints)).toEqual(money(expected, "MXN"));
  });
});

describe("priceSelection: the price table", () => {
  type Row = [string, Partial<PriceRequest>, number, number, number | null];
  it.each<Row>([
    // name, request, subtotal, total, presale threshold
    ["one tourist adult, one way, today", {}, 254_00, 254_00, null],
    [
      "tourist family round trip, 6 days ahead",
      { trip: "round_trip", passengers: { adult: 2, child: 2, infant: 1 }, daysAhead: 6 },
      1516_00,
      1516_00,
      null,
    ],
    [
      "the same family 7 days ahead: 5 % off",
      { trip: "round_trip", passengers: { adult: 2, child: 2, infant: 1 }, daysAhead: 7 },
      1516_00,
      1440_20,
      7,
    ],
    [
      "the same family 20 days ahead: still 5 %",
      { trip: "round_trip", passengers: { adult: 2, child: 2, infant: 1 }, daysAhead: 20 },
      1516_00,
      1440_20,
      7,
    ],
    [
      "the same family 21 days ahead: 10 % off",
      { trip: "round_trip", passengers: { adult: 2, child: 2, infant: 1 }, daysAhead: 21 },
      1516_00,
      1364_40,
      21,
    ],
    [
      "residents never get presale",
      { category: "resident", passengers: { adult: 2, child: 1, infant: 0 }, daysAhead: 30 },
      382_00,
      382_00,
      null,
    ],
    [
      "resident round trip",
      { category: "resident", trip: "round_trip", passengers: { adult: 1, child: 1, infant: 0 }, daysAhead: 0 },
      469_00,
      469_00,
      null,
    ],
    ["an open ticket is undated: no presale", { trip: "round_trip", daysAhead: null }, 509_00, 509_00, null],
    ["infants ride free", { passengers: { adult: 1, child: 0, infant: 3 }, daysAhead: 0 }, 254_00, 254_00, null],
    [
      "per-unit rounding: 3 children one way at 7 days",
      { passengers: { adult: 1, child: 3, infant: 0 }, daysAhead: 7 },
      629_00,
      597_55,
      7,
    ],
  ])("%s", (_name, overrides, subtotal, total, presale) => {
    const result = priceSelection(request(overrides));
    expect(result.subtotal).toEqual(money(subtotal, "MXN"));
    expect(result.total).toEqual(money(total, "MXN"));
    expect(result.discount).toEqual(money(subtotal - total, "MXN"));
    expect(result.presale?.minDaysAhead ?? null).toBe(presale);
    expect(result.lines.reduce((sum, line) => sum + line.total.amountMinor, 0)).toBe(total);
  });

  it("lists a line per passenger type with people, each quantity × (unit − discount)", () => {
    const result = priceSelection(
      request({ trip: "round_trip", passengers: { adult: 2, child: 1, infant: 1 }, daysAhead: 21 }),
    );
    expect(result.lines).toEqual([
      {
        passengerType: "adult",
        quantity: 2,
        unit: money(509_00, "MXN"),
        unitDiscount: money(50_90, "MXN"),
        total: money(916_20, "MXN"),
      },
      {
        passengerType: "child",
        quantity: 1,
        unit: money(249_00, "MXN"),
        unitDiscount: money(24_90, "MXN"),
        total: money(224_10, "MXN"),
      },
      {
        passengerType: "infant",
        quantity: 1,
        unit: money(0, "MXN"),
        unitDiscount: money(0, "MXN"),
        total: money(0, "MXN"),
      },
    ]);
  });

  it("uses an infant fare when the product sets one", () => {
    const fares = [...FERRY_FARES, fare("tourist", "infant", "one_way", 50)];
    expect(priceSelection(request({ fares, passengers: { adult: 1, child: 0, infant: 2 } })).total).toEqual(
      money(354_00, "MXN"),
    );
  });

  it("refuses a selection the product has no fare for (FARE_UNAVAILABLE)", () => {
    const parkFares = [fare("tourist", "adult", "single", 2599)];
    expect(() => priceSelection(request({ fares: parkFares, trip: "single", category: "resident" }))).toThrow(
      expect.objectContaining({ code: "FARE_UNAVAILABLE" }) as AppError,
    );
    expect(() =>
      priceSelection(request({ fares: parkFares, trip: "single", passengers: { adult: 1, child: 1, infant: 0 } })),
    ).toThrow(AppError);
  });

  it("prices one of each passenger type for the widget, skipping types without a fare", () => {
    const units = unitPrices({
      productId: FERRY,
      fares: FERRY_FARES,
      tiers: TIERS,
      category: "tourist",
      trip: "one_way",
      daysAhead: 21,
    });
    expect(units.map((unit) => [unit.passengerType, unit.unit.amountMinor, unit.net.amountMinor])).toEqual([
      ["adult", 254_00, 228_60],
      ["child", 125_00, 112_50],
      ["infant", 0, 0],
    ]);
    const parkUnits = unitPrices({
      productId: 101,
      fares: [fare("tourist", "adult", "single", 2599)],
      tiers: [],
      category: "tourist",
      trip: "single",
      daysAhead: 0,
    });
    expect(parkUnits.map((unit) => unit.passengerType)).toEqual(["adult", "infant"]);
  });
});
