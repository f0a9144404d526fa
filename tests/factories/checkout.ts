// Checkout fixtures for the db tier: a runtime whose payment provider is the real sandbox behind the
// app's own router (no socket), a buyer's form, and a paid booking in three calls. Shared by the
// checkout and manage-booking tests so each speaks the domain instead of repeating the plumbing.
import { and, eq, isNull, sql } from "drizzle-orm";
import { CROSSING_TO_CANCUN, CROSSING_TO_ISLA, CROSSING_TO_ISLA_CODE } from "../../db/seed-catalogue.ts";
import { addToCart } from "../../flows/cart.ts";
import { confirmPayment, placeBooking, type CheckoutDeps, type PlaceBookingInput } from "../../flows/checkout.ts";
import { fixedClock } from "../../lib/clock.ts";
import type { Database } from "../../lib/db.ts";
import { AppError } from "../../lib/errors.ts";
import type { Language } from "../../lib/language.ts";
import { findBooking, type BookingRow } from "../../modules/bookings/index.ts";
import {
  addDays,
  findDaySailings,
  materializeSailings,
  seatAllocations,
  type SailingView,
} from "../../modules/inventory/index.ts";
import { createHttpPaymentProvider, type PaymentProvider } from "../../modules/payments/index.ts";
import { createApp } from "../../server/app.ts";
import type { Runtime } from "../../server/boot.ts";
import { bootSnapshot } from "../setup/db.ts";

export const SANDBOX_TEST_KEY = "sk_sandbox_checkout_test_0123456789abcdef";
export const SANDBOX_TEST_WEBHOOK_SECRET = "whsec_sandbox_checkout_test_0123456789abcdef";
export const GUEST_TEST_SECRET = "guest-secret-for-the-checkout-tests-0123456789";

export interface CheckoutHarness {
  runtime: Runtime;
  app: ReturnType<typeof createApp>;
  provider: PaymentProvider;
}

/** The seeded runtime at a fixed `now`, paying through the sandbox provider over the app's router; `env` adds configuration (SMTP_URL, PUBLIC_ORIGIN…). */
export async function bootCheckout(now: Date, env: Record<string, string> = {}): Promise<CheckoutHarness> {
  const runtime = await bootSnapshot({
    NODE_ENV: "production",
    // Production builds links on its public origin only: the provider's pages are reached there.
    PUBLIC_ORIGIN: "http://psp.test",
    SANDBOX_PSP_SECRET_KEY: SANDBOX_TEST_KEY,
    SANDBOX_PSP_WEBHOOK_SECRET: SANDBOX_TEST_WEBHOOK_SECRET,
    GUEST_ACCESS_SECRET: GUEST_TEST_SECRET,
    ...env,
  });
  const app = createApp(runtime.services, { ping: () => runtime.database.ping() });
  const provider = createHttpPaymentProvider({
    baseUrl: "http://psp.test",
    secretKey: SANDBOX_TEST_KEY,
    webhookSecret: SANDBOX_TEST_WEBHOOK_SECRET,
    fetch: async (input, init) => app.request(new Request(input, init)),
  });
  runtime.services.payments = provider;
  runtime.services.clock = fixedClock(now);
  return { runtime, app, provider };
}

/** A day's ferry sailings both ways, made from the timetable as they would be by `now`. */
export async function sailingsBothWays(
  db: Database,
  day: string,
  now: Date,
): Promise<{ outbound: SailingView[]; inbound: SailingView[] }> {
  await materializeSailings(db, { from: day, to: addDays(day, 1), now });
  return {
    outbound: await findDaySailings(db, [CROSSING_TO_ISLA], day, now),
    inbound: await findDaySailings(db, [CROSSING_TO_CANCUN], day, now),
  };
}

/** What the payment-details form sends for a buyer, with anything the test wants different. */
export function placingInput(sessionId: string, overrides: Partial<PlaceBookingInput> = {}): PlaceBookingInput {
  return {
    sessionId,
    siteCode: "travesia",
    language: "en",
    buyer: { name: "Ana Pérez", email: "ana@example.com", phone: "+52 998 123 4567", country: "MX", acceptTerms: true },
    passengerNames: {},
    method: "card",
    instalmentMonths: null,
    returnUrlOf: (reference) => `http://site.test/en/carrito/thank-you/?booking=${reference}`,
    ...overrides,
  };
}

/** The error code a use case refuses with; fails the test when it does not refuse. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error("expected a refusal");
}

/** The provider's payment id at the end of its hosted page's address. */
export function intentIdOf(url: string): string {
  return url.split("/").pop()!;
}

/** Seats sold (not held, not released) on a sailing. */
export async function soldOn(db: Database, sailingId: number): Promise<number> {
  const [row] = await db
    .select({ sold: sql<number>`coalesce(sum(${seatAllocations.quantity}), 0)::int` })
    .from(seatAllocations)
    .where(
      and(
        eq(seatAllocations.sailingId, sailingId),
        eq(seatAllocations.state, "sold"),
        isNull(seatAllocations.releasedAt),
      ),
    );
  return row?.sold ?? 0;
}

/** Seats held (not released, not expired at `now`) on a sailing. */
export async function heldOn(db: Database, sailingId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ held: sql<number>`coalesce(sum(${seatAllocations.quantity}), 0)::int` })
    .from(seatAllocations)
    .where(
      and(
        eq(seatAllocations.sailingId, sailingId),
        eq(seatAllocations.state, "held"),
        isNull(seatAllocations.releasedAt),
        sql`${seatAllocations.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
  return row?.held ?? 0;
}

/** A ferry purchase as tests make it: tourist adults Cancún → Isla Mujeres, the return leg when given. */
export interface FerryPurchase {
  trip: "one_way" | "round_trip" | "open";
  outbound: { id: number; serviceDate: string } | null;
  inbound?: { id: number; serviceDate: string } | null;
  adults?: number;
  /** The cart's language; the booking's comes with `placing`. */
  language?: Language;
  /** The crossing's code, when the sailings are not on the way to the island. */
  crossing?: string;
}

/** Adds the ferry item to a new cart and pays it by card through the sandbox: the ticketed booking. */
export async function buyFerry(
  deps: CheckoutDeps & { holdSeconds: number },
  provider: PaymentProvider,
  purchase: FerryPurchase,
  placing: Partial<PlaceBookingInput> = {},
): Promise<BookingRow> {
  const { sessionId } = await addToCart(
    deps.db,
    {
      sessionId: null,
      currency: "MXN",
      item: {
        type: "ferry",
        crossing: purchase.crossing ?? CROSSING_TO_ISLA_CODE,
        trip: purchase.trip,
        date: purchase.outbound?.serviceDate ?? null,
        returnDate: purchase.inbound?.serviceDate ?? null,
        outboundSailingId: purchase.outbound?.id ?? null,
        inboundSailingId: purchase.inbound?.id ?? null,
        category: "tourist",
        passengers: { adult: purchase.adults ?? 1, child: 0, infant: 0 },
      },
    },
    { siteCode: "travesia", language: purchase.language ?? "es", now: deps.now, holdSeconds: deps.holdSeconds },
  );
  return buyWithCard(deps, provider, sessionId, placing);
}

/** Places the cart of `sessionId`, pays it with the sandbox's good card and returns the ticketed booking. */
export async function buyWithCard(
  deps: CheckoutDeps & { holdSeconds: number },
  provider: PaymentProvider,
  sessionId: string,
  overrides: Partial<PlaceBookingInput> = {},
): Promise<BookingRow> {
  const placed = await placeBooking(deps, placingInput(sessionId, overrides));
  if (placed.kind !== "redirect") throw new Error(`expected the provider's page, got ${placed.kind}`);
  const intentId = intentIdOf(placed.url);
  await provider.authorizePayment(intentId, { cardToken: "tok_test_4242", idempotencyKey: `test-auth-${intentId}` });
  const outcome = await confirmPayment(deps, intentId);
  if (outcome.kind !== "ticketed") throw new Error(`expected a ticketed booking, got ${outcome.kind}`);
  return (await findBooking(deps.db, { id: placed.bookingId }))!;
}
