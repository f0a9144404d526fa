// The double opt-in mail's words, in the subscriber's language: plain text and simple inline-styled
// HTML (mail clients ignore style sheets). The name is escaped; links come from the caller.
import { escapeHtml } from "../../lib/html.ts";
import type { Language } from "../../lib/language.ts";

export interface NewsletterEmailLinks {
  confirmUrl: string;
  unsubscribeUrl: string;
}

export interface RenderedNewsletterEmail {
  subject: string;
  text: string;
  html: string;
}

const COPY: Record<
  Language,
  {
    subject: string;
    greeting: (name: string) => string;
    body: string;
    button: string;
    expiry: string;
    ignore: string;
    unsubscribe: string;
    signature: string;
  }
> = {
  es: {
    subject: "Confirma tu suscripción al boletín de Travesía",
    greeting: (name) => `Hola, ${name}:`,
    body: "Gracias por suscribirte. Para empezar a recibir nuestras promociones, horarios de temporada y novedades de Isla Mujeres, confirma tu correo:",
    button: "Confirmar mi suscripción",
    expiry: "El enlace funciona durante 7 días.",
    ignore: "Si no pediste suscribirte, ignora este correo: no te enviaremos nada más.",
    unsubscribe: "Darte de baja",
    signature: "El equipo de Travesía",
  },
  en: {
    subject: "Confirm your subscription to the Travesía newsletter",
    greeting: (name) => `Hi ${name},`,
    body: "Thanks for subscribing. To start receiving our promotions, seasonal schedules and news from Isla Mujeres, please confirm your email address:",
    button: "Confirm my subscription",
    expiry: "The link works for 7 days.",
    ignore: "If you did not ask to subscribe, ignore this email: we will not send you anything else.",
    unsubscribe: "Unsubscribe",
    signature: "The Travesía team",
  },
  pt: {
    subject: "Confirme sua inscrição na newsletter da Travesía",
    greeting: (name) => `Olá, ${name}!`,
    body: "Obrigado por se inscrever. Para começar a receber nossas promoções, horários de temporada e novidades de Isla Mujeres, confirme seu e-mail:",
    button: "Confirmar minha inscrição",
    expiry: "O link funciona por 7 dias.",
    ignore: "Se você não pediu para se inscrever, ignore este e-mail: não enviaremos mais nada.",
    unsubscribe: "Cancelar inscrição",
    signature: "Equipe Travesía",
  },
};

export function renderNewsletterConfirmationEmail(
  language: Language,
  firstName: string,
  links: NewsletterEmailLinks,
): RenderedNewsletterEmail {
  const copy = COPY[language];
  const text = [
    copy.greeting(firstName),
    "",
    copy.body,
    "",
    `${copy.button}: ${links.confirmUrl}`,
    "",
    copy.expiry,
    copy.ignore,
    "",
    copy.signature,
    "",
    `${copy.unsubscribe}: ${links.unsubscribeUrl}`,
  ].join("\n");
  const paragraph = (content: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#0f2a3d">${content}</p>`;
  const html = [
    `<!doctype html><html lang="${language}"><body style="margin:0;padding:24px;background:#f0f7fa;font-family:Arial,Helvetica,sans-serif">`,
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">`,
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0b4f6c">Travesía</p>`,
    paragraph(escapeHtml(copy.greeting(firstName))),
    paragraph(escapeHtml(copy.body)),
    `<p style="margin:24px 0"><a href="${escapeHtml(links.confirmUrl)}" style="display:inline-block;background:#0b6e8f;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:999px">${escapeHtml(copy.button)}</a></p>`,
    paragraph(escapeHtml(copy.expiry)),
    paragraph(escapeHtml(copy.ignore)),
    paragraph(escapeHtml(copy.signature)),
    `<p style="margin:24px 0 0;font-size:13px;color:#4b6577"><a href="${escapeHtml(links.unsubscribeUrl)}" style="color:#4b6577">${escapeHtml(copy.unsubscribe)}</a></p>`,
    `</div></body></html>`,
  ].join("");
  return { subject: copy.subject, text, html };
}
