// The mail a ticket holder gets when the operator closes their sailing (weather, port authority): which
// sailing, why, and the two ways out, both through the manage-booking link: another sailing (the
// weather guarantee's date change, open whatever the notice while the sailing is closed) or open
// tickets valid for months. A closed park or tour day offers another day. And the mail when the
// operator reopens: the sailing or day runs again, and the booking stays as it is now (moved or not).
// In the booking's language; every value is escaped in the HTML.
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
  /** A closed activity day (park, tour) instead of sailings: its date and the activity's name. */
  activityDay?: { date: string; name: string } | null;
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
  activity: {
    subject: (reference: string) => string;
    intro: Record<ClosureNoticeDocument["reason"], string>;
    moveOption: string;
    action: string;
    noAction: string;
  };
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
    activity: {
      subject: (reference) => `Cerramos el día de tu visita: elige otra fecha (reserva ${reference})`,
      intro: {
        weather: "Por el mal tiempo, este día no abriremos:",
        port_authority: "Por orden de las autoridades, este día no abriremos:",
      },
      moveOption: "Cambiar tu visita a otro día, sin costo (aunque falten menos de 24 horas).",
      action: "Elegir otro día",
      noAction: "Tus boletos no sirven para el día cerrado; si no eliges, escríbenos y te ayudamos.",
    },
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
    noAction:
      "Your tickets are not valid for the cancelled sailing; if you do not choose, write to us and we will help.",
    activity: {
      subject: (reference) => `We closed the day of your visit: choose another date (booking ${reference})`,
      intro: {
        weather: "Because of bad weather, we will not open on this day:",
        port_authority: "By order of the authorities, we will not open on this day:",
      },
      moveOption: "Move your visit to another day at no cost (even less than 24 hours ahead).",
      action: "Choose another day",
      noAction: "Your tickets are not valid for the closed day; if you do not choose, write to us and we will help.",
    },
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
    openOption: (months) =>
      `Ou trocá-lo por um bilhete aberto, válido por ${months} meses em qualquer saída com lugar.`,
    action: "Escolher outra saída ou bilhete aberto",
    noAction: "Seus bilhetes não valem para a saída cancelada; se não escolher, escreva-nos e ajudaremos.",
    activity: {
      subject: (reference) => `Fechamos o dia da sua visita: escolha outra data (reserva ${reference})`,
      intro: {
        weather: "Por causa do mau tempo, não abriremos neste dia:",
        port_authority: "Por ordem das autoridades, não abriremos neste dia:",
      },
      moveOption: "Mudar sua visita para outro dia, sem custo (mesmo faltando menos de 24 horas).",
      action: "Escolher outro dia",
      noAction: "Seus bilhetes não valem para o dia fechado; se não escolher, escreva-nos e ajudaremos.",
    },
  },
};

export function renderClosureNotice(notice: ClosureNoticeDocument): RenderedEmail {
  const sailingCopy = NOTICE_COPY[notice.language];
  const day = notice.activityDay ?? null;
  // A closed activity day has no open ticket to offer: another day is the way out.
  const copy =
    day === null
      ? { ...sailingCopy, options: [sailingCopy.moveOption, sailingCopy.openOption(notice.openTicketMonths)] }
      : { ...sailingCopy, ...sailingCopy.activity, options: [sailingCopy.activity.moveOption] };
  const base = TICKET_COPY[notice.language];
  const subject = copy.subject(notice.reference);
  const sailings =
    day === null
      ? notice.sailings.map((sailing) =>
          copy.sailing(formatLocalDate(notice.language, sailing.date), sailing.time, sailing.from, sailing.to),
        )
      : [`${formatLocalDate(notice.language, day.date)} · ${day.name}`];
  const options = copy.options;
  return mailOf(notice, subject, {
    greeting: base.greeting(notice.buyerName),
    intro: copy.intro[notice.reason],
    items: sailings,
    booking: base.booking,
    optionsTitle: copy.optionsTitle,
    options,
    action: copy.action,
    noAction: copy.noAction,
    footer: base.footer,
  });
}

interface MailParts {
  greeting: string;
  intro: string;
  items: string[];
  booking: string;
  optionsTitle: string | null;
  options: string[];
  action: string;
  noAction: string;
  footer: string;
}

function mailOf(
  notice: { reference: string; language: TicketLanguage; manageUrl: string; siteOrigin: string },
  subject: string,
  parts: MailParts,
): RenderedEmail {
  const { items, options, optionsTitle } = parts;
  const text = [
    parts.greeting,
    "",
    parts.intro,
    ...items.map((line) => `  ${line}`),
    "",
    `${parts.booking}: ${notice.reference}`,
    "",
    ...(optionsTitle === null ? [] : [optionsTitle]),
    ...options.map((option) => (optionsTitle === null ? option : `- ${option}`)),
    "",
    `${parts.action}: ${notice.manageUrl}`,
    "",
    parts.noAction,
    "",
    parts.footer,
    "",
  ].join("\n");
  const html = [
    `<!doctype html><html lang="${notice.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f4f5f7">`,
    `<div style="max-width:600px;margin:0 auto;padding:24px;font-family:Helvetica,Arial,sans-serif;color:#1a1a2e;background:#ffffff">`,
    `<p style="font-size:22px;font-weight:bold;color:#0b6e99;margin:0 0 16px">Travesía</p>`,
    `<p style="margin:0 0 8px">${escapeHtml(parts.greeting)}</p>`,
    `<p style="margin:0 0 8px">${escapeHtml(parts.intro)}</p>`,
    `<div style="border:1px solid #dde1e6;border-radius:8px;padding:12px 16px;margin:0 0 12px">${items.map((line) => `<p style="margin:0 0 2px;font-weight:bold">${escapeHtml(line)}</p>`).join("")}</div>`,
    `<p style="margin:0 0 16px">${escapeHtml(parts.booking)}: <strong style="letter-spacing:1px">${escapeHtml(notice.reference)}</strong></p>`,
    optionsTitle === null
      ? options.map((option) => `<p style="margin:0 0 16px;font-size:14px">${escapeHtml(option)}</p>`).join("")
      : `<p style="margin:0 0 6px;font-weight:bold">${escapeHtml(optionsTitle)}</p><ul style="margin:0 0 16px;padding-left:20px;font-size:14px">${options.map((option) => `<li style="margin:0 0 4px">${escapeHtml(option)}</li>`).join("")}</ul>`,
    `<p style="margin:0 0 16px"><a href="${escapeHtml(notice.manageUrl)}" style="display:inline-block;background:#0b6e99;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">${escapeHtml(parts.action)}</a></p>`,
    `<p style="margin:0 0 24px;font-size:14px">${escapeHtml(parts.noAction)}</p>`,
    `<p style="margin:0;font-size:12px;color:#5a5a6e">${escapeHtml(parts.footer)} <a href="${escapeHtml(notice.siteOrigin)}" style="color:#5a5a6e">${escapeHtml(new URL(notice.siteOrigin).host)}</a></p>`,
    `</div></body></html>`,
  ].join("\n");
  return { subject, text, html };
}

// ---- Reopened

export interface ReopenNoticeDocument {
  reference: string;
  language: TicketLanguage;
  buyerName: string;
  /** The sailings reopened that the booking holds or held, or else the day reopened (an activity's, a crossing's). */
  sailings: ClosedSailingNotice[];
  day: { date: string; name: string } | null;
  /** The booking still holds tickets on what reopened (it did not move): it travels as booked. */
  stays: boolean;
  manageUrl: string;
  siteOrigin: string;
}

interface ReopenCopy {
  subject: (reference: string) => string;
  intro: { sailing: string; day: string };
  stays: { sailing: string; day: string };
  moved: string;
  action: string;
  noAction: string;
}

const REOPEN_COPY: Record<TicketLanguage, ReopenCopy> = {
  es: {
    subject: (reference) => `Reabrimos lo que habíamos cerrado (reserva ${reference})`,
    intro: {
      sailing: "Reabrimos la salida que te habíamos avisado cerrada:",
      day: "Reabrimos el día que te habíamos avisado cerrado:",
    },
    stays: {
      sailing: "Tus boletos siguen valiendo para ella: viajas como lo reservaste.",
      day: "Tus boletos siguen valiendo para ese día: te esperamos como lo reservaste.",
    },
    moved:
      "Tu reserva ya se había cambiado (a otra salida, otro día o un boleto abierto) y así sigue valiendo: no tienes que hacer nada.",
    action: "Ver mi reserva",
    noAction: "Si prefieres otra fecha, revisa en tu reserva los cambios que puedes hacer.",
  },
  en: {
    subject: (reference) => `We reopened what we had closed (booking ${reference})`,
    intro: {
      sailing: "We reopened the sailing we had told you was closed:",
      day: "We reopened the day we had told you was closed:",
    },
    stays: {
      sailing: "Your tickets are still valid for it: you travel as booked.",
      day: "Your tickets are still valid for that day: we expect you as booked.",
    },
    moved:
      "Your booking had already been changed (to another sailing, another day or an open ticket) and stays valid as it is: you need do nothing.",
    action: "See my booking",
    noAction: "If you would rather go on another date, your booking shows the changes you can make.",
  },
  pt: {
    subject: (reference) => `Reabrimos o que tínhamos fechado (reserva ${reference})`,
    intro: {
      sailing: "Reabrimos a saída que tínhamos avisado como fechada:",
      day: "Reabrimos o dia que tínhamos avisado como fechado:",
    },
    stays: {
      sailing: "Seus bilhetes continuam valendo para ela: você viaja como reservou.",
      day: "Seus bilhetes continuam valendo para esse dia: esperamos você como reservou.",
    },
    moved:
      "Sua reserva já tinha sido alterada (para outra saída, outro dia ou um bilhete aberto) e continua valendo assim: você não precisa fazer nada.",
    action: "Ver minha reserva",
    noAction: "Se preferir outra data, veja na sua reserva as mudanças que pode fazer.",
  },
};

export function renderReopenNotice(notice: ReopenNoticeDocument): RenderedEmail {
  const copy = REOPEN_COPY[notice.language];
  const base = TICKET_COPY[notice.language];
  const day = notice.day;
  const sailingCopy = NOTICE_COPY[notice.language];
  const items =
    day === null
      ? notice.sailings.map((sailing) =>
          sailingCopy.sailing(formatLocalDate(notice.language, sailing.date), sailing.time, sailing.from, sailing.to),
        )
      : [[formatLocalDate(notice.language, day.date), day.name].filter((part) => part !== "").join(" · ")];
  const kind = day === null ? "sailing" : "day";
  return mailOf(notice, copy.subject(notice.reference), {
    greeting: base.greeting(notice.buyerName),
    intro: copy.intro[kind],
    items,
    booking: base.booking,
    optionsTitle: null,
    options: [notice.stays ? copy.stays[kind] : copy.moved],
    action: copy.action,
    noAction: copy.noAction,
    footer: base.footer,
  });
}
