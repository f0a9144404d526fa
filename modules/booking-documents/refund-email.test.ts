import { describe, expect, it } from "vitest";
import { renderRefundEmail, type RefundEmail } from "./refund-email.ts";

const refund = (overrides: Partial<RefundEmail> = {}): RefundEmail => ({
  language: "es",
  buyerName: "Ana <script>",
  reference: "7K2M9Q",
  amount: "$150.00 MXN",
  refundedTotal: "$150.00 MXN",
  paidWith: "VISA •••• 4242",
  isFull: false,
  ticketsLeft: true,
  cancelledTickets: [],
  manageUrl: "https://travesia.example/es/reserva/7K2M9Q/?key=k",
  siteOrigin: "https://travesia.example",
  ...overrides,
});

describe("the refund mail", () => {
  it.each([
    ["es", "Reembolso de tu reserva Travesía 7K2M9Q", "Te reembolsamos $150.00 MXN de tu reserva 7K2M9Q."],
    ["en", "Refund of your Travesía booking 7K2M9Q", "We have refunded $150.00 MXN of your booking 7K2M9Q."],
    ["pt", "Reembolso da sua reserva Travesía 7K2M9Q", "Reembolsamos $150.00 MXN da sua reserva 7K2M9Q."],
  ] as const)("speaks %s", (language, subject, intro) => {
    const mail = renderRefundEmail(refund({ language }));
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(intro);
    expect(mail.html).toContain(`lang="${language}"`);
  });

  it("says whether the booking still travels and which tickets were cancelled", () => {
    expect(renderRefundEmail(refund()).text).toContain("El resto de tu reserva sigue vigente.");
    const full = renderRefundEmail(refund({ isFull: true, cancelledTickets: ["7K2M9Q-A01", "7K2M9Q-A02"] }));
    expect(full.text).toContain("ya no son válidos");
    expect(full.text).toContain("Boletos cancelados: 7K2M9Q-A01, 7K2M9Q-A02");
    // Every ticket cancelled, a fee kept: cancelled, not "the rest stays valid" nor "fully refunded".
    const kept = renderRefundEmail(refund({ language: "en", ticketsLeft: false, cancelledTickets: ["7K2M9Q-A01"] }));
    expect(kept.text).toContain("Your booking is cancelled: its tickets are no longer valid for travel.");
    expect(kept.text).not.toContain("The rest of your booking stays valid.");
    expect(kept.text).not.toContain("fully refunded");
  });

  it("escapes what came from the booking", () => {
    const mail = renderRefundEmail(refund());
    expect(mail.html).toContain("Ana &#60;script&#62;");
    expect(mail.html).not.toContain("<script>");
  });
});
