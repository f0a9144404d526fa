// Checkout under concurrency on a PostgreSQL server: ten tabs submitting one cart give one
// booking and one payment; ten completions racing (returns and webhooks) capture once and issue each
// ticket once; a buyer whose hold ran out on the provider's page races the buyer who took the last
// seats since, and the boat is never oversold — the late payment is refunded instead. The racing
// completions queue the tickets' e-mail once, and a booking refunded instead queues none.
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../lib/logger.ts";
import { bookingPayments, bookings, tickets } from "../modules/bookings/index.ts";
import { blockSeats, seatAllocations, type SailingView } from "../modules/inventory/index.ts";
import type { PaymentProvider } from "../modules/payments/index.ts";
import { sandboxPspEvents } from "../sandbox-psp/index.ts";
import { addToCart, type CartContext } from "../flows/cart.ts";
import { SEND_BOOKING_EMAIL } from "../flows/booking-email.ts";
import { checkoutDeps } from "../flows/checkout-deps.ts";
import { fixedClock } from "../lib/clock.ts";
import { confirmPayment, placeBooking } from "../flows/checkout.ts";
import { jobs } from "../modules/jobs/index.ts";
import { intentIdOf, placingInput as placing, soldOn as soldOnIn } from "../tests/factories/checkout.ts";
import { boot, type Runtime } from "./boot.ts";
import { createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";
import { inProcessPaymentProvider, sailingsOfDay } from "../tests/setup/race-server.ts";
import { withTestSecrets } from "../tests/setup/production-secrets.mjs";

const TABS = 10;
const HOLD_SECONDS = 900;
const KEY = "sk_sandbox_checkout_race_0123456789abcdef";
const WEBHOOK_SECRET = "whsec_sandbox_checkout_race_0123456789abcdef";
const GUEST_SECRET = "guest-secret-for-the-checkout-race-0123456789";

let testDb: TestDatabase;
let runtime: Runtime;
let provider: PaymentProvider;
let sailings: SailingView[];
const now = new Date();

beforeAll(async () => {
  testDb = await createTestDatabase();
  runtime = await boot(
    withTestSecrets({
      DATABASE_URL: testDb.url,
      DATABASE_POOL_SIZE: String(TABS * 2),
      LOG_LEVEL: "silent",
      NODE_ENV: "production",
      SANDBOX_PSP_SECRET_KEY: KEY,
      SANDBOX_PSP_WEBHOOK_SECRET: WEBHOOK_SECRET,
    }),
    { logger: createLogger("silent") },
  );
  ({ provider } = inProcessPaymentProvider(runtime));
  ({ sailings } = await sailingsOfDay(runtime, 6, now));
  expect(sailings.length).toBeGreaterThanOrEqual(3);
}, 60_000);

afterAll(async () => {
  await runtime?.database.close();
  await testDb?.drop();
});

const db = () => runtime.database.db;
// The deps the return page and the webhook use (they queue the tickets' e-mail), with this test's secret.
const deps = (at = now) =>
  checkoutDeps({
    db: db(),
    payments: provider,
    clock: fixedClock(at),
    config: { GUEST_ACCESS_SECRET: GUEST_SECRET, CART_HOLD_SECONDS: HOLD_SECONDS },
  });
const cartContext = (at = now): CartContext => ({
  siteCode: "travesia",
  language: "en",
  now: at,
  holdSeconds: HOLD_SECONDS,
});

async function oneWayCart(sailing: SailingView, adults: number, at = now) {
  const item = {
    type: "ferry" as const,
    crossing: "cancun-isla-mujeres",
    trip: "one_way" as const,
    date: sailing.serviceDate,
    returnDate: null,
    outboundSailingId: sailing.id,
    inboundSailingId: null,
    category: "tourist" as const,
    passengers: { adult: adults, child: 0, infant: 0 },
  };
  return addToCart(db(), { sessionId: null, currency: "MXN", item }, cartContext(at));
}

const soldOn = (sailingId: number) => soldOnIn(db(), sailingId);

async function mailJobsOf(bookingId: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.name, SEND_BOOKING_EMAIL), sql`${jobs.payload}->>'bookingId' = ${bookingId}`));
  return row!.n;
}

async function eventsOf(intentId: string, type: "payment.captured" | "payment.refunded"): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(sandboxPspEvents)
    .where(and(eq(sandboxPspEvents.intentId, intentId), eq(sandboxPspEvents.type, type)));
  return row!.n;
}

describe("checkout on PostgreSQL, under concurrency", () => {
  it("ten tabs submitting one cart give one booking and one payment; ten racing completions capture once", async () => {
    const sailing = sailings[0]!;
    const { sessionId } = await oneWayCart(sailing, 3);
    const placed = await Promise.all(Array.from({ length: TABS }, () => placeBooking(deps(), placing(sessionId))));
    expect(new Set(placed.map((result) => result.bookingId)).size).toBe(1);
    expect(new Set(placed.map((result) => (result.kind === "redirect" ? result.url : "paid"))).size).toBe(1);
    const [first] = placed;
    if (first?.kind !== "redirect") throw new Error("expected the provider's page");
    const payments = await db().select().from(bookingPayments).where(eq(bookingPayments.bookingId, first.bookingId));
    expect(payments).toHaveLength(1);

    const intentId = intentIdOf(first.url);
    await provider.authorizePayment(intentId, { cardToken: "tok_test_4242", idempotencyKey: `race-auth-${intentId}` });
    const outcomes = await Promise.all(Array.from({ length: TABS }, () => confirmPayment(deps(), intentId)));
    expect(new Set(outcomes.map((outcome) => outcome.kind))).toEqual(new Set(["ticketed"]));
    expect(await eventsOf(intentId, "payment.captured")).toBe(1);
    expect(await db().select().from(tickets).where(eq(tickets.bookingId, first.bookingId))).toHaveLength(3);
    expect(await soldOn(sailing.id)).toBe(3);
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, first.bookingId));
    expect(booking!.status).toBe("ticketed");
    expect(await mailJobsOf(first.bookingId)).toBe(1);
  }, 60_000);

  it("a hold that ran out on the provider's page races the buyer who took the last seats since: one is ticketed, the other refunded, never oversold", async () => {
    const sailing = sailings[1]!;
    // Two seats left on the boat.
    await blockSeats(db(), { sailingId: sailing.id }, sailing.capacity - 2, "block:checkout-race", now);
    const late = await oneWayCart(sailing, 2);
    const placedLate = await placeBooking(deps(), placing(late.sessionId));
    if (placedLate.kind !== "redirect") throw new Error("expected the provider's page");

    // The late buyer's hold runs out while on the provider's page; another buyer holds the two seats and pays.
    const later = new Date(now.getTime() + (HOLD_SECONDS + 60) * 1000);
    const prompt = await oneWayCart(sailing, 2, later);
    const placedPrompt = await placeBooking(deps(later), placing(prompt.sessionId));
    if (placedPrompt.kind !== "redirect") throw new Error("expected the provider's page");
    for (const placed of [placedLate, placedPrompt]) {
      await provider.authorizePayment(intentIdOf(placed.url), {
        cardToken: "tok_test_4242",
        idempotencyKey: `race-auth-${placed.bookingId}`,
      });
    }

    // Both completions at once, each from two sources (the return and a webhook).
    const confirm = (placed: typeof placedLate) => confirmPayment(deps(later), intentIdOf(placed.url));
    const [lateA, promptA, lateB, promptB] = await Promise.all([
      confirm(placedLate),
      confirm(placedPrompt),
      confirm(placedLate),
      confirm(placedPrompt),
    ]);
    expect([promptA.kind, promptB.kind]).toEqual(["ticketed", "ticketed"]);
    expect([lateA.kind, lateB.kind]).toEqual(["refunded", "refunded"]);
    expect(await soldOn(sailing.id)).toBe(2);
    expect(await eventsOf(intentIdOf(placedLate.url), "payment.refunded")).toBe(1);
    expect(await db().select().from(tickets).where(eq(tickets.bookingId, placedLate.bookingId))).toHaveLength(0);
    expect([await mailJobsOf(placedPrompt.bookingId), await mailJobsOf(placedLate.bookingId)]).toEqual([1, 0]);
    const [seats] = await db()
      .select({ taken: sql<number>`coalesce(sum(${seatAllocations.quantity}), 0)::int` })
      .from(seatAllocations)
      .where(
        and(
          eq(seatAllocations.sailingId, sailing.id),
          isNull(seatAllocations.releasedAt),
          sql`${seatAllocations.state} <> 'held'`,
        ),
      );
    expect(seats!.taken).toBe(sailing.capacity);
  }, 60_000);
});
