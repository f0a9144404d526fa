// Reads of the payment catalogue: methods per currency and the instalment banks.
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import type { Language } from "../../lib/language.ts";
import type { CurrencyCode } from "../../lib/money.ts";
import type { InstalmentBank, InstalmentMonths, PaymentMethod } from "./catalog.ts";
import { instalmentBanks, paymentMethodCurrencies, paymentMethods } from "./schema.ts";

/** The payment methods offered in a currency, by id. */
export async function findPaymentMethods(db: Database, currency: CurrencyCode): Promise<PaymentMethod[]> {
  const rows = await db
    .select({ id: paymentMethods.id, apiCode: paymentMethods.apiCode, name: paymentMethods.name })
    .from(paymentMethodCurrencies)
    .innerJoin(paymentMethods, eq(paymentMethods.id, paymentMethodCurrencies.paymentMethodId))
    .where(eq(paymentMethodCurrencies.currency, currency))
    .orderBy(asc(paymentMethods.id));
  return rows.map((row) => ({ id: row.id, api_code: row.apiCode, name: row.name }));
}

/** The banks offering instalments, in the operator's order, described in `language`. */
export async function findInstalmentBanks(db: Database, language: Language): Promise<InstalmentBank[]> {
  const rows = await db.select().from(instalmentBanks).orderBy(asc(instalmentBanks.sortOrder), asc(instalmentBanks.id));
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    logo: row.logo,
    description: row.description[language],
    max_months: row.maxMonths as InstalmentMonths,
  }));
}
