// What checkout decides without I/O: the buyer's details, whose names a ticket needs, the booking's
// reference and fingerprint, the status lifecycle, instalment plans, and how lines become tickets.
import { createHash, randomInt } from "node:crypto";
import { addMonths } from "../../lib/calendar-date.ts";
import { AppError, type ErrorIssue } from "../../lib/errors.ts";
import type { CurrencyCode } from "../../lib/money.ts";
import { COUPON_MONTHS, isCoupon } from "../cart/index.ts";
import { OPERATOR_TIME_ZONE, localDateOf } from "../inventory/index.ts";

export type BookingStatus = "pending_payment" | "paid" | "ticketed" | "failed" | "cancelled" | "refunded";

/** Where each status may go. A failed booking can still be paid: the provider's page may finish after the hold ran out. */
const TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  pending_payment: ["paid", "failed", "cancelled"],
  paid: ["ticketed", "refunded"],
  ticketed: ["refunded"],
  failed: ["paid", "refunded"],
  cancelled: [],
  refunded: [],
};

export function canMove(from: BookingStatus, to: BookingStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function assertCanMove(from: BookingStatus, to: BookingStatus): void {
  if (!canMove(from, to))
    throw new AppError("BOOKING_STATE", { issues: [{ path: "booking.status", code: `${from}_to_${to}` }] });
}

/** Crockford's base 32 without I, L, O, U: nothing to misread on a phone call or a boarding desk. */
const REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const REFERENCE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{6}$/;

export function newBookingReference(random: (max: number) => number = randomInt): string {
  let reference = "";
  for (let index = 0; index < 6; index += 1) reference += REFERENCE_ALPHABET[random(REFERENCE_ALPHABET.length)];
  return reference;
}

/** A typed reference as the buyer may write it: lower case, spaces, O for 0 and I/L for 1. */
export function normalizeReference(input: string): string | null {
  const cleaned = input.trim().toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  return REFERENCE_PATTERN.test(cleaned) ? cleaned : null;
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export interface FingerprintLine {
  id: string;
  pricing: unknown;
  holdExpiresAt: Date | null;
  adults: number;
  children: number;
  infants: number;
}

/** Same cart, same currency and quote, same holds → same fingerprint: placing it again is the same booking. */
export function cartFingerprint(
  cart: { id: string; currency: string; quoteId: string },
  lines: readonly FingerprintLine[],
): string {
  const parts = [...lines]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((line) =>
      [
        line.id,
        line.adults,
        line.children,
        line.infants,
        line.holdExpiresAt?.toISOString() ?? "open",
        JSON.stringify(line.pricing),
      ].join("|"),
    );
  return sha256([cart.id, cart.currency, cart.quoteId, ...parts].join("\n"));
}

// ---- The buyer

export interface BuyerInput {
  name: string;
  email: string;
  phone: string;
  country: string;
  acceptTerms: boolean;
}

export type Buyer = Omit<BuyerInput, "acceptTerms">;

const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,63}$/;
const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{6,22}$/;

/** Checks every field at once so the form shows every mistake together. */
export function readBuyer(input: BuyerInput, countries: readonly string[]): Buyer {
  const issues: ErrorIssue[] = [];
  const name = input.name.trim().replace(/\s+/g, " ");
  const email = input.email.trim().toLowerCase();
  const phone = input.phone.trim();
  const country = input.country.trim().toUpperCase();
  if (name.length < 2 || name.length > 100)
    issues.push({ path: "buyer.name", code: name.length === 0 ? "required" : "length" });
  if (email.length === 0) issues.push({ path: "buyer.email", code: "required" });
  else if (email.length > 254 || !EMAIL_PATTERN.test(email)) issues.push({ path: "buyer.email", code: "format" });
  if (phone.length === 0) issues.push({ path: "buyer.phone", code: "required" });
  else if (!PHONE_PATTERN.test(phone) || phone.replace(/\D/g, "").length < 7)
    issues.push({ path: "buyer.phone", code: "format" });
  if (!countries.includes(country))
    issues.push({ path: "buyer.country", code: country.length === 0 ? "required" : "unknown" });
  if (!input.acceptTerms) issues.push({ path: "buyer.acceptTerms", code: "required" });
  if (issues.length > 0)
    throw new AppError(
      issues.some((issue) => issue.path !== "buyer.acceptTerms") ? "BUYER_DETAILS_INVALID" : "TERMS_NOT_ACCEPTED",
      { issues },
    );
  return { name, email, phone, country };
}

// ---- Passenger names

export interface NamedLine {
  kind: "ferry" | "activity";
  trip: "one_way" | "round_trip" | "open" | "single";
  category: "tourist" | "resident";
  adults: number;
  children: number;
  infants: number;
}

/**
 * Park and tour admissions are personal, and a resident fare is checked against an official ID at
 * boarding: those tickets carry each passenger's name. A tourist ferry ticket is for whoever holds it,
 * and so is a coupon until it is exchanged for a dated admission: the names are given then.
 */
export function needsPassengerNames(line: Pick<NamedLine, "kind" | "trip" | "category">): boolean {
  if (isCoupon(line)) return false;
  return line.kind === "activity" || line.category === "resident";
}

export function passengerCount(line: Pick<NamedLine, "adults" | "children" | "infants">): number {
  return line.adults + line.children + line.infants;
}

/** The names a line's tickets carry, in passenger order; refuses a missing or implausible one. */
export function readPassengerNames(line: NamedLine, given: readonly string[] | undefined, path: string): string[] {
  if (!needsPassengerNames(line)) return [];
  const names = Array.from({ length: passengerCount(line) }, (_, index) =>
    (given?.[index] ?? "").trim().replace(/\s+/g, " "),
  );
  const issues = names.flatMap((name, index) =>
    name.length < 2 || name.length > 80
      ? [{ path: `${path}.${index}`, code: name.length === 0 ? "required" : "length" }]
      : [],
  );
  if (issues.length > 0) throw new AppError("PASSENGER_NAMES_REQUIRED", { issues });
  return names;
}

/** Passenger types in the order names are asked: adults, then children, then infants. */
export function passengerTypesOf(
  line: Pick<NamedLine, "adults" | "children" | "infants">,
): ("adult" | "child" | "infant")[] {
  return [
    ...Array<"adult">(line.adults).fill("adult"),
    ...Array<"child">(line.children).fill("child"),
    ...Array<"infant">(line.infants).fill("infant"),
  ];
}

/**
 * The whole form at once: the buyer's details and every passenger name, so the page can mark every
 * mistake together. The code says what to fix first: details, then names, then the terms.
 */
export function readCheckoutForm<Line extends NamedLine & { id: string }>(
  buyerInput: BuyerInput,
  countries: readonly string[],
  lines: readonly Line[],
  names: Readonly<Record<string, readonly string[]>>,
): { buyer: Buyer; names: Map<string, string[]> } {
  const issues: ErrorIssue[] = [];
  const collect = <T>(read: () => T): T | null => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      issues.push(...error.issues);
      return null;
    }
  };
  const buyer = collect(() => readBuyer(buyerInput, countries));
  const named = new Map(
    lines.map((line) => [
      line.id,
      collect(() => readPassengerNames(line, names[line.id], `passengerNames.${line.id}`)) ?? [],
    ]),
  );
  if (buyer && issues.length === 0) return { buyer, names: named };
  const code = issues.some((issue) => issue.path.startsWith("buyer.") && issue.path !== "buyer.acceptTerms")
    ? "BUYER_DETAILS_INVALID"
    : issues.some((issue) => issue.path.startsWith("passengerNames."))
      ? "PASSENGER_NAMES_REQUIRED"
      : "TERMS_NOT_ACCEPTED";
  throw new AppError(code, { issues });
}

// ---- Paying

export type PaymentMethodKind = "card" | "paypal";

/** PayPal and months without interest exist only in MXN; the provider checks the card's bank. */
export function assertPaymentChoice(
  currency: CurrencyCode,
  method: PaymentMethodKind,
  instalmentMonths: number | null,
  offeredMonths: readonly number[],
): void {
  if (method === "paypal" && currency !== "MXN")
    throw new AppError("PAYMENT_METHOD_UNAVAILABLE", { issues: [{ path: "payment.method", code: "mxn_only" }] });
  if (instalmentMonths === null) return;
  if (method !== "card" || currency !== "MXN")
    throw new AppError("INSTALMENTS_UNAVAILABLE", {
      issues: [{ path: "payment.instalments", code: "mxn_cards_only" }],
    });
  if (!offeredMonths.includes(instalmentMonths))
    throw new AppError("INSTALMENTS_UNAVAILABLE", {
      issues: [{ path: "payment.instalments", code: "plan_not_offered" }],
    });
}

// ---- Tickets

export interface TicketLine extends NamedLine {
  id: string;
  productId: number;
  position: number;
  serviceDate: string | null;
  returnDate: string | null;
  outboundSailingId: number | null;
  inboundSailingId: number | null;
  activityId: number | null;
  /** Ferry lines: the crossing sold (what binds an open ticket); absent or null when not recorded. */
  crossingId?: number | null;
  passengerNames: readonly string[];
}

export interface PlannedTicket {
  bookingLineId: string;
  code: string;
  passengerType: "adult" | "child" | "infant";
  passengerName: string | null;
  sailingId: number | null;
  activityId: number | null;
  serviceDate: string | null;
  validUntil: string | null;
  /** Open ferry tickets: the only crossing (and direction) they board; null on dated tickets. */
  crossingId: number | null;
}

/**
 * A ticket's code, printed under its QR and typed at the pier when a QR will not scan:
 * `<booking reference>-<leg letter><passenger number>-<4 random>-<4 random>`, e.g. "7K2M9Q-A01-4H7X-K2PM",
 * in the reference's alphabet (nothing to misread). The reference part tells staff whose ticket it is;
 * the 40 random bits make a code impossible to work out from a reference that was shown or spoken, so
 * a code is proof of holding the ticket even where its QR's signature is not checked. Stable: scanners
 * and staff read it.
 */
export const TICKET_CODE_PATTERN =
  /^[0-9A-HJKMNP-TV-Z]{6}-[A-HJKMNP-TV-Z]\d{2}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

function randomGroup(random: (max: number) => number): string {
  let group = "";
  for (let index = 0; index < 4; index += 1) group += REFERENCE_ALPHABET[random(REFERENCE_ALPHABET.length)];
  return group;
}

/**
 * One ticket per passenger per sailing or activity day: a round trip for three is six tickets. An
 * undated line gives one ticket per passenger valid until a day: an open ferry ticket for the
 * product's months, an activity coupon for COUPON_MONTHS (6 and 12), from `issuedOn`. Codes
 * are the booking reference, the line's letter, the passenger's number and random groups
 * (TICKET_CODE_PATTERN): "7K2M9Q-A01-4H7X-K2PM", "7K2M9Q-A02-Q0ZD-83NB".
 */
export function planTickets(
  reference: string,
  lines: readonly TicketLine[],
  issuedOn: string,
  openTicketMonthsOf: (productId: number) => number,
  random: (max: number) => number = randomInt,
): PlannedTicket[] {
  const planned: PlannedTicket[] = [];
  let letterIndex = 0;
  for (const line of [...lines].sort((a, b) => a.position - b.position)) {
    const types = passengerTypesOf(line);
    const legs: {
      sailingId: number | null;
      activityId: number | null;
      serviceDate: string | null;
      validUntil: string | null;
      crossingId: number | null;
    }[] =
      line.kind === "activity"
        ? [
            isCoupon(line)
              ? {
                  sailingId: null,
                  activityId: line.activityId,
                  serviceDate: null,
                  validUntil: addMonths(issuedOn, COUPON_MONTHS),
                  crossingId: null,
                }
              : {
                  sailingId: null,
                  activityId: line.activityId,
                  serviceDate: line.serviceDate,
                  validUntil: null,
                  crossingId: null,
                },
          ]
        : line.trip === "open"
          ? [
              {
                sailingId: null,
                activityId: null,
                serviceDate: null,
                validUntil: addMonths(issuedOn, openTicketMonthsOf(line.productId)),
                crossingId: line.crossingId ?? null,
              },
            ]
          : [
              {
                sailingId: line.outboundSailingId,
                activityId: null,
                serviceDate: line.serviceDate,
                validUntil: null,
                crossingId: null,
              },
              ...(line.trip === "round_trip"
                ? [
                    {
                      sailingId: line.inboundSailingId,
                      activityId: null,
                      serviceDate: line.returnDate,
                      validUntil: null,
                      crossingId: null,
                    },
                  ]
                : []),
            ];
    for (const leg of legs) {
      const letter = REFERENCE_ALPHABET[10 + (letterIndex % 22)];
      letterIndex += 1;
      types.forEach((passengerType, index) => {
        planned.push({
          bookingLineId: line.id,
          code: `${reference}-${letter}${String(index + 1).padStart(2, "0")}-${randomGroup(random)}-${randomGroup(random)}`,
          passengerType,
          passengerName: line.passengerNames[index] ?? null,
          ...leg,
        });
      });
    }
  }
  return planned;
}

// ---- Changing the date (weather guarantee)

/** How long before the visit a date change must be asked for (at least 24 hours). */
export const DATE_CHANGE_NOTICE_HOURS = 24;

/** What is booked now: when it starts (a sailing's departure, an activity's opening), or an open ticket. */
export type CurrentService =
  /** `closed`: the operator closed its sailing (weather, port authority): the guarantee's notice does not apply (ADR 0038). */
  { kind: "dated"; startsAt: Date; closed?: boolean } | { kind: "open" };

/** Why a booked service cannot move at all at `now` (whatever the new date), or null while it still can. */
export function dateChangeBlock(current: CurrentService, now: Date): "open_ticket" | "too_late" | null {
  if (current.kind === "open") return "open_ticket";
  if (current.closed) return null;
  return current.startsAt.getTime() - now.getTime() < DATE_CHANGE_NOTICE_HOURS * 3_600_000 ? "too_late" : null;
}

/** The last instant a dated service can still be moved: 24 hours before it starts. */
export function dateChangeDeadline(startsAt: Date): Date {
  return new Date(startsAt.getTime() - DATE_CHANGE_NOTICE_HOURS * 3_600_000);
}

/**
 * Whether a booked service may move to `requested.date` at `now`. Refuses an open ticket (undated
 * already: it is used on any sailing), a visit less than 24 hours away counted from its departure
 * instant, a new date that is today or earlier in the operator's zone (America/Cancun). The new
 * date's own sailings and seats are checked by the caller under lock.
 */
export function assertDateChangeAllowed(current: CurrentService, requested: { date: string }, now: Date): void {
  const blocked = dateChangeBlock(current, now);
  if (blocked === "open_ticket")
    throw new AppError("BOOKING_STATE", { issues: [{ path: "lineId", code: "open_ticket" }] });
  if (blocked === "too_late")
    throw new AppError("DATE_CHANGE_TOO_LATE", { issues: [{ path: "lineId", code: "less_than_24_hours" }] });
  const today = localDateOf(now, OPERATOR_TIME_ZONE);
  if (requested.date < today) throw new AppError("DATE_IN_PAST", { issues: [{ path: "newDate", code: "in_past" }] });
  // A closed sailing may move to a later one the same day: the port often reopens by the afternoon.
  if (requested.date === today && !(current.kind === "dated" && current.closed)) {
    throw new AppError("DATE_CHANGE_SAME_DAY", { issues: [{ path: "newDate", code: "same_day" }] });
  }
}

/** What a line was booked on and what it moves to, kept in the booking's history. */
export interface ScheduleSnapshot {
  date: string;
  returnDate: string | null;
  outboundSailingId: number | null;
  inboundSailingId: number | null;
}

const DATE_CHANGED = "date_changed";

export function dateChangeReason(lineId: string, from: ScheduleSnapshot, to: ScheduleSnapshot): string {
  return `${DATE_CHANGED}:${JSON.stringify({ lineId, from, to })}`;
}

/** Reads back a history row written by dateChangeReason; null for any other reason. */
export function readDateChangeReason(
  reason: string,
): { lineId: string; from: ScheduleSnapshot; to: ScheduleSnapshot } | null {
  if (!reason.startsWith(`${DATE_CHANGED}:`)) return null;
  try {
    const parsed = JSON.parse(reason.slice(DATE_CHANGED.length + 1)) as {
      lineId?: unknown;
      from?: ScheduleSnapshot;
      to?: ScheduleSnapshot;
    };
    return typeof parsed.lineId === "string" && parsed.from && parsed.to
      ? { lineId: parsed.lineId, from: parsed.from, to: parsed.to }
      : null;
  } catch {
    return null;
  }
}

// ---- Sending the tickets again

/** At most this many resends of a booking's tickets in any hour (RESEND_WINDOW_MS): enough for a typo'd spam folder, not a mail cannon. */
export const MAX_RESENDS_PER_HOUR = 3;
export const RESEND_WINDOW_MS = 60 * 60_000;

/**
 * Refuses a resend when MAX_RESENDS_PER_HOUR of them were already asked for within the last hour before `now`
 * (a sliding window over the requests recorded in the booking's history).
 */
export function assertCanResend(previousRequests: readonly Date[], now: Date): void {
  const since = now.getTime() - RESEND_WINDOW_MS;
  const recent = previousRequests.filter((at) => at.getTime() > since && at.getTime() <= now.getTime());
  if (recent.length >= MAX_RESENDS_PER_HOUR)
    throw new AppError("RESEND_LIMIT", {
      issues: [{ path: "booking.resend", code: `max_${MAX_RESENDS_PER_HOUR}_per_hour` }],
    });
}

/** The attempt that took the money: the captured one, or once refunded the refunded one (it keeps its card). */
export function paidAttemptOf<T extends { status: string }>(attempts: readonly T[]): T | undefined {
  return (
    attempts.find((attempt) => attempt.status === "captured") ??
    attempts.find((attempt) => attempt.status === "refunded")
  );
}
