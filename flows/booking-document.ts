// A ticketed booking as its buyer receives it: the BookingDocument the ticket renderers draw (PDF,
// calendar, e-mail), built from the stored booking in the booking's language — signed QR payloads,
// ports and products named in that language, local dates and times at the piers, the total written
// the currency's way, how it was paid, and the absolute link to manage it with its guest key.
import type { Database } from "../lib/db.ts";
import { AppError } from "../lib/errors.ts";
import { isLanguage, type Language } from "../lib/language.ts";
import { isCurrencyCode } from "../lib/money.ts";
import { findProducts } from "../modules/catalog/index.ts";
import {
  findBooking,
  findBookingEvents,
  findBookingLines,
  findPayments,
  findTickets,
  paidAttemptOf,
  readDateChangeReason,
  type BookingLineRow,
  type BookingPaymentRow,
  type BookingRow,
  type TicketRow,
} from "../modules/bookings/index.ts";
import { findAmountFormatter, symbolNamesCurrency } from "../modules/currency/index.ts";
import {
  findActivities,
  findCrossings,
  findSailing,
  hoursOn,
  instantOf,
  type Activity,
  type Crossing,
  type SailingView,
} from "../modules/inventory/index.ts";
import { cardBrandName } from "../modules/payments/index.ts";
import { boardingKeysOf, withTicketPass } from "../modules/boarding/index.ts";
import {
  paymentSummaryOf,
  signTicketCode,
  type BookingDocument,
  type TicketDocument,
} from "../modules/booking-documents/index.ts";
import { guestSecretOf } from "./checkout.ts";

export interface BookingDocumentDeps {
  db: Database;
  /** Reads sailings' state; the document itself does not depend on it. */
  now: Date;
  ticketSigningSecret: string;
  guestAccessSecret: string;
  /** The site's public origin, e.g. https://www.travesia.mx (no trailing slash). */
  siteOrigin: string;
  /** The path of the manage-booking page in a language (the app's slug table; flows do not import app). */
  manageBookingPathOf: (language: Language) => string;
}

/** The absolute link to manage a booking: its reference and the guest key, so it opens on any device. */
export function manageBookingUrlOf(
  deps: Pick<BookingDocumentDeps, "siteOrigin" | "manageBookingPathOf" | "guestAccessSecret">,
  booking: Pick<BookingRow, "id" | "reference" | "language">,
): string {
  const url = new URL(deps.manageBookingPathOf(languageOf(booking)), deps.siteOrigin);
  url.searchParams.set("ref", booking.reference);
  url.searchParams.set("key", guestSecretOf(deps.guestAccessSecret, booking.id));
  return url.toString();
}

function languageOf(booking: Pick<BookingRow, "language">): Language {
  return isLanguage(booking.language) ? booking.language : "es";
}

/** The amount written the currency's way, with its ISO code when the symbol is shared: "$1,270.00 MXN", "US$240.45". */
async function formatTotal(db: Database, booking: BookingRow, language: Language): Promise<string> {
  const format = await findAmountFormatter(db, booking.currency, language);
  const written = format(booking.totalMinor);
  return isCurrencyCode(booking.currency) && !symbolNamesCurrency(booking.currency)
    ? `${written} ${booking.currency}`
    : written;
}

/** How the money came: the captured attempt (refunds keep their card details too). */
export function paidWithOf(payments: readonly BookingPaymentRow[], language: Language): string {
  const paid = paidAttemptOf(payments);
  if (!paid) return "";
  const brandName = paid.cardBrand ? cardBrandName(paid.cardBrand) : null;
  return paymentSummaryOf(language, {
    method: paid.method,
    brandName,
    last4: paid.cardLast4,
    instalmentMonths: paid.instalmentMonths,
    financedBy: paid.financedBy,
  });
}

interface Places {
  sailings: Map<number, SailingView>;
  crossings: Map<number, Crossing>;
  activities: Map<number, Activity>;
}

async function loadPlaces(db: Database, language: Language, tickets: readonly TicketRow[], now: Date): Promise<Places> {
  const sailingIds = [...new Set(tickets.flatMap((ticket) => (ticket.sailingId === null ? [] : [ticket.sailingId])))];
  const activityIds = [
    ...new Set(tickets.flatMap((ticket) => (ticket.activityId === null ? [] : [ticket.activityId]))),
  ];
  const [sailingViews, crossingList, activityList] = await Promise.all([
    Promise.all(sailingIds.map((id) => findSailing(db, id, now))),
    sailingIds.length > 0 ? findCrossings(db, language) : Promise.resolve([]),
    activityIds.length > 0 ? findActivities(db, language, activityIds) : Promise.resolve([]),
  ]);
  return {
    sailings: new Map(sailingViews.map((sailing) => [sailing.id, sailing])),
    crossings: new Map(crossingList.map((crossing) => [crossing.id, crossing])),
    activities: new Map(activityList.map((activity) => [activity.id, activity])),
  };
}

function whenAndWhere(
  ticket: TicketRow,
  places: Places,
): Pick<TicketDocument, "date" | "time" | "from" | "to" | "startsAt" | "endsAt"> {
  const sailing = ticket.sailingId === null ? undefined : places.sailings.get(ticket.sailingId);
  if (sailing) {
    const crossing = places.crossings.get(sailing.crossingId);
    return {
      date: sailing.serviceDate,
      time: sailing.time,
      from: crossing?.from.name ?? null,
      to: crossing?.to.name ?? null,
      startsAt: sailing.departsAt.toISOString(),
      endsAt: sailing.arrivesAt.toISOString(),
    };
  }
  const activity = ticket.activityId === null ? undefined : places.activities.get(ticket.activityId);
  if (activity && ticket.serviceDate) {
    // A day admission: the calendar entry spans the opening hours of that day.
    const hours = hoursOn(activity.hours, ticket.serviceDate);
    return {
      date: ticket.serviceDate,
      time: hours?.opens ?? null,
      from: null,
      to: null,
      startsAt: hours ? instantOf(ticket.serviceDate, hours.opens).toISOString() : null,
      endsAt: hours ? instantOf(ticket.serviceDate, hours.closes).toISOString() : null,
    };
  }
  return { date: ticket.serviceDate, time: null, from: null, to: null, startsAt: null, endsAt: null };
}

/**
 * The document of a ticketed booking. BOOKING_NOT_FOUND when there is none, BOOKING_STATE when it has
 * no tickets (yet, or any more).
 */
export async function loadBookingDocument(
  deps: BookingDocumentDeps,
  bookingId: string,
): Promise<{ booking: BookingRow; document: BookingDocument }> {
  const { db } = deps;
  const booking = await findBooking(db, { id: bookingId });
  if (!booking) throw new AppError("BOOKING_NOT_FOUND");
  if (booking.status !== "ticketed")
    throw new AppError("BOOKING_STATE", {
      issues: [{ path: "booking.status", code: `not_ticketed:${booking.status}` }],
    });
  const language = languageOf(booking);
  const [lines, tickets, payments, events] = await Promise.all([
    findBookingLines(db, booking.id),
    findTickets(db, booking.id),
    findPayments(db, booking.id),
    findBookingEvents(db, booking.id),
  ]);
  const [products, places, total] = await Promise.all([
    findProducts(db, language, { ids: [...new Set(lines.map((line) => line.productId))], withComplements: false }),
    loadPlaces(db, language, tickets, deps.now),
    formatTotal(db, booking, language),
  ]);
  const lineById = new Map<string, BookingLineRow>(lines.map((line) => [line.id, line]));
  const documentTickets = tickets
    .filter((ticket) => ticket.status !== "void")
    .map((ticket): TicketDocument => {
      const line = lineById.get(ticket.bookingLineId);
      if (!line) throw new Error(`ticket ${ticket.code} has no line in booking ${booking.reference}`);
      return {
        code: ticket.code,
        qrPayload: withTicketPass(
          boardingKeysOf(deps.ticketSigningSecret),
          signTicketCode(deps.ticketSigningSecret, ticket.code),
          {
            sailingId: ticket.sailingId,
            crossingId: ticket.crossingId,
            serviceDate: ticket.serviceDate,
            validUntil: ticket.validUntil,
            passengerType: ticket.passengerType,
          },
        ),
        kind: line.kind,
        productName: products.find((product) => product.id === line.productId)?.name ?? "Travesía",
        passengerType: ticket.passengerType,
        passengerName: ticket.passengerName,
        fareCategory: line.category,
        validUntil: ticket.validUntil,
        ...whenAndWhere(ticket, places),
      };
    });
  // Every ticket cancelled (a cancelled booking keeps its paid status when a fee was kept): nothing to print or mail.
  if (documentTickets.length === 0 && tickets.length > 0)
    throw new AppError("BOOKING_STATE", { issues: [{ path: "tickets", code: "all_cancelled" }] });
  return {
    booking,
    document: {
      reference: booking.reference,
      language,
      buyerName: booking.buyerName,
      buyerEmail: booking.buyerEmail,
      placedAt: booking.createdAt.toISOString(),
      total,
      paymentSummary: paidWithOf(payments, language),
      tickets: documentTickets,
      manageUrl: manageBookingUrlOf(deps, booking),
      siteOrigin: new URL(deps.siteOrigin).origin,
      calendarSequence: events.filter((event) => readDateChangeReason(event.reason) !== null).length,
    },
  };
}
