// The confirmation mail's words: subject, plain text and simple inline-styled HTML (mail clients
// ignore style sheets), in the buyer's language. Every value from the booking is escaped.
import { escapeHtml } from "../../lib/html.ts";
import { TICKET_COPY, formatLocalDate, validityLine } from "./copy.ts";
import { groupTickets, type BookingDocument, type TicketGroup } from "./document.ts";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

interface GroupLines {
  title: string;
  details: string[];
}

function groupLines(booking: BookingDocument, group: TicketGroup): GroupLines {
  const copy = TICKET_COPY[booking.language];
  const validity = validityLine(booking.language, group);
  const when =
    validity ??
    [group.date ? formatLocalDate(booking.language, group.date) : null, group.time].filter(Boolean).join(" · ");
  const route = group.from && group.to ? `${copy.from}: ${group.from} · ${copy.to}: ${group.to}` : null;
  const passengers = group.passengers.map((entry) => copy.passengerCount(entry.type, entry.count)).join(", ");
  const fares = group.hasResidentFare
    ? `${copy.fare}: ${[...new Set(group.tickets.map((ticket) => copy.fareCategories[ticket.fareCategory]))].join(", ")}`
    : null;
  return {
    title: group.productName,
    details: [
      when,
      route,
      `${copy.passengersLabel(group.passengers.reduce((sum, entry) => sum + entry.count, 0))}: ${passengers}`,
      fares,
      `${copy.ticketCode}: ${group.tickets.map((ticket) => ticket.code).join(", ")}`,
    ].filter((line): line is string => Boolean(line)),
  };
}

function nextSteps(booking: BookingDocument, groups: TicketGroup[]): string[] {
  const copy = TICKET_COPY[booking.language];
  const validity = [
    ...new Set(
      groups.map((group) => validityLine(booking.language, group)).filter((line): line is string => line !== null),
    ),
  ];
  return [
    copy.nextPdf,
    copy.nextQr,
    ...(groups.some((group) => group.hasResidentFare) ? [copy.nextResident] : []),
    ...validity,
  ];
}

/** Why the tickets are mailed: the purchase, or a date the buyer changed (the tickets and calendar entry replace the old ones). */
export type BookingEmailKind = "confirmation" | "date_changed";

export function renderBookingEmail(booking: BookingDocument, kind: BookingEmailKind = "confirmation"): RenderedEmail {
  const copy = TICKET_COPY[booking.language];
  const intro = kind === "date_changed" ? copy.changed : copy.confirmed;
  const groups = groupTickets(booking.tickets);
  const summaries = groups.map((group) => groupLines(booking, group));
  const steps = nextSteps(booking, groups);
  const subject = kind === "date_changed" ? copy.changedSubject(booking.reference) : copy.subject(booking.reference);

  const text = [
    copy.greeting(booking.buyerName),
    "",
    intro,
    "",
    `${copy.booking}: ${booking.reference}`,
    "",
    ...summaries.flatMap((summary) => [summary.title, ...summary.details.map((line) => `  ${line}`), ""]),
    `${copy.total}: ${booking.total}`,
    `${copy.payment}: ${booking.paymentSummary}`,
    "",
    `${copy.nextTitle}:`,
    ...steps.map((step) => `- ${step}`),
    "",
    `${copy.manageBooking}: ${booking.manageUrl}`,
    "",
    copy.footer,
    "",
  ].join("\n");

  const cell = "padding:6px 0;vertical-align:top";
  const html = [
    `<!doctype html><html lang="${booking.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f4f5f7">`,
    `<div style="max-width:600px;margin:0 auto;padding:24px;font-family:Helvetica,Arial,sans-serif;color:#1a1a2e;background:#ffffff">`,
    `<p style="font-size:22px;font-weight:bold;color:#0b6e99;margin:0 0 16px">Travesía</p>`,
    `<p style="margin:0 0 8px">${escapeHtml(copy.greeting(booking.buyerName))}</p>`,
    `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>`,
    `<p style="margin:0 0 16px;font-size:18px">${escapeHtml(copy.booking)}: <strong style="letter-spacing:1px">${escapeHtml(booking.reference)}</strong></p>`,
    ...summaries.map(
      (summary) =>
        `<div style="border:1px solid #dde1e6;border-radius:8px;padding:12px 16px;margin:0 0 12px">` +
        `<p style="margin:0 0 6px;font-weight:bold;font-size:16px">${escapeHtml(summary.title)}</p>` +
        summary.details.map((line) => `<p style="margin:0 0 2px;font-size:14px">${escapeHtml(line)}</p>`).join("") +
        `</div>`,
    ),
    `<table role="presentation" style="width:100%;border-collapse:collapse;margin:8px 0 16px;font-size:14px">`,
    `<tr><td style="${cell}">${escapeHtml(copy.total)}</td><td style="${cell};text-align:right;font-weight:bold">${escapeHtml(booking.total)}</td></tr>`,
    `<tr><td style="${cell}">${escapeHtml(copy.payment)}</td><td style="${cell};text-align:right">${escapeHtml(booking.paymentSummary)}</td></tr>`,
    `</table>`,
    `<p style="margin:0 0 6px;font-weight:bold">${escapeHtml(copy.nextTitle)}</p>`,
    `<ul style="margin:0 0 16px;padding-left:20px;font-size:14px">${steps.map((step) => `<li style="margin:0 0 4px">${escapeHtml(step)}</li>`).join("")}</ul>`,
    `<p style="margin:0 0 24px"><a href="${escapeHtml(booking.manageUrl)}" style="display:inline-block;background:#0b6e99;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">${escapeHtml(copy.manageBooking)}</a></p>`,
    `<p style="margin:0;font-size:12px;color:#5a5a6e">${escapeHtml(copy.footer)} <a href="${escapeHtml(booking.siteOrigin)}" style="color:#5a5a6e">${escapeHtml(new URL(booking.siteOrigin).host)}</a></p>`,
    `</div></body></html>`,
  ].join("\n");

  return { subject, text, html };
}
