import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import {
  formatRefundAmount,
  parseRefundAmount,
  planRefund,
  refundStateOf,
  shareAmongLines,
  type RefundFacts,
} from "./refunds.ts";

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof AppError ? `${error.code}${error.issues[0] ? ` ${error.issues[0].code}` : ""}` : "other";
  }
}

describe("parseRefundAmount", () => {
  it.each([
    ["150", "MXN", 15_000],
    ["150.5", "MXN", 15_050],
    ["150,50", "MXN", 15_050],
    [" 0.01 ", "USD", 1],
    ["2500", "COP", 250_000],
    ["1200", "JPY", 1_200],
  ])("%s %s → %i minor units", (text, currency, minor) => {
    expect(parseRefundAmount(text, currency)).toBe(minor);
  });

  it.each([
    ["", "MXN", "format"],
    ["-5", "MXN", "format"],
    ["1,000.00", "MXN", "format"],
    ["abc", "MXN", "format"],
    ["1e3", "MXN", "format"],
    ["0", "MXN", "not_positive"],
    ["0.00", "MXN", "not_positive"],
    ["1.234", "MXN", "too_many_decimals"],
    ["12.5", "JPY", "too_many_decimals"],
    ["10", "XXX", "format"],
  ])("%j %s is refused (%s)", (text, currency, code) => {
    expect(codeOf(() => parseRefundAmount(text, currency))).toBe(`REFUND_AMOUNT_INVALID ${code}`);
  });

  it.each([
    [15_050, "MXN", "150.50"],
    [5, "USD", "0.05"],
    [1_200, "JPY", "1200"],
  ])("formats %i %s back as %s", (minor, currency, text) => {
    expect(formatRefundAmount(minor, currency)).toBe(text);
  });
});

describe("refundStateOf", () => {
  it.each([
    [10_000, 0, "none"],
    [10_000, 1, "partial"],
    [10_000, 9_999, "partial"],
    [10_000, 10_000, "full"],
  ] as const)("paid %i, refunded %i → %s", (paid, refunded, state) => {
    expect(refundStateOf(paid, refunded)).toBe(state);
  });
});

const facts = (overrides: Partial<RefundFacts> = {}): RefundFacts => ({
  bookingStatus: "ticketed",
  currency: "MXN",
  paidMinor: 100_000,
  refundedMinor: 0,
  lines: [
    { id: "ferry", totalMinor: 80_000 },
    { id: "tour", totalMinor: 20_000 },
  ],
  tickets: [
    { id: "f1", bookingLineId: "ferry", status: "valid" },
    { id: "f2", bookingLineId: "ferry", status: "valid" },
    { id: "f3", bookingLineId: "ferry", status: "used" },
    { id: "f4", bookingLineId: "ferry", status: "void" },
    { id: "t1", bookingLineId: "tour", status: "valid" },
  ],
  ...overrides,
});

describe("planRefund", () => {
  it("an amount-only refund cancels nothing and is shared among all lines by value", () => {
    expect(planRefund(facts(), { amountMinor: 10_000, ticketIds: [] })).toEqual({
      amountMinor: 10_000,
      isFull: false,
      cancelTicketIds: [],
      lineShares: [
        { bookingLineId: "ferry", amountMinor: 8_000 },
        { bookingLineId: "tour", amountMinor: 2_000 },
      ],
      leftAfterMinor: 90_000,
    });
  });

  it("a refund of chosen tickets cancels them and is booked on their lines", () => {
    const plan = planRefund(facts(), { amountMinor: 20_000, ticketIds: ["f1", "f1"] });
    expect(plan.cancelTicketIds).toEqual(["f1"]);
    expect(plan.lineShares).toEqual([{ bookingLineId: "ferry", amountMinor: 20_000 }]);
    expect(plan.isFull).toBe(false);
  });

  it("the refund that empties what is left is full and cancels every valid ticket", () => {
    const plan = planRefund(facts({ refundedMinor: 60_000 }), { amountMinor: 40_000, ticketIds: [] });
    expect(plan).toMatchObject({ isFull: true, leftAfterMinor: 0, cancelTicketIds: ["f1", "f2", "t1"] });
  });

  it.each([
    ["more than paid", facts(), { amountMinor: 100_001, ticketIds: [] }, "REFUND_EXCEEDS_PAID left:100000"],
    [
      "more than is left",
      facts({ refundedMinor: 95_000 }),
      { amountMinor: 5_001, ticketIds: [] },
      "REFUND_EXCEEDS_PAID left:5000",
    ],
    [
      "anything once all is back",
      facts({ bookingStatus: "refunded", refundedMinor: 100_000 }),
      { amountMinor: 1, ticketIds: [] },
      "REFUND_EXCEEDS_PAID left:0",
    ],
    [
      "a booking never paid",
      facts({ bookingStatus: "pending_payment" }),
      { amountMinor: 1, ticketIds: [] },
      "REFUND_NOT_ALLOWED pending_payment",
    ],
    [
      "a cancelled booking",
      facts({ bookingStatus: "cancelled" }),
      { amountMinor: 1, ticketIds: [] },
      "REFUND_NOT_ALLOWED cancelled",
    ],
    ["a boarded ticket", facts(), { amountMinor: 1_000, ticketIds: ["f3"] }, "REFUND_TICKET_NOT_CANCELLABLE used"],
    ["a cancelled ticket", facts(), { amountMinor: 1_000, ticketIds: ["f4"] }, "REFUND_TICKET_NOT_CANCELLABLE void"],
    [
      "another booking's ticket",
      facts(),
      { amountMinor: 1_000, ticketIds: ["zz"] },
      "REFUND_TICKET_NOT_CANCELLABLE unknown",
    ],
    ["zero", facts(), { amountMinor: 0, ticketIds: [] }, "REFUND_AMOUNT_INVALID not_positive"],
  ] as const)("refuses %s", (_name, given, ask, code) => {
    expect(codeOf(() => planRefund(given, ask))).toBe(code);
  });
});

describe("shareAmongLines", () => {
  it("never loses or invents a cent", () => {
    const shares = shareAmongLines(
      {
        currency: "MXN",
        lines: [
          { id: "a", totalMinor: 1 },
          { id: "b", totalMinor: 1 },
          { id: "c", totalMinor: 1 },
        ],
        tickets: [],
      },
      100,
      [],
    );
    expect(shares.map((share) => share.amountMinor)).toEqual([34, 33, 33]);
  });

  it("lines worth nothing share a refund equally when nothing else can take it", () => {
    const shares = shareAmongLines(
      {
        currency: "MXN",
        lines: [
          { id: "a", totalMinor: 0 },
          { id: "b", totalMinor: 0 },
        ],
        tickets: [],
      },
      10,
      [],
    );
    expect(shares).toEqual([
      { bookingLineId: "a", amountMinor: 5 },
      { bookingLineId: "b", amountMinor: 5 },
    ]);
  });
});
