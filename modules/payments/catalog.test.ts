import { describe, expect, it, test } from "vitest";
import { CURRENCY_CODES } from "../../lib/money.ts";
import {
  INSTALMENT_BANKS,
  PAYMENT_METHODS,
  cardBrandName,
  instalmentPlansOf,
  monthlyInstalmentMinor,
  paymentMethodsOf,
} from "./catalog.ts";

const codesOf = (currency: (typeof CURRENCY_CODES)[number]) =>
  paymentMethodsOf(currency).map((method) => method.api_code);

describe("payment methods per currency", () => {
  it("keep the ids and codes existing clients know", () => {
    expect(PAYMENT_METHODS.map(({ id, api_code, name }) => [id, api_code, name])).toEqual([
      [1, "VI", "Visa"],
      [2, "MC", "MasterCard"],
      [3, "AX", "American Express"],
      [4, "CB", "Carte Blanche"],
      [6, "DN", "Diners Club"],
      [7, "DS", "Discover"],
      [8, "JC", "JCB"],
      [9, "PP", "PayPal"],
    ]);
  });

  it("offer Visa, MasterCard and American Express in every currency", () => {
    for (const currency of CURRENCY_CODES) expect(codesOf(currency).slice(0, 3)).toEqual(["VI", "MC", "AX"]);
  });

  it("add Diners Club, Discover and JCB in EUR only", () => {
    expect(codesOf("EUR")).toEqual(["VI", "MC", "AX", "DN", "DS", "JC"]);
  });

  it("add PayPal in MXN only", () => {
    expect(codesOf("MXN")).toEqual(["VI", "MC", "AX", "PP"]);
  });

  test.each(CURRENCY_CODES.filter((code) => code !== "EUR" && code !== "MXN"))(
    "offer only the three in %s",
    (currency) => {
      expect(codesOf(currency)).toEqual(["VI", "MC", "AX"]);
    },
  );

  it("know CB (Carte Blanche, retired) but never offer it", () => {
    for (const currency of CURRENCY_CODES) expect(codesOf(currency)).not.toContain("CB");
  });
});

describe("instalment banks", () => {
  it("sell in 12 or 15 months, each with a monogram and a description in three languages", () => {
    expect(INSTALMENT_BANKS.length).toBeGreaterThanOrEqual(6);
    for (const bank of INSTALMENT_BANKS) {
      expect([12, 15]).toContain(bank.max_months);
      expect(bank.logo).toBe(`/images/banks/${bank.code}.svg`);
      expect(bank.description.es).toContain(`${bank.max_months} meses sin intereses`);
      expect(bank.description.en).toContain(`${bank.max_months} interest-free`);
      expect(bank.description.pt).toContain(`${bank.max_months} parcelas`);
    }
    expect(new Set(INSTALMENT_BANKS.map((bank) => bank.id)).size).toBe(INSTALMENT_BANKS.length);
  });

  it("offer the usual plans up to the bank's maximum", () => {
    expect(instalmentPlansOf(12)).toEqual([3, 6, 9, 12]);
    expect(instalmentPlansOf(15)).toEqual([3, 6, 9, 12, 15]);
  });
});

describe("what a buyer reads about their payment", () => {
  it("names a card brand from the provider's code, and shows an unknown code as given", () => {
    expect(cardBrandName("VI")).toBe("Visa");
    expect(cardBrandName("AX")).toBe("American Express");
    expect(cardBrandName("ZZ")).toBe("ZZ");
  });

  it("splits months without interest evenly, rounding each payment up to the minor unit", () => {
    expect(monthlyInstalmentMinor(120_000, 12)).toBe(10_000);
    expect(monthlyInstalmentMinor(493_810, 12)).toBe(41_151);
    expect(monthlyInstalmentMinor(100, 3)).toBe(34);
  });
});
