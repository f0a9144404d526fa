import { describe, expect, it } from "vitest";
import { renderClosureNotice, type ClosureNoticeDocument } from "./closure-notice.ts";

const notice = (overrides: Partial<ClosureNoticeDocument> = {}): ClosureNoticeDocument => ({
  reference: "7K2M9Q",
  language: "es",
  buyerName: "Ana <Pérez>",
  reason: "weather",
  sailings: [{ date: "2026-12-18", time: "09:00", from: "Cancún", to: "Isla Mujeres" }],
  manageUrl: "https://www.travesia.mx/es/reserva/?ref=7K2M9Q&key=abc",
  openTicketMonths: 6,
  siteOrigin: "https://www.travesia.mx",
  ...overrides,
});

describe("renderClosureNotice", () => {
  it.each([
    ["es", "Tu salida fue cancelada", "boleto abierto, válido 6 meses", "viernes, 18 de diciembre de 2026"],
    ["en", "Your sailing was cancelled", "open ticket, valid 6 months", "Friday, December 18, 2026"],
    ["pt", "Sua saída foi cancelada", "bilhete aberto, válido por 6 meses", "sexta-feira, 18 de dezembro de 2026"],
  ] as const)("%s: names the sailing, both offers and the link", (language, subject, open, date) => {
    const mail = renderClosureNotice(notice({ language }));
    expect(mail.subject).toContain(subject);
    expect(mail.subject).toContain("7K2M9Q");
    expect(mail.text).toContain(open);
    expect(mail.text).toContain(`${date} · 09:00 · Cancún → Isla Mujeres`);
    expect(mail.text).toContain("https://www.travesia.mx/es/reserva/?ref=7K2M9Q&key=abc");
    expect(mail.html).toContain('href="https://www.travesia.mx/es/reserva/?ref=7K2M9Q&#38;key=abc"');
  });

  it("says why: weather or the port authority", () => {
    expect(renderClosureNotice(notice({ reason: "weather" })).text).toContain("mal tiempo");
    expect(renderClosureNotice(notice({ reason: "port_authority" })).text).toContain("autoridad portuaria");
  });

  it("escapes what the buyer typed", () => {
    const mail = renderClosureNotice(notice());
    expect(mail.html).toContain("Ana &#60;Pérez&#62;");
    expect(mail.html).not.toContain("<Pérez>");
  });
});
