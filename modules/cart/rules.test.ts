// The shopping rules and the state of a hold, decided without a database.
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import {
  PACKAGE_LIMIT,
  assertCanAddLine,
  assertCanBuyCoupon,
  assertSchedulesChosen,
  cartErrorKindOf,
  holdStatus,
  isCoupon,
  isCouponOnly,
  secondsLeft,
  type LineFacts,
} from "./rules.ts";

const ferry: LineFacts = { productId: 1901, kind: "ferry", activityDate: null };
const park = (productId: number, activityDate: string): LineFacts => ({ productId, kind: "activity", activityDate });

function refusal(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe("assertCanAddLine", () => {
  it.each([
    ["an empty cart takes anything", [], { ...park(101, "2031-01-01"), isComplement: false }, null],
    ["a crossing and a park on the crossing's day", [ferry], { ...park(101, "2031-01-01"), isComplement: false }, null],
    ["the same product twice", [ferry], { ...ferry, isComplement: false }, "SAME_PRODUCT_IN_CART"],
    [
      "the same park on another day",
      [park(101, "2031-01-01")],
      { ...park(101, "2031-01-02"), isComplement: false },
      "SAME_PRODUCT_IN_CART",
    ],
    [
      "two activities on one date",
      [park(101, "2031-01-01")],
      { ...park(102, "2031-01-01"), isComplement: false },
      "SAME_DATE_IN_CART",
    ],
    [
      "a complement on another activity's date",
      [ferry, park(101, "2031-01-01")],
      { ...park(202, "2031-01-01"), isComplement: true },
      "SAME_DATE_COMPONENTS",
    ],
    [
      "two activities on different dates",
      [park(101, "2031-01-01")],
      { ...park(102, "2031-01-02"), isComplement: false },
      null,
    ],
    [
      "a coupon beside a dated park (a coupon has no day)",
      [park(101, "2031-01-01")],
      { productId: 102, kind: "activity", activityDate: null, isComplement: false },
      null,
    ],
    [
      "a coupon of a park already dated in the cart",
      [park(101, "2031-01-01")],
      { productId: 101, kind: "activity", activityDate: null, isComplement: false },
      "SAME_PRODUCT_IN_CART",
    ],
  ] as const)("%s", (_label, existing, candidate, expected) => {
    expect(refusal(() => assertCanAddLine(existing, candidate))).toBe(expected);
  });

  it(`refuses the product after the ${PACKAGE_LIMIT}th with LIMIT_PASSED, before any other rule`, () => {
    const full = [
      ferry,
      park(101, "2031-01-01"),
      park(102, "2031-01-02"),
      park(103, "2031-01-03"),
      park(104, "2031-01-04"),
    ];
    expect(full).toHaveLength(PACKAGE_LIMIT);
    expect(refusal(() => assertCanAddLine(full, { ...park(101, "2031-01-01"), isComplement: false }))).toBe(
      "LIMIT_PASSED",
    );
    expect(
      refusal(() => assertCanAddLine(full.slice(0, 4), { ...park(105, "2031-01-05"), isComplement: false })),
    ).toBeNull();
  });
});

describe("assertSchedulesChosen", () => {
  it("needs the outbound of a dated trip, both legs of a round trip, and nothing for an open ticket", () => {
    expect(
      refusal(() => assertSchedulesChosen({ trip: "one_way", outboundSailingId: null, inboundSailingId: null })),
    ).toBe("SCHEDULE_REQUIRED");
    expect(
      refusal(() => assertSchedulesChosen({ trip: "one_way", outboundSailingId: 1, inboundSailingId: null })),
    ).toBeNull();
    expect(
      refusal(() => assertSchedulesChosen({ trip: "round_trip", outboundSailingId: 1, inboundSailingId: null })),
    ).toBe("SCHEDULE_REQUIRED");
    expect(
      refusal(() => assertSchedulesChosen({ trip: "round_trip", outboundSailingId: 1, inboundSailingId: 2 })),
    ).toBeNull();
    expect(
      refusal(() => assertSchedulesChosen({ trip: "open", outboundSailingId: null, inboundSailingId: null })),
    ).toBeNull();
  });
});

describe("holds", () => {
  const expiresAt = new Date("2031-01-01T12:15:00Z");
  it("is held until its expiry instant, expired from that instant, and none for an open ticket", () => {
    expect(holdStatus(expiresAt, new Date("2031-01-01T12:14:59.999Z"))).toBe("held");
    expect(holdStatus(expiresAt, expiresAt)).toBe("expired");
    expect(holdStatus(null, expiresAt)).toBe("none");
  });

  it("counts seconds left rounded up, never below zero", () => {
    expect(secondsLeft(expiresAt, new Date("2031-01-01T12:00:00Z"))).toBe(900);
    expect(secondsLeft(expiresAt, new Date("2031-01-01T12:14:59.100Z"))).toBe(1);
    expect(secondsLeft(expiresAt, new Date("2031-01-01T12:16:00Z"))).toBe(0);
  });
});

describe("cartErrorKindOf", () => {
  it.each([
    ["SCHEDULE_REQUIRED", "schedule"],
    ["SAILING_SOLD_OUT", "availability"],
    ["ACTIVITY_CLOSED", "availability"],
    ["SAME_PRODUCT_IN_CART", "sameProductOrDate"],
    ["SAME_DATE_IN_CART", "sameProductOrDate"],
    ["SAME_DATE_COMPONENTS", "sameDateComponents"],
    ["LIMIT_PASSED", "limitPassed"],
    ["CART_NOT_FOUND", "any"],
    ["INVALID_REQUEST", "any"],
  ] as const)("%s → %s", (code, kind) => {
    expect(cartErrorKindOf(code)).toBe(kind);
  });
});

describe("coupons", () => {
  const xcaret = { kind: "park_admission", activityId: 3 };
  it.each([
    ["a park admission at the tourist fare", xcaret, "tourist", null],
    ["a tour at the tourist fare", { kind: "catamaran_tour", activityId: 5 }, "tourist", null],
    ["a park at the resident fare (checked at a dated visit)", xcaret, "resident", "COUPON_TOURIST_ONLY"],
    ["the ferry (it sells open tickets)", { kind: "ferry", activityId: null }, "tourist", "COUPON_NOT_SOLD"],
    ["a product not sold by the day", { kind: "park_tour", activityId: null }, "tourist", "COUPON_NOT_SOLD"],
  ] as const)("%s", (_label, product, category, expected) => {
    expect(refusal(() => assertCanBuyCoupon(product, category))).toBe(expected);
  });

  it("are the undated activity lines, and a cart of nothing but coupons pays on the coupon page", () => {
    const coupon = { kind: "activity", trip: "open" } as const;
    const openTicket = { kind: "ferry", trip: "open" } as const;
    const dated = { kind: "activity", trip: "single" } as const;
    expect([coupon, openTicket, dated].map(isCoupon)).toEqual([true, false, false]);
    expect(isCouponOnly([coupon, coupon])).toBe(true);
    expect(isCouponOnly([coupon, openTicket])).toBe(false);
    expect(isCouponOnly([coupon, dated])).toBe(false);
    expect(isCouponOnly([])).toBe(false);
  });
});
