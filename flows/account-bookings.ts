// The bookings an account area lists: those bought with the account's e-mail, but only once
// that address is confirmed — a booking shows its buyer's name, trips and the link that manages it,
// so an unproven address must not open a stranger's bookings (ADR 0032). Each row carries the guest
// link of the e-mail (reference and key), so "manage" opens the same page a buyer already knows.
// "My trips": each booking is upcoming while something of it is still to be used (a dated service
// today or later, open tickets not expired) and past otherwise, with its tickets and calendar links
// and what may still be changed (date changes and cancellations, as manage booking decides them).
import type { Database } from "../lib/db.ts";
import type { Language } from "../lib/language.ts";
import { isCurrencyCode } from "../lib/money.ts";
import { findBookingsByBuyerEmail, type BookingStatus } from "../modules/bookings/index.ts";
import { findAmountFormatter } from "../modules/currency/index.ts";
import type { Account } from "../modules/identity/index.ts";
import { localDateOf } from "../modules/inventory/index.ts";
import { guestSecretOf } from "./checkout.ts";
import { bookingView, type BookingView } from "./manage-booking.ts";

export interface AccountBookingsDeps {
  db: Database;
  guestAccessSecret: string;
  /** The manage-booking page's path in a language (the app's slug table; flows do not import app). */
  manageBookingPathOf: (language: Language) => string;
  now: Date;
}

export interface AccountBooking {
  reference: string;
  status: BookingStatus;
  /** When it was paid, else placed (ISO instant). */
  bookedAt: string;
  /** The total written the currency's way, then its code: "$1,270.00 MXN". */
  total: string;
  /** The manage-booking page with the guest key, in the visitor's language. */
  manageHref: string;
  /** Every ticket cancelled (a fee kept, or no money back): shown as cancelled whatever the status. */
  cancelled: boolean;
  /** The operator closed a sailing it still holds tickets on: not "confirmed" until it is moved. */
  sailingClosed: boolean;
  /** Still something to use: a dated service from today on, or open tickets not expired. */
  upcoming: boolean;
  /** The first day of its services (local date), or null when nothing is dated. */
  firstDay: string | null;
  products: string[];
  /** The tickets' PDF and calendar file with the guest key; null when it has no tickets to use. */
  ticketsHref: string | null;
  calendarHref: string | null;
  /** What may still be changed: the latest moment a date change or a refunded cancellation is allowed (ISO), per kind. */
  changeUntil: string | null;
  cancelUntil: string | null;
  /** Refundable lines whose cancellation has no deadline (open tickets of a refundable product). */
  cancellable: boolean;
  nonRefundable: boolean;
}

/** At most this many, newest first: an account area is not an archive. */
export const ACCOUNT_BOOKINGS_LIMIT = 50;

export async function findAccountBookings(
  deps: AccountBookingsDeps,
  account: Pick<Account, "email" | "confirmed">,
  language: Language,
): Promise<AccountBooking[]> {
  if (!account.confirmed) return [];
  const rows = await findBookingsByBuyerEmail(deps.db, account.email, ACCOUNT_BOOKINGS_LIMIT);
  const formatters = new Map<string, (amountMinor: number) => string>();
  const result: AccountBooking[] = [];
  for (const row of rows) {
    let format = formatters.get(row.currency);
    if (!format) {
      format = await findAmountFormatter(deps.db, row.currency, language);
      formatters.set(row.currency, format);
    }
    const key = guestSecretOf(deps.guestAccessSecret, row.id);
    const query = new URLSearchParams({ ref: row.reference, key });
    const view = await bookingView({ db: deps.db, now: deps.now }, row, language);
    const usable = row.status === "ticketed" && !view.cancelled;
    result.push({
      reference: row.reference,
      status: row.status,
      bookedAt: (row.paidAt ?? row.createdAt).toISOString(),
      total: isCurrencyCode(row.currency) ? `${format(row.totalMinor)} ${row.currency}` : format(row.totalMinor),
      manageHref: `${deps.manageBookingPathOf(language)}?${query.toString()}`,
      ...tripFacts(view, deps.now),
      ticketsHref: usable ? `/api/bookings/${row.reference}/tickets.pdf?key=${key}` : null,
      calendarHref:
        usable && view.lines.some((line) => !line.cancellation.cancelled && (line.outbound || line.activity))
          ? `/api/bookings/${row.reference}/calendar.ics?key=${key}`
          : null,
    });
  }
  return result;
}

/** Upcoming or past, the first day, and what may still be changed, from the manage-booking view. */
export function tripFacts(
  view: BookingView,
  now: Date,
): Pick<
  AccountBooking,
  | "cancelled"
  | "sailingClosed"
  | "upcoming"
  | "firstDay"
  | "products"
  | "changeUntil"
  | "cancelUntil"
  | "cancellable"
  | "nonRefundable"
> {
  const today = localDateOf(now);
  const live = view.lines.filter((line) => !line.cancellation.cancelled);
  const dayOf = (line: BookingView["lines"][number]) => line.outbound?.date ?? line.activity?.date ?? null;
  const days = view.lines
    .map(dayOf)
    .filter((day): day is string => day !== null)
    .sort();
  const upcoming =
    view.status === "ticketed" &&
    !view.cancelled &&
    live.some((line) => {
      const day = dayOf(line) ?? line.inbound?.date ?? null;
      return day !== null ? day >= today : line.validUntil !== null && line.validUntil >= today;
    });
  const latest = (values: (string | null)[]) =>
    values
      .filter((value): value is string => value !== null)
      .sort()
      .at(-1) ?? null;
  return {
    cancelled: view.cancelled,
    sailingClosed: view.sailingClosed,
    upcoming,
    firstDay: days[0] ?? null,
    products: [...new Set(view.lines.map((line) => line.productName))],
    changeUntil: upcoming
      ? latest(live.map((line) => (line.dateChange.allowed ? line.dateChange.deadline : null)))
      : null,
    cancelUntil: upcoming ? latest(live.map((line) => line.cancellation.offer?.until ?? null)) : null,
    cancellable: upcoming && live.some((line) => line.cancellation.offer !== null),
    nonRefundable: live.length > 0 && live.every((line) => !line.cancellation.policy.refundable),
  };
}
