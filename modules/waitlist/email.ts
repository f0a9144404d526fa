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

const PLURAL_LOCALE: Record<Language, string> = { es: "es-MX", en: "en-US", pt: "pt-BR" };

/** Whether `count` takes the singular by the language's CLDR plural rule (Portuguese puts 0 with 1). */
function isSingular(language: Language, count: number): boolean {
  return new Intl.PluralRules(PLURAL_LOCALE[language]).select(count) === "one";
}

/** Each counted sentence in its singular and plural form; the form is chosen by `isSingular`. */
interface CountedCopy {
  subject: (facts: OfferEmailFacts) => string;
  body: { one: (facts: OfferEmailFacts) => string; other: (facts: OfferEmailFacts) => string };
  button: { one: string; other: string };
  expiry: { one: (facts: OfferEmailFacts) => string; other: (facts: OfferEmailFacts) => string };
  after: { one: string; other: string };
  signature: string;
}

const COPY: Record<Language, CountedCopy> = {
  es: {
    subject: (f) => `Se liberaron lugares: ${f.from} → ${f.to}, ${f.date} ${f.time}`,
    body: {
      one: (f) =>
        `Estabas en la lista de espera del viaje ${f.from} → ${f.to} del ${f.date} a las ${f.time}. Te guardamos ${f.seats} lugar: con un clic queda en tu carrito y terminas la compra como siempre.`,
      other: (f) =>
        `Estabas en la lista de espera del viaje ${f.from} → ${f.to} del ${f.date} a las ${f.time}. Te guardamos ${f.seats} lugares: con un clic quedan en tu carrito y terminas la compra como siempre.`,
    },
    button: { one: "Poner el lugar en mi carrito", other: "Poner los lugares en mi carrito" },
    expiry: {
      one: (f) =>
        `Te lo guardamos hasta las ${f.expiresAt} (hora de Cancún). Después pasa a la siguiente persona de la lista.`,
      other: (f) =>
        `Te los guardamos hasta las ${f.expiresAt} (hora de Cancún). Después pasan a la siguiente persona de la lista.`,
    },
    after: {
      one: "Si ya no lo necesitas, no hagas nada: el lugar volverá a ofrecerse.",
      other: "Si ya no los necesitas, no hagas nada: los lugares volverán a ofrecerse.",
    },
    signature: "El equipo de Travesía",
  },
  en: {
    subject: (f) => `Seats came free: ${f.from} → ${f.to}, ${f.date} ${f.time}`,
    body: {
      one: (f) =>
        `You were on the waiting list for the ${f.from} → ${f.to} sailing on ${f.date} at ${f.time}. We are keeping ${f.seats} seat for you: one click puts it in your cart and you check out as usual.`,
      other: (f) =>
        `You were on the waiting list for the ${f.from} → ${f.to} sailing on ${f.date} at ${f.time}. We are keeping ${f.seats} seats for you: one click puts them in your cart and you check out as usual.`,
    },
    button: { one: "Put the seat in my cart", other: "Put the seats in my cart" },
    expiry: {
      one: (f) =>
        `We keep it for you until ${f.expiresAt} (Cancún time). After that it goes to the next person on the list.`,
      other: (f) =>
        `We keep them for you until ${f.expiresAt} (Cancún time). After that they go to the next person on the list.`,
    },
    after: {
      one: "If you no longer need it, do nothing: the seat will be offered again.",
      other: "If you no longer need them, do nothing: the seats will be offered again.",
    },
    signature: "The Travesía team",
  },
  pt: {
    subject: (f) => `Lugares liberados: ${f.from} → ${f.to}, ${f.date} ${f.time}`,
    body: {
      one: (f) =>
        `Você estava na lista de espera da viagem ${f.from} → ${f.to} de ${f.date} às ${f.time}. Guardamos ${f.seats} lugar para você: com um clique ele vai para o seu carrinho e você conclui a compra como sempre.`,
      other: (f) =>
        `Você estava na lista de espera da viagem ${f.from} → ${f.to} de ${f.date} às ${f.time}. Guardamos ${f.seats} lugares para você: com um clique eles vão para o seu carrinho e você conclui a compra como sempre.`,
    },
    button: { one: "Colocar o lugar no meu carrinho", other: "Colocar os lugares no meu carrinho" },
    expiry: {
      one: (f) =>
        `Guardamos o lugar até ${f.expiresAt} (horário de Cancún). Depois ele passa para a próxima pessoa da lista.`,
      other: (f) =>
        `Guardamos os lugares até ${f.expiresAt} (horário de Cancún). Depois eles passam para a próxima pessoa da lista.`,
    },
    after: {
      one: "Se você não precisa mais dele, não faça nada: o lugar será oferecido novamente.",
      other: "Se você não precisa mais deles, não faça nada: os lugares serão oferecidos novamente.",
    },
    signature: "Equipe Travesía",
  },
};

export function renderOfferEmail(language: Language, facts: OfferEmailFacts): RenderedOfferEmail {
  const copy = COPY[language];
  const form = isSingular(language, facts.seats) ? "one" : "other";
  const body = copy.body[form](facts);
  const button = copy.button[form];
  const expiry = copy.expiry[form](facts);
  const after = copy.after[form];
  const text = [body, "", `${button}: ${facts.offerUrl}`, "", expiry, after, "", copy.signature].join("\n");
  const paragraph = (content: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#0f2a3d">${content}</p>`;
  const html = [
    `<!doctype html><html lang="${language}"><body style="margin:0;padding:24px;background:#f0f7fa;font-family:Arial,Helvetica,sans-serif">`,
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">`,
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0b4f6c">Travesía</p>`,
    paragraph(escapeHtml(body)),
    `<p style="margin:24px 0"><a href="${escapeHtml(facts.offerUrl)}" style="display:inline-block;background:#0b6e8f;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:999px">${escapeHtml(button)}</a></p>`,
    paragraph(escapeHtml(expiry)),
    paragraph(escapeHtml(after)),
    paragraph(escapeHtml(copy.signature)),
    `</div></body></html>`,
  ].join("");
  return { subject: copy.subject(facts), text, html };
}
