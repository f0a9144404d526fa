// The manage-booking page's loader and action. Without access: a form asking the booking
// reference and the buyer's e-mail; a right pair sets the booking-access cookie and comes back here
// (post/redirect/get). The e-mail's link (`?ref=&key=`) sets the cookie and redirects to the clean
// address, so the key does not stay in the history or a shared screenshot. With access: the booking,
// and per dated line the weather guarantee's date change (sailings of the asked date by GET, the
// change by POST, then back here with a notice). Every refusal is a code the page translates.
import { data, redirect, type RouterContextProvider } from "react-router";
import { COOKIE, cookieAttributes } from "../../lib/cookies.ts";
import { isAppError } from "../../lib/errors.ts";
import type { Language } from "../../lib/language.ts";
import { bookableRange } from "../../flows/booking-offers.ts";
import { BUYER_ACTOR, cancelLineUnderPolicy } from "../../flows/cancellation.ts";
import { guestSecretOf, hasGuestAccess } from "../../flows/checkout.ts";
import {
  bookingView,
  changeBookingDate,
  findBookingByKey,
  findBookingForGuest,
  findDateChangeOptions,
  takeOpenTicketForClosedSailing,
  type BookingView,
  type DateChangeOptions,
} from "../../flows/manage-booking.ts";
import { findBooking, type BookingRow } from "../../modules/bookings/index.ts";
import { addDays } from "../../modules/inventory/index.ts";
import {
  formField,
  formValuesOf,
  pageStatusOf,
  readFormData,
  refusalHeaders,
  requestContext,
  servicesContext,
  bookingAccessCookie,
  readBookingAccess,
} from "../../server/edge/index.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";

type Context = Readonly<RouterContextProvider>;

export interface FindFormState {
  reference: string;
  email: string;
  /** The refusal's code (BOOKING_NOT_FOUND), or null before any attempt. */
  error: string | null;
}

export interface ChangeSection {
  lineId: string;
  date: string;
  returnDate: string | null;
  options: DateChangeOptions | null;
  error: string | null;
}

export type ManageBookingData =
  | { kind: "find"; form: FindFormState }
  | {
      kind: "booking";
      booking: BookingView;
      notice: "date-changed" | "email-resent" | "open-ticket" | "cancelled" | null;
      /** The line whose cancellation the buyer asked to confirm (GET ?cancel=<line id>). */
      cancelLineId: string | null;
      /** Why asking for the tickets' e-mail again was refused (POST /api/bookings/:ref/resend sends back ?error=). */
      resendError: string | null;
      /** The sailings asked for one line's new date (GET ?line=&date=&returnDate=). */
      change: ChangeSection | null;
      /** Bounds of the new-date pickers: tomorrow (today is refused) to the end of the sale window. */
      dates: { min: string; max: string };
    };

export type ManageBookingActionData =
  | { intent: "find"; form: FindFormState }
  | { intent: "change-date" | "open-ticket" | "cancel"; lineId: string; newDate: string; error: string };

const NO_STORE = { "Cache-Control": "no-store" };

function secure(context: Context): boolean {
  return context.get(servicesContext).config.NODE_ENV === "production";
}

function accessHeaders(context: Context, booking: BookingRow): Headers {
  const { config } = context.get(servicesContext);
  const headers = new Headers(NO_STORE);
  headers.append(
    "Set-Cookie",
    bookingAccessCookie(
      { reference: booking.reference, secret: guestSecretOf(config.GUEST_ACCESS_SECRET, booking.id) },
      secure(context),
    ),
  );
  return headers;
}

/** The booking this browser's cookie opens, or null (no cookie, another booking's secret, a deleted booking). */
async function bookingOfCookie(request: Request, context: Context): Promise<BookingRow | null> {
  const access = readBookingAccess(request);
  if (!access) return null;
  const booking = await findBooking(context.get(servicesContext).db, { reference: access.reference });
  return booking && hasGuestAccess(booking, access.secret) ? booking : null;
}

export async function loadManageBooking(request: Request, context: Context, language: Language) {
  const services = context.get(servicesContext);
  const now = services.clock.now();
  const url = new URL(request.url);
  const page = pathOf("manageBooking", language);
  const query = formValuesOf(url.searchParams, {
    ref: formField.text(20),
    key: formField.text(64),
    line: formField.text(40),
    date: formField.text(10),
    returnDate: formField.text(10),
    error: formField.text(40),
    cancel: formField.text(40),
  });
  const { ref: reference, key } = query;

  if (reference && key) {
    try {
      const booking = await findBookingByKey(services, { reference, key });
      throw redirect(page, { headers: accessHeaders(context, booking) });
    } catch (error) {
      if (!isAppError(error)) throw error;
      const found: ManageBookingData = { kind: "find", form: { reference, email: "", error: error.code } };
      return data(found, { status: pageStatusOf(error), headers: NO_STORE });
    }
  }

  const booking = await bookingOfCookie(request, context);
  if (!booking) {
    const found: ManageBookingData = { kind: "find", form: { reference, email: "", error: null } };
    return data(found, { headers: NO_STORE });
  }

  const view = await bookingView({ db: services.db, now }, booking, language);
  const { line: lineId, date } = query;
  const returnDate = query.returnDate || null;
  let change: ChangeSection | null = null;
  const line = view.lines.find((candidate) => candidate.id === lineId);
  if (line && line.kind === "ferry" && line.dateChange.allowed && date) {
    change = { lineId, date, returnDate, options: null, error: null };
    // Today is refused by the guarantee (not for a sailing the operator closed): saying so at once spares choosing a sailing first.
    if (date === bookableRange(now).min && !line.sailingClosed) change.error = "DATE_CHANGE_SAME_DAY";
    else {
      try {
        change.options = await findDateChangeOptions(
          { db: services.db, now },
          booking,
          { lineId, date, returnDate },
          language,
        );
      } catch (error) {
        if (!isAppError(error)) throw error;
        change.error = error.code;
      }
    }
  }
  const range = bookableRange(now);
  const asked = url.searchParams.get("notice");
  const notice =
    asked === "date-changed" || asked === "open-ticket" || asked === "cancelled"
      ? asked
      : url.searchParams.get("resent") === "1"
        ? "email-resent"
        : null;
  const resendError = /^[A-Z_]{3,40}$/.exec(query.error)?.[0] ?? null;
  // A line whose sailing the operator closed may move to today's later sailings (ADR 0038).
  const earliest = view.lines.some((item) => item.sailingClosed) ? range.min : addDays(range.min, 1);
  const asksCancel = query.cancel;
  const cancelLineId = view.lines.some((item) => item.id === asksCancel && item.cancellation.offer !== null)
    ? asksCancel
    : null;
  const shown: ManageBookingData = {
    kind: "booking",
    booking: view,
    notice,
    resendError,
    change,
    cancelLineId,
    dates: { min: earliest, max: range.max },
  };
  return data(shown, { headers: NO_STORE });
}

export async function submitManageBooking(request: Request, context: Context, language: Language) {
  const services = context.get(servicesContext);
  const page = pathOf("manageBooking", language);
  const form = formValuesOf(await readFormData(request), {
    intent: formField.text(20),
    reference: formField.text(20),
    email: formField.text(254),
    lineId: formField.text(40),
    newDate: formField.text(10),
    outboundSailingId: formField.text(12),
    inboundSailingId: formField.text(12),
  });
  const { intent } = form;

  if (intent === "find") {
    const values = { reference: form.reference, email: form.email };
    try {
      const lookups = {
        limiter: services.rateLimiter,
        clientAddress: context.get(requestContext).clientAddress,
        now: services.clock.now(),
      };
      const booking = await findBookingForGuest({ db: services.db, lookups }, values);
      return redirect(page, { headers: accessHeaders(context, booking) });
    } catch (error) {
      if (!isAppError(error)) throw error;
      const failure: ManageBookingActionData = { intent: "find", form: { ...values, error: error.code } };
      return data(failure, { status: pageStatusOf(error), headers: refusalHeaders(error, NO_STORE) });
    }
  }

  if (intent === "forget") {
    // Leaves this browser without access (a shared computer): the cookie is emptied at once.
    return redirect(page, {
      headers: {
        ...NO_STORE,
        "Set-Cookie": `${COOKIE.bookingAccess}=; HttpOnly; ${cookieAttributes(secure(context), 0)}`,
      },
    });
  }

  const booking = await bookingOfCookie(request, context);
  if ((intent !== "change-date" && intent !== "open-ticket" && intent !== "cancel") || !booking)
    return redirect(page, { headers: NO_STORE });
  const { lineId, newDate } = form;
  if (intent === "cancel") {
    try {
      await cancelLineUnderPolicy(
        {
          db: services.db,
          provider: services.payments,
          now: services.clock.now(),
          actor: BUYER_ACTOR,
          requestId: context.get(requestContext).requestId,
        },
        { reference: booking.reference, lineId },
      );
      return redirect(`${page}?notice=cancelled`, { headers: NO_STORE });
    } catch (error) {
      if (!isAppError(error)) throw error;
      const failure: ManageBookingActionData = { intent: "cancel", lineId, newDate: "", error: error.code };
      return data(failure, { status: pageStatusOf(error), headers: NO_STORE });
    }
  }
  if (intent === "open-ticket") {
    try {
      await takeOpenTicketForClosedSailing(services, { bookingId: booking.id, lineId }, services.clock.now());
      return redirect(`${page}?notice=open-ticket`, { headers: NO_STORE });
    } catch (error) {
      if (!isAppError(error)) throw error;
      const failure: ManageBookingActionData = { intent: "open-ticket", lineId, newDate: "", error: error.code };
      return data(failure, { status: pageStatusOf(error), headers: NO_STORE });
    }
  }
  const sailing = (value: string) => (/^\d{1,12}$/.test(value) ? Number(value) : null);
  try {
    await changeBookingDate(
      services,
      {
        bookingId: booking.id,
        lineId,
        newDate,
        outboundSailingId: sailing(form.outboundSailingId),
        inboundSailingId: sailing(form.inboundSailingId),
      },
      services.clock.now(),
    );
    return redirect(`${page}?notice=date-changed`, { headers: NO_STORE });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const failure: ManageBookingActionData = { intent: "change-date", lineId, newDate, error: error.code };
    return data(failure, { status: pageStatusOf(error), headers: NO_STORE });
  }
}
