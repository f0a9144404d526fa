import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { GROUP_SEATS, assertWithinHoldCeilings, holdCeilingsOf, type HeldSeats } from "./hold-ceiling.ts";

const ADDRESS_SEATS = 100;
const POLICY = { addressSharePercent: 20, addressMaxSeats: ADDRESS_SEATS };

function refusal(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe("holdCeilingsOf", () => {
  it.each([
    // capacity, per cart, per address
    [350, GROUP_SEATS, 70], // the small ferry: a group of 20, a fifth of the boat from one address
    [650, GROUP_SEATS, ADDRESS_SEATS], // the large ferry: the address's 100 seats come before its fifth (130)
    [5000, GROUP_SEATS, ADDRESS_SEATS], // a park day
    [120, GROUP_SEATS, 24], // the catamaran tour
    [40, 10, 10], // a small boat: a quarter of it per cart, and an address never below a cart
    [2, 1, 1], // never nothing
  ])("a departure of %i seats: %i per cart, %i per address", (capacity, perCart, perAddress) => {
    expect(holdCeilingsOf(capacity, POLICY)).toEqual({ perCart, perAddress });
  });

  it("raises the address's share with the policy, never past the address's seats", () => {
    expect(holdCeilingsOf(350, { addressSharePercent: 100, addressMaxSeats: ADDRESS_SEATS })).toEqual({
      perCart: GROUP_SEATS,
      perAddress: ADDRESS_SEATS,
    });
    // One address for every visitor (the e2e suite): the whole boat, and still a group's seats per cart.
    expect(holdCeilingsOf(350, { addressSharePercent: 100, addressMaxSeats: 100_000 })).toEqual({
      perCart: GROUP_SEATS,
      perAddress: 350,
    });
  });
});

describe("assertWithinHoldCeilings on a 350-seat sailing (20 per cart, 70 per address)", () => {
  const none: HeldSeats = { byCart: 0, byAddress: 0 };
  it.each([
    ["a family of 6", 6, none, null],
    ["a party of exactly 20", 20, none, null],
    ["a party of 21", 21, none, "GROUP_BOOKING_REQUIRED"],
    ["60 adults at once", 60, none, "GROUP_BOOKING_REQUIRED"],
    ["a cart already holding 15 asking 6 more", 6, { byCart: 15, byAddress: 15 }, "GROUP_BOOKING_REQUIRED"],
    ["a new cart of an address holding 60 asking 10", 10, { byCart: 0, byAddress: 60 }, null],
    ["a new cart of an address holding 60 asking 11", 11, { byCart: 0, byAddress: 60 }, "TOO_MANY_SEATS_HELD"],
    [
      "a party of 21 from an address that holds its share: told how to book a group",
      21,
      { byCart: 0, byAddress: 70 },
      "GROUP_BOOKING_REQUIRED",
    ],
  ] as const)("%s", (_name, seats, held, expected) => {
    expect(refusal(() => assertWithinHoldCeilings({ capacity: 350, seats, held }, POLICY))).toBe(expected);
  });
});
