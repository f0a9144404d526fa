import { describe, expect, it } from "vitest";
import { judgeCapture } from "./capture.ts";

const DUE = { amountMinor: 41_37, currency: "USD" };

describe("judgeCapture", () => {
  it.each([
    ["the whole total", { capturedMinor: 41_37, refundedMinor: 0, currency: "USD" }, { kind: "covers" }],
    [
      "the same currency written in lower case",
      { capturedMinor: 41_37, refundedMinor: 0, currency: "usd" },
      { kind: "covers" },
    ],
    [
      "one cent of 41.37",
      { capturedMinor: 1, refundedMinor: 0, currency: "USD" },
      { kind: "short", missingMinor: 41_36 },
    ],
    [
      "the total, partly refunded before ticketing",
      { capturedMinor: 41_37, refundedMinor: 10_00, currency: "USD" },
      { kind: "short", missingMinor: 10_00 },
    ],
    [
      "more than the total",
      { capturedMinor: 50_00, refundedMinor: 0, currency: "USD" },
      { kind: "over", excessMinor: 8_63 },
    ],
    [
      "the same figure in pesos",
      { capturedMinor: 41_37, refundedMinor: 0, currency: "MXN" },
      { kind: "other_currency" },
    ],
    [
      "more than enough in another currency",
      { capturedMinor: 999_999, refundedMinor: 0, currency: "EUR" },
      { kind: "other_currency" },
    ],
    ["nothing", { capturedMinor: 0, refundedMinor: 0, currency: "USD" }, { kind: "short", missingMinor: 41_37 }],
  ])("%s", (_name, capture, verdict) => {
    expect(judgeCapture(DUE, capture)).toEqual(verdict);
  });
});
