// A checkout to test against: the seeded runtime over a fresh snapshot, the sandbox payment provider
// reached through the app's own router (no socket), a fixed clock, and the day's sailings both ways.
import { and, eq, isNull, sql } from "drizzle-orm";
import { CROSSING_TO_CANCUN, CROSSING_TO_ISLA, CROSSING_TO_ISLA_CODE } from "../../db/seed-catalogue.ts";
import { addToCart, type CartContext } from "../../flows/cart.ts";
import type { PlaceBookingInput } from "../../flows/checkout.ts";
import { fixedClock } from "../../lib/clock.ts";
import type { Database } from "../../lib/db.ts";
import { AppError } from "../../lib/errors.ts";
import { addDays, findDaySailings, materializeSailings, seatAllocations, type SailingView } from "../../modules/inventory/index.ts";
import { createHttpPaymentProvider, type PaymentProvider } from "../../modules/payments/index.ts";
import { createApp } from "../../server/app.ts";
import type { Runtime } from "../../server/boot.ts";
import { bootSnapshot } from "./db.ts";

export const SANDBOX_KEY = "sk_sandbox_checkout_test_0123456789abcdef";
export const SANDBOX_WEBHOOK_SECRET = "whsec_sandbox_checkout_test_0123456789abcdef";

export interface CheckoutFixture {
  runtime: Runtime;
  app: ReturnType<typeof createApp>;
  provider: PaymentProvider;
  db: Database;
  /** The day's sailings Cancún → Isla Mujeres and back. */
  outbound: SailingView[];
  inbound: SailingView[];
}

/** Boots with the sandbox secrets (and `env`), pins the clock at `now`, and makes sailings from `day` for three days. */
export async function bootCheckout(options: { day: string; now: Date; env?: Record<string, string | undefined> }): Promise<CheckoutFixture> {
  const runtime = await bootSnapshot({ NODE_ENV: "production", SANDBOX_PSP_SECRET_KEY: SANDBOX_KEY, SANDBOX_PSP_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET, ...options.env });
  const app = createApp(runtime.services, { ping: () => runtime.database.ping() });
  const provider = createHttpPaymentProvider({
    baseUrl: "http://psp.test",
    secretKey: SANDBOX_KEY,
    webhookSecret: SANDBOX_WEBHOOK_SECRET,
    fetch: async (input, init) => app.request(new Request(input, init)),
  });
  runtime.services.payments = provider;
  runtime.services.clock = fixedClock(options.now);
  const db = runtime.database.db;
  await materializeSailings(db, { from: options.day, to: addDays(options.day, 3), now: options.now });
  const outbound = await findDaySailings(db, [CROSSING_TO_ISLA], options.day, options.now);
  const inbound = await findDaySailings(db, [CROSSING_TO_CANCUN], options.day, options.now);
  return { runtime, app, provider, db, outbound, inbound };
}

/** A new cart with one round trip (tourist fare) on those sailings. */
export async function addRoundTrip(
  db: Database,
  context: CartContext,
  out: SailingView,
  back: SailingView,
  passengers = { adult: 2, child: 1, infant: 0 },
  currency: "USD" | "MXN" = "USD",
): Promise<{ sessionId: string; lineId: string }> {
  return addToCart(
    db,
    {
      sessionId: null,
      currency,
      item: { type: "ferry", crossing: CROSSING_TO_ISLA_CODE, trip: "round_trip", date: out.serviceDate, returnDate: back.serviceDate, outboundSailingId: out.id, inboundSailingId: back.id, category: "tourist", passengers },
    },
    context,
  );
}

/** What the payment form sends for a cart: Ana pays by card, in English. */
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

/** The provider's payment id at the end of its hosted page's URL. */
export function intentIdOf(url: string): string {
  return url.split("/").pop()!;
}

/** The code of the AppError a promise is refused with; fails the test when it resolves or throws anything else. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error("expected a refusal");
}

/** Seats sold (not held) on a sailing. */
export async function soldOn(db: Database, sailingId: number): Promise<number> {
  const [row] = await db
    .select({ sold: sql<number>`coalesce(sum(${seatAllocations.quantity}), 0)::int` })
    .from(seatAllocations)
    .where(and(eq(seatAllocations.sailingId, sailingId), eq(seatAllocations.state, "sold"), isNull(seatAllocations.releasedAt)));
  return row?.sold ?? 0;
}

/** Seats held (unreleased, unexpired at `now`) on a sailing. */
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
