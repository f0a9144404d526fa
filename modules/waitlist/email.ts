// The offer mail's words, in the language the visitor joined in: plain text and simple inline-styled
// HTML. Everything put in the HTML is escaped; the link comes from the caller.
import { escapeHtml } from "../../lib/html.ts";
import type { Language } from "../../lib/language.ts";

export interface OfferEmailFacts {
  from: string;
  to: string;
  /** Local date and time of the departure, already formatted. */
  date: string;
  time: string;
  seats: number;
  /** Local time the offer ends, already formatted ("14:35"), and its date. */
  expiresAt: string;
  offerUrl: string;
}

export interface RenderedOfferEmail {
  subject: string;
  text: string;
  html: string;
}

const COPY: Record<Language, { subject: (facts: OfferEmailFacts) => string; body: (facts: OfferEmailFacts) => string; button: string; expiry: (facts: OfferEmailFacts) => string; after: string; signature: string }> = {
  es: {
    subject: (f) => `Se liberaron lugares: ${f.from} → ${f.to}, ${f.date} ${f.time}`,
    body: (f) =>
      `Estabas en la lista de espera del viaje ${f.from} → ${f.to} del ${f.date} a las ${f.time}. Te guardamos ${f.seats === 1 ? "1 lugar" : `${f.seats} lugares`}: con un clic quedan en tu carrito y terminas la compra como siempre.`,
    button: "Poner los lugares en mi carrito",
    expiry: (f) => `Te los guardamos hasta las ${f.expiresAt} (hora de Cancún). Después pasan a la siguiente persona de la lista.`,
    after: "Si ya no los necesitas, no hagas nada: los lugares volverán a ofrecerse.",
    signature: "El equipo de Travesía",
  },
  en: {
    subject: (f) => `Seats came free: ${f.from} → ${f.to}, ${f.date} ${f.time}`,
    body: (f) =>
      `You were on the waiting list for the ${f.from} → ${f.to} sailing on ${f.date} at ${f.time}. We are keeping ${f.seats === 1 ? "1 seat" : `${f.seats} seats`} for you: one click puts them in your cart and you check out as usual.`,
    button: "Put the seats in my cart",
    expiry: (f) => `We keep them for you until ${f.expiresAt} (Cancún time). After that they go to the next person on the list.`,
    after: "If you no longer need them, do nothing: the seats will be offered again.",
    signature: "The Travesía team",
  },
  pt: {
    subject: (f) => `Lugares liberados: ${f.from} → ${f.to}, ${f.date} ${f.time}`,
    body: (f) =>
      `Você estava na lista de espera da viagem ${f.from} → ${f.to} de ${f.date} às ${f.time}. Guardamos ${f.seats === 1 ? "1 lugar" : `${f.seats} lugares`} para você: com um clique eles vão para o seu carrinho e você conclui a compra como sempre.`,
    button: "Colocar os lugares no meu carrinho",
    expiry: (f) => `Guardamos os lugares até ${f.expiresAt} (horário de Cancún). Depois eles passam para a próxima pessoa da lista.`,
    after: "Se você não precisa mais deles, não faça nada: os lugares serão oferecidos novamente.",
    signature: "Equipe Travesía",
  },
};

export function renderOfferEmail(language: Language, facts: OfferEmailFacts): RenderedOfferEmail {
  const copy = COPY[language];
  const text = [copy.body(facts), "", `${copy.button}: ${facts.offerUrl}`, "", copy.expiry(facts), copy.after, "", copy.signature].join("\n");
  const paragraph = (content: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#0f2a3d">${content}</p>`;
  const html = [
    `<!doctype html><html lang="${language}"><body style="margin:0;padding:24px;background:#f0f7fa;font-family:Arial,Helvetica,sans-serif">`,
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">`,
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0b4f6c">Travesía</p>`,
    paragraph(escapeHtml(copy.body(facts))),
    `<p style="margin:24px 0"><a href="${escapeHtml(facts.offerUrl)}" style="display:inline-block;background:#0b6e8f;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:999px">${escapeHtml(copy.button)}</a></p>`,
    paragraph(escapeHtml(copy.expiry(facts))),
    paragraph(escapeHtml(copy.after)),
    paragraph(escapeHtml(copy.signature)),
    `</div></body></html>`,
  ].join("");
  return { subject: copy.subject(facts), text, html };
}
