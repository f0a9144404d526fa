// The bookings an account area lists (issue 7): those bought with the account's e-mail, but only once
// that address is confirmed — a booking shows its buyer's name, trips and the link that manages it,
// so an unproven address must not open a stranger's bookings (ADR 0032). Each row carries the guest
// link of the e-mail (reference and key), so "manage" opens the same page a buyer already knows.
import type { Database } from "../lib/db.ts";
import type { Language } from "../lib/language.ts";
import { isCurrencyCode } from "../lib/money.ts";
import { findBookingsByBuyerEmail, type BookingStatus } from "../modules/checkout/index.ts";
import { findAmountFormatter } from "../modules/currency/index.ts";
import type { Account } from "../modules/identity/index.ts";
import { guestSecretOf } from "./checkout.ts";

export interface AccountBookingsDeps {
  db: Database;
  guestAccessSecret: string;
  /** The manage-booking page's path in a language (the app's slug table; flows do not import app). */
  manageBookingPathOf: (language: Language) => string;
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
}

/** At most this many, newest first: an account area is not an archive. */
export const ACCOUNT_BOOKINGS_LIMIT = 50;

export async function findAccountBookings(deps: AccountBookingsDeps, account: Pick<Account, "email" | "confirmed">, language: Language): Promise<AccountBooking[]> {
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
    const query = new URLSearchParams({ ref: row.reference, key: guestSecretOf(deps.guestAccessSecret, row.id) });
    result.push({
      reference: row.reference,
      status: row.status,
      bookedAt: (row.paidAt ?? row.createdAt).toISOString(),
      total: isCurrencyCode(row.currency) ? `${format(row.totalMinor)} ${row.currency}` : format(row.totalMinor),
      manageHref: `${deps.manageBookingPathOf(language)}?${query.toString()}`,
    });
  }
  return result;
}
