// Cancelling one line of a booking (ADR 0057). Under the product's written policy — by its buyer from
// manage booking, or by staff from the console with "the policy's fee" — the amount is decided by
// `decideCancellation` under the booking's lock and given back through the refund use case (provider,
// history, audit, the buyer's refund mail). Staff may also cancel with no money back: the line's valid
// tickets are cancelled and their seats freed, and the buyer is mailed. One key per line at the
// provider, so a double click, a retry, or the buyer and an operator at once refund it once.
import { z } from "zod";
import type { Database } from "../lib/db.ts";
import { AppError, isAppError } from "../lib/errors.ts";
import { isLanguage, type Language } from "../lib/language.ts";
import { recordChange, recordRefusal, type AuditActor } from "../modules/audit/index.ts";
import { findProducts } from "../modules/catalog/index.ts";
import {
  cancellationFactsOf,
  cancellationPolicyOf,
  decideCancellation,
  findBooking,
  findBookingLines,
  findPayments,
  findRefunds,
  findTickets,
  formatRefundAmount,
  normalizeReference,
  paidAttemptOf,
  recordBookingEvent,
  spokenForMinor,
  voidTickets,
  type BookingRow,
  type CancellationDecision,
  type CancellationPolicy,
} from "../modules/bookings/index.ts";
import { decideAt } from "../modules/inventory/index.ts";
import { enqueueJob, type JobContext } from "../modules/jobs/index.ts";
import type { Mailer } from "../modules/mail/index.ts";
import type { PaymentProvider } from "../modules/payments/index.ts";
import { renderCancellationEmail } from "../modules/booking-documents/index.ts";
import { manageBookingUrlOf, type BookingDocumentDeps } from "./booking-document.ts";
import { currentServiceOf } from "./manage-booking.ts";
import { freeSeatsOf, refundBooking, type RefundOutcome } from "./refunds.ts";

/** The audit action of a cancellation (given or refused), whoever asked. */
export const CANCEL_ACTION = "booking.cancel";
export const SEND_CANCELLATION_EMAIL = "send-cancellation-email";
/** History reason of a line cancelled with no money back: `line_cancelled:<line id>:0` (a refund writes its own). */
export const LINE_CANCELLED_EVENT = "line_cancelled";

/** The buyer, in the audit log: no staff user, the booking's own guest access. */
export const BUYER_ACTOR: AuditActor = { userId: null, label: "buyer", role: null };

export interface LineCancellation {
  lineId: string;
  policy: CancellationPolicy;
  decision: CancellationDecision;
  /** The line's tickets still valid: what a cancellation cancels. */
  validTicketIds: string[];
}

/** What the policy says of one line of `booking` at `now`, read in `db` (a transaction holding the booking's lock, when cancelling). */
export async function decideLineCancellation(
  db: Database,
  booking: BookingRow,
  lineId: string,
  now: Date,
): Promise<LineCancellation> {
  const [lines, tickets, payments, refunds] = await Promise.all([
    findBookingLines(db, booking.id),
    findTickets(db, booking.id),
    findPayments(db, booking.id),
    findRefunds(db, booking.id),
  ]);
  const line = lines.find((candidate) => candidate.id === lineId);
  if (!line) throw new AppError("INVALID_REQUEST", { issues: [{ path: "lineId", code: "not_in_booking" }] });
  const language: Language = isLanguage(booking.language) ? booking.language : "es";
  const [product] = await findProducts(db, language, { ids: [line.productId], withComplements: false });
  const policy = cancellationPolicyOf(product?.kind ?? "ferry");
  const current = await currentServiceOf(db, line, language, now);
  const facts = cancellationFactsOf({
    bookingStatus: booking.status,
    startsAt: current.kind === "dated" ? current.startsAt : null,
    line,
    lines,
    tickets,
    paidMinor: paidAttemptOf(payments)?.amountMinor ?? 0,
    spokenForMinor: spokenForMinor(refunds),
  });
  return {
    lineId,
    policy,
    decision: decideCancellation(policy, facts, now),
    validTicketIds: tickets
      .filter((ticket) => ticket.bookingLineId === lineId && ticket.status === "valid")
      .map((ticket) => ticket.id),
  };
}

export interface CancelDeps {
  db: Database;
  provider: PaymentProvider;
  now: Date;
  actor: AuditActor;
  requestId?: string | null;
}

/** The provider's key of a line's cancellation: one per line, whoever asks. */
export function cancellationKeyOf(bookingId: string, lineId: string): string {
  return `cancel:${bookingId}:${lineId}`;
}

/**
 * Cancels a line under its product's policy and gives back what the policy allows (its fee kept),
 * through the provider. Refused with the policy's code (CANCEL_*), changing nothing, written to the
 * audit log. The buyer is mailed the refund.
 */
export async function cancelLineUnderPolicy(
  deps: CancelDeps,
  input: { reference: string; lineId: string },
): Promise<RefundOutcome & { feeMinor: number }> {
  let feeMinor = 0;
  const booking = await findBooking(deps.db, { reference: normalizeReference(input.reference) ?? "000000" });
  const outcome = await refundBooking(deps, {
    reference: input.reference,
    amount: "",
    ticketIds: [],
    reason: "",
    key: "",
    action: CANCEL_ACTION,
    idempotencyKey: booking ? cancellationKeyOf(booking.id, input.lineId) : undefined,
    decide: async (tx, locked) => {
      const { decision, validTicketIds } = await decideLineCancellation(tx, locked, input.lineId, deps.now);
      if (!decision.allowed)
        throw new AppError(decision.code, { issues: [{ path: "lineId", code: decision.code.toLowerCase() }] });
      feeMinor = decision.feeMinor;
      return {
        amountMinor: decision.refundMinor,
        ticketIds: validTicketIds,
        reason: feeReason(decision.feeMinor, decision.feePercent, locked.currency),
      };
    },
  });
  return { ...outcome, feeMinor };
}

/** The refund's note (history, console): the fee the policy kept. */
function feeReason(feeMinor: number, feePercent: number, currency: string): string {
  return `cancellation policy · fee ${feePercent}% ${formatRefundAmount(feeMinor, currency)} ${currency}`;
}

async function recordLineCancelled(
  db: Database,
  booking: BookingRow,
  lineId: string,
  refundMinor: number,
  now: Date,
): Promise<void> {
  await recordBookingEvent(db, booking, `${LINE_CANCELLED_EVENT}:${lineId}:${refundMinor}`, now);
}

/**
 * Staff cancel a line and keep the money: its valid tickets are cancelled and their seats freed, the
 * history and the audit log say so, and the buyer is mailed. Refused, changing nothing, for a booking
 * that is not ticketed (CANCEL_NOT_PAID) or a line with no valid ticket left (CANCEL_ALREADY_CANCELLED).
 */
export async function cancelLineWithoutRefund(
  deps: Omit<CancelDeps, "provider">,
  input: { reference: string; lineId: string; reason: string },
): Promise<{ booking: BookingRow; cancelled: string[] }> {
  const { db, now } = deps;
  const audit = {
    actor: deps.actor,
    action: CANCEL_ACTION,
    entityType: "booking",
    entityId: input.reference as string,
    after: { lineId: input.lineId, refund: "none", reason: input.reason },
    requestId: deps.requestId ?? null,
    at: now,
  };
  try {
    return await db.transaction(async (tx) => {
      await decideAt(tx, now);
      const reference = normalizeReference(input.reference);
      const booking = reference ? await findBooking(tx, { reference }, { lock: true }) : null;
      if (!booking) throw new AppError("BOOKING_NOT_FOUND");
      audit.entityId = booking.id;
      if (booking.status !== "ticketed")
        throw new AppError("CANCEL_NOT_PAID", { issues: [{ path: "booking.status", code: booking.status }] });
      const lines = await findBookingLines(tx, booking.id);
      if (!lines.some((line) => line.id === input.lineId))
        throw new AppError("INVALID_REQUEST", { issues: [{ path: "lineId", code: "not_in_booking" }] });
      const valid = (await findTickets(tx, booking.id)).filter(
        (ticket) => ticket.bookingLineId === input.lineId && ticket.status === "valid",
      );
      if (valid.length === 0)
        throw new AppError("CANCEL_ALREADY_CANCELLED", { issues: [{ path: "lineId", code: "no_valid_ticket" }] });
      const cancelled = await voidTickets(
        tx,
        booking.id,
        valid.map((ticket) => ticket.id),
      );
      await freeSeatsOf(tx, cancelled, now);
      await recordLineCancelled(tx, booking, input.lineId, 0, now);
      await recordChange(tx, {
        ...audit,
        before: { tickets: cancelled.map((ticket) => ticket.code) },
        after: { ...audit.after, cancelledTickets: cancelled.map((ticket) => ticket.code) },
      });
      await enqueueJob(tx, {
        name: SEND_CANCELLATION_EMAIL,
        payload: { bookingId: booking.id, lineId: input.lineId },
        singletonKey: `cancel:${booking.id}:${input.lineId}`,
      });
      return { booking, cancelled: cancelled.map((ticket) => ticket.code) };
    });
  } catch (error) {
    if (isAppError(error)) await recordRefusal(db, { ...audit, reason: error.code });
    throw error;
  }
}

// ---- The buyer's mail of a cancellation that gave nothing back

const CancellationEmailPayloadSchema = z.object({ bookingId: z.uuid(), lineId: z.uuid() });

export type SendCancellationEmailDeps = Omit<BookingDocumentDeps, "now" | "ticketSigningSecret"> & { mailer: Mailer };

export async function sendCancellationEmail(
  deps: SendCancellationEmailDeps,
  payload: unknown,
  context: Pick<JobContext, "now" | "logger">,
): Promise<void> {
  const { bookingId, lineId } = CancellationEmailPayloadSchema.parse(payload);
  const booking = await findBooking(deps.db, { id: bookingId });
  if (!booking) {
    context.logger.warn({ bookingId }, "booking not found: no cancellation mail");
    return;
  }
  const language: Language = isLanguage(booking.language) ? booking.language : "es";
  const tickets = (await findTickets(deps.db, booking.id)).filter(
    (ticket) => ticket.bookingLineId === lineId && ticket.status === "void",
  );
  const mail = renderCancellationEmail({
    language,
    buyerName: booking.buyerName,
    reference: booking.reference,
    cancelledTickets: tickets.map((ticket) => ticket.code),
    manageUrl: manageBookingUrlOf(deps, booking),
    siteOrigin: deps.siteOrigin,
  });
  await deps.mailer.send({
    to: booking.buyerEmail,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    language,
    tag: "booking-cancelled",
  });
  await recordBookingEvent(deps.db, booking, `email_sent:cancellation:${lineId}`, context.now);
}
