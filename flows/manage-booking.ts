// Use cases of the manage-booking page: find a booking for its guest (reference and e-mail,
// or the signed link of the e-mail), show it, and move a dated line to another date under the weather
// guarantee (asked at least 24 hours before, never onto today).
//
// A date change is one transaction: the booking row is locked (two changes of one booking queue),
// then every sailing involved (old and new, in id order, as the cart and the payment do) or both
// activity days, the old seats are released and the new ones sold through takeLineSeats (the one
// seat-taking path, which re-checks what is left under the lock), the line and its tickets are moved
// and the history records what moved where. Any refusal rolls all of it back.
import { timingSafeEqual } from "node:crypto";
import type { Database } from "../lib/db.ts";
import { AppError } from "../lib/errors.ts";
import type { Language } from "../lib/language.ts";
import { isCurrencyCode, type CurrencyCode } from "../lib/money.ts";
import type { RateLimit, RateLimiter } from "../lib/rate-limit.ts";
import { findProducts } from "../modules/catalog/index.ts";
import {
  assertDateChangeAllowed,
  cancellationFactsOf,
  cancellationPolicyOf,
  decideCancellation,
  findRefunds,
  spokenForMinor,
  type CancellationRefusal,
  type CancellationTier,
  dateChangeBlock,
  dateChangeDeadline,
  dateChangeReason,
  findBooking,
  findBookingEvents,
  findBookingLines,
  findPayments,
  findTickets,
  normalizeReference,
  paidAttemptOf,
  readDateChangeReason,
  recordBookingEvent,
  rescheduleBookingLine,
  saleReferenceOf,
  turnLineIntoOpenTickets,
  sha256,
  type BookingLineRow,
  type BookingRow,
  type BookingStatus,
  type CurrentService,
  type LineSchedule,
  type ScheduleSnapshot,
} from "../modules/bookings/index.ts";
import { addMonths } from "../lib/calendar-date.ts";
import { findAmountFormatter } from "../modules/currency/index.ts";
import { cardBrandName } from "../modules/payments/index.ts";
import {
  decideAt,
  findActivities,
  findActivityDay,
  findCrossings,
  findSailing,
  hoursOn,
  instantOf,
  isLocalDate,
  lockActivityDay,
  lockSailing,
  localDateOf,
  releaseAllocations,
  type Crossing,
  type SailingView,
} from "../modules/inventory/index.ts";
import { EMAIL_SENT_EVENT, RESEND_REQUESTED_EVENT, enqueueBookingEmail } from "./booking-email.ts";
import { findFerryOffer, readBookingDate, type SailingOffer } from "./booking-offers.ts";
import { legOf, takeLineSeats, type LegView } from "./cart.ts";
import { hasGuestAccess } from "./checkout.ts";
import { noticeFreedSeats } from "./waitlist.ts";

export interface ManageDeps {
  db: Database;
  now: Date;
}

// ---- Finding a booking

/** Stands in for a reference no booking has, so a malformed one costs the same lookup as a real one. */
const NO_REFERENCE = "000000";

/**
 * Look-ups by reference and e-mail allowed per address and per reference in the window: a person
 * mistypes a few times, a hotel's Wi-Fi is many people; a script guessing e-mails for a reference (or
 * references for an e-mail) gets ten tries a quarter of an hour. The e-mail's link (a 128-bit key) is
 * not guessable and not counted.
 */
export const BOOKING_LOOKUP_LIMITS = {
  perAddress: { count: 30, windowSeconds: 900 },
  perReference: { count: 10, windowSeconds: 900 },
} as const satisfies Record<string, RateLimit>;

/** Who asks for a look-up, counted before the booking is read; absent for callers that are not a visitor. */
export interface BookingLookups {
  limiter: RateLimiter;
  clientAddress: string;
  now: Date;
}

/**
 * The booking whose reference and buyer's e-mail both match. Either half wrong answers the same
 * BOOKING_NOT_FOUND, with no hint of which, after the same work (one lookup, one constant-time
 * comparison), so the form cannot be used to learn which references exist. A visitor's look-up is
 * counted first (BOOKING_LOOKUP_LIMITS), atomically and on every node: past the limit, RATE_LIMITED.
 */
export async function findBookingForGuest(
  deps: Pick<ManageDeps, "db"> & { lookups?: BookingLookups },
  input: { reference: string; email: string },
): Promise<BookingRow> {
  const reference = normalizeReference(input.reference.slice(0, 20));
  if (deps.lookups) {
    const { limiter, clientAddress, now } = deps.lookups;
    await limiter.take(
      [
        { key: `booking-lookup-address:${clientAddress}`, limit: BOOKING_LOOKUP_LIMITS.perAddress },
        ...(reference === null
          ? []
          : [{ key: `booking-lookup-reference:${reference}`, limit: BOOKING_LOOKUP_LIMITS.perReference }]),
      ],
      now,
    );
  }
  const booking = await findBooking(deps.db, { reference: reference ?? NO_REFERENCE });
  const given = Buffer.from(sha256(input.email.trim().toLowerCase().slice(0, 254)), "hex");
  const expected = Buffer.from(sha256(booking?.buyerEmail.trim().toLowerCase() ?? ""), "hex");
  const sameEmail = timingSafeEqual(given, expected);
  if (!booking || reference === null || !sameEmail) throw new AppError("BOOKING_NOT_FOUND");
  return booking;
}

/** The booking of an e-mail's link (`?ref=<REFERENCE>&key=<guest secret>`), or BOOKING_NOT_FOUND. */
export async function findBookingByKey(
  deps: Pick<ManageDeps, "db">,
  input: { reference: string; key: string },
): Promise<BookingRow> {
  const reference = normalizeReference(input.reference.slice(0, 20));
  const booking = await findBooking(deps.db, { reference: reference ?? NO_REFERENCE });
  const granted = booking !== null && hasGuestAccess(booking, input.key);
  if (!booking || reference === null || !granted) throw new AppError("BOOKING_NOT_FOUND");
  return booking;
}

// ---- Showing it

export interface TicketView {
  code: string;
  passengerType: "adult" | "child" | "infant";
  passengerName: string | null;
  /** Which leg the ticket boards: outbound, inbound, or the activity's day / the open ticket. */
  leg: "outbound" | "inbound" | "single";
  serviceDate: string | null;
  validUntil: string | null;
  status: "valid" | "used" | "void";
}

export type DateChangeState =
  | { allowed: true; deadline: string }
  | { allowed: false; reason: "open_ticket" | "too_late" | "not_ticketed"; deadline: string | null };

export interface BookingLineView {
  id: string;
  kind: "ferry" | "activity";
  productName: string;
  trip: BookingLineRow["trip"];
  category: BookingLineRow["category"];
  passengers: { adult: number; child: number; infant: number };
  outbound: LegView | null;
  inbound: LegView | null;
  activity: { date: string; opens: string | null; closes: string | null } | null;
  /** Open tickets: the last day they can be used. */
  validUntil: string | null;
  total: string;
  tickets: TicketView[];
  dateChange: DateChangeState;
  /** The operator closed one of its sailings: the buyer may move it whatever the notice, or take open tickets. */
  sailingClosed: boolean;
  cancellation: CancellationView;
}

/** The product's cancellation policy and what it gives for this line now (ADR 0057). */
export interface CancellationView {
  policy:
    | { refundable: false; dateChangeable: boolean }
    | { refundable: true; tiers: CancellationTier[]; dateChangeable: boolean };
  /** Cancelling now: what comes back and the fee kept, both written the currency's way, until when it holds. */
  offer: { refund: string; fee: string; feePercent: number; until: string | null } | null;
  /** Why it cannot be cancelled online now. */
  refusal: CancellationRefusal | null;
  /** Every ticket of the line is cancelled. */
  cancelled: boolean;
}

export type HistoryEntry =
  | { at: string; kind: "status"; status: BookingStatus }
  /** Things done to the booking that move no status: its tickets mailed, a resend asked for. */
  | { at: string; kind: "email_sent" }
  | { at: string; kind: "resend_requested" }
  | { at: string; kind: "date_changed"; lineId: string; from: ScheduleSnapshot; to: ScheduleSnapshot }
  /** The operator closed a sailing of the booking and its buyer was told (ADR 0038). */
  | { at: string; kind: "sailing_closed" }
  /** The buyer took open tickets instead of a closed sailing. */
  | { at: string; kind: "open_ticket"; lineId: string; validUntil: string }
  /** Money given back (a cancellation's or the operator's refund), written the currency's way. */
  | { at: string; kind: "refunded"; amount: string }
  /** A line cancelled with no money back. */
  | { at: string; kind: "line_cancelled" };

export interface BookingView {
  id: string;
  reference: string;
  status: BookingStatus;
  language: Language;
  buyer: { name: string; email: string; phone: string; country: string };
  placedAt: string;
  paidAt: string | null;
  currency: string;
  total: string;
  payment: {
    method: "card" | "paypal";
    cardBrand: string | null;
    cardLast4: string | null;
    instalmentMonths: number | null;
    financedBy: string | null;
    status: string;
  } | null;
  lines: BookingLineView[];
  /**
   * The operator closed a sailing the booking still holds tickets on: the booking is not "confirmed"
   * as it stands, the buyer has to choose another sailing or open tickets.
   */
  sailingClosed: boolean;
  history: HistoryEntry[];
  /** Every ticket cancelled (by the buyer or the operator): nothing of it travels. */
  cancelled: boolean;
}

/** When a line's service starts (its first departure, its activity's opening time), or "open". */
export async function currentServiceOf(
  db: Database,
  line: BookingLineRow,
  language: Language,
  now: Date,
): Promise<CurrentService> {
  if (line.trip === "open") return { kind: "open" };
  if (line.kind === "activity") {
    if (line.activityId === null || line.serviceDate === null) return { kind: "open" };
    const [activity] = await findActivities(db, language, [line.activityId]);
    const opens = activity ? (hoursOn(activity.hours, line.serviceDate)?.opens ?? "00:00") : "00:00";
    // A day the operator closed opens the line to a move whatever the notice, as a closed sailing does.
    const closed = activity ? (await findActivityDay(db, activity, line.serviceDate, now)).closure !== null : false;
    return { kind: "dated", startsAt: instantOf(line.serviceDate, opens), closed };
  }
  if (line.outboundSailingId === null) return { kind: "open" };
  const outbound = await findSailing(db, line.outboundSailingId, now);
  const inbound = line.inboundSailingId === null ? null : await findSailing(db, line.inboundSailingId, now);
  // Either leg closed by the operator opens the line to a move whatever the notice (ADR 0038).
  return {
    kind: "dated",
    startsAt: outbound.departsAt,
    closed: outbound.closure !== null || (inbound !== null && inbound.closure !== null),
  };
}

function dateChangeStateOf(booking: BookingRow, current: CurrentService, now: Date): DateChangeState {
  const deadline = current.kind === "dated" ? dateChangeDeadline(current.startsAt).toISOString() : null;
  const blocked = dateChangeBlock(current, now);
  if (blocked !== null) return { allowed: false, reason: blocked, deadline };
  if (booking.status !== "ticketed") return { allowed: false, reason: "not_ticketed", deadline };
  return { allowed: true, deadline: deadline! };
}

function historyOf(
  events: Awaited<ReturnType<typeof findBookingEvents>>,
  format: (minor: number) => string,
): HistoryEntry[] {
  return events.map((event): HistoryEntry => {
    const refunded = /^refund:[0-9a-f-]{36}:(\d+)$/.exec(event.reason);
    if (refunded && event.fromStatus === event.toStatus)
      return { at: event.at.toISOString(), kind: "refunded", amount: format(Number(refunded[1])) };
    if (/^line_cancelled:/.test(event.reason)) return { at: event.at.toISOString(), kind: "line_cancelled" };
    const moved = readDateChangeReason(event.reason);
    if (moved) return { at: event.at.toISOString(), kind: "date_changed", ...moved };
    if (event.reason?.startsWith(`${EMAIL_SENT_EVENT}:`)) return { at: event.at.toISOString(), kind: "email_sent" };
    if (event.reason === RESEND_REQUESTED_EVENT) return { at: event.at.toISOString(), kind: "resend_requested" };
    if (event.reason.startsWith(`${CLOSURE_NOTICE_EVENT}:`))
      return { at: event.at.toISOString(), kind: "sailing_closed" };
    const swapped = readOpenTicketReason(event.reason);
    if (swapped) return { at: event.at.toISOString(), kind: "open_ticket", ...swapped };
    return { at: event.at.toISOString(), kind: "status", status: event.toStatus };
  });
}

/** What the manage-booking page shows of a booking, in `language`, at `now`. */
export async function bookingView(deps: ManageDeps, booking: BookingRow, language: Language): Promise<BookingView> {
  const { db, now } = deps;
  const [lines, tickets, payments, events, format, refunds] = await Promise.all([
    findBookingLines(db, booking.id),
    findTickets(db, booking.id),
    findPayments(db, booking.id),
    findBookingEvents(db, booking.id),
    findAmountFormatter(db, booking.currency, language),
    findRefunds(db, booking.id),
  ]);
  const sailingIds = [
    ...new Set(
      lines
        .flatMap((line) => [line.outboundSailingId, line.inboundSailingId])
        .filter((id): id is number => id !== null),
    ),
  ];
  const activityIds = [...new Set(lines.flatMap((line) => (line.activityId === null ? [] : [line.activityId])))];
  const [products, crossings, sailings, activities] = await Promise.all([
    findProducts(db, language, { ids: [...new Set(lines.map((line) => line.productId))] }),
    sailingIds.length > 0 ? findCrossings(db, language) : Promise.resolve([] as Crossing[]),
    Promise.all(sailingIds.map((id) => findSailing(db, id, now))),
    activityIds.length > 0 ? findActivities(db, language, activityIds) : Promise.resolve([]),
  ]);
  const sailingOf = (id: number | null): SailingView | undefined => sailings.find((sailing) => sailing.id === id);
  // The payment that went through, or the latest attempt while none has.
  const payment = paidAttemptOf(payments) ?? payments[0] ?? null;

  const lineViews: BookingLineView[] = [];
  for (const line of lines) {
    const activity = activities.find((item) => item.id === line.activityId);
    const hours = activity && line.serviceDate ? hoursOn(activity.hours, line.serviceDate) : null;
    const lineTickets = tickets.filter((ticket) => ticket.bookingLineId === line.id);
    const current = await currentServiceOf(db, line, booking.language as Language, now);
    lineViews.push({
      id: line.id,
      kind: line.kind,
      productName: products.find((product) => product.id === line.productId)?.name ?? "",
      trip: line.trip,
      category: line.category,
      passengers: { adult: line.adults, child: line.children, infant: line.infants },
      outbound: legOf(sailingOf(line.outboundSailingId), crossings),
      inbound: legOf(sailingOf(line.inboundSailingId), crossings),
      activity:
        line.kind === "activity" && line.serviceDate
          ? { date: line.serviceDate, opens: hours?.opens ?? null, closes: hours?.closes ?? null }
          : null,
      validUntil: lineTickets.find((ticket) => ticket.validUntil !== null)?.validUntil ?? null,
      total: format(line.totalMinor),
      tickets: lineTickets.map((ticket) => ({
        code: ticket.code,
        passengerType: ticket.passengerType,
        passengerName: ticket.passengerName,
        leg:
          line.kind === "ferry" && line.trip !== "open"
            ? ticket.sailingId === line.inboundSailingId
              ? "inbound"
              : "outbound"
            : "single",
        serviceDate: ticket.serviceDate,
        validUntil: ticket.validUntil,
        status: ticket.status,
      })),
      dateChange: dateChangeStateOf(booking, current, now),
      sailingClosed: current.kind === "dated" && current.closed === true && booking.status === "ticketed",
      cancellation: cancellationViewOf(
        products.find((product) => product.id === line.productId)?.kind ?? "ferry",
        {
          bookingStatus: booking.status,
          startsAt: current.kind === "dated" ? current.startsAt : null,
          line,
          lines,
          tickets,
          paidMinor: paidAttemptOf(payments)?.amountMinor ?? 0,
          spokenForMinor: spokenForMinor(refunds),
        },
        now,
        format,
      ),
    });
  }
  return {
    id: booking.id,
    reference: booking.reference,
    status: booking.status,
    language: booking.language as Language,
    buyer: {
      name: booking.buyerName,
      email: booking.buyerEmail,
      phone: booking.buyerPhone,
      country: booking.buyerCountry,
    },
    placedAt: booking.createdAt.toISOString(),
    paidAt: booking.paidAt?.toISOString() ?? null,
    currency: booking.currency,
    total: format(booking.totalMinor),
    // Booth sales (cash, card at the terminal) have no provider attempt: payments is empty for them.
    payment:
      payment && (payment.method === "card" || payment.method === "paypal")
        ? {
            method: payment.method,
            // The provider names brands by their two-letter code (VI, MC…); the buyer reads the brand's name.
            cardBrand: payment.cardBrand === null ? null : cardBrandName(payment.cardBrand),
            cardLast4: payment.cardLast4,
            instalmentMonths: payment.instalmentMonths,
            financedBy: payment.financedBy,
            status: payment.status,
          }
        : null,
    lines: lineViews,
    sailingClosed: lineViews.some((line) => line.sailingClosed),
    history: historyOf(events, format),
    cancelled: tickets.length > 0 && tickets.every((ticket) => ticket.status === "void"),
  };
}

function cancellationViewOf(
  kind: Parameters<typeof cancellationPolicyOf>[0],
  facts: Parameters<typeof cancellationFactsOf>[0],
  now: Date,
  format: (minor: number) => string,
): CancellationView {
  const policy = cancellationPolicyOf(kind);
  const decision = decideCancellation(policy, cancellationFactsOf(facts), now);
  return {
    policy:
      policy.kind === "tiered"
        ? { refundable: true, tiers: [...policy.tiers], dateChangeable: policy.dateChangeable }
        : { refundable: false, dateChangeable: policy.dateChangeable },
    offer: decision.allowed
      ? {
          refund: format(decision.refundMinor),
          fee: format(decision.feeMinor),
          feePercent: decision.feePercent,
          until: decision.until?.toISOString() ?? null,
        }
      : null,
    refusal: decision.allowed ? null : decision.code,
    cancelled:
      !decision.allowed &&
      decision.code === "CANCEL_ALREADY_CANCELLED" &&
      facts.tickets.some((ticket) => ticket.bookingLineId === facts.line.id),
  };
}

// ---- The sailings a ferry line could move to

export interface DateChangeOptions {
  date: string;
  returnDate: string | null;
  outbound: SailingOffer[];
  inbound: SailingOffer[] | null;
}

/**
 * The sailings of the line's crossing on `date` (and of the way back on `returnDate` for a round
 * trip), with whether each has a seat for all the line's passengers: the booking widget's own search.
 */
export async function findDateChangeOptions(
  deps: ManageDeps,
  booking: BookingRow,
  input: { lineId: string; date: string; returnDate: string | null },
  language: Language,
): Promise<DateChangeOptions> {
  const line = (await findBookingLines(deps.db, booking.id)).find((candidate) => candidate.id === input.lineId);
  if (!line || line.kind !== "ferry" || line.trip === "open" || line.outboundSailingId === null) {
    throw new AppError("INVALID_REQUEST", { issues: [{ path: "lineId", code: "not_a_dated_ferry_line" }] });
  }
  const sailing = await findSailing(deps.db, line.outboundSailingId, deps.now);
  const crossing = (await findCrossings(deps.db, language)).find((item) => item.id === sailing.crossingId);
  if (!crossing) throw new AppError("UNKNOWN_CROSSING");
  const roundTrip = line.trip === "round_trip";
  const offer = await findFerryOffer(deps.db, {
    crossing: crossing.code,
    trip: roundTrip ? "round_trip" : "one_way",
    date: input.date,
    returnDate: roundTrip ? (input.returnDate ?? input.date) : null,
    category: line.category,
    passengers: { adult: line.adults, child: line.children, infant: line.infants },
    currency: (isCurrencyCode(booking.currency) ? booking.currency : "MXN") satisfies CurrencyCode,
    language,
    now: deps.now,
  });
  return {
    date: offer.date ?? input.date,
    returnDate: offer.returnDate,
    outbound: offer.outbound,
    inbound: offer.inbound,
  };
}

// ---- Moving a line

export interface DateChangeInput {
  bookingId: string;
  lineId: string;
  newDate: string;
  /** Ferry lines: the sailing of the new date; the return's sailing for a round trip. Ignored for activities. */
  outboundSailingId: number | null;
  inboundSailingId?: number | null;
}

function snapshotOf(schedule: LineSchedule): ScheduleSnapshot {
  return {
    date: schedule.serviceDate ?? "",
    returnDate: schedule.returnDate,
    outboundSailingId: schedule.outboundSailingId,
    inboundSailingId: schedule.inboundSailingId,
  };
}

/** The new schedule of a ferry line: sailings on the line's crossings, on the new date, the return after the outbound arrives. */
async function newFerrySchedule(
  tx: Database,
  line: BookingLineRow,
  date: string,
  input: DateChangeInput,
  now: Date,
): Promise<LineSchedule> {
  const oldOutbound = await findSailing(tx, line.outboundSailingId!, now);
  if (input.outboundSailingId === null)
    throw new AppError("SCHEDULE_REQUIRED", { issues: [{ path: "outboundSailingId", code: "required" }] });
  const outbound = await findSailing(tx, input.outboundSailingId, now);
  if (outbound.crossingId !== oldOutbound.crossingId || outbound.serviceDate !== date) {
    throw new AppError("UNKNOWN_SAILING", {
      issues: [{ path: "outboundSailingId", code: "not_on_date_and_crossing" }],
    });
  }
  if (line.trip !== "round_trip")
    return { serviceDate: date, returnDate: null, outboundSailingId: outbound.id, inboundSailingId: null };
  if (input.inboundSailingId === null || input.inboundSailingId === undefined) {
    throw new AppError("SCHEDULE_REQUIRED", { issues: [{ path: "inboundSailingId", code: "required" }] });
  }
  const oldInbound = await findSailing(tx, line.inboundSailingId!, now);
  const inbound = await findSailing(tx, input.inboundSailingId, now);
  if (inbound.crossingId !== oldInbound.crossingId)
    throw new AppError("UNKNOWN_SAILING", { issues: [{ path: "inboundSailingId", code: "not_on_crossing" }] });
  const returnDate = readBookingDate(inbound.serviceDate, now, "inboundSailingId");
  if (inbound.departsAt.getTime() <= outbound.arrivesAt.getTime()) {
    throw new AppError("RETURN_BEFORE_DEPARTURE", {
      issues: [{ path: "inboundSailingId", code: "before_outbound_arrives" }],
    });
  }
  return { serviceDate: date, returnDate, outboundSailingId: outbound.id, inboundSailingId: inbound.id };
}

/**
 * Moves one dated line of a ticketed booking to another date (weather guarantee). Refuses, changing
 * nothing: an open ticket (BOOKING_STATE), less than 24 hours before the service
 * (DATE_CHANGE_TOO_LATE), today as the new date (DATE_CHANGE_SAME_DAY), an activity onto the day of
 * another of the booking (SAME_DATE_IN_CART), a sailing or day without the seats (SAILING_SOLD_OUT,
 * ACTIVITY_SOLD_OUT, closures). The price stays as paid. The buyer is mailed the new tickets and the
 * calendar entry that replaces the old one (a job queued in the same transaction).
 */
export async function changeBookingDate(
  deps: Pick<ManageDeps, "db">,
  input: DateChangeInput,
  now: Date,
): Promise<{ booking: BookingRow; changed: boolean }> {
  return deps.db.transaction(async (tx) => {
    await decideAt(tx, now);
    // The booking's row first: two changes of one booking queue here, then the sailings in id order.
    const booking = await findBooking(tx, { id: input.bookingId }, { lock: true });
    if (!booking) throw new AppError("BOOKING_NOT_FOUND");
    const language = booking.language as Language;
    const lines = await findBookingLines(tx, booking.id);
    const line = lines.find((candidate) => candidate.id === input.lineId);
    if (!line) throw new AppError("INVALID_REQUEST", { issues: [{ path: "lineId", code: "not_in_booking" }] });
    if (!isLocalDate(input.newDate))
      throw new AppError("INVALID_DATE", { issues: [{ path: "newDate", code: "invalid_date" }] });
    assertDateChangeAllowed(await currentServiceOf(tx, line, language, now), { date: input.newDate }, now);
    if (booking.status !== "ticketed")
      throw new AppError("BOOKING_STATE", { issues: [{ path: "booking.status", code: "not_ticketed" }] });
    // A line whose tickets an operator's refund cancelled in part (ADR 0039) would take its full seat
    // count again on the new sailing; its buyer is sent to the operator instead.
    if (
      (await findTickets(tx, booking.id)).some((ticket) => ticket.bookingLineId === line.id && ticket.status === "void")
    ) {
      throw new AppError("BOOKING_STATE", { issues: [{ path: "lineId", code: "tickets_cancelled" }] });
    }
    const date = readBookingDate(input.newDate, now, "newDate");

    // The package rule of the cart (products with the same date are not allowed) holds after a move too.
    if (
      line.kind === "activity" &&
      lines.some((other) => other.id !== line.id && other.kind === "activity" && other.serviceDate === date)
    ) {
      throw new AppError("SAME_DATE_IN_CART", { issues: [{ path: "newDate", code: "same_date_as_another_activity" }] });
    }
    const to: LineSchedule =
      line.kind === "activity"
        ? { serviceDate: date, returnDate: null, outboundSailingId: null, inboundSailingId: null }
        : await newFerrySchedule(tx, line, date, input, now);
    const from: LineSchedule = {
      serviceDate: line.serviceDate,
      returnDate: line.returnDate,
      outboundSailingId: line.outboundSailingId,
      inboundSailingId: line.inboundSailingId,
    };
    if (
      from.serviceDate === to.serviceDate &&
      from.returnDate === to.returnDate &&
      from.outboundSailingId === to.outboundSailingId &&
      from.inboundSailingId === to.inboundSailingId
    ) {
      return { booking, changed: false };
    }

    // Old and new sailings (or days) are locked together in one order before anything is released,
    // so two buyers moving between the same sailings in opposite directions cannot deadlock.
    if (line.kind === "activity") {
      for (const day of [...new Set([from.serviceDate!, to.serviceDate!])].sort())
        await lockActivityDay(tx, line.activityId!, day);
    } else {
      const ids = [from.outboundSailingId, from.inboundSailingId, to.outboundSailingId, to.inboundSailingId].filter(
        (id): id is number => id !== null,
      );
      for (const id of [...new Set(ids)].sort((a, b) => a - b)) await lockSailing(tx, id);
    }
    // Released first, so a leg that stays on its sailing (a round trip's unchanged return) counts its own seats as free.
    await releaseAllocations(tx, saleReferenceOf(line.id), now);
    await takeLineSeats(tx, language, { ...line, ...to }, saleReferenceOf(line.id), "sold", now);
    await rescheduleBookingLine(tx, line, to);
    await recordBookingEvent(tx, booking, dateChangeReason(line.id, snapshotOf(from), snapshotOf(to)), now);
    // The tickets and calendar entry the buyer holds show the old date: the new ones go out with the move.
    await enqueueBookingEmail(tx, booking.id, "date_changed");
    // The seats left behind go to the old sailings' waiting lists at once (ADR 0037).
    for (const id of [from.outboundSailingId, from.inboundSailingId]) {
      if (id !== null && id !== to.outboundSailingId && id !== to.inboundSailingId) await noticeFreedSeats(tx, id, now);
    }
    return { booking, changed: true };
  });
}

// ---- Taking open tickets instead of a closed sailing

/** History reason written when the operator's closure was told to the buyer: `sailing_closed:<closure id>`. */
export const CLOSURE_NOTICE_EVENT = "sailing_closed";
const OPEN_TICKET_EVENT = "open_ticket";

function openTicketReason(lineId: string, validUntil: string, from: ScheduleSnapshot): string {
  return `${OPEN_TICKET_EVENT}:${JSON.stringify({ lineId, validUntil, from })}`;
}

function readOpenTicketReason(reason: string): { lineId: string; validUntil: string } | null {
  if (!reason.startsWith(`${OPEN_TICKET_EVENT}:`)) return null;
  try {
    const parsed = JSON.parse(reason.slice(OPEN_TICKET_EVENT.length + 1)) as { lineId?: unknown; validUntil?: unknown };
    return typeof parsed.lineId === "string" && typeof parsed.validUntil === "string"
      ? { lineId: parsed.lineId, validUntil: parsed.validUntil }
      : null;
  } catch {
    return null;
  }
}

/** How long open tickets given for a closed sailing are valid when the product names no months (6). */
export const OPEN_TICKET_MONTHS = 6;

/**
 * The buyer of a closed sailing takes open tickets instead of another sailing (ADR 0038): in one
 * transaction, the line's seats are given back, its valid tickets become open tickets (same codes,
 * no sailing, valid for the product's open-ticket months from today, 6 by default), the history
 * records it and the tickets are mailed again. Refused with SAILING_NOT_CLOSED while none of the
 * line's sailings is closed, BOOKING_STATE for a booking not ticketed or a line that is not a dated ferry.
 */
export async function takeOpenTicketForClosedSailing(
  deps: Pick<ManageDeps, "db">,
  input: { bookingId: string; lineId: string },
  now: Date,
): Promise<{ booking: BookingRow; validUntil: string }> {
  return deps.db.transaction(async (tx) => {
    await decideAt(tx, now);
    const booking = await findBooking(tx, { id: input.bookingId }, { lock: true });
    if (!booking) throw new AppError("BOOKING_NOT_FOUND");
    if (booking.status !== "ticketed")
      throw new AppError("BOOKING_STATE", { issues: [{ path: "booking.status", code: "not_ticketed" }] });
    const line = (await findBookingLines(tx, booking.id)).find((candidate) => candidate.id === input.lineId);
    if (!line) throw new AppError("INVALID_REQUEST", { issues: [{ path: "lineId", code: "not_in_booking" }] });
    if (line.kind !== "ferry" || line.trip === "open" || line.outboundSailingId === null) {
      throw new AppError("BOOKING_STATE", { issues: [{ path: "lineId", code: "not_a_dated_ferry_line" }] });
    }
    const current = await currentServiceOf(tx, line, booking.language as Language, now);
    if (current.kind !== "dated" || !current.closed)
      throw new AppError("SAILING_NOT_CLOSED", { issues: [{ path: "lineId", code: "no_closed_sailing" }] });
    const [product] = await findProducts(tx, booking.language as Language, { ids: [line.productId] });
    const validUntil = addMonths(localDateOf(now), product?.openTicketMonths ?? OPEN_TICKET_MONTHS);
    for (const id of [line.outboundSailingId, line.inboundSailingId]
      .filter((value): value is number => value !== null)
      .sort((a, b) => a - b))
      await lockSailing(tx, id);
    await releaseAllocations(tx, saleReferenceOf(line.id), now);
    await turnLineIntoOpenTickets(tx, line, validUntil);
    const from: ScheduleSnapshot = {
      date: line.serviceDate ?? "",
      returnDate: line.returnDate,
      outboundSailingId: line.outboundSailingId,
      inboundSailingId: line.inboundSailingId,
    };
    await recordBookingEvent(tx, booking, openTicketReason(line.id, validUntil, from), now);
    // The tickets as they are now (open, valid until…) go to the buyer: the PDF they have shows the old sailing.
    await enqueueBookingEmail(tx, booking.id, "resend");
    return { booking, validUntil };
  });
}
