// The tickets reach the buyer: the confirmation e-mail (PDF and calendar attached) is a job enqueued
// in the transaction that issues the tickets, so it exists exactly when they do and a refusing mail
// server means a retry, not a lost mail (ADR 0023). The buyer can ask for it again (a few times an
// hour) and download the PDF with their guest access.
import { z } from "zod";
import type { Database } from "../lib/db.ts";
import { AppError } from "../lib/errors.ts";
import { isLanguage, type Language } from "../lib/language.ts";
import {
  assertCanResend,
  findBooking,
  findBookingEvents,
  normalizeReference,
  recordBookingEvent,
  type BookingRow,
} from "../modules/bookings/index.ts";
import { enqueueJob, type JobContext } from "../modules/jobs/index.ts";
import type { Mailer } from "../modules/mail/index.ts";
import { renderBookingEmail, renderBookingIcs, renderTicketsPdf } from "../modules/booking-documents/index.ts";
import { loadBookingDocument, type BookingDocumentDeps } from "./booking-document.ts";
import { hasGuestAccess } from "./checkout.ts";

export const SEND_BOOKING_EMAIL = "send-booking-email";

/** Why the tickets are mailed: the first time, because the buyer asked again, or because a date changed. */
export type BookingEmailReason = "confirmation" | "resend" | "date_changed";

const BookingEmailPayloadSchema = z.object({
  bookingId: z.uuid(),
  reason: z.enum(["confirmation", "resend", "date_changed"]).default("confirmation"),
});

/** History reasons (booking_events) written by this flow. */
export const EMAIL_SENT_EVENT = "email_sent";
export const RESEND_REQUESTED_EVENT = "resend_requested";

type Executor = Parameters<typeof enqueueJob>[0];

/**
 * Queues the tickets' e-mail in `tx`. The confirmation is keyed per booking, so the return page and
 * the webhook confirming at once (or a confirmation run twice) send one mail; a resend is its own job.
 */
export async function enqueueBookingEmail(
  tx: Executor,
  bookingId: string,
  reason: BookingEmailReason,
): Promise<number | null> {
  return enqueueJob(tx, {
    name: SEND_BOOKING_EMAIL,
    payload: { bookingId, reason },
    ...(reason === "confirmation" ? { singletonKey: `confirmation:${bookingId}` } : {}),
  });
}

export function ticketsPdfFilename(reference: string): string {
  return `travesia-${reference}.pdf`;
}

export type SendBookingEmailDeps = Omit<BookingDocumentDeps, "now"> & { mailer: Mailer };

/**
 * The job: renders the PDF, the calendar file and the mail in the booking's language and sends them to
 * the buyer, then writes `email_sent` in the booking's history. Throws to have the attempt retried.
 * A booking that is no longer ticketed (refunded meanwhile) is not mailed: it is logged and done.
 */
export async function sendBookingEmail(
  deps: SendBookingEmailDeps,
  payload: unknown,
  context: Pick<JobContext, "now" | "logger">,
): Promise<void> {
  const { bookingId, reason } = BookingEmailPayloadSchema.parse(payload);
  let loaded;
  try {
    loaded = await loadBookingDocument({ ...deps, now: context.now }, bookingId);
  } catch (error) {
    if (error instanceof AppError && error.code === "BOOKING_STATE") {
      context.logger.warn({ bookingId, reason }, "booking no longer ticketed: its tickets are not mailed");
      return;
    }
    throw error;
  }
  const { booking, document } = loaded;
  const [pdf, ics] = [await renderTicketsPdf(document), renderBookingIcs(document)];
  const mail = renderBookingEmail(document, reason === "date_changed" ? "date_changed" : "confirmation");
  await deps.mailer.send({
    to: document.buyerEmail,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    language: document.language,
    tag: `booking-${reason}`,
    attachments: [
      { filename: ticketsPdfFilename(document.reference), contentType: "application/pdf", content: pdf },
      ...(ics
        ? [
            {
              filename: calendarFilename(document.reference),
              contentType: "text/calendar; charset=utf-8; method=PUBLISH",
              content: Buffer.from(ics, "utf8"),
            },
          ]
        : []),
    ],
  });
  await recordBookingEvent(deps.db, booking, `${EMAIL_SENT_EVENT}:${reason}`, context.now);
}

// ---- The buyer's own requests (guest access: the cookie from this browser, or the key in the mail's link)

export interface GuestRequest {
  reference: string;
  /** The guest secrets this request carries (cookie and/or key); any one that opens the booking will do. */
  secrets: readonly (string | null | undefined)[];
}

/** The booking this request may see; BOOKING_NOT_FOUND alike for a wrong reference and a wrong key, so neither tells the other. */
async function findGuestBooking(
  db: Database,
  request: GuestRequest,
  options: { lock?: boolean } = {},
): Promise<BookingRow> {
  const reference = normalizeReference(request.reference);
  const booking = reference ? await findBooking(db, { reference }, options) : null;
  if (!booking || !request.secrets.some((secret) => hasGuestAccess(booking, secret)))
    throw new AppError("BOOKING_NOT_FOUND");
  return booking;
}

/** The language of the booking this request may see, or null: where to send its buyer back to, whatever else was refused. */
export async function guestBookingLanguage(db: Database, request: GuestRequest): Promise<Language | null> {
  try {
    const booking = await findGuestBooking(db, request);
    return isLanguage(booking.language) ? booking.language : null;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** The tickets' PDF for their buyer: BOOKING_NOT_FOUND without access, BOOKING_STATE before (or after) they are issued. */
export async function ticketsPdfForGuest(
  deps: BookingDocumentDeps,
  request: GuestRequest,
): Promise<{ filename: string; pdf: Buffer }> {
  const booking = await findGuestBooking(deps.db, request);
  const { document } = await loadBookingDocument(deps, booking.id);
  return { filename: ticketsPdfFilename(document.reference), pdf: await renderTicketsPdf(document) };
}

export function calendarFilename(reference: string): string {
  return `travesia-${reference}.ics`;
}

/** The booking's calendar entries for their buyer, as the e-mail attaches them; BOOKING_STATE when no ticket has a date (open tickets, coupons). */
export async function calendarForGuest(
  deps: BookingDocumentDeps,
  request: GuestRequest,
): Promise<{ filename: string; ics: string }> {
  const booking = await findGuestBooking(deps.db, request);
  const { document } = await loadBookingDocument(deps, booking.id);
  const ics = renderBookingIcs(document);
  if (ics === null) throw new AppError("BOOKING_STATE", { issues: [{ path: "tickets", code: "none_dated" }] });
  return { filename: calendarFilename(document.reference), ics };
}

/**
 * The buyer asks for the tickets' e-mail again: recorded in the booking's history and queued, at most
 * MAX_RESENDS_PER_HOUR an hour (RESEND_LIMIT). The booking row is locked so two clicks at once count as two.
 */
export async function requestBookingEmailResend(
  deps: { db: Database; now: Date },
  request: GuestRequest,
): Promise<BookingRow> {
  const { db, now } = deps;
  return db.transaction(async (tx) => {
    const booking = await findGuestBooking(tx, request, { lock: true });
    if (booking.status !== "ticketed")
      throw new AppError("BOOKING_STATE", {
        issues: [{ path: "booking.status", code: `not_ticketed:${booking.status}` }],
      });
    const asked = (await findBookingEvents(tx, booking.id))
      .filter((event) => event.reason === RESEND_REQUESTED_EVENT)
      .map((event) => event.at);
    assertCanResend(asked, now);
    await recordBookingEvent(tx, booking, RESEND_REQUESTED_EVENT, now);
    await enqueueBookingEmail(tx, booking.id, "resend");
    return booking;
  });
}
