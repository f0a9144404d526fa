// The refund mail's words: what came back, to which payment, what is left of the booking,
// which tickets no longer travel, in the buyer's language. Every value from the booking is escaped.
import { escapeHtml } from "../../lib/html.ts";
import type { Language } from "../../lib/language.ts";
import type { RenderedEmail } from "./email.ts";

export interface RefundEmail {
  language: Language;
  buyerName: string;
  reference: string;
  /** The refund, formatted in the booking's currency ("$150.00 MXN"). */
  amount: string;
  /** Everything given back so far, formatted. */
  refundedTotal: string;
  /** "VISA •••• 4242" or "PayPal": where the money goes back. */
  paidWith: string;
  /** True when the whole payment came back: no ticket of the booking travels. */
  isFull: boolean;
  /**
   * Some ticket of the booking is still valid. False with `isFull` false when every ticket was
   * cancelled but part of the money was kept (a cancellation under a policy with a fee): then the mail
   * says the booking is cancelled, never that the rest of it stays valid.
   */
  ticketsLeft: boolean;
  /** Codes of the tickets this refund cancelled. */
  cancelledTickets: string[];
  manageUrl: string;
  siteOrigin: string;
}

const COPY: Record<
  Language,
  {
    subject: (reference: string) => string;
    greeting: (name: string) => string;
    intro: (amount: string, reference: string) => string;
    paidWith: string;
    refundedTotal: string;
    full: string;
    partial: string;
    /** No ticket travels any more, some money kept. */
    none: string;
    cancelled: string;
    timing: string;
    manage: string;
    footer: string;
  }
> = {
  es: {
    subject: (reference) => `Reembolso de tu reserva Travesía ${reference}`,
    greeting: (name) => `Hola, ${name}:`,
    intro: (amount, reference) => `Te reembolsamos ${amount} de tu reserva ${reference}.`,
    paidWith: "Se devuelve a",
    refundedTotal: "Reembolsado en total",
    full: "La reserva quedó reembolsada por completo: sus boletos ya no son válidos para viajar.",
    partial: "El resto de tu reserva sigue vigente.",
    none: "Tu reserva quedó cancelada: sus boletos ya no son válidos para viajar.",
    cancelled: "Boletos cancelados",
    timing: "El reembolso puede tardar de 5 a 10 días hábiles en verse en tu estado de cuenta, según tu banco.",
    manage: "Ver mi reserva",
    footer: "Travesía · Cancún ↔ Isla Mujeres ·",
  },
  en: {
    subject: (reference) => `Refund of your Travesía booking ${reference}`,
    greeting: (name) => `Hello ${name},`,
    intro: (amount, reference) => `We have refunded ${amount} of your booking ${reference}.`,
    paidWith: "Refunded to",
    refundedTotal: "Refunded in total",
    full: "The booking is now fully refunded: its tickets are no longer valid for travel.",
    partial: "The rest of your booking stays valid.",
    none: "Your booking is cancelled: its tickets are no longer valid for travel.",
    cancelled: "Cancelled tickets",
    timing: "It may take 5 to 10 business days to show on your statement, depending on your bank.",
    manage: "View my booking",
    footer: "Travesía · Cancún ↔ Isla Mujeres ·",
  },
  pt: {
    subject: (reference) => `Reembolso da sua reserva Travesía ${reference}`,
    greeting: (name) => `Olá, ${name}!`,
    intro: (amount, reference) => `Reembolsamos ${amount} da sua reserva ${reference}.`,
    paidWith: "Devolvido para",
    refundedTotal: "Total reembolsado",
    full: "A reserva foi reembolsada por completo: os bilhetes dela não valem mais para viajar.",
    partial: "O restante da sua reserva continua válido.",
    none: "Sua reserva foi cancelada: os bilhetes dela não valem mais para viajar.",
    cancelled: "Bilhetes cancelados",
    timing: "O reembolso pode levar de 5 a 10 dias úteis para aparecer na sua fatura, conforme o seu banco.",
    manage: "Ver minha reserva",
    footer: "Travesía · Cancún ↔ Isla Mujeres ·",
  },
};

export function renderRefundEmail(refund: RefundEmail): RenderedEmail {
  const copy = COPY[refund.language];
  const subject = copy.subject(refund.reference);
  const status = refund.isFull ? copy.full : refund.ticketsLeft ? copy.partial : copy.none;
  const cancelled =
    refund.cancelledTickets.length > 0 ? `${copy.cancelled}: ${refund.cancelledTickets.join(", ")}` : null;
  const text = [
    copy.greeting(refund.buyerName),
    "",
    copy.intro(refund.amount, refund.reference),
    `${copy.paidWith}: ${refund.paidWith}`,
    `${copy.refundedTotal}: ${refund.refundedTotal}`,
    "",
    status,
    ...(cancelled ? [cancelled] : []),
    copy.timing,
    "",
    `${copy.manage}: ${refund.manageUrl}`,
    "",
    copy.footer,
    "",
  ].join("\n");
  const html = [
    `<!doctype html><html lang="${refund.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f4f5f7">`,
    `<div style="max-width:600px;margin:0 auto;padding:24px;font-family:Helvetica,Arial,sans-serif;color:#1a1a2e;background:#ffffff">`,
    `<p style="font-size:22px;font-weight:bold;color:#0b6e99;margin:0 0 16px">Travesía</p>`,
    `<p style="margin:0 0 8px">${escapeHtml(copy.greeting(refund.buyerName))}</p>`,
    `<p style="margin:0 0 16px;font-size:18px">${escapeHtml(copy.intro(refund.amount, refund.reference))}</p>`,
    `<p style="margin:0 0 4px;font-size:14px">${escapeHtml(copy.paidWith)}: ${escapeHtml(refund.paidWith)}</p>`,
    `<p style="margin:0 0 16px;font-size:14px">${escapeHtml(copy.refundedTotal)}: <strong>${escapeHtml(refund.refundedTotal)}</strong></p>`,
    `<p style="margin:0 0 8px">${escapeHtml(status)}</p>`,
    ...(cancelled ? [`<p style="margin:0 0 8px;font-size:14px">${escapeHtml(cancelled)}</p>`] : []),
    `<p style="margin:0 0 16px;font-size:14px;color:#5a5a6e">${escapeHtml(copy.timing)}</p>`,
    `<p style="margin:0 0 24px"><a href="${escapeHtml(refund.manageUrl)}" style="display:inline-block;background:#0b6e99;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">${escapeHtml(copy.manage)}</a></p>`,
    `<p style="margin:0;font-size:12px;color:#5a5a6e">${escapeHtml(copy.footer)} <a href="${escapeHtml(refund.siteOrigin)}" style="color:#5a5a6e">${escapeHtml(new URL(refund.siteOrigin).host)}</a></p>`,
    `</div></body></html>`,
  ].join("\n");
  return { subject, text, html };
}
