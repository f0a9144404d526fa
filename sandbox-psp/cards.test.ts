import { describe, expect, it, test } from "vitest";
import {
  TEST_CARDS,
  behaviourOf,
  brandOf,
  checkCardForm,
  digitsOf,
  instalmentRefusalOf,
  isExpired,
  issuerOf,
  monthlyAmountOf,
  parseExpiry,
  passesLuhn,
} from "./cards.ts";

const NOW = new Date("2030-06-15T12:00:00Z");
const VALID = { number: "4242 4242 4242 4242", expiry: "12/31", cvc: "123", name: "Ana López" };

describe("Luhn", () => {
  test.each(TEST_CARDS.map((card) => card.number))("every test card passes: %s", (number) => {
    expect(passesLuhn(number)).toBe(true);
  });

  it("refuses one wrong digit, swapped digits, letters and odd lengths", () => {
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("4242424242424224")).toBe(false);
    expect(passesLuhn("42424242424242a2")).toBe(false);
    expect(passesLuhn("42424242424")).toBe(false); // 11 digits
    expect(passesLuhn("42424242424242424242")).toBe(false); // 20 digits
    expect(passesLuhn("")).toBe(false);
  });

  it("reads numbers typed with spaces or dashes", () => {
    expect(digitsOf("4242-4242 4242 4242")).toBe("4242424242424242");
  });
});

describe("brand from the BIN", () => {
  test.each([
    ["4242424242424242", "VI"],
    ["4152313800000007", "VI"],
    ["5555555555554444", "MC"],
    ["2223003122003222", "MC"],
    ["378282246310005", "AX"],
    ["371449635398431", "AX"],
    ["6011111111111117", "DS"],
    ["3566002020360505", "JC"],
    ["36227206271667", "DN"],
    ["30569309025904", "DN"],
  ])("%s → %s", (number, brand) => {
    expect(brandOf(number)).toBe(brand);
  });

  it("knows no brand for other ranges or for lengths the brand does not issue", () => {
    expect(brandOf("9999999999999995")).toBeNull();
    expect(brandOf("1234567812345670")).toBeNull();
    expect(brandOf("3782822463100051")).toBeNull(); // Amex with 16 digits
    expect(brandOf("55555555555544")).toBeNull(); // MasterCard with 14
  });

  it("tells Mexican-issued BINs (BBVA México, Banorte) from the others", () => {
    expect(issuerOf("4152313800000007")).toEqual({ country: "MX", issuer: "bbva" });
    expect(issuerOf("5546290000000015")).toEqual({ country: "MX", issuer: "banorte" });
    expect(brandOf("5546290000000015")).toBe("MC");
    expect(issuerOf("4242424242424242")).toEqual({ country: "US", issuer: null });
    expect(issuerOf("5555555555554444")).toEqual({ country: null, issuer: null });
  });

  it("gives each test card its documented behaviour, and approves other numbers", () => {
    expect(behaviourOf("4242424242424242")).toBe("approve");
    expect(behaviourOf("4000000000000002")).toBe("decline");
    expect(behaviourOf("4000000000009995")).toBe("insufficient_funds");
    expect(behaviourOf("4000002760003184")).toBe("challenge");
    expect(behaviourOf("5105105105105100")).toBe("approve");
  });
});

describe("expiry", () => {
  test.each([
    ["12/31", { month: 12, year: 2031 }],
    ["1/30", { month: 1, year: 2030 }],
    ["06 / 2030", { month: 6, year: 2030 }],
  ])("reads %s", (text, expected) => {
    expect(parseExpiry(text)).toEqual(expected);
  });

  test.each(["13/30", "00/30", "12-30", "1230", "12/3", "ab/cd", ""])("refuses %j", (text) => {
    expect(parseExpiry(text)).toBeNull();
  });

  it("is valid through the last day of its month", () => {
    expect(isExpired({ month: 6, year: 2030 }, NOW)).toBe(false);
    expect(isExpired({ month: 6, year: 2030 }, new Date("2030-06-30T23:59:59Z"))).toBe(false);
    expect(isExpired({ month: 6, year: 2030 }, new Date("2030-07-01T00:00:00Z"))).toBe(true);
    expect(isExpired({ month: 5, year: 2030 }, NOW)).toBe(true);
    expect(isExpired({ month: 12, year: 2029 }, NOW)).toBe(true);
    expect(isExpired({ month: 1, year: 2031 }, NOW)).toBe(false);
  });
});

describe("checkCardForm", () => {
  it("accepts a good card and keeps only what may be kept", () => {
    const result = checkCardForm(VALID, NOW);
    expect(result).toEqual({
      card: {
        brand: "VI",
        last4: "4242",
        binCountry: "US",
        issuer: null,
        expMonth: 12,
        expYear: 2031,
        behaviour: "approve",
      },
    });
    expect(JSON.stringify(result)).not.toContain("424242424242");
    expect(JSON.stringify(result)).not.toContain("123");
  });

  it("marks the Mexican card with its country and bank", () => {
    expect(checkCardForm({ ...VALID, number: "4152 3138 0000 0007" }, NOW)).toMatchObject({
      card: { binCountry: "MX", issuer: "bbva", brand: "VI" },
    });
  });

  it("asks American Express for 4 digits of CVV and the others for 3", () => {
    const amex = { ...VALID, number: "3782 822463 10005" };
    expect(checkCardForm({ ...amex, cvc: "1234" }, NOW)).toMatchObject({ card: { brand: "AX" } });
    expect(checkCardForm({ ...amex, cvc: "123" }, NOW)).toEqual({ errors: { cvc: "cvc_invalid" } });
    expect(checkCardForm({ ...VALID, cvc: "1234" }, NOW)).toEqual({ errors: { cvc: "cvc_invalid" } });
    expect(checkCardForm({ ...VALID, cvc: "12a" }, NOW)).toEqual({ errors: { cvc: "cvc_invalid" } });
  });

  it("reports every field at once", () => {
    expect(checkCardForm({ number: "", expiry: "", cvc: "", name: "" }, NOW)).toEqual({
      errors: { number: "number_required", expiry: "expiry_required", cvc: "cvc_required", name: "name_required" },
    });
    expect(checkCardForm({ number: "4242 4242 4242 4241", expiry: "13/31", cvc: "1", name: "A" }, NOW)).toEqual({
      errors: { number: "number_invalid", expiry: "expiry_invalid", cvc: "cvc_invalid", name: "name_required" },
    });
    expect(checkCardForm({ ...VALID, number: "9999 9999 9999 9995", expiry: "05/30" }, NOW)).toEqual({
      errors: { number: "number_unsupported", expiry: "expiry_past" },
    });
  });
});

describe("months without interest", () => {
  const bbva = { binCountry: "MX", issuer: "bbva" };
  const banorte = { binCountry: "MX", issuer: "banorte" };
  test.each([
    [bbva, 15, null],
    [bbva, 3, null],
    [banorte, 12, null],
    [banorte, 15, "instalments_months_exceeded"],
    [{ binCountry: "MX", issuer: "unknown-bank" }, 3, "instalments_months_exceeded"],
    [{ binCountry: "MX", issuer: null }, 3, "instalments_months_exceeded"],
    [{ binCountry: "US", issuer: null }, 3, "instalments_not_mexican"],
    [{ binCountry: null, issuer: null }, 3, "instalments_not_mexican"],
    // A foreign card naming a Mexican bank's code is still not a Mexican card.
    [{ binCountry: "US", issuer: "bbva" }, 3, "instalments_not_mexican"],
  ])("%j for %i months → %s", (card, months, refusal) => {
    expect(instalmentRefusalOf(card, months)).toBe(refusal);
  });

  it("splits the amount into equal monthly payments, rounded up so the plan covers it", () => {
    expect(monthlyAmountOf(120_000, 12)).toBe(10_000);
    expect(monthlyAmountOf(100_000, 3)).toBe(33_334);
    expect(monthlyAmountOf(1, 15)).toBe(1);
  });
});
