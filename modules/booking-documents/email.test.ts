import { describe, expect, it } from "vitest";
import { bookingDocument } from "../../tests/factories/booking-document.ts";
import { TICKET_COPY } from "./copy.ts";
import { renderBookingEmail } from "./email.ts";
import { LANGUAGES } from "../../lib/language.ts";

describe("renderBookingEmail", () => {
  it("writes the subject, reference, totals and manage link in Spanish", () => {
    const mail = renderBookingEmail(bookingDocument("es"));
    expect(mail.subject).toBe("Tus boletos Travesía · reserva 7K2M9Q");
    expect(mail.text).toContain("Hola, José Peña Ñúñez:");
    expect(mail.text).toContain("Reserva: 7K2M9Q");
    expect(mail.text).toContain("Total: $1,270.00 MXN");
    expect(mail.text).toContain("Pago: Visa •••• 4242");
    expect(mail.text).toContain("sábado, 7 de marzo de 2026 · 09:30");
    expect(mail.text).toContain("Salida: Cancún (Puerto Juárez) · Llegada: Isla Mujeres");
    expect(mail.text).toContain("Pasajeros: 2 adultos");
    expect(mail.text).toContain("Cupón — válido hasta el lunes, 1 de marzo de 2027");
    expect(mail.text).toContain(
      "Tarifa de residente de Quintana Roo: cada pasajero con esta tarifa debe mostrar su identificación oficial al abordar.",
    );
    expect(mail.html).toContain('href="https://travesia.example/es/booking/7K2M9Q?t=abc"');
    expect(mail.html).toContain('<html lang="es">');
  });

  it("groups tickets per sailing, not per passenger", () => {
    const mail = renderBookingEmail(bookingDocument("en"));
    expect(mail.text.match(/^Ferry Cancún – Isla Mujeres$/gm)).toHaveLength(2);
    expect(mail.text).toContain("Passengers: 2 adults");
    expect(mail.text).toContain("Ticket code: TRV-7K2M9Q-01, TRV-7K2M9Q-02");
    expect(mail.text).toContain("Passenger: 1 child");
  });

  it("says the same things in English and Portuguese", () => {
    const en = renderBookingEmail(bookingDocument("en"));
    expect(en.subject).toBe("Your Travesía tickets · booking 7K2M9Q");
    expect(en.text).toContain("Saturday, March 7, 2026 · 09:30");
    expect(en.text).toContain(
      "Quintana Roo resident fare: every passenger with this fare must show their official ID at boarding.",
    );
    expect(en.text).toContain("Coupon — valid until Monday, March 1, 2027");
    expect(en.text).toContain("Manage your booking: https://travesia.example/en/booking/7K2M9Q?t=abc");

    const pt = renderBookingEmail(bookingDocument("pt"));
    expect(pt.subject).toBe("Seus bilhetes Travesía · reserva 7K2M9Q");
    expect(pt.text).toContain("Olá, José Peña Ñúñez!");
    expect(pt.text).toContain("sábado, 7 de março de 2026 · 09:30");
    expect(pt.text).toContain("Passageiro: 1 criança");
    expect(pt.text).toContain("Cupom — válido até segunda-feira, 1 de março de 2027");
    expect(pt.html).toContain("Gerencie sua reserva");
  });

  it("mentions the resident ID only when a ticket has the resident fare", () => {
    const booking = bookingDocument("en");
    const touristOnly = {
      ...booking,
      tickets: booking.tickets.map((ticket) => ({ ...ticket, fareCategory: "tourist" as const })),
    };
    expect(renderBookingEmail(touristOnly).text).not.toContain("official ID");
  });

  it("escapes every value from the booking in the HTML", () => {
    const mail = renderBookingEmail(
      bookingDocument("en", {
        buyerName: `<img src=x onerror="alert(1)">`,
        manageUrl: `https://travesia.example/"><script>`,
      }),
    );
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&#60;img src=x onerror=&#34;alert(1)&#34;&#62;");
  });

  it("has every text in each language", () => {
    const keys = (language: (typeof LANGUAGES)[number]) => Object.keys(TICKET_COPY[language]).sort();
    for (const language of LANGUAGES) expect(keys(language)).toEqual(keys("en"));
  });
});
