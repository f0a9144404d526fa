// The one line of the confirmation that says how the buyer paid: "Visa •••• 4242",
// "Mastercard •••• 0007 · 12 meses sin intereses", "PayPal". Words in the buyer's language.
import type { TicketLanguage } from "./copy.ts";

export interface PaidWith {
  method: "card" | "paypal" | "cash" | "card_present";
  /** The card network's name as printed, e.g. "Visa"; null when the provider did not say. */
  brandName: string | null;
  last4: string | null;
  /** Months without interest (MXN, Mexican cards); null when paid at once. */
  instalmentMonths: number | null;
  /** "uplift" when the buyer pays monthly and the card was Uplift's single-use one. */
  financedBy?: string | null;
}

const MONTHS_WITHOUT_INTEREST: Record<TicketLanguage, (months: number) => string> = {
  es: (months) => `${months} meses sin intereses`,
  en: (months) => `${months} months without interest`,
  pt: (months) => `${months} meses sem juros`,
};

const PAYING_MONTHLY: Record<TicketLanguage, string> = {
  es: "Uplift · pago mensual",
  en: "Uplift · paying monthly",
  pt: "Uplift · pagamento mensal",
};
const CARD: Record<TicketLanguage, string> = { es: "Tarjeta", en: "Card", pt: "Cartão" };
const CASH: Record<TicketLanguage, string> = {
  es: "Efectivo en taquilla",
  en: "Cash at the booth",
  pt: "Dinheiro na bilheteria",
};

export function paymentSummaryOf(language: TicketLanguage, paid: PaidWith): string {
  if (paid.method === "paypal") return "PayPal";
  if (paid.method === "cash") return CASH[language];
  if (paid.financedBy === "uplift") return PAYING_MONTHLY[language];
  const card = [paid.brandName ?? CARD[language], paid.last4 ? `•••• ${paid.last4}` : null].filter(Boolean).join(" ");
  return paid.instalmentMonths ? `${card} · ${MONTHS_WITHOUT_INTEREST[language](paid.instalmentMonths)}` : card;
}
