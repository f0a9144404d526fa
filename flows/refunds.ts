// Refunds from the operator's console (ADR 0039), full or partial, through the payment
// provider port. Three steps, because money moves at the provider and nothing of ours may stay locked
// while we wait for it:
//   1. reserve — one transaction with the booking row locked: the amount is checked against what is
//      left (paid less refunds given or pending) and a pending refund row is written. Two operators
//      refunding at once are serialized here, so together they never pass what was paid.
//   2. ask the provider, with the refund row's idempotency key: a double click, a retried request or
//      a crash and retry is the same refund at the provider, never a second one.
//   3. settle — one transaction: the refund succeeded (tickets cancelled and their seats freed, the
//      booking refunded when nothing is left, a history row, the audit entry, the buyer's mail queued)
//      or the provider refused it (failed, counts for nothing). A provider that does not answer leaves
//      the refund pending; sending the same form again finishes it.
// Every refusal is written to the audit log with its code.
import { z } from "zod";
import type { Database } from "../lib/db.ts";
import { AppError, isAppError } from "../lib/errors.ts";
import { isLanguage, type Language } from "../lib/language.ts";
import { isCurrencyCode } from "../lib/money.ts";
import { recordChange, recordRefusal, type AuditActor } from "../modules/audit/index.ts";
import {
  REFUND_REASON_MAX,
  findBooking,
  findBookingLines,
  findPayments,
  findRefundById,
  findRefundByKey,
  findRefunds,
  findTickets,
  insertPendingRefund,
  moveBooking,
  normalizeReference,
  paidAttemptOf,
  parseRefundAmount,
  planRefund,
  recordBookingEvent,
  refundedMinorOf,
  saleReferenceOf,
  settleRefund,
  shareAmongLines,
  spokenForMinor,
  voidTickets,
  type BookingPaymentRow,
  type BookingRefundRow,
  type BookingRow,
  type TicketRow,
} from "../modules/bookings/index.ts";
import { findAmountFormatter } from "../modules/currency/index.ts";
import { decideAt, releaseSoldSeats } from "../modules/inventory/index.ts";
import { enqueueJob, type JobContext } from "../modules/jobs/index.ts";
import type { Mailer } from "../modules/mail/index.ts";
import type { PaymentProvider } from "../modules/payments/index.ts";
import { renderRefundEmail } from "../modules/booking-documents/index.ts";
import { manageBookingUrlOf, paidWithOf, type BookingDocumentDeps } from "./booking-document.ts";

export const SEND_REFUND_EMAIL = "send-refund-email";
/** The job that asks the provider again about a refund it never answered (refund-recovery.ts). */
export const RETRY_PENDING_REFUND = "retry-pending-refund";
/** The first retry waits this long (the operator's own request is still waiting on the provider); then the queue's backoff. */
export const REFUND_RETRY_FIRST_MS = 2 * 60_000;
/** Attempts before the retries stop: with the queue's doubling backoff (10 s up to an hour), about three and a half hours. */
export const REFUND_RETRY_MAX_ATTEMPTS = 12;
/** The audit action of a refund (given or refused). */
export const REFUND_ACTION = "booking.refund";

export interface RefundDeps {
  db: Database;
  provider: PaymentProvider;
  now: Date;
  actor: AuditActor;
  requestId?: string | null;
}

export interface RefundCommand {
  reference: string;
  /** As the operator typed it, in the booking's currency ("150.50"). */
  amount: string;
  /** Tickets to cancel with the refund (their seats are freed); none: an amount-only refund. */
  ticketIds: readonly string[];
  reason: string;
  /** The refund form's own token: the same form sent twice is the same refund. */
  key: string;
  /**
   * Decides the amount and the tickets under the booking's lock instead of the typed amount (a
   * cancellation under the product's policy: the same moment decides and reserves).
   */
  decide?: (tx: Database, booking: BookingRow) => Promise<{ amountMinor: number; ticketIds: string[]; reason: string }>;
  /** The provider's idempotency key when it is not the console form's (one cancellation per line). */
  idempotencyKey?: string;
  /** The audit action (REFUND_ACTION unless said). */
  action?: string;
}

export interface RefundOutcome {
  booking: BookingRow;
  refund: BookingRefundRow;
  /** True when this form had already been refunded (a double click, a reload): nothing new happened. */
  replayed: boolean;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The idempotency key of a refund at the provider: the booking and the form's token. */
export function refundKeyOf(bookingId: string, formKey: string): string {
  return `console-refund:${bookingId}:${formKey}`;
}

export async function refundBooking(deps: RefundDeps, command: RefundCommand): Promise<RefundOutcome> {
  const { db, now } = deps;
  const audit = {
    actor: deps.actor,
    action: command.action ?? REFUND_ACTION,
    entityType: "booking",
    entityId: command.reference,
    after: { amount: command.amount, ticketIds: [...command.ticketIds], reason: command.reason },
    requestId: deps.requestId ?? null,
    at: now,
  };
  try {
    // Refusals are filed under the booking's id once it is found (the reference when there is none).
    const reserved = await reserveRefund(deps, command, (bookingId) => (audit.entityId = bookingId));
    if (reserved.refund.status === "failed")
      throw providerRefusal(reserved.refund.failureCode ?? "PAYMENT_INTENT_STATE");
    if (reserved.refund.status !== "pending")
      return { booking: reserved.booking, refund: reserved.refund, replayed: true };
    const answer = await askProvider(deps, reserved.refund, reserved.payment);
    return await settle(deps, reserved.refund, answer, { ...audit, entityId: reserved.booking.id });
  } catch (error) {
    if (isAppError(error)) await recordRefusal(db, { ...audit, reason: error.code });
    throw error;
  }
}

interface Reserved {
  booking: BookingRow;
  payment: BookingPaymentRow;
  refund: BookingRefundRow;
}

async function reserveRefund(
  deps: RefundDeps,
  command: RefundCommand,
  found: (bookingId: string) => void,
): Promise<Reserved> {
  return deps.db.transaction(async (tx) => {
    const reference = normalizeReference(command.reference);
    const booking = reference ? await findBooking(tx, { reference }, { lock: true }) : null;
    if (!booking) throw new AppError("BOOKING_NOT_FOUND");
    found(booking.id);
    if (!command.idempotencyKey && !KEY_PATTERN.test(command.key))
      throw new AppError("INVALID_REQUEST", { issues: [{ path: "key", code: "format" }] });
    const payments = await findPayments(tx, booking.id);
    const payment = paidAttemptOf(payments);
    const idempotencyKey = command.idempotencyKey ?? refundKeyOf(booking.id, command.key);
    const existing = await findRefundByKey(tx, idempotencyKey);
    if (existing && payment) return { booking, payment, refund: existing };

    const decided = command.decide ? await command.decide(tx, booking) : null;
    const reason = (decided?.reason ?? command.reason).trim();
    if (reason.length > REFUND_REASON_MAX)
      throw new AppError("INVALID_REQUEST", { issues: [{ path: "reason", code: "too_long" }] });
    const amountMinor = decided ? decided.amountMinor : parseRefundAmount(command.amount, booking.currency);
    if (!payment?.providerPaymentId)
      throw new AppError("REFUND_NOT_ALLOWED", { issues: [{ path: "booking.payment", code: "none_captured" }] });
    const [refunds, tickets, lines] = await Promise.all([
      findRefunds(tx, booking.id),
      findTickets(tx, booking.id),
      findBookingLines(tx, booking.id),
    ]);
    const plan = planRefund(
      {
        bookingStatus: booking.status,
        currency: booking.currency,
        paidMinor: payment.amountMinor,
        refundedMinor: spokenForMinor(refunds),
        tickets: tickets.map((ticket) => ({
          id: ticket.id,
          bookingLineId: ticket.bookingLineId,
          status: ticket.status,
        })),
        lines: lines.map((line) => ({ id: line.id, totalMinor: line.totalMinor })),
      },
      { amountMinor, ticketIds: decided ? decided.ticketIds : command.ticketIds },
    );
    const refund = await insertPendingRefund(
      tx,
      {
        bookingId: booking.id,
        paymentId: payment.id,
        idempotencyKey,
        amountMinor: plan.amountMinor,
        currency: booking.currency,
        reason,
        ticketIds: plan.cancelTicketIds,
        lineShares: plan.lineShares,
        requestedBy: deps.actor.label,
        requestedByUserId: deps.actor.userId,
      },
      deps.now,
    );
    // Written with the refund: if the provider never answers (or this process dies before it does), the
    // refund is asked about again on its own, with the same idempotency key, so it is never given twice.
    await enqueueJob(tx, {
      name: RETRY_PENDING_REFUND,
      payload: { refundId: refund.id },
      singletonKey: `refund-retry:${refund.id}`,
      runAt: new Date(deps.now.getTime() + REFUND_RETRY_FIRST_MS),
      maxAttempts: REFUND_RETRY_MAX_ATTEMPTS,
    });
    return { booking, payment, refund };
  });
}

type ProviderAnswer = { kind: "refunded"; providerRefundId: string } | { kind: "refused"; code: string };

async function askProvider(
  deps: RefundDeps,
  refund: BookingRefundRow,
  payment: BookingPaymentRow,
): Promise<ProviderAnswer> {
  try {
    const answer = await deps.provider.refundPayment(payment.providerPaymentId!, {
      amountMinor: refund.amountMinor,
      idempotencyKey: refund.idempotencyKey,
    });
    return { kind: "refunded", providerRefundId: answer.refundId };
  } catch (error) {
    // Unreachable or failing: we cannot know whether the money moved, so the refund stays pending (it
    // still counts against what is left) and the same key asks again next time.
    if (!isAppError(error) || error.code === "PAYMENT_PROVIDER_UNAVAILABLE") throw error;
    return { kind: "refused", code: error.code };
  }
}

async function settle(
  deps: RefundDeps,
  pending: BookingRefundRow,
  answer: ProviderAnswer,
  audit: Parameters<typeof recordChange>[1],
): Promise<RefundOutcome> {
  const { now } = deps;
  const outcome = await deps.db.transaction(async (tx) => {
    await decideAt(tx, now);
    const booking = (await findBooking(tx, { id: pending.bookingId }, { lock: true }))!;
    const refund = (await findRefundByKey(tx, pending.idempotencyKey, { lock: true }))!;
    // The same form sent twice at once: the other request settled it while this one waited.
    if (refund.status !== "pending")
      return {
        booking,
        refund,
        replayed: true,
        refusal: refund.status === "failed" ? (refund.failureCode ?? "PAYMENT_INTENT_STATE") : null,
      };
    if (answer.kind === "refused") {
      const failed = await settleRefund(tx, refund.id, { status: "failed", failureCode: answer.code }, now);
      return { booking, refund: failed, replayed: false, refusal: answer.code };
    }

    const settled = await settleRefund(
      tx,
      refund.id,
      { status: "succeeded", providerRefundId: answer.providerRefundId },
      now,
    );
    const after = await applyGivenRefund(tx, booking, settled, audit, now);
    return { booking: after, refund: settled, replayed: false, refusal: null };
  });
  if (outcome.refusal) throw providerRefusal(outcome.refusal);
  return { booking: outcome.booking, refund: outcome.refund, replayed: outcome.replayed };
}

/**
 * Asks the provider again about a pending refund, with its own idempotency key, and settles it: given
 * (as the operator's refund would have been), refused (failed), or still unanswered
 * (PAYMENT_PROVIDER_UNAVAILABLE thrown, the refund stays pending). A refund no longer pending is left as it is.
 */
export async function finishPendingRefund(
  deps: Omit<RefundDeps, "actor"> & { actor: AuditActor },
  refundId: string,
): Promise<BookingRefundRow | null> {
  const refund = await findRefundById(deps.db, refundId);
  if (!refund || refund.status !== "pending") return refund;
  const payment = (await findPayments(deps.db, refund.bookingId)).find(
    (candidate) => candidate.id === refund.paymentId,
  );
  if (!payment?.providerPaymentId) return refund;
  const answer = await askProvider(deps, refund, payment);
  const audit = {
    actor: deps.actor,
    action: REFUND_ACTION,
    entityType: "booking",
    entityId: refund.bookingId,
    requestId: deps.requestId ?? null,
    at: deps.now,
  };
  try {
    return (await settle(deps, refund, answer, audit)).refund;
  } catch (error) {
    if (!isAppError(error)) throw error;
    // The provider refused it: the refund is failed and counts for nothing; the refusal is on record.
    await recordRefusal(deps.db, { ...audit, reason: error.code, after: { refundId } });
    return findRefundById(deps.db, refundId);
  }
}

/**
 * A refund the provider gave that we never asked for (made on its dashboard), recorded as ours in one
 * transaction under `provider-refund:<id>`, so importing it twice records it once. It cancels no chosen
 * ticket (nobody chose); when nothing is left, every valid ticket is cancelled and the booking refunded.
 */
export async function recordProviderRefund(
  deps: { db: Database; now: Date; actor: AuditActor },
  given: { bookingId: string; paymentId: string; providerRefundId: string; amountMinor: number; reason: string },
): Promise<BookingRefundRow | null> {
  const { now } = deps;
  return deps.db.transaction(async (tx) => {
    await decideAt(tx, now);
    const booking = (await findBooking(tx, { id: given.bookingId }, { lock: true }))!;
    const idempotencyKey = `provider-refund:${given.providerRefundId}`;
    if (await findRefundByKey(tx, idempotencyKey)) return null;
    const [lines, refunds] = [await findBookingLines(tx, booking.id), await findRefunds(tx, booking.id)];
    const paidMinor = paidAttemptOf(await findPayments(tx, booking.id))?.amountMinor ?? booking.totalMinor;
    // What is already recorded plus this one never passes what was paid (the provider would not allow it either).
    const room = Math.max(0, paidMinor - refundedMinorOf(refunds));
    const amountMinor = Math.min(given.amountMinor, room);
    if (amountMinor <= 0) return null;
    const pending = await insertPendingRefund(
      tx,
      {
        bookingId: booking.id,
        paymentId: given.paymentId,
        idempotencyKey,
        amountMinor,
        currency: booking.currency,
        reason: given.reason,
        ticketIds: [],
        lineShares: shareAmongLines(
          {
            currency: booking.currency,
            tickets: [],
            lines: lines.map((line) => ({ id: line.id, totalMinor: line.totalMinor })),
          },
          amountMinor,
          [],
        ),
        requestedBy: deps.actor.label,
        requestedByUserId: deps.actor.userId,
      },
      now,
    );
    const settled = await settleRefund(
      tx,
      pending.id,
      { status: "succeeded", providerRefundId: given.providerRefundId },
      now,
    );
    await applyGivenRefund(
      tx,
      booking,
      settled,
      { actor: deps.actor, action: IMPORT_ACTION, entityType: "booking", entityId: booking.id, at: now },
      now,
    );
    return settled;
  });
}

/** The audit action of a refund learnt from the provider rather than asked for here. */
export const IMPORT_ACTION = "booking.refund_imported";

/**
 * What a refund the provider gave does to the booking, in the settling transaction: the chosen
 * tickets (all valid ones when nothing is left) cancelled and their seats freed, the booking refunded
 * when nothing is left, a history row, the audit entry and the buyer's mail.
 */
async function applyGivenRefund(
  tx: Database,
  booking: BookingRow,
  settled: BookingRefundRow,
  audit: Parameters<typeof recordChange>[1],
  now: Date,
): Promise<BookingRow> {
  const payments = await findPayments(tx, booking.id);
  const given = await findRefunds(tx, booking.id);
  const paidMinor = paidAttemptOf(payments)?.amountMinor ?? booking.totalMinor;
  const refundedAfter = refundedMinorOf(given);
  const refundedBefore = refundedAfter - settled.amountMinor;
  const isFull = refundedAfter >= paidMinor;
  const toCancel = isFull
    ? (await findTickets(tx, booking.id)).filter((ticket) => ticket.status === "valid").map((ticket) => ticket.id)
    : settled.ticketIds;
  const cancelled = await voidTickets(tx, booking.id, toCancel);
  await freeSeatsOf(tx, cancelled, now);

  const history = `refund:${settled.id}:${settled.amountMinor}`;
  const after =
    isFull && booking.status !== "refunded"
      ? await moveBooking(tx, booking, "refunded", history, now)
      : (await recordBookingEvent(tx, booking, history, now), booking);
  await recordChange(tx, {
    ...audit,
    before: { status: booking.status, refundedMinor: refundedBefore },
    after: {
      status: after.status,
      refundedMinor: refundedAfter,
      refund: {
        id: settled.id,
        amountMinor: settled.amountMinor,
        currency: settled.currency,
        reason: settled.reason,
        providerRefundId: settled.providerRefundId,
        cancelledTickets: cancelled.map((ticket) => ticket.code),
      },
    },
  });
  await enqueueJob(tx, {
    name: SEND_REFUND_EMAIL,
    payload: { refundId: settled.id },
    singletonKey: `refund:${settled.id}`,
  });
  return after;
}

/** The provider refused the refund (its code in the issue): more than it holds, or a payment it cannot refund. */
function providerRefusal(code: string): AppError {
  return new AppError(code === "PAYMENT_AMOUNT_EXCEEDED" ? "REFUND_EXCEEDS_PAID" : "REFUND_NOT_ALLOWED", {
    issues: [{ path: "provider", code }],
  });
}

/** Seats of cancelled tickets go back on sale: per line and sailing (or activity day), in sailing order as every seat-taking transaction locks. */
export async function freeSeatsOf(tx: Database, cancelled: readonly TicketRow[], now: Date): Promise<void> {
  const groups = new Map<
    string,
    {
      reference: string;
      target: { sailingId: number } | { activityId: number; date: string };
      count: number;
      order: number;
    }
  >();
  for (const ticket of cancelled) {
    const target =
      ticket.sailingId !== null
        ? { sailingId: ticket.sailingId }
        : ticket.activityId !== null && ticket.serviceDate !== null
          ? { activityId: ticket.activityId, date: ticket.serviceDate }
          : null;
    // An open ticket took no seat: nothing to give back.
    if (!target) continue;
    const key = `${ticket.bookingLineId}|${JSON.stringify(target)}`;
    const group = groups.get(key) ?? {
      reference: saleReferenceOf(ticket.bookingLineId),
      target,
      count: 0,
      order: ticket.sailingId ?? ticket.activityId ?? 0,
    };
    group.count += 1;
    groups.set(key, group);
  }
  for (const group of [...groups.values()].sort((a, b) => a.order - b.order))
    await releaseSoldSeats(tx, group.reference, group.target, group.count, now);
}

// ---- The buyer's mail

const RefundEmailPayloadSchema = z.object({ refundId: z.uuid() });

export type SendRefundEmailDeps = Omit<BookingDocumentDeps, "now" | "ticketSigningSecret"> & { mailer: Mailer };

/** The job: tells the buyer, in the booking's language, what came back and what is left. */
export async function sendRefundEmail(
  deps: SendRefundEmailDeps,
  payload: unknown,
  context: Pick<JobContext, "now" | "logger">,
): Promise<void> {
  const { refundId } = RefundEmailPayloadSchema.parse(payload);
  const { db } = deps;
  const refund = await findRefundById(db, refundId);
  if (!refund || refund.status !== "succeeded") {
    context.logger.warn({ refundId }, "refund not found or not given: no mail");
    return;
  }
  const booking = (await findBooking(db, { id: refund.bookingId }))!;
  const language: Language = isLanguage(booking.language) ? booking.language : "es";
  const format = await findAmountFormatter(db, booking.currency, language);
  const written = (minor: number) =>
    isCurrencyCode(booking.currency) ? `${format(minor)} ${booking.currency}` : format(minor);
  const [payments, refunds, tickets] = await Promise.all([
    findPayments(db, booking.id),
    findRefunds(db, booking.id),
    findTickets(db, booking.id),
  ]);
  const cancelled = tickets.filter(
    (ticket) => ticket.status === "void" && (refund.ticketIds.includes(ticket.id) || booking.status === "refunded"),
  );
  const mail = renderRefundEmail({
    language,
    buyerName: booking.buyerName,
    reference: booking.reference,
    amount: written(refund.amountMinor),
    refundedTotal: written(refundedMinorOf(refunds.filter((other) => other.createdAt <= refund.createdAt))),
    paidWith: paidWithOf(payments, language),
    isFull: booking.status === "refunded",
    ticketsLeft: tickets.some((ticket) => ticket.status === "valid"),
    cancelledTickets: cancelled.map((ticket) => ticket.code),
    manageUrl: manageBookingUrlOf(deps, booking),
    siteOrigin: deps.siteOrigin,
  });
  await deps.mailer.send({
    to: booking.buyerEmail,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    language,
    tag: "booking-refund",
  });
  await recordBookingEvent(db, booking, `email_sent:refund:${refund.id}`, context.now);
}
