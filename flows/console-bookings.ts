// What the operator's console shows of bookings: a page of search results, and one booking
// with its lines, tickets, payments, refunds and whole history — its own lifecycle rows and the audit
// entries about it, in one timeline. Amounts are written the currency's way in the operator's language.
import type { Database } from "../lib/db.ts";
import type { Language } from "../lib/language.ts";
import { isCurrencyCode } from "../lib/money.ts";
import { findAuditEntries, type AuditEntry } from "../modules/audit/index.ts";
import { findProducts } from "../modules/catalog/index.ts";
import {
  findBooking,
  findBookingEvents,
  findBookingLines,
  findPayments,
  findRefunds,
  findTickets,
  formatRefundAmount,
  normalizeReference,
  paidAttemptOf,
  readBookingQuery,
  refundStateOf,
  refundableOf,
  refundedMinorOf,
  searchBookings,
  spokenForMinor,
  type BookingRow,
  type RefundState,
  type SearchCursor,
} from "../modules/bookings/index.ts";
import { findAmountFormatter } from "../modules/currency/index.ts";
import { cardBrandName } from "../modules/payments/index.ts";

type Formatter = (amountMinor: number) => string;

/** Formatters per currency, read once for a page. */
async function formattersOf(
  db: Database,
  currencies: readonly string[],
  language: Language,
): Promise<Map<string, Formatter>> {
  const result = new Map<string, Formatter>();
  for (const currency of new Set(currencies)) {
    const format = await findAmountFormatter(db, currency, language);
    result.set(currency, (minor) => (isCurrencyCode(currency) ? `${format(minor)} ${currency}` : format(minor)));
  }
  return result;
}

export interface BookingListItem {
  reference: string;
  createdAt: string;
  buyerName: string;
  buyerEmail: string;
  status: BookingRow["status"];
  refundState: RefundState;
  total: string;
  refunded: string | null;
}

export interface BookingSearchPage {
  items: BookingListItem[];
  next: SearchCursor | null;
}

export async function searchConsoleBookings(
  db: Database,
  input: { text: string; after: SearchCursor | null; language: Language },
): Promise<BookingSearchPage> {
  const result = await searchBookings(db, readBookingQuery(input.text), input.after);
  const format = await formattersOf(
    db,
    result.bookings.map((booking) => booking.currency),
    input.language,
  );
  return {
    items: result.bookings.map((booking) => ({
      reference: booking.reference,
      createdAt: booking.createdAt.toISOString(),
      buyerName: booking.buyerName,
      buyerEmail: booking.buyerEmail,
      status: booking.status,
      refundState: refundStateOf(booking.totalMinor, booking.refundedMinor),
      total: format.get(booking.currency)!(booking.totalMinor),
      refunded: booking.refundedMinor > 0 ? format.get(booking.currency)!(booking.refundedMinor) : null,
    })),
    next: result.next,
  };
}

export interface ConsoleTicket {
  id: string;
  code: string;
  passengerType: string;
  passengerName: string | null;
  serviceDate: string | null;
  validUntil: string | null;
  status: "valid" | "used" | "void";
  lineId: string;
}

export interface ConsoleBooking {
  id: string;
  reference: string;
  status: BookingRow["status"];
  refundState: RefundState;
  language: string;
  currency: string;
  buyer: { name: string; email: string; phone: string; country: string };
  createdAt: string;
  paidAt: string | null;
  total: string;
  refunded: string;
  /** What may still be refunded (pending refunds are spoken for), written, and as the form's plain decimal. */
  refundable: string;
  refundableDecimal: string;
  refundableMinor: number;
  lines: {
    id: string;
    product: string;
    trip: string;
    category: string;
    serviceDate: string | null;
    returnDate: string | null;
    passengers: { adults: number; children: number; infants: number };
    total: string;
  }[];
  tickets: ConsoleTicket[];
  payments: {
    attempt: number;
    method: string;
    status: string;
    amount: string;
    /** What the provider captured, in its currency, when it is not what was asked for (ADR 0047): staff must see it. */
    capturedOtherwise: string | null;
    failureCode: string | null;
    card: string | null;
    providerPaymentId: string | null;
    createdAt: string;
  }[];
  refunds: {
    id: string;
    status: "pending" | "succeeded" | "failed";
    amount: string;
    reason: string;
    by: string;
    at: string;
    providerRefundId: string | null;
    failureCode: string | null;
    tickets: string[];
  }[];
  /** The booking's own history and the audit entries about it, oldest first. */
  history: (
    | { kind: "event"; at: string; from: BookingRow["status"] | null; to: BookingRow["status"]; reason: string }
    | { kind: "audit"; at: string; entry: AuditEntry }
  )[];
}

/** One booking as the console shows it; null when the reference is not one. */
export async function findConsoleBooking(
  db: Database,
  input: { reference: string; language: Language },
): Promise<ConsoleBooking | null> {
  const reference = normalizeReference(input.reference);
  const booking = reference ? await findBooking(db, { reference }) : null;
  if (!booking) return null;
  const [lines, tickets, payments, refunds, events, audit] = await Promise.all([
    findBookingLines(db, booking.id),
    findTickets(db, booking.id),
    findPayments(db, booking.id),
    findRefunds(db, booking.id),
    findBookingEvents(db, booking.id),
    findAuditEntries(db, { entityType: "booking", entityId: booking.id, limit: 200 }),
  ]);
  const products = await findProducts(db, input.language, {
    ids: [...new Set(lines.map((line) => line.productId))],
    withComplements: false,
  });
  const capturedCurrencies = payments.flatMap((payment) =>
    payment.capturedCurrency ? [payment.capturedCurrency] : [],
  );
  const formatters = await formattersOf(db, [...new Set([booking.currency, ...capturedCurrencies])], input.language);
  const format = formatters.get(booking.currency)!;
  const paid = paidAttemptOf(payments);
  const paidMinor = paid?.amountMinor ?? 0;
  const refundedMinor = refundedMinorOf(refunds);
  const refundableMinor = paid ? refundableOf({ paidMinor, refundedMinor: spokenForMinor(refunds) }) : 0;
  const codeOf = new Map(tickets.map((ticket) => [ticket.id, ticket.code]));
  return {
    id: booking.id,
    reference: booking.reference,
    status: booking.status,
    refundState: paid ? refundStateOf(paidMinor, refundedMinor) : "none",
    language: booking.language,
    currency: booking.currency,
    buyer: {
      name: booking.buyerName,
      email: booking.buyerEmail,
      phone: booking.buyerPhone,
      country: booking.buyerCountry,
    },
    createdAt: booking.createdAt.toISOString(),
    paidAt: booking.paidAt?.toISOString() ?? null,
    total: format(booking.totalMinor),
    refunded: format(refundedMinor),
    refundable: format(refundableMinor),
    refundableDecimal: formatRefundAmount(refundableMinor, booking.currency),
    refundableMinor,
    lines: lines.map((line) => ({
      id: line.id,
      product: products.find((product) => product.id === line.productId)?.name ?? String(line.productId),
      trip: line.trip,
      category: line.category,
      serviceDate: line.serviceDate,
      returnDate: line.returnDate,
      passengers: { adults: line.adults, children: line.children, infants: line.infants },
      total: format(line.totalMinor),
    })),
    tickets: tickets.map((ticket) => ({
      id: ticket.id,
      code: ticket.code,
      passengerType: ticket.passengerType,
      passengerName: ticket.passengerName,
      serviceDate: ticket.serviceDate,
      validUntil: ticket.validUntil,
      status: ticket.status,
      lineId: ticket.bookingLineId,
    })),
    payments: payments.map((payment) => ({
      attempt: payment.attempt,
      method: payment.method,
      status: payment.status,
      amount: format(payment.amountMinor),
      capturedOtherwise:
        payment.capturedMinor !== null &&
        payment.capturedCurrency !== null &&
        (payment.capturedMinor !== payment.amountMinor || payment.capturedCurrency !== payment.currency)
          ? (formatters.get(payment.capturedCurrency)?.(payment.capturedMinor) ??
            `${payment.capturedMinor} ${payment.capturedCurrency}`)
          : null,
      failureCode: payment.failureCode,
      card: payment.cardLast4
        ? `${payment.cardBrand ? cardBrandName(payment.cardBrand) : ""} •••• ${payment.cardLast4}`.trim()
        : null,
      providerPaymentId: payment.providerPaymentId,
      createdAt: payment.createdAt.toISOString(),
    })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      status: refund.status,
      amount: format(refund.amountMinor),
      reason: refund.reason,
      by: refund.requestedBy,
      at: (refund.completedAt ?? refund.createdAt).toISOString(),
      providerRefundId: refund.providerRefundId,
      failureCode: refund.failureCode,
      tickets: refund.ticketIds.map((id) => codeOf.get(id) ?? id),
    })),
    history: [
      ...events.map((event) => ({
        kind: "event" as const,
        at: event.at.toISOString(),
        from: event.fromStatus,
        to: event.toStatus,
        reason: event.reason,
      })),
      ...audit.map((entry) => ({ kind: "audit" as const, at: entry.at, entry })),
    ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.kind === b.kind ? 0 : a.kind === "event" ? -1 : 1)),
  };
}
