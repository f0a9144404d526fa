// The payment methods each currency offers and the banks that sell in monthly
// instalments without interest (up to 12 or 15 months, Mexican-issued cards, MXN only).
//
// CB is the OpenTravel Alliance / IATA card code of Carte Blanche, the same two-letter family as VI,
// MC, AX, DN, DS and JC. It takes id 4, the first id the published numbering leaves free (VI 1, MC 2, AX 3, DN 6, DS 7,
// JC 8, PP 9), and is offered in no
// currency: the brand is retired (its cards were reissued as Diners Club), so no new payment can use
// it, yet a stored booking, a card-range table or an old client that names CB still resolves to a
// known method instead of failing.
import type { LocalizedText } from "../../lib/db.ts";
import { CURRENCY_CODES, type CurrencyCode } from "../../lib/money.ts";

export interface PaymentMethod {
  id: number;
  api_code: string;
  name: string;
}

export interface PaymentMethodRecord extends PaymentMethod {
  /** The currencies it is offered in; empty when it is known but not offered. */
  currencies: readonly CurrencyCode[];
}

export const PAYMENT_METHODS: readonly PaymentMethodRecord[] = [
  { id: 1, api_code: "VI", name: "Visa", currencies: CURRENCY_CODES },
  { id: 2, api_code: "MC", name: "MasterCard", currencies: CURRENCY_CODES },
  { id: 3, api_code: "AX", name: "American Express", currencies: CURRENCY_CODES },
  { id: 4, api_code: "CB", name: "Carte Blanche", currencies: [] },
  { id: 6, api_code: "DN", name: "Diners Club", currencies: ["EUR"] },
  { id: 7, api_code: "DS", name: "Discover", currencies: ["EUR"] },
  { id: 8, api_code: "JC", name: "JCB", currencies: ["EUR"] },
  { id: 9, api_code: "PP", name: "PayPal", currencies: ["MXN"] },
];

/** A card brand's name from the provider's code ("VI" → "Visa"); an unknown code is shown as given. */
export function cardBrandName(code: string): string {
  return PAYMENT_METHODS.find((method) => method.api_code === code)?.name ?? code;
}

/** The methods offered in a currency, by id. */
export function paymentMethodsOf(currency: CurrencyCode): PaymentMethod[] {
  return PAYMENT_METHODS.filter((method) => method.currencies.includes(currency)).map(({ id, api_code, name }) => ({
    id,
    api_code,
    name,
  }));
}

export type InstalmentMonths = 12 | 15;

export interface InstalmentBank {
  id: number;
  code: string;
  name: string;
  logo: string;
  description: string;
  max_months: InstalmentMonths;
}

export type InstalmentBankRecord = Omit<InstalmentBank, "description"> & { description: LocalizedText };

/** The plans (months) a bank offers: the usual Mexican steps up to its maximum. */
export function instalmentPlansOf(maxMonths: InstalmentMonths): number[] {
  return [3, 6, 9, 12, 15].filter((months) => months <= maxMonths);
}

/** Each plan any of `banks` offers, shortest first, with the banks that offer it. */
export function instalmentOffers(
  banks: readonly Pick<InstalmentBank, "name" | "max_months">[],
): { months: number; banks: string[] }[] {
  const months = [...new Set(banks.flatMap((bank) => instalmentPlansOf(bank.max_months)))].sort((a, b) => a - b);
  return months.map((count) => ({
    months: count,
    banks: banks.filter((bank) => bank.max_months >= count).map((bank) => bank.name),
  }));
}

/**
 * Each monthly payment of a plan without interest: the total split evenly, rounded up to the minor
 * unit, as Mexican banks bill months without interest (the last payment is never larger).
 */
export function monthlyInstalmentMinor(totalMinor: number, months: number): number {
  return Math.ceil(totalMinor / months);
}

/** Instalments exist only for payments in MXN (Mexican-issued cards). */
export const INSTALMENT_CURRENCY: CurrencyCode = "MXN";

function bank(id: number, code: string, name: string, maxMonths: InstalmentMonths): InstalmentBankRecord {
  return {
    id,
    code,
    name,
    logo: `/images/banks/${code}.svg`,
    max_months: maxMonths,
    description: {
      es: `Hasta ${maxMonths} meses sin intereses con tarjetas de crédito ${name} emitidas en México, en compras en pesos mexicanos.`,
      en: `Up to ${maxMonths} interest-free monthly payments with ${name} credit cards issued in Mexico, on purchases in Mexican pesos.`,
      pt: `Até ${maxMonths} parcelas mensais sem juros com cartões de crédito ${name} emitidos no México, em compras em pesos mexicanos.`,
    },
  };
}

/** Demo values: the operator's agreements with each bank set the real maximums. */
export const INSTALMENT_BANKS: readonly InstalmentBankRecord[] = [
  bank(1, "bbva", "BBVA México", 15),
  bank(2, "banamex", "Banamex", 15),
  bank(3, "banorte", "Banorte", 12),
  bank(4, "santander", "Santander México", 12),
  bank(5, "hsbc", "HSBC México", 12),
  bank(6, "scotiabank", "Scotiabank México", 12),
  bank(7, "inbursa", "Inbursa", 12),
  bank(8, "banregio", "Banregio", 12),
];
