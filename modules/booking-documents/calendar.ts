// The calendar file attached to the confirmation: one event per sailing or activity session (not per
// passenger), so a family of four gets one entry for each crossing.
import { createEvents, type EventAttributes } from "ics";
import { TICKET_COPY } from "./copy.ts";
import { groupTickets, type BookingDocument, type TicketGroup } from "./document.ts";

function eventTitle(group: TicketGroup): string {
  return group.from && group.to ? `${group.productName}: ${group.from} → ${group.to}` : group.productName;
}

/** An iCalendar (RFC 5545) text with one VEVENT per dated ticket group; null when no ticket is dated. */
export function renderBookingIcs(booking: BookingDocument): string | null {
  const copy = TICKET_COPY[booking.language];
  const host = new URL(booking.siteOrigin).host;
  const events: EventAttributes[] = groupTickets(booking.tickets)
    .filter((group) => group.startsAt !== null)
    .map((group) => {
      const start = new Date(group.startsAt!).getTime();
      // An undated end would make a zero-length event; an hour is what a crossing or a visit takes at least.
      const end = group.endsAt ? new Date(group.endsAt).getTime() : start + 60 * 60_000;
      const passengers = group.passengers.map((entry) => copy.passengerCount(entry.type, entry.count)).join(", ");
      const lines = [
        `${copy.booking} ${booking.reference}`,
        `${copy.passengersLabel(group.passengers.reduce((sum, entry) => sum + entry.count, 0))}: ${passengers}`,
        `${copy.ticketCode}: ${group.tickets.map((ticket) => ticket.code).join(", ")}`,
        ...(group.hasResidentFare ? [copy.residentNotice] : []),
        copy.boardingNotes[group.kind][0]!,
        `${copy.manageBooking}: ${booking.manageUrl}`,
      ];
      return {
        // Stable across date changes (ticket codes stay), so the updated file replaces the entry.
        uid: `${booking.reference}-${group.tickets[0]!.code}@${host}`,
        sequence: booking.calendarSequence ?? 0,
        start,
        startInputType: "utc",
        startOutputType: "utc",
        end,
        endInputType: "utc",
        endOutputType: "utc",
        title: eventTitle(group),
        description: lines.join("\n"),
        ...(group.from ? { location: group.from } : {}),
        url: booking.manageUrl,
        status: "CONFIRMED",
        busyStatus: "BUSY",
        created: new Date(booking.placedAt).getTime(),
        alarms: [{ action: "display", description: eventTitle(group), trigger: { hours: 2, before: true } }],
      } satisfies EventAttributes;
    });
  if (events.length === 0) return null;
  const { error, value } = createEvents(events, {
    productId: "-//Travesía//Tickets//ES",
    method: "PUBLISH",
    calName: `Travesía ${booking.reference}`,
  });
  if (error || !value) throw error ?? new Error("the calendar could not be written");
  return value;
}
