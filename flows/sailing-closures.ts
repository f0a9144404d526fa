// The operator closes a sailing or a whole day (weather, the port authority) and reopens it
// (ADR 0038). Closing is one audited transaction: the closure stops sales, and every ticketed booking
// holding valid tickets on the closed sailings not yet departed gets a notice mail queued (a job,
// so a refusing mail server means a retry) and a line in its history. The mail offers, through the
// manage-booking link, another sailing (the date change, open whatever the notice while the sailing is
// closed) or open tickets (flows/manage-booking.ts takeOpenTicketForClosedSailing).
import { z } from "zod";
import { AppError } from "../lib/errors.ts";
import { isLanguage, type Language } from "../lib/language.ts";
import { findProducts } from "../modules/catalog/index.ts";
import {
  findBooking,
  findBookingIdsWithEvent,
  findBookingLines,
  findTicketHoldersOfActivityDay,
  findTicketHoldersOnSailings,
  findTickets,
  recordBookingEvent,
  type BookingRow,
  type TicketRow,
} from "../modules/bookings/index.ts";
import {
  closeSales,
  findActivities,
  findClosure,
  findCrossings,
  findOpenClosureOf,
  findSailing,
  findSailingIdsOfClosure,
  isLocalDate,
  isSailingClosed,
  liftClosure,
  localDateOf,
  type Closure,
  type ClosureReason,
} from "../modules/inventory/index.ts";
import { enqueueJob, type JobContext } from "../modules/jobs/index.ts";
import type { Mailer } from "../modules/mail/index.ts";
import {
  renderClosureNotice,
  renderReopenNotice,
  type ClosedSailingNotice,
} from "../modules/booking-documents/index.ts";
import { manageBookingUrlOf, type BookingDocumentDeps } from "./booking-document.ts";
import { CLOSURE_NOTICE_EVENT, OPEN_TICKET_MONTHS } from "./manage-booking.ts";
import { runAuditedChange, type StaffDeps } from "./staff-change.ts";

export const SEND_CLOSURE_NOTICE = "send-closure-notice";
export const SEND_REOPEN_NOTICE = "send-reopen-notice";

/** What the operator closes: one sailing, a day of one crossing, (crossing null) the port's day, or an activity's day. */
export type SailingClosureTarget =
  | { sailingId: number }
  | { crossingId: number | null; date: string }
  | { activityId: number; date: string };

export interface ClosureOutcome {
  closure: Closure;
  /** Sailings not yet departed that the closure stops. */
  sailingIds: number[];
  /** Bookings told (their notice queued). */
  notified: number;
}

/**
 * Closes sales of a sailing or a day and tells the holders. Refuses UNKNOWN_SAILING, SAILING_DEPARTED
 * (a sailing already gone), DATE_IN_PAST (a day before today), ALREADY_CLOSED (that sailing or day
 * is closed already: closing twice would mail everyone twice).
 */
export async function closeSailings(
  deps: StaffDeps,
  target: SailingClosureTarget,
  reason: ClosureReason,
  note: string | null,
): Promise<ClosureOutcome> {
  const entityId =
    "sailingId" in target
      ? `sailing:${target.sailingId}`
      : "activityId" in target
        ? `activity:${target.activityId}:${target.date}`
        : `day:${target.date}:${target.crossingId ?? "all"}`;
  return runAuditedChange(
    deps,
    { action: "activityId" in target ? "activity.close" : "sailing.close", entityType: "closure", entityId },
    async (tx) => {
      if ("sailingId" in target) {
        const sailing = await findSailing(tx, target.sailingId, deps.now);
        if (sailing.departsAt.getTime() <= deps.now.getTime())
          throw new AppError("SAILING_DEPARTED", { issues: [{ path: "sailingId", code: "departed" }] });
        if (await isSailingClosed(tx, target.sailingId))
          throw new AppError("ALREADY_CLOSED", { issues: [{ path: "sailingId", code: "closed" }] });
      } else {
        if (!isLocalDate(target.date))
          throw new AppError("INVALID_DATE", { issues: [{ path: "date", code: "invalid_date" }] });
        if (target.date < localDateOf(deps.now))
          throw new AppError("DATE_IN_PAST", { issues: [{ path: "date", code: "in_past" }] });
        if ("activityId" in target) {
          const [activity] = await findActivities(tx, "es", [target.activityId]);
          if (!activity)
            throw new AppError("UNKNOWN_PRODUCT", { issues: [{ path: "activityId", code: "unknown_activity" }] });
          const sameDay = await findOpenClosureOf(tx, {
            sailingId: null,
            crossingId: null,
            activityId: target.activityId,
            serviceDate: target.date,
          });
          if (sameDay)
            throw new AppError("ALREADY_CLOSED", { issues: [{ path: "date", code: `closure:${sameDay.id}` }] });
        } else {
          const row = { sailingId: null, crossingId: target.crossingId, activityId: null, serviceDate: target.date };
          const sameDay =
            (await findOpenClosureOf(tx, row)) ??
            (target.crossingId === null ? null : await findOpenClosureOf(tx, { ...row, crossingId: null }));
          if (sameDay)
            throw new AppError("ALREADY_CLOSED", { issues: [{ path: "date", code: `closure:${sameDay.id}` }] });
        }
      }
      const cleanNote = note === null || note.trim() === "" ? null : note.trim().slice(0, 500);
      const closure = await closeSales(
        tx,
        "sailingId" in target
          ? { sailingId: target.sailingId }
          : "activityId" in target
            ? { activityId: target.activityId, date: target.date }
            : { crossingId: target.crossingId, date: target.date },
        reason,
        cleanNote,
      );
      const sailingIds = await findSailingIdsOfClosure(tx, closure, deps.now);
      const holders =
        "activityId" in target
          ? await findTicketHoldersOfActivityDay(tx, target.activityId, target.date)
          : await findTicketHoldersOnSailings(tx, sailingIds);
      for (const holder of holders) {
        const booking = await findBooking(tx, { id: holder.bookingId });
        if (!booking) continue;
        await recordBookingEvent(tx, booking, `${CLOSURE_NOTICE_EVENT}:${closure.id}`, deps.now);
        await enqueueJob(tx, {
          name: SEND_CLOSURE_NOTICE,
          payload: { bookingId: booking.id, closureId: closure.id },
          singletonKey: `closure:${closure.id}:${booking.id}`,
        });
      }
      const after = { ...closure, sailingIds, notifiedBookings: holders.map((holder) => holder.bookingId) };
      return {
        result: { closure, sailingIds, notified: holders.length },
        before: null,
        after,
        entityId: String(closure.id),
      };
    },
  );
}

/**
 * Reopens sales (the closure stays on record, lifted). Holders who moved or took open tickets stay so;
 * every booking the closure told is mailed that it reopened (a job per booking, keyed by the closure).
 */
export async function reopenSailings(deps: StaffDeps, closureId: number): Promise<Closure & { notified: number }> {
  return runAuditedChange(
    deps,
    { action: "sailing.reopen", entityType: "closure", entityId: String(closureId) },
    async (tx) => {
      const before = await findClosure(tx, closureId);
      if (!before) throw new AppError("NOT_FOUND", { issues: [{ path: "closureId", code: "unknown_closure" }] });
      if (before.liftedAt !== null)
        throw new AppError("SAILING_NOT_CLOSED", { issues: [{ path: "closureId", code: "already_lifted" }] });
      const closure = await liftClosure(tx, closureId, deps.now);
      const told = await findBookingIdsWithEvent(tx, `${CLOSURE_NOTICE_EVENT}:${closureId}`);
      for (const bookingId of told) {
        await enqueueJob(tx, {
          name: SEND_REOPEN_NOTICE,
          payload: { bookingId, closureId },
          singletonKey: `reopen:${closureId}:${bookingId}`,
        });
      }
      return { result: { ...closure, notified: told.length }, before, after: { ...closure, notifiedBookings: told } };
    },
  );
}

// ---- The notice mail (a job)

const ClosureNoticePayloadSchema = z.object({ bookingId: z.uuid(), closureId: z.number().int().positive() });

export type ClosureNoticeDeps = Omit<BookingDocumentDeps, "now" | "ticketSigningSecret"> & { mailer: Mailer };

/**
 * Mails one booking's notice in its language: the closed sailings it still holds tickets on, why, and
 * the link to choose. Nothing is sent when the closure was lifted meanwhile or the buyer already moved
 * every ticket off the closed sailings (the notice would only confuse).
 */
export async function sendClosureNotice(
  deps: ClosureNoticeDeps,
  payload: unknown,
  context: Pick<JobContext, "now" | "logger">,
): Promise<void> {
  const { bookingId, closureId } = ClosureNoticePayloadSchema.parse(payload);
  const [booking, closure] = await Promise.all([
    findBooking(deps.db, { id: bookingId }),
    findClosure(deps.db, closureId),
  ]);
  if (!booking || !closure)
    throw new Error(`closure notice for a missing booking ${bookingId} or closure ${closureId}`);
  if (closure.liftedAt !== null || booking.status !== "ticketed") {
    context.logger.info({ bookingId, closureId }, "closure lifted or booking no longer ticketed: no notice");
    return;
  }
  const language: Language = isLanguage(booking.language) ? booking.language : "es";
  const tickets = await ticketsOnClosure(deps, booking, closure);
  if (tickets.length === 0) {
    context.logger.info({ bookingId, closureId }, "no ticket left on the closed sailings: no notice");
    return;
  }
  if (closure.activityId !== null && closure.serviceDate !== null) {
    const [activity] = await findActivities(deps.db, language, [closure.activityId]);
    const mail = renderClosureNotice({
      reference: booking.reference,
      language,
      buyerName: booking.buyerName,
      reason: closure.reason,
      sailings: [],
      activityDay: { date: closure.serviceDate, name: activity?.name ?? "" },
      manageUrl: manageBookingUrlOf(deps, booking),
      openTicketMonths: OPEN_TICKET_MONTHS,
      siteOrigin: new URL(deps.siteOrigin).origin,
    });
    await deps.mailer.send({
      to: booking.buyerEmail,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      language,
      tag: "activity-closed",
    });
    return;
  }
  const sailingIds = [...new Set(tickets.map((ticket) => ticket.sailingId!))].sort((a, b) => a - b);
  const lines = await findBookingLines(deps.db, booking.id);
  const productIds = [
    ...new Set(
      lines.filter((line) => tickets.some((ticket) => ticket.bookingLineId === line.id)).map((line) => line.productId),
    ),
  ];
  const products = await findProducts(deps.db, language, { ids: productIds, withComplements: false });
  const months = Math.min(
    ...products.map((product) => product.openTicketMonths ?? OPEN_TICKET_MONTHS),
    OPEN_TICKET_MONTHS,
  );
  const mail = renderClosureNotice({
    reference: booking.reference,
    language,
    buyerName: booking.buyerName,
    reason: closure.reason,
    sailings: await closedSailingNotices(deps, sailingIds, language, context.now),
    manageUrl: manageBookingUrlOf(deps, booking),
    openTicketMonths: months,
    siteOrigin: new URL(deps.siteOrigin).origin,
  });
  await deps.mailer.send({
    to: booking.buyerEmail,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    language,
    tag: "sailing-closed",
  });
}

/** The booking's valid tickets on what the closure closed: its sailings (any time), or its activity's day. */
async function ticketsOnClosure(
  deps: Pick<ClosureNoticeDeps, "db">,
  booking: BookingRow,
  closure: NonNullable<Awaited<ReturnType<typeof findClosure>>>,
): Promise<TicketRow[]> {
  const valid = (await findTickets(deps.db, booking.id)).filter((ticket) => ticket.status === "valid");
  if (closure.activityId !== null)
    return valid.filter(
      (ticket) => ticket.activityId === closure.activityId && ticket.serviceDate === closure.serviceDate,
    );
  const closedIds = new Set(await findSailingIdsOfClosure(deps.db, closure, new Date(0)));
  return valid.filter((ticket) => ticket.sailingId !== null && closedIds.has(ticket.sailingId));
}

async function closedSailingNotices(
  deps: Pick<ClosureNoticeDeps, "db">,
  sailingIds: readonly number[],
  language: Language,
  now: Date,
): Promise<ClosedSailingNotice[]> {
  const [sailings, crossings] = await Promise.all([
    Promise.all(sailingIds.map((id) => findSailing(deps.db, id, now))),
    findCrossings(deps.db, language),
  ]);
  return sailings.map((sailing) => {
    const crossing = crossings.find((item) => item.id === sailing.crossingId);
    return {
      date: sailing.serviceDate,
      time: sailing.time,
      from: crossing?.from.name ?? "",
      to: crossing?.to.name ?? "",
    };
  });
}

// ---- The reopened mail (a job)

/**
 * Mails one booking the closure had told that it reopened, in its language: it still holds tickets on
 * what reopened (it travels as booked), or it was moved — by the buyer, the operator or to open
 * tickets — and stays so. Nothing is sent when the booking is no longer ticketed (cancelled, refunded).
 */
export async function sendReopenNotice(
  deps: ClosureNoticeDeps,
  payload: unknown,
  context: Pick<JobContext, "now" | "logger">,
): Promise<void> {
  const { bookingId, closureId } = ClosureNoticePayloadSchema.parse(payload);
  const [booking, closure] = await Promise.all([
    findBooking(deps.db, { id: bookingId }),
    findClosure(deps.db, closureId),
  ]);
  if (!booking || !closure) throw new Error(`reopen notice for a missing booking ${bookingId} or closure ${closureId}`);
  if (booking.status !== "ticketed") {
    context.logger.info({ bookingId, closureId }, "booking no longer ticketed: no reopen notice");
    return;
  }
  const language: Language = isLanguage(booking.language) ? booking.language : "es";
  const still = await ticketsOnClosure(deps, booking, closure);
  let day: { date: string; name: string } | null = null;
  let sailings: ClosedSailingNotice[] = [];
  if (closure.activityId !== null && closure.serviceDate !== null) {
    const [activity] = await findActivities(deps.db, language, [closure.activityId]);
    day = { date: closure.serviceDate, name: activity?.name ?? "" };
  } else {
    // What reopened, as the booking knew it: the sailings it still holds there, or else the closure's own
    // sailing (a day closure names no one sailing once its holders left it).
    const ids =
      still.length > 0
        ? [...new Set(still.map((ticket) => ticket.sailingId!))].sort((a, b) => a - b)
        : closure.sailingId !== null
          ? [closure.sailingId]
          : [];
    sailings = await closedSailingNotices(deps, ids, language, context.now);
    if (sailings.length === 0 && closure.serviceDate !== null) {
      const crossing = (await findCrossings(deps.db, language)).find((item) => item.id === closure.crossingId);
      day = { date: closure.serviceDate, name: crossing ? `${crossing.from.name} → ${crossing.to.name}` : "" };
    }
  }
  const mail = renderReopenNotice({
    reference: booking.reference,
    language,
    buyerName: booking.buyerName,
    sailings,
    day,
    stays: still.length > 0,
    manageUrl: manageBookingUrlOf(deps, booking),
    siteOrigin: new URL(deps.siteOrigin).origin,
  });
  await deps.mailer.send({
    to: booking.buyerEmail,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    language,
    tag: "closure-lifted",
  });
}
