// The tickets PDF: one A4 page per ticket, its QR code drawn as vector squares (sharp at any zoom or
// printer), in the buyer's language. pdfkit's built-in Helvetica (WinAnsi) covers Spanish and
// Portuguese accents without embedding a font; a character outside WinAnsi (a name in another
// script) is written without its accent or as "?" rather than as garbage.
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { TICKET_COPY, formatLocalDate, validityLine } from "./copy.ts";
import type { BookingDocument, TicketDocument } from "./document.ts";

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const QR_SIZE = 210; // points: 7.4 cm, scannable from a phone screen or a print at arm's length
const QR_QUIET_MODULES = 4;
const INK = "#1a1a2e";
const MUTED = "#5a5a6e";
const ACCENT = "#0b6e99";

// WinAnsi (CP1252) beyond Latin-1: what Helvetica can show in 0x80–0x9F.
const CP1252_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/** Text Helvetica can draw: Latin-1 and CP1252 as is, other letters without their accents, the rest "?". */
export function toWinAnsi(text: string): string {
  let result = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(char)) {
      result += char;
      continue;
    }
    const base = char.normalize("NFD").replace(/\p{M}/gu, "");
    result += base.length > 0 && [...base].every((part) => part.codePointAt(0)! <= 0xff) ? base : "?";
  }
  return result;
}

function drawQr(doc: PDFKit.PDFDocument, payload: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: "M" });
  const count = modules.size + 2 * QR_QUIET_MODULES;
  const cell = size / count;
  doc.save();
  doc.rect(x, y, size, size).fill("#ffffff");
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.data[row * modules.size + column]) {
        // A hair of overlap so no white seams show between neighbouring squares.
        doc.rect(x + (column + QR_QUIET_MODULES) * cell, y + (row + QR_QUIET_MODULES) * cell, cell + 0.05, cell + 0.05);
      }
    }
  }
  doc.fill("#000000");
  doc.restore();
}

function field(doc: PDFKit.PDFDocument, label: string, value: string, x: number, y: number, width: number): number {
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text(toWinAnsi(label.toUpperCase()), x, y, { width, characterSpacing: 0.6 });
  doc
    .font("Helvetica-Bold")
    .fontSize(13)
    .fillColor(INK)
    .text(toWinAnsi(value), x, doc.y + 2, { width });
  return doc.y + 10;
}

function drawTicketPage(
  doc: PDFKit.PDFDocument,
  booking: BookingDocument,
  ticket: TicketDocument,
  index: number,
  total: number,
): void {
  const copy = TICKET_COPY[booking.language];
  const { margin, width } = PAGE;
  const contentWidth = width - 2 * margin;
  doc.addPage({ size: "A4", margin });

  // Header band: brand, reference, "ticket 2 of 4".
  doc.rect(0, 0, width, 86).fill(ACCENT);
  doc
    .font("Helvetica-Bold")
    .fontSize(24)
    .fillColor("#ffffff")
    .text("Travesía", margin, 30, { width: contentWidth / 2 });
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor("#ffffff")
    .text(toWinAnsi(`${copy.booking} ${booking.reference}`), margin + contentWidth / 2, 30, {
      width: contentWidth / 2,
      align: "right",
    })
    .text(toWinAnsi(copy.ticketOf(index, total)), { width: contentWidth / 2, align: "right" });

  // Product and when (date and time, or until when an open ticket or coupon is valid).
  let y = 116;
  doc
    .font("Helvetica-Bold")
    .fontSize(22)
    .fillColor(INK)
    .text(toWinAnsi(ticket.productName), margin, y, { width: contentWidth });
  y = doc.y + 6;
  const validity = validityLine(booking.language, ticket);
  const when =
    validity ??
    [ticket.date ? formatLocalDate(booking.language, ticket.date) : null, ticket.time].filter(Boolean).join(" · ");
  if (when) {
    doc
      .font("Helvetica")
      .fontSize(14)
      .fillColor(validity ? ACCENT : INK)
      .text(toWinAnsi(when), margin, y, { width: contentWidth });
    y = doc.y + 18;
  }

  // Left column: the facts a crew member reads; right column: the QR and the code under it.
  const qrX = width - margin - QR_SIZE;
  const columnWidth = qrX - margin - 24;
  const top = y;
  if (ticket.from) y = field(doc, copy.from, ticket.from, margin, y, columnWidth);
  if (ticket.to) y = field(doc, copy.to, ticket.to, margin, y, columnWidth);
  const passenger = [copy.passengerTypes[ticket.passengerType], ticket.passengerName].filter(Boolean).join(" · ");
  y = field(doc, copy.passenger, passenger, margin, y, columnWidth);
  y = field(doc, copy.fare, copy.fareCategories[ticket.fareCategory], margin, y, columnWidth);

  drawQr(doc, ticket.qrPayload, qrX, top, QR_SIZE);
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text(toWinAnsi(copy.ticketCode.toUpperCase()), qrX, top + QR_SIZE + 8, { width: QR_SIZE, align: "center" });
  doc
    .font("Courier-Bold")
    .fontSize(15)
    .fillColor(INK)
    .text(toWinAnsi(ticket.code), qrX, doc.y + 2, { width: QR_SIZE, align: "center" });
  y = Math.max(y, doc.y + 16);

  if (ticket.fareCategory === "resident") {
    const noticeHeight = 44;
    doc.roundedRect(margin, y, contentWidth, noticeHeight, 6).fill("#fff4d6");
    doc
      .font("Helvetica-Bold")
      .fontSize(11)
      .fillColor(INK)
      .text(toWinAnsi(copy.residentNotice), margin + 12, y + 10, { width: contentWidth - 24 });
    y += noticeHeight + 18;
  }

  // Boarding notes.
  doc
    .moveTo(margin, y)
    .lineTo(width - margin, y)
    .lineWidth(0.5)
    .strokeColor("#cccccc")
    .stroke();
  y += 14;
  doc
    .font("Helvetica-Bold")
    .fontSize(12)
    .fillColor(INK)
    .text(toWinAnsi(copy.boardingTitle), margin, y, { width: contentWidth });
  doc.moveDown(0.3);
  for (const note of copy.boardingNotes[ticket.kind]) {
    doc
      .font("Helvetica")
      .fontSize(10.5)
      .fillColor(INK)
      .text(toWinAnsi(`•  ${note}`), { width: contentWidth });
    doc.moveDown(0.2);
  }

  // Footer: where to manage the booking.
  const footerY = PAGE.height - margin - 24;
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text(toWinAnsi(`${copy.manageBooking}: ${booking.manageUrl}`), margin, footerY, {
      width: contentWidth,
      link: booking.manageUrl,
      lineBreak: false,
    });
}

/** All tickets of a booking, one page each, in the booking's language. */
export function renderTicketsPdf(booking: BookingDocument): Promise<Buffer> {
  if (booking.tickets.length === 0) throw new RangeError(`booking ${booking.reference} has no tickets to print`);
  const copy = TICKET_COPY[booking.language];
  const doc = new PDFDocument({
    autoFirstPage: false,
    size: "A4",
    lang: booking.language,
    info: {
      Title: toWinAnsi(`Travesía · ${copy.booking} ${booking.reference}`),
      Author: "Travesía",
      CreationDate: new Date(booking.placedAt),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  booking.tickets.forEach((ticket, index) => drawTicketPage(doc, booking, ticket, index + 1, booking.tickets.length));
  doc.end();
  return done;
}
