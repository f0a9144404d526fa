// What the ticket renderers need, and nothing about how a booking is stored: checkout builds these
// from a booking and hands them to the PDF, calendar and e-mail renderers.

export interface TicketDocument {
  /** Short human code printed under the QR, e.g. "TRV-7K2M9Q-01". */
  code: string;
  /** What the QR encodes: the signed ticket code (see signTicketCode). */
  qrPayload: string;
  kind: "ferry" | "activity";
  productName: string;
  passengerType: "adult" | "child" | "infant";
  passengerName: string | null;
  fareCategory: "tourist" | "resident";
  /** Dated tickets: local date (YYYY-MM-DD) and time (HH:MM) in America/Cancun; null for open tickets and coupons. */
  date: string | null;
  time: string | null;
  /** Ferry legs: port names in the buyer's language. */
  from: string | null;
  to: string | null;
  /** Open tickets (6 months) and coupons (1 year): last valid local date; null for dated tickets. */
  validUntil: string | null;
  /** For the calendar entry: ISO instants of start and end; null when undated. */
  startsAt: string | null;
  endsAt: string | null;
}

export interface BookingDocument {
  reference: string; // short human booking reference, e.g. "7K2M9Q"
  language: "es" | "en" | "pt";
  buyerName: string;
  buyerEmail: string;
  placedAt: string; // ISO
  total: string; // already formatted, e.g. "$1,270.00 MXN"
  paymentSummary: string; // already formatted, e.g. "Visa •••• 4242" or "Visa •••• 0007 · 12 meses sin intereses"
  tickets: TicketDocument[];
  manageUrl: string; // absolute URL of the manage-booking page
  siteOrigin: string; // absolute origin, e.g. "https://travesia.example"
  /**
   * How many times the booking's dates changed: the calendar events' SEQUENCE, so a client that
   * imported the first file replaces the event (same UID) instead of keeping both. Default 0.
   */
  calendarSequence?: number;
}

/** Tickets that travel together: one sailing or activity session (or one open product), all its passengers. */
export interface TicketGroup {
  kind: TicketDocument["kind"];
  productName: string;
  date: string | null;
  time: string | null;
  from: string | null;
  to: string | null;
  validUntil: string | null;
  startsAt: string | null;
  endsAt: string | null;
  tickets: TicketDocument[];
  /** Passengers by type, in the order adult, child, infant; types with none left out. */
  passengers: { type: TicketDocument["passengerType"]; count: number }[];
  hasResidentFare: boolean;
}

const PASSENGER_ORDER: TicketDocument["passengerType"][] = ["adult", "child", "infant"];

/** Groups per sailing/activity session, in the order of their first ticket. */
export function groupTickets(tickets: readonly TicketDocument[]): TicketGroup[] {
  const groups = new Map<string, TicketGroup>();
  for (const ticket of tickets) {
    const key = JSON.stringify([
      ticket.kind,
      ticket.productName,
      ticket.date,
      ticket.time,
      ticket.from,
      ticket.to,
      ticket.validUntil,
      ticket.startsAt,
    ]);
    let group = groups.get(key);
    if (!group) {
      group = {
        kind: ticket.kind,
        productName: ticket.productName,
        date: ticket.date,
        time: ticket.time,
        from: ticket.from,
        to: ticket.to,
        validUntil: ticket.validUntil,
        startsAt: ticket.startsAt,
        endsAt: ticket.endsAt,
        tickets: [],
        passengers: [],
        hasResidentFare: false,
      };
      groups.set(key, group);
    }
    group.tickets.push(ticket);
    group.hasResidentFare ||= ticket.fareCategory === "resident";
  }
  for (const group of groups.values()) {
    group.passengers = PASSENGER_ORDER.map((type) => ({
      type,
      count: group.tickets.filter((ticket) => ticket.passengerType === type).length,
    })).filter((entry) => entry.count > 0);
  }
  return [...groups.values()];
}
