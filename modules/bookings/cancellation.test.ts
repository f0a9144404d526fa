import { describe, expect, it } from "vitest";
import {
  CANCELLATION_POLICIES,
  cancellationFee,
  decideCancellation,
  lineShareOfPayment,
  type CancellationFacts,
} from "./cancellation.ts";

const NOW = new Date("2031-03-01T12:00:00Z");
const hoursAhead = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);

function facts(overrides: Partial<CancellationFacts> = {}): CancellationFacts {
  return {
    bookingStatus: "ticketed",
    startsAt: hoursAhead(72),
    lineMinor: 240_45,
    leftMinor: 240_45,
    ticketStatuses: ["valid", "valid"],
    ...overrides,
  };
}

describe("decideCancellation", () => {
  const catamaran = CANCELLATION_POLICIES.catamaran_tour;
  const park = CANCELLATION_POLICIES.park_admission;

  it("refunds a catamaran more than two days ahead less a 10 % fee, rounded half up", () => {
    expect(decideCancellation(catamaran, facts(), NOW)).toEqual({
      allowed: true,
      grossMinor: 240_45,
      feeMinor: 24_05,
      feePercent: 10,
      refundMinor: 216_40,
      until: hoursAhead(24),
    });
  });

  it.each([
    ["exactly two days ahead", 48],
    ["a day ahead", 24],
    ["an hour ahead", 1],
    ["after the departure (no-show)", -3],
  ])("refuses a catamaran %s: CANCEL_TOO_LATE", (_label, hours) => {
    expect(decideCancellation(catamaran, facts({ startsAt: hoursAhead(hours) }), NOW)).toEqual({
      allowed: false,
      code: "CANCEL_TOO_LATE",
    });
  });

  it("never refunds ferry tickets, which only change date", () => {
    expect(CANCELLATION_POLICIES.ferry).toEqual({ kind: "non_refundable", dateChangeable: true });
    expect(decideCancellation(CANCELLATION_POLICIES.ferry, facts({ startsAt: hoursAhead(24 * 30) }), NOW)).toEqual({
      allowed: false,
      code: "CANCEL_NOT_REFUNDABLE",
    });
  });

  it("refunds a park in full a week ahead, with the fee from a week to two days, nothing after", () => {
    expect(decideCancellation(park, facts({ startsAt: hoursAhead(24 * 8) }), NOW)).toMatchObject({
      allowed: true,
      feeMinor: 0,
      refundMinor: 240_45,
    });
    expect(decideCancellation(park, facts({ startsAt: hoursAhead(24 * 5) }), NOW)).toMatchObject({
      allowed: true,
      feePercent: 10,
      refundMinor: 216_40,
    });
    expect(decideCancellation(park, facts({ startsAt: hoursAhead(47) }), NOW)).toEqual({
      allowed: false,
      code: "CANCEL_TOO_LATE",
    });
  });

  it("refunds undated tickets of a refundable product under its last tier", () => {
    expect(decideCancellation(park, facts({ startsAt: null }), NOW)).toMatchObject({
      allowed: true,
      feePercent: 10,
      until: null,
    });
  });

  it("never gives back more than is left of the payment", () => {
    expect(decideCancellation(catamaran, facts({ leftMinor: 100_00 }), NOW)).toMatchObject({
      allowed: true,
      grossMinor: 100_00,
      feeMinor: 10_00,
      refundMinor: 90_00,
    });
  });

  it.each([
    ["a booking not paid", { bookingStatus: "pending_payment" as const }, "CANCEL_NOT_PAID"],
    ["a refunded booking", { bookingStatus: "refunded" as const }, "CANCEL_ALREADY_CANCELLED"],
    ["a line already cancelled", { ticketStatuses: ["void", "void"] as const }, "CANCEL_ALREADY_CANCELLED"],
    ["a line with a used ticket", { ticketStatuses: ["used", "valid"] as const }, "CANCEL_TICKET_USED"],
    ["a line the operator cancelled in part", { ticketStatuses: ["void", "valid"] as const }, "CANCEL_NEEDS_OPERATOR"],
    ["nothing left to give back", { leftMinor: 0 }, "CANCEL_ALREADY_CANCELLED"],
  ])("refuses %s with its code", (_label, overrides, code) => {
    expect(decideCancellation(catamaran, facts(overrides), NOW)).toEqual({ allowed: false, code });
  });
});

describe("cancellationFee and lineShareOfPayment", () => {
  it("rounds the fee half up in minor units", () => {
    expect(cancellationFee(5, 10)).toBe(1);
    expect(cancellationFee(4, 10)).toBe(0);
    expect(cancellationFee(0, 10)).toBe(0);
  });

  it("scales a line to what the payment took, never above it", () => {
    expect(lineShareOfPayment(100_00, 200_00, 200_00)).toBe(100_00);
    expect(lineShareOfPayment(100_00, 300_00, 200_00)).toBe(66_66);
  });
});
