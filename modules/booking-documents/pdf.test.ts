// The PDF read back the way a boarding scanner and a reader would: rasterized by poppler at 150 dpi,
// each page's QR decoded with jsQR, and its text extracted with pdftotext.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingDocument, TEST_TICKET_SECRET } from "../../tests/factories/booking-document.ts";
import { decodePdfQrs } from "../../tests/setup/pdf-qr.ts";
import { renderTicketsPdf, toWinAnsi } from "./pdf.ts";
import { verifyTicketCode } from "./ticket-code.ts";

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "tv-tickets-pdf-"));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function textOf(pdf: Buffer, name: string): string {
  const file = path.join(dir, `${name}-text.pdf`);
  writeFileSync(file, pdf);
  // Lines wrap where the layout wants: compare text with whitespace runs folded.
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

describe("renderTicketsPdf", () => {
  it("prints one page per ticket whose QR decodes to exactly that ticket's signed payload", async () => {
    const booking = bookingDocument("es");
    const pdf = await renderTicketsPdf(booking);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const decoded = decodePdfQrs(pdf);
    expect(decoded).toEqual(booking.tickets.map((ticket) => ticket.qrPayload));
    expect(decoded.map((payload) => verifyTicketCode(TEST_TICKET_SECRET, payload!))).toEqual(
      booking.tickets.map((ticket) => ticket.code),
    );
  }, 20_000); // PDF rendering and QR decoding: seconds on a loaded 2-core machine, not a measure

  it("writes the product, dates, passengers, codes and notices in the booking's language, accents intact", async () => {
    const spanish = textOf(await renderTicketsPdf(bookingDocument("es")), "es");
    for (const expected of [
      "Ferry Cancún – Isla Mujeres",
      "Parque Garrafón: acceso con snorkel",
      "sábado, 7 de marzo de 2026 · 09:30",
      "Cancún (Puerto Juárez)",
      "José Peña Ñúñez",
      "TRV-7K2M9Q-01",
      "Reserva 7K2M9Q",
      "Tarifa de residente de Quintana Roo: muestra tu identificación oficial al abordar.",
      "Cupón — válido hasta el lunes, 1 de marzo de 2027",
      "Llega al muelle 30 minutos antes de la salida.",
      "Boleto 4 de 4",
    ]) {
      expect(spanish).toContain(expected);
    }
    const portuguese = textOf(await renderTicketsPdf(bookingDocument("pt")), "pt");
    for (const expected of [
      "Conceição Araújo",
      "Criança",
      "Chegue ao píer 30 minutos antes da saída.",
      "apresente seu documento oficial com foto no embarque",
      "Cupom — válido até",
    ]) {
      expect(portuguese).toContain(expected);
    }
    const english = textOf(await renderTicketsPdf(bookingDocument("en")), "en");
    expect(english).toContain("Quintana Roo resident fare: show your official ID at boarding.");
    expect(english).toContain("Arrive at the pier 30 minutes before departure.");
  });

  it("renders four tickets compactly", async () => {
    const pdf = await renderTicketsPdf(bookingDocument("es"));
    expect(pdf.length).toBeLessThan(100_000);
  });

  it("refuses a booking without tickets", () => {
    expect(() => renderTicketsPdf(bookingDocument("es", { tickets: [] }))).toThrow(RangeError);
  });
});

describe("toWinAnsi", () => {
  it("keeps Spanish and Portuguese letters and drops what Helvetica cannot draw", () => {
    expect(toWinAnsi("áéíóú ñ ç ãõ ÁÉÍÓÚÑÇÃÕ ü — € •")).toBe("áéíóú ñ ç ãõ ÁÉÍÓÚÑÇÃÕ ü — € •");
    expect(toWinAnsi("Łukasz Dvořák 王")).toBe("?ukasz Dvorák ?");
  });
});
