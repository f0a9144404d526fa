import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENCY_CODES } from "../../lib/money.ts";
import { openSnapshot, type DatabaseHandle } from "../../tests/setup/db.ts";
import { INSTALMENT_BANKS, findInstalmentBanks, findPaymentMethods, paymentMethodsOf } from "./index.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openSnapshot();
});
afterAll(() => database.close());

describe("the seeded payment catalogue", () => {
  it("offers each currency its methods: VI, MC, AX everywhere, DN, DS, JC in EUR, PayPal in MXN", async () => {
    for (const currency of CURRENCY_CODES) {
      expect(await findPaymentMethods(database.db, currency)).toEqual(paymentMethodsOf(currency));
    }
    expect((await findPaymentMethods(database.db, "EUR")).map((method) => method.api_code)).toEqual([
      "VI",
      "MC",
      "AX",
      "DN",
      "DS",
      "JC",
    ]);
    expect((await findPaymentMethods(database.db, "MXN")).map((method) => method.api_code)).toEqual([
      "VI",
      "MC",
      "AX",
      "PP",
    ]);
    expect(await findPaymentMethods(database.db, "GBP")).toEqual([
      { id: 1, api_code: "VI", name: "Visa" },
      { id: 2, api_code: "MC", name: "MasterCard" },
      { id: 3, api_code: "AX", name: "American Express" },
    ]);
  });

  it("lists the instalment banks in order, described in the visitor's language", async () => {
    const es = await findInstalmentBanks(database.db, "es");
    const en = await findInstalmentBanks(database.db, "en");
    expect(es.map((bank) => bank.code)).toEqual(INSTALMENT_BANKS.map((bank) => bank.code));
    expect(es[0]).toEqual({
      id: 1,
      code: "bbva",
      name: "BBVA México",
      logo: "/images/banks/bbva.svg",
      max_months: 15,
      description:
        "Hasta 15 meses sin intereses con tarjetas de crédito BBVA México emitidas en México, en compras en pesos mexicanos.",
    });
    expect(en[2]?.description).toBe(
      "Up to 12 interest-free monthly payments with Banorte credit cards issued in Mexico, on purchases in Mexican pesos.",
    );
  });
});
