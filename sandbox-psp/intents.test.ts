import { describe, expect, it } from "vitest";
import { AppError } from "../lib/errors.ts";
import {
  checkPaymentOptions,
  decideAuthorization,
  decideCapture,
  decideChallenge,
  decidePayPal,
  decideRefund,
  type IntentAmounts,
  type IntentStatus,
} from "./intents.ts";

const NEW: IntentAmounts = {
  status: "requires_payment_method",
  amountMinor: 10_000,
  amountAuthorizedMinor: 0,
  amountCapturedMinor: 0,
  amountRefundedMinor: 0,
};
const AUTHORIZED: IntentAmounts = { ...NEW, status: "authorized", amountAuthorizedMinor: 10_000 };
const CAPTURED: IntentAmounts = { ...AUTHORIZED, status: "captured", amountCapturedMinor: 10_000 };

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : "not an AppError";
  }
}

const ALL: IntentStatus[] = [
  "requires_payment_method",
  "requires_action",
  "authorized",
  "captured",
  "refunded",
  "failed",
];

describe("authorization", () => {
  it("follows the card's behaviour, with the event it emits", () => {
    expect(decideAuthorization(NEW, "approve")).toEqual({
      status: "authorized",
      amountAuthorizedMinor: 10_000,
      failureCode: null,
      event: "payment.authorized",
    });
    expect(decideAuthorization(NEW, "decline")).toEqual({
      status: "failed",
      failureCode: "card_declined",
      event: "payment.failed",
    });
    expect(decideAuthorization(NEW, "insufficient_funds")).toEqual({
      status: "failed",
      failureCode: "insufficient_funds",
      event: "payment.failed",
    });
    expect(decideAuthorization(NEW, "challenge")).toEqual({ status: "requires_action", event: null });
  });

  it("happens only while the intent waits for a card", () => {
    for (const status of ALL.filter((s) => s !== "requires_payment_method")) {
      expect(
        codeOf(() => decideAuthorization({ ...NEW, status }, "approve")),
        status,
      ).toBe("PAYMENT_INTENT_STATE");
    }
  });

  it("after a challenge: approve authorizes, deny fails; only while one is pending", () => {
    const pending = { ...NEW, status: "requires_action" as const };
    expect(decideChallenge(pending, true)).toMatchObject({
      status: "authorized",
      amountAuthorizedMinor: 10_000,
      event: "payment.authorized",
    });
    expect(decideChallenge(pending, false)).toEqual({
      status: "failed",
      failureCode: "authentication_failed",
      event: "payment.failed",
    });
    expect(codeOf(() => decideChallenge(AUTHORIZED, true))).toBe("PAYMENT_INTENT_STATE");
  });
});

describe("capture", () => {
  it("takes the whole authorization by default, or less", () => {
    expect(decideCapture(AUTHORIZED, undefined)).toEqual({
      status: "captured",
      amountCapturedMinor: 10_000,
      event: "payment.captured",
    });
    expect(decideCapture(AUTHORIZED, 10_000)).toMatchObject({ amountCapturedMinor: 10_000 });
    expect(decideCapture(AUTHORIZED, 2_500)).toMatchObject({ amountCapturedMinor: 2_500 });
  });

  it("never more than authorized, never nothing, and only once", () => {
    expect(codeOf(() => decideCapture(AUTHORIZED, 10_001))).toBe("PAYMENT_AMOUNT_EXCEEDED");
    expect(codeOf(() => decideCapture(AUTHORIZED, 0))).toBe("INVALID_REQUEST");
    expect(codeOf(() => decideCapture(AUTHORIZED, 1.5))).toBe("INVALID_REQUEST");
    expect(codeOf(() => decideCapture(CAPTURED, undefined))).toBe("PAYMENT_INTENT_STATE");
    for (const status of ALL.filter((s) => s !== "authorized")) {
      expect(
        codeOf(() => decideCapture({ ...AUTHORIZED, status }, 1)),
        status,
      ).toBe("PAYMENT_INTENT_STATE");
    }
  });
});

describe("refund", () => {
  it("refunds part, then the rest, and only then the intent is refunded", () => {
    const first = decideRefund(CAPTURED, 3_000);
    expect(first).toEqual({
      status: "captured",
      amountRefundedMinor: 3_000,
      refundMinor: 3_000,
      event: "payment.refunded",
    });
    const after = { ...CAPTURED, amountRefundedMinor: 3_000 };
    expect(decideRefund(after, undefined)).toEqual({
      status: "refunded",
      amountRefundedMinor: 10_000,
      refundMinor: 7_000,
      event: "payment.refunded",
    });
  });

  it("never more than captured, counting earlier refunds", () => {
    expect(codeOf(() => decideRefund(CAPTURED, 10_001))).toBe("PAYMENT_AMOUNT_EXCEEDED");
    expect(codeOf(() => decideRefund({ ...CAPTURED, amountRefundedMinor: 9_000 }, 1_001))).toBe(
      "PAYMENT_AMOUNT_EXCEEDED",
    );
    expect(decideRefund({ ...CAPTURED, amountRefundedMinor: 9_000 }, 1_000)).toMatchObject({ status: "refunded" });
    const partCaptured = { ...AUTHORIZED, status: "captured" as const, amountCapturedMinor: 4_000 };
    expect(codeOf(() => decideRefund(partCaptured, 4_001))).toBe("PAYMENT_AMOUNT_EXCEEDED");
    expect(codeOf(() => decideRefund(CAPTURED, 0))).toBe("INVALID_REQUEST");
  });

  it("only of a captured payment: not before capture, not once all is refunded", () => {
    expect(codeOf(() => decideRefund(AUTHORIZED, 1))).toBe("PAYMENT_INTENT_STATE");
    expect(codeOf(() => decideRefund({ ...CAPTURED, status: "refunded", amountRefundedMinor: 10_000 }, 1))).toBe(
      "PAYMENT_INTENT_STATE",
    );
    expect(codeOf(() => decideRefund({ ...NEW, status: "failed" }, 1))).toBe("PAYMENT_INTENT_STATE");
  });
});

describe("payment options of a new intent", () => {
  it.each([
    [{ currency: "MXN", method: "card", instalmentMonths: null }, null],
    [{ currency: "MXN", method: "card", instalmentMonths: 12 }, null],
    [{ currency: "MXN", method: "paypal", instalmentMonths: null }, null],
    [{ currency: "USD", method: "card", instalmentMonths: null }, null],
    [{ currency: "USD", method: "paypal", instalmentMonths: null }, "PAYMENT_METHOD_UNAVAILABLE"],
    [{ currency: "EUR", method: "paypal", instalmentMonths: null }, "PAYMENT_METHOD_UNAVAILABLE"],
    [{ currency: "USD", method: "card", instalmentMonths: 3 }, "INSTALMENTS_UNAVAILABLE"],
    [{ currency: "MXN", method: "paypal", instalmentMonths: 3 }, "INSTALMENTS_UNAVAILABLE"],
  ] as const)("%j → %s", (input, code) => {
    expect(codeOf(() => checkPaymentOptions(input))).toBe(code);
  });
});

describe("PayPal approval", () => {
  it("approve authorizes the whole amount, cancel fails with payment_cancelled", () => {
    expect(decidePayPal(NEW, true)).toEqual({
      status: "authorized",
      amountAuthorizedMinor: 10_000,
      failureCode: null,
      event: "payment.authorized",
    });
    expect(decidePayPal(NEW, false)).toEqual({
      status: "failed",
      failureCode: "payment_cancelled",
      event: "payment.failed",
    });
  });

  it("applies only to an intent still waiting for the buyer", () => {
    for (const status of ALL.filter((entry) => entry !== "requires_payment_method")) {
      expect(
        codeOf(() => decidePayPal({ ...NEW, status }, true)),
        status,
      ).toBe("PAYMENT_INTENT_STATE");
    }
  });
});
