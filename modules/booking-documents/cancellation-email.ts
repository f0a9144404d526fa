// The mail of a line cancelled with no money back (staff's "cancel with no money back", ADR 0057):
// which tickets no longer travel, in the buyer's language. Every value from the booking is escaped.
import { escapeHtml } from "../../lib/html.ts";
import type { Language } from "../../lib/language.ts";
import type { RenderedEmail } from "./email.ts";

export interface CancellationEmail {
  language: Language;
  buyerName: string;
  reference: string;
  cancelledTickets: string[];
  manageUrl: string;
  siteOrigin: string;
}

const COPY: Record<
  Language,
  {
    subject: (reference: string) => string;
    greeting: (name: string) => string;
    intro: (reference: string) => string;
    noRefund: string;
    cancelled: string;
    manage: string;
    footer: string;
  }
> = {
  es: {
    subject: (reference) => `Cancelación en tu reserva Travesía ${reference}`,
    greeting: (name) => `Hola, ${name}:`,
    intro: (reference) => `Cancelamos parte de tu reserva ${reference}.`,
    noRefund: "Según la política de cancelación de este producto, no corresponde reembolso.",
    cancelled: "Boletos cancelados",
    manage: "Ver mi reserva",
    footer: "Travesía · Cancún ↔ Isla Mujeres ·",
  },
  en: {
    subject: (reference) => `Cancellation in your Travesía booking ${reference}`,
    greeting: (name) => `Hello ${name},`,
    intro: (reference) => `We have cancelled part of your booking ${reference}.`,
    noRefund: "Under this product's cancellation policy, no money is given back.",
    cancelled: "Cancelled tickets",
    manage: "View my booking",
    footer: "Travesía · Cancún ↔ Isla Mujeres ·",
  },
  pt: {
    subject: (reference) => `Cancelamento na sua reserva Travesía ${reference}`,
    greeting: (name) => `Olá, ${name}!`,
    intro: (reference) => `Cancelamos parte da sua reserva ${reference}.`,
    noRefund: "Conforme a política de cancelamento deste produto, não há reembolso.",
    cancelled: "Bilhetes cancelados",
    manage: "Ver minha reserva",
    footer: "Travesía · Cancún ↔ Isla Mujeres ·",
  },
};

export function renderCancellationEmail(mail: CancellationEmail): RenderedEmail {
  const copy = COPY[mail.language];
  const subject = copy.subject(mail.reference);
  const cancelled = `${copy.cancelled}: ${mail.cancelledTickets.join(", ")}`;
  const text = [
    copy.greeting(mail.buyerName),
    "",
    copy.intro(mail.reference),
    copy.noRefund,
    cancelled,
    "",
    `${copy.manage}: ${mail.manageUrl}`,
    "",
    copy.footer,
    "",
  ].join("\n");
  const html = [
    `<!doctype html><html lang="${mail.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f4f5f7">`,
    `<div style="max-width:600px;margin:0 auto;padding:24px;font-family:Helvetica,Arial,sans-serif;color:#1a1a2e;background:#ffffff">`,
    `<p style="font-size:22px;font-weight:bold;color:#0b6e99;margin:0 0 16px">Travesía</p>`,
    `<p style="margin:0 0 8px">${escapeHtml(copy.greeting(mail.buyerName))}</p>`,
    `<p style="margin:0 0 16px;font-size:18px">${escapeHtml(copy.intro(mail.reference))}</p>`,
    `<p style="margin:0 0 8px">${escapeHtml(copy.noRefund)}</p>`,
    `<p style="margin:0 0 16px;font-size:14px">${escapeHtml(cancelled)}</p>`,
    `<p style="margin:0 0 24px"><a href="${escapeHtml(mail.manageUrl)}" style="display:inline-block;background:#0b6e99;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">${escapeHtml(copy.manage)}</a></p>`,
    `<p style="margin:0;font-size:12px;color:#5a5a6e">${escapeHtml(copy.footer)} <a href="${escapeHtml(mail.siteOrigin)}" style="color:#5a5a6e">${escapeHtml(new URL(mail.siteOrigin).host)}</a></p>`,
    `</div></body></html>`,
  ].join("\n");
  return { subject, text, html };
}
