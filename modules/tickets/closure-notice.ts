// The mail a ticket holder gets when the operator closes their sailing (weather, port authority): which
// sailing, why, and the two ways out, both through the manage-booking link: another sailing (the
// weather guarantee's date change, open whatever the notice while the sailing is closed) or open
// tickets valid for months. In the booking's language; every value is escaped in the HTML.
import { escapeHtml } from "../../lib/html.ts";
import { TICKET_COPY, formatLocalDate, type TicketLanguage } from "./copy.ts";
import type { RenderedEmail } from "./email.ts";

export interface ClosedSailingNotice {
  date: string;
  time: string;
  from: string;
  to: string;
}

export interface ClosureNoticeDocument {
  reference: string;
  language: TicketLanguage;
  buyerName: string;
  reason: "weather" | "port_authority";
  sailings: ClosedSailingNotice[];
  /** The absolute manage-booking link with the guest key. */
  manageUrl: string;
  openTicketMonths: number;
  siteOrigin: string;
}

interface NoticeCopy {
  subject: (reference: string) => string;
  intro: Record<ClosureNoticeDocument["reason"], string>;
  sailing: (date: string, time: string, from: string, to: string) => string;
  optionsTitle: string;
  moveOption: string;
  openOption: (months: number) => string;
  action: string;
  noAction: string;
}

const NOTICE_COPY: Record<TicketLanguage, NoticeCopy> = {
  es: {
    subject: (reference) => `Tu salida fue cancelada: elige otra o un boleto abierto (reserva ${reference})`,
    intro: {
      weather: "Por el mal tiempo, la capitanía de puerto no permite la salida de tu travesía:",
      port_authority: "Por orden de la autoridad portuaria, tu travesía no saldrá:",
    },
    sailing: (date, time, from, to) => `${date} · ${time} · ${from} → ${to}`,
    optionsTitle: "Sin costo, puedes elegir:",
    moveOption: "Cambiar a otra salida u otro día (aunque falten menos de 24 horas).",
    openOption: (months) => `O cambiarlo por un boleto abierto, válido ${months} meses en cualquier salida con lugar.`,
    action: "Elegir otra salida o boleto abierto",
    noAction: "Tus boletos no sirven para la salida cancelada; si no eliges, escríbenos y te ayudamos.",
  },
  en: {
    subject: (reference) => `Your sailing was cancelled: choose another or an open ticket (booking ${reference})`,
    intro: {
      weather: "Because of bad weather, the harbour master does not allow your sailing to leave:",
      port_authority: "By order of the port authority, your sailing will not leave:",
    },
    sailing: (date, time, from, to) => `${date} · ${time} · ${from} → ${to}`,
    optionsTitle: "At no cost, you can choose:",
    moveOption: "Move to another sailing or another day (even less than 24 hours ahead).",
    openOption: (months) => `Or exchange it for an open ticket, valid ${months} months on any sailing with room.`,
    action: "Choose another sailing or an open ticket",
    noAction: "Your tickets are not valid for the cancelled sailing; if you do not choose, write to us and we will help.",
  },
  pt: {
    subject: (reference) => `Sua saída foi cancelada: escolha outra ou um bilhete aberto (reserva ${reference})`,
    intro: {
      weather: "Por causa do mau tempo, a capitania dos portos não permite a saída da sua travessia:",
      port_authority: "Por ordem da autoridade portuária, sua travessia não sairá:",
    },
    sailing: (date, time, from, to) => `${date} · ${time} · ${from} → ${to}`,
    optionsTitle: "Sem custo, você pode escolher:",
    moveOption: "Mudar para outra saída ou outro dia (mesmo faltando menos de 24 horas).",
    openOption: (months) => `Ou trocá-lo por um bilhete aberto, válido por ${months} meses em qualquer saída com lugar.`,
    action: "Escolher outra saída ou bilhete aberto",
    noAction: "Seus bilhetes não valem para a saída cancelada; se não escolher, escreva-nos e ajudaremos.",
  },
};

export function renderClosureNotice(notice: ClosureNoticeDocument): RenderedEmail {
  const copy = NOTICE_COPY[notice.language];
  const base = TICKET_COPY[notice.language];
  const subject = copy.subject(notice.reference);
  const sailings = notice.sailings.map((sailing) => copy.sailing(formatLocalDate(notice.language, sailing.date), sailing.time, sailing.from, sailing.to));
  const options = [copy.moveOption, copy.openOption(notice.openTicketMonths)];
  const text = [
    base.greeting(notice.buyerName),
    "",
    copy.intro[notice.reason],
    ...sailings.map((line) => `  ${line}`),
    "",
    `${base.booking}: ${notice.reference}`,
    "",
    copy.optionsTitle,
    ...options.map((option) => `- ${option}`),
    "",
    `${copy.action}: ${notice.manageUrl}`,
    "",
    copy.noAction,
    "",
    base.footer,
    "",
  ].join("\n");
  const html = [
    `<!doctype html><html lang="${notice.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f4f5f7">`,
    `<div style="max-width:600px;margin:0 auto;padding:24px;font-family:Helvetica,Arial,sans-serif;color:#1a1a2e;background:#ffffff">`,
    `<p style="font-size:22px;font-weight:bold;color:#0b6e99;margin:0 0 16px">Travesía</p>`,
    `<p style="margin:0 0 8px">${escapeHtml(base.greeting(notice.buyerName))}</p>`,
    `<p style="margin:0 0 8px">${escapeHtml(copy.intro[notice.reason])}</p>`,
    `<div style="border:1px solid #dde1e6;border-radius:8px;padding:12px 16px;margin:0 0 12px">${sailings.map((line) => `<p style="margin:0 0 2px;font-weight:bold">${escapeHtml(line)}</p>`).join("")}</div>`,
    `<p style="margin:0 0 16px">${escapeHtml(base.booking)}: <strong style="letter-spacing:1px">${escapeHtml(notice.reference)}</strong></p>`,
    `<p style="margin:0 0 6px;font-weight:bold">${escapeHtml(copy.optionsTitle)}</p>`,
    `<ul style="margin:0 0 16px;padding-left:20px;font-size:14px">${options.map((option) => `<li style="margin:0 0 4px">${escapeHtml(option)}</li>`).join("")}</ul>`,
    `<p style="margin:0 0 16px"><a href="${escapeHtml(notice.manageUrl)}" style="display:inline-block;background:#0b6e99;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">${escapeHtml(copy.action)}</a></p>`,
    `<p style="margin:0 0 24px;font-size:14px">${escapeHtml(copy.noAction)}</p>`,
    `<p style="margin:0;font-size:12px;color:#5a5a6e">${escapeHtml(base.footer)} <a href="${escapeHtml(notice.siteOrigin)}" style="color:#5a5a6e">${escapeHtml(new URL(notice.siteOrigin).host)}</a></p>`,
    `</div></body></html>`,
  ].join("\n");
  return { subject, text, html };
}
