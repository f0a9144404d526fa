import { describe, expect, it } from "vitest";
import { bookingDocument } from "../../tests/factories/booking-document.ts";
import { renderBookingIcs } from "./calendar.ts";

/** Unfolds RFC 5545 continuation lines so assertions read whole properties. */
function unfold(ics: string): string {
  return ics.replace(/\r\n[ \t]/g, "");
}

describe("renderBookingIcs", () => {
  it("has one event per sailing, at its UTC instants, located at the departure port", () => {
    const ics = unfold(renderBookingIcs(bookingDocument("es"))!);
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain("DTSTART:20260307T143000Z");
    expect(ics).toContain("DTEND:20260307T145000Z");
    expect(ics).toContain("DTSTART:20260307T220000Z");
    expect(ics).toContain("LOCATION:Cancún (Puerto Juárez)");
    expect(ics).toContain("LOCATION:Isla Mujeres");
    expect(ics).toContain("SUMMARY:Ferry Cancún – Isla Mujeres: Cancún (Puerto Juárez) → Isla Mujeres");
    expect(ics).toContain("Reserva 7K2M9Q");
    expect(ics).toContain("UID:7K2M9Q-TRV-7K2M9Q-01@travesia.example");
    expect(ics).toContain("UID:7K2M9Q-TRV-7K2M9Q-03@travesia.example");
    expect(ics).toContain("METHOD:PUBLISH");
  });

  it("has no calendar when no ticket is dated (open tickets and coupons)", () => {
    const booking = bookingDocument("en");
    expect(
      renderBookingIcs({ ...booking, tickets: booking.tickets.filter((ticket) => ticket.startsAt === null) }),
    ).toBeNull();
  });
});
