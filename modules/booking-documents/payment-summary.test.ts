import { describe, expect, it } from "vitest";
import { paymentSummaryOf } from "./payment-summary.ts";

describe("paymentSummaryOf", () => {
  it("names the card and its last four digits", () => {
    expect(paymentSummaryOf("en", { method: "card", brandName: "Visa", last4: "4242", instalmentMonths: null })).toBe(
      "Visa •••• 4242",
    );
  });

  it("adds the months without interest in the buyer's language", () => {
    const paid = { method: "card" as const, brandName: "MasterCard", last4: "0007", instalmentMonths: 12 };
    expect(paymentSummaryOf("es", paid)).toBe("MasterCard •••• 0007 · 12 meses sin intereses");
    expect(paymentSummaryOf("en", paid)).toBe("MasterCard •••• 0007 · 12 months without interest");
    expect(paymentSummaryOf("pt", paid)).toBe("MasterCard •••• 0007 · 12 meses sem juros");
  });

  it("says PayPal for PayPal, and a plain card word when the provider named no brand", () => {
    expect(paymentSummaryOf("pt", { method: "paypal", brandName: null, last4: null, instalmentMonths: null })).toBe(
      "PayPal",
    );
    expect(paymentSummaryOf("es", { method: "card", brandName: null, last4: "1111", instalmentMonths: null })).toBe(
      "Tarjeta •••• 1111",
    );
  });
});
