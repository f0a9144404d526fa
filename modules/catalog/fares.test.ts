import { describe, expect, it } from "vitest";
import { fromPrice, type FareRow } from "./fares.ts";

const fare = (overrides: Partial<FareRow>): FareRow => ({
  category: "tourist",
  passengerType: "adult",
  trip: "single",
  amountMinor: 100_00,
  currency: "MXN",
  ...overrides,
});

describe("fromPrice: the cheapest tourist adult fare that is not a round trip", () => {
  it.each<[string, FareRow[], { amountMinor: number; currency: string } | null]>([
    ["no fares", [], null],
    ["one admission", [fare({ amountMinor: 2599_00 })], { amountMinor: 2599_00, currency: "MXN" }],
    [
      "the ferry table: one-way adult tourist, not round trip, not child, not resident",
      [
        fare({ trip: "one_way", amountMinor: 254_00 }),
        fare({ trip: "round_trip", amountMinor: 509_00 }),
        fare({ trip: "one_way", passengerType: "child", amountMinor: 125_00 }),
        fare({ trip: "one_way", category: "resident", amountMinor: 149_00 }),
        fare({ trip: "round_trip", category: "resident", passengerType: "child", amountMinor: 84_00 }),
      ],
      { amountMinor: 254_00, currency: "MXN" },
    ],
    [
      "the cheapest of several adult fares",
      [fare({ amountMinor: 1990_00 }), fare({ amountMinor: 1790_00 }), fare({ amountMinor: 1850_00 })],
      { amountMinor: 1790_00, currency: "MXN" },
    ],
    [
      "only child and infant fares",
      [fare({ passengerType: "child" }), fare({ passengerType: "infant", amountMinor: 0 })],
      null,
    ],
    ["only resident fares", [fare({ category: "resident" })], null],
    ["only round trips", [fare({ trip: "round_trip" })], null],
    ["a free adult fare is still a price", [fare({ amountMinor: 0 })], { amountMinor: 0, currency: "MXN" }],
    [
      "keeps the fare's currency",
      [fare({ amountMinor: 50_00, currency: "USD" })],
      { amountMinor: 50_00, currency: "USD" },
    ],
  ])("%s", (_name, fares, expected) => {
    expect(fromPrice(fares)).toEqual(expected);
  });
});
