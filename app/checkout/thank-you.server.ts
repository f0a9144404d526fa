// The thank-you page's loader. The provider sends the buyer back here with
// its payment id; the loader confirms the payment (the same use case the webhook runs, so whichever
// comes first does the work and the other finds it done), then shows the booking to the browser that
// holds its access cookie. A declined payment goes back to the payment details with the reason.
import { redirect, type RouterContextProvider } from "react-router";
import { cartSessionCookie } from "../../lib/cart-session.ts";
import { isAppError } from "../../lib/errors.ts";
import type { Language } from "../../lib/language.ts";
import { confirmPayment, hasGuestAccess } from "../../flows/checkout.ts";
import { checkoutDeps } from "../../flows/checkout-deps.ts";
import { isCoupon } from "../../modules/cart/index.ts";
import {
  findBooking,
  findBookingLines,
  findPaymentByProviderId,
  findPayments,
  findTickets,
  normalizeReference,
  paidAttemptOf,
  type BookingPaymentRow,
  type BookingStatus,
} from "../../modules/bookings/index.ts";
import { cardBrandName, monthlyInstalmentMinor } from "../../modules/payments/index.ts";
import { findAmountFormatter } from "../../modules/currency/index.ts";
import { findProducts } from "../../modules/catalog/index.ts";
import { isCurrencyCode, money, type Money } from "../../lib/money.ts";
import type { TrackedLine } from "../personalization/page-events.ts";
import { servicesContext, readBookingAccess } from "../../server/edge/index.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import { DECLINE_CODES } from "./payment-details.server.ts";

type Context = Readonly<RouterContextProvider>;

export interface ThankYouData {
  reference: string;
  status: BookingStatus;
  email: string;
  total: string;
  ticketCount: number;
  /** Tickets can be downloaded and the e-mail resent only once they exist. */
  ticketed: boolean;
  /** What the booking holds, for the next steps: boarding at the pier, entering a park or tour, exchanging a coupon. */
  /** `dated`: some line has a day and time, so there is a calendar entry to add. */
  holds: { ferry: boolean; visit: boolean; coupon: boolean; dated: boolean };
  /** How it was paid, once captured: the card (brand, last digits, months without interest) or PayPal. */
  payment: PaidWith | null;
  /** What the personalization tracker reports as the order, once it is paid. */
  order: { lines: TrackedLine[]; total: Money } | null;
}

export type PaidWith =
  | { method: "card"; brand: string; last4: string; instalments: { months: number; monthly: string } | null }
  | { method: "paypal" }
  /** Paying monthly: Uplift paid us with its single-use card, the buyer repays Uplift. */
  | { method: "uplift" };

export async function loadThankYou(
  request: Request,
  context: Context,
  language: Language,
): Promise<{ data: ThankYouData; headers: Headers }> {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const reference = normalizeReference(url.searchParams.get("booking") ?? "");
  const access = readBookingAccess(request);
  const manage = pathOf("manageBooking", language);
  if (reference === null || access === null || access.reference !== reference) throw redirect(manage);
  let booking = await findBooking(services.db, { reference });
  if (!booking || !hasGuestAccess(booking, access.secret)) throw redirect(manage);

  const intent = url.searchParams.get("payment_intent");
  // Paid, ticketed or refunded is final; a waiting, failed or cancelled booking may still have money to settle.
  const settled = booking.status === "paid" || booking.status === "ticketed" || booking.status === "refunded";
  if (!settled && intent && /^[A-Za-z0-9_]{3,64}$/.test(intent)) {
    const payment = await findPaymentByProviderId(services.db, "sandbox", intent);
    // Only a payment of this booking is confirmed here; anything else in the address is ignored.
    if (payment && payment.bookingId === booking.id) {
      try {
        const outcome = await confirmPayment(checkoutDeps(services), intent);
        booking = outcome.booking;
        if (outcome.kind === "declined") {
          const code = DECLINE_CODES.find((known) => known === outcome.failureCode) ?? "card_declined";
          throw redirect(`${pathOf("paymentDetails", language)}?declined=${code}`);
        }
      } catch (error) {
        // The provider not answering leaves the booking as it is: the webhook or a reload finishes it.
        if (!isAppError(error) || error.code !== "PAYMENT_PROVIDER_UNAVAILABLE") throw error;
        services.logger.warn({ err: error, reference }, "payment confirmation deferred");
      }
    }
  }

  const headers = new Headers({ "Cache-Control": "no-store" });
  const ticketed = booking.status === "ticketed";
  // The paid cart is closed: the browser starts a new one (clearing the cart empties the cookie).
  if (ticketed) headers.append("Set-Cookie", cartSessionCookie(null, services.config.NODE_ENV === "production"));
  const { db } = services;
  // Paid is enough for the lines (next steps, the tracked order); tickets follow from a job moments later.
  const paid = ticketed || booking.status === "paid";
  const [tickets, lines, payments, format] = await Promise.all([
    ticketed ? findTickets(db, booking.id) : [],
    paid ? findBookingLines(db, booking.id) : [],
    ticketed ? findPayments(db, booking.id) : [],
    findAmountFormatter(db, booking.currency, language),
  ]);
  const captured = paidAttemptOf(payments);
  const products =
    lines.length > 0
      ? await findProducts(db, language, {
          ids: [...new Set(lines.map((line) => line.productId))],
          withComplements: false,
        })
      : [];
  const currency = isCurrencyCode(booking.currency) ? booking.currency : null;
  const trackedLines = lines.flatMap((line) => {
    const product = products.find((candidate) => candidate.id === line.productId);
    return product && currency
      ? [
          {
            product: { code: product.code, name: product.name, kind: product.kind },
            total: money(line.totalMinor, currency),
          },
        ]
      : [];
  });
  return {
    data: {
      reference: booking.reference,
      status: booking.status,
      email: booking.buyerEmail,
      total: format(booking.totalMinor),
      ticketCount: tickets.length,
      ticketed,
      holds: {
        ferry: lines.some((line) => line.kind === "ferry"),
        visit: lines.some((line) => line.kind === "activity" && !isCoupon(line)),
        coupon: lines.some(isCoupon),
        dated: lines.some(
          (line) => (line.kind === "ferry" && line.trip !== "open") || (line.kind === "activity" && !isCoupon(line)),
        ),
      },
      payment: captured ? paidWith(captured, format) : null,
      order:
        trackedLines.length > 0 && currency
          ? { lines: trackedLines, total: money(booking.totalMinor, currency) }
          : null,
    },
    headers,
  };
}

function paidWith(payment: BookingPaymentRow, format: (amountMinor: number) => string): PaidWith | null {
  if (payment.method === "paypal") return { method: "paypal" };
  // The card is Uplift's, not the buyer's: its digits would only confuse them.
  if (payment.financedBy === "uplift") return { method: "uplift" };
  if (!payment.cardBrand || !payment.cardLast4) return null;
  const months = payment.instalmentMonths;
  return {
    method: "card",
    brand: cardBrandName(payment.cardBrand),
    last4: payment.cardLast4,
    instalments: months ? { months, monthly: format(monthlyInstalmentMinor(payment.amountMinor, months)) } : null,
  };
}
