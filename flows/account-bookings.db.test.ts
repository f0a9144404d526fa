// The account area's bookings on the seeded database: matched by the account's e-mail whatever its
// case, only once that address is confirmed, never another buyer's, never a checkout left unpaid;
// each with its total the currency's way and the guest link that opens manage booking.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSSING_TO_ISLA_CODE } from "../db/seed-catalogue.ts";
import type { Language } from "../lib/language.ts";
import type { CurrencyCode } from "../lib/money.ts";
import { findBookingsByBuyerEmail, type BookingRow } from "../modules/bookings/index.ts";
import { confirmEmail, findAccount, issueAccountToken, registerAccount } from "../modules/identity/index.ts";
import type { PaymentProvider } from "../modules/payments/index.ts";
import {
  bootCheckout,
  buyWithCard,
  GUEST_TEST_SECRET,
  placingInput,
  type CheckoutHarness,
} from "../tests/factories/checkout.ts";
import { findAccountBookings } from "./account-bookings.ts";
import { addToCart } from "./cart.ts";
import { guestSecretOf, placeBooking } from "./checkout.ts";

const NOW = new Date("2031-03-03T15:00:00Z");
const HOLD_SECONDS = 900;

let runtime: CheckoutHarness["runtime"];
let provider: PaymentProvider;

beforeAll(async () => {
  ({ runtime, provider } = await bootCheckout(NOW));
});
afterAll(() => runtime.database.close());

const db = () => runtime.database.db;
const deps = () => ({ db: db(), provider, now: NOW, guestAccessSecret: GUEST_TEST_SECRET, holdSeconds: HOLD_SECONDS });
const listDeps = () => ({
  db: db(),
  guestAccessSecret: GUEST_TEST_SECRET,
  manageBookingPathOf: (language: Language) => `/${language}/manage/`,
  now: NOW,
});

async function openTicketCart(currency: CurrencyCode = "USD"): Promise<string> {
  const { sessionId } = await addToCart(
    db(),
    {
      sessionId: null,
      currency,
      item: {
        type: "ferry",
        crossing: CROSSING_TO_ISLA_CODE,
        trip: "open",
        date: null,
        returnDate: null,
        outboundSailingId: null,
        inboundSailingId: null,
        category: "tourist",
        passengers: { adult: 1, child: 0, infant: 0 },
      },
    },
    { siteCode: "travesia", language: "en", now: NOW, holdSeconds: HOLD_SECONDS },
  );
  return sessionId;
}

async function paidBooking(email: string, currency: CurrencyCode = "USD"): Promise<BookingRow> {
  const buyer = { name: "Lucía Gómez", email, phone: "+52 998 123 4567", country: "MX", acceptTerms: true };
  return buyWithCard(deps(), provider, await openTicketCart(currency), { buyer });
}

async function newAccount(email: string): Promise<string> {
  const { userId } = await registerAccount(
    db(),
    {
      email,
      password: "sal-y-arena-2031",
      firstName: "Lucía",
      lastName: "Gómez",
      countryIso3: "MEX",
      state: "MX-ROO",
      language: "es",
    },
    NOW,
  );
  return userId;
}

async function confirmed(userId: string) {
  const token = await issueAccountToken(db(), userId, "confirm_email", NOW);
  return confirmEmail(db(), token, NOW);
}

describe("the bookings of an account", () => {
  it("lists the bookings bought with its address in any case, newest first, once the address is confirmed", async () => {
    const first = await paidBooking("Lucia.Gomez@Example.com");
    const second = await paidBooking(" lucia.gomez@example.COM ", "MXN");
    await paidBooking("someone.else@example.com");
    const userId = await newAccount("LUCIA.gomez@example.com");

    const unconfirmed = (await findAccount(db(), userId))!;
    expect(await findAccountBookings(listDeps(), unconfirmed, "es")).toEqual([]);

    const account = await confirmed(userId);
    const listed = await findAccountBookings(listDeps(), account, "es");
    expect(listed.map((booking) => booking.reference).sort()).toEqual([first.reference, second.reference].sort());
    const shown = listed.find((booking) => booking.reference === second.reference)!;
    expect(shown.status).toBe("ticketed");
    expect(shown.total).toMatch(/ MXN$/);
    expect(shown.bookedAt).toBe(NOW.toISOString());
    expect(shown.manageHref).toBe(
      `/es/manage/?ref=${second.reference}&key=${guestSecretOf(GUEST_TEST_SECRET, second.id)}`,
    );
  });

  it("splits them into upcoming and past trips, with tickets, calendar and what may still change", async () => {
    const email = "viajera@example.com";
    const booking = await paidBooking(email);
    const account = await confirmed(await newAccount(email));
    const [upcoming] = await findAccountBookings(listDeps(), account, "en");
    expect(upcoming).toMatchObject({
      reference: booking.reference,
      upcoming: true,
      cancelled: false,
      nonRefundable: true,
      cancellable: false,
      changeUntil: null,
      firstDay: null,
    });
    expect(upcoming!.ticketsHref).toBe(
      `/api/bookings/${booking.reference}/tickets.pdf?key=${guestSecretOf(GUEST_TEST_SECRET, booking.id)}`,
    );
    // Open tickets have no date: no calendar entry to add.
    expect(upcoming!.calendarHref).toBeNull();
    // A year on, the open tickets have expired: a past trip, nothing left to change.
    const later = new Date(NOW.getTime() + 365 * 86_400_000);
    const [past] = await findAccountBookings({ ...listDeps(), now: later }, account, "en");
    expect(past).toMatchObject({ upcoming: false, changeUntil: null, cancelUntil: null });
  });

  it("leaves out a checkout that never got its money", async () => {
    const email = "pendiente@example.com";
    const placed = await placeBooking(
      deps(),
      placingInput(await openTicketCart(), {
        buyer: { name: "Pendiente", email, phone: "+52 998 123 4567", country: "MX", acceptTerms: true },
      }),
    );
    expect(placed.kind).toBe("redirect");
    expect(await findBookingsByBuyerEmail(db(), email)).toEqual([]);
    const paid = await paidBooking(email);
    expect((await findBookingsByBuyerEmail(db(), "PENDIENTE@example.com")).map((row) => row.id)).toEqual([paid.id]);
  });

  it("matches nothing for an empty address", async () => {
    expect(await findBookingsByBuyerEmail(db(), "  ")).toEqual([]);
  });
});
