// Reconciliation against the provider (ADR 0034) on the seeded database, the sandbox provider over the
// app's router: payments the provider took while our side never recorded them are ticketed once, by the
// sweep (after two minutes) or by the run queued at start (everything placed before it); unpaid and
// young bookings are left alone; a lapsed booking whose money arrived is ticketed rather than failed;
// a provider that does not answer changes nothing.
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSSING_TO_ISLA, CROSSING_TO_ISLA_CODE } from "../db/seed-catalogue.ts";
import { fixedClock } from "../lib/clock.ts";
import { createLogger } from "../lib/logger.ts";
import { bookings } from "../modules/bookings/index.ts";
import { addDays, findDaySailings, materializeSailings, type SailingView } from "../modules/inventory/index.ts";
import { jobs } from "../modules/jobs/index.ts";
import { createHttpPaymentProvider, type PaymentProvider } from "../modules/payments/index.ts";
import { sandboxPspEvents } from "../sandbox-psp/index.ts";
import {
  bootCheckout,
  GUEST_TEST_SECRET,
  intentIdOf,
  placingInput,
  SANDBOX_TEST_KEY,
  SANDBOX_TEST_WEBHOOK_SECRET,
} from "../tests/factories/checkout.ts";
import { expectPaymentInvariants } from "../tests/factories/payment-invariants.ts";
import { SEND_BOOKING_EMAIL } from "./booking-email.ts";
import { sweepLapsedBookings } from "./booking-sweep.ts";
import { addToCart } from "./cart.ts";
import { placeBooking } from "./checkout.ts";
import { checkoutDeps } from "./checkout-deps.ts";
import {
  RECONCILE_PAYMENTS,
  reconcilePayments,
  runReconciliationJob,
  scheduleReconciliation,
} from "./payment-reconciliation.ts";

const DAY = "2031-04-09";
const NOW = new Date("2031-04-07T15:00:00Z");
const HOLD_SECONDS = 900;
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const logger = createLogger("silent");

let runtime: Awaited<ReturnType<typeof bootCheckout>>["runtime"];
let provider: PaymentProvider;
let sailings: SailingView[];

beforeAll(async () => {
  ({ runtime, provider } = await bootCheckout(NOW));
  await materializeSailings(runtime.database.db, { from: DAY, to: addDays(DAY, 1), now: NOW });
  sailings = await findDaySailings(runtime.database.db, [CROSSING_TO_ISLA], DAY, NOW);
});
afterAll(() => runtime.database.close());

const db = () => runtime.database.db;
const deps = (at: Date, payments = provider) =>
  checkoutDeps({
    db: db(),
    payments,
    clock: fixedClock(at),
    config: { GUEST_ACCESS_SECRET: GUEST_TEST_SECRET, CART_HOLD_SECONDS: HOLD_SECONDS },
  });

/** A booking placed at `at` for one adult on sailing `index`, paid at the provider as far as `paid` says, never confirmed by us. */
async function stuckBooking(index: number, at: Date, paid: "nothing" | "authorized" | "captured") {
  const item = {
    type: "ferry" as const,
    crossing: CROSSING_TO_ISLA_CODE,
    trip: "one_way" as const,
    date: DAY,
    returnDate: null,
    outboundSailingId: sailings[index]!.id,
    inboundSailingId: null,
    category: "tourist" as const,
    passengers: { adult: 1, child: 0, infant: 0 },
  };
  const { sessionId } = await addToCart(
    db(),
    { sessionId: null, currency: "USD", item },
    { siteCode: "travesia", language: "en", now: at, holdSeconds: HOLD_SECONDS },
  );
  const placed = await placeBooking(deps(at), placingInput(sessionId));
  if (placed.kind !== "redirect") throw new Error("expected the provider's page");
  const intentId = intentIdOf(placed.url);
  if (paid !== "nothing")
    await provider.authorizePayment(intentId, { cardToken: "tok_test_4242", idempotencyKey: `stuck-auth-${intentId}` });
  if (paid === "captured") await provider.capturePayment(intentId, { idempotencyKey: `stuck-capture-${intentId}` });
  return { bookingId: placed.bookingId, intentId };
}

async function statusOf(bookingId: string) {
  const [row] = await db().select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
  return row!.status;
}

async function countOf(table: "captures" | "mails", id: string): Promise<number> {
  const [row] =
    table === "captures"
      ? await db()
          .select({ n: count() })
          .from(sandboxPspEvents)
          .where(and(eq(sandboxPspEvents.intentId, id), eq(sandboxPspEvents.type, "payment.captured")))
      : await db()
          .select({ n: count() })
          .from(jobs)
          .where(and(eq(jobs.name, SEND_BOOKING_EMAIL), sql`${jobs.payload}->>'bookingId' = ${id}`));
  return row!.n;
}

describe("reconciling payments with the provider", () => {
  it("the sweep tickets what the provider took two minutes ago and more, once; unpaid and young bookings wait; a lapsed one with money is ticketed, not failed", async () => {
    const authorized = await stuckBooking(0, NOW, "authorized");
    const captured = await stuckBooking(1, NOW, "captured");
    const unpaid = await stuckBooking(2, NOW, "nothing");
    const young = await stuckBooking(3, minutes(2), "authorized");

    const sweep = (at: Date) => sweepLapsedBookings(db(), { now: at, logger }, deps(at));
    await sweep(minutes(3));
    expect([await statusOf(authorized.bookingId), await statusOf(captured.bookingId)]).toEqual([
      "ticketed",
      "ticketed",
    ]);
    expect([await statusOf(unpaid.bookingId), await statusOf(young.bookingId)]).toEqual([
      "pending_payment",
      "pending_payment",
    ]);
    // Again a minute later: nothing is captured or mailed twice.
    await sweep(minutes(4));
    for (const booking of [authorized, captured])
      expect([await countOf("captures", booking.intentId), await countOf("mails", booking.bookingId)]).toEqual([1, 1]);

    // The young booking's hold runs out while its payment is stuck: its money decides, before the lapse does.
    const lapse = new Date(minutes(2).getTime() + (HOLD_SECONDS + 60) * 1000);
    expect(await sweep(lapse)).toBe(1);
    expect([await statusOf(unpaid.bookingId), await statusOf(young.bookingId)]).toEqual(["failed", "ticketed"]);
    await expectPaymentInvariants(db(), lapse);
  });

  it("the run queued at start asks about every booking placed before it, young ones too", async () => {
    const stuck = await stuckBooking(4, minutes(30), "captured");
    const start = minutes(30.5);
    const jobId = await scheduleReconciliation(db(), start);
    const [job] = await db().select().from(jobs).where(eq(jobs.id, jobId!));
    expect(job!.name).toBe(RECONCILE_PAYMENTS);
    const report = await runReconciliationJob(deps(start), job!.payload, { logger });
    expect(report).toMatchObject({ checked: 1, outcomes: { ticketed: 1 }, unreachable: 0 });
    expect(await statusOf(stuck.bookingId)).toBe("ticketed");
    expect(await countOf("mails", stuck.bookingId)).toBe(1);
  });

  it("a provider that does not answer leaves the booking as it was, for the next run", async () => {
    const stuck = await stuckBooking(5, minutes(40), "captured");
    const unreachable = createHttpPaymentProvider({
      baseUrl: "http://psp.test",
      secretKey: SANDBOX_TEST_KEY,
      webhookSecret: SANDBOX_TEST_WEBHOOK_SECRET,
      fetch: () => Promise.reject(new TypeError("fetch failed")),
    });
    const report = await reconcilePayments(deps(minutes(45), unreachable), { placedBefore: minutes(45), logger });
    expect(report).toMatchObject({ checked: 1, unreachable: 1, outcomes: { ticketed: 0 } });
    expect(await statusOf(stuck.bookingId)).toBe("pending_payment");
    expect((await reconcilePayments(deps(minutes(46)), { placedBefore: minutes(46), logger })).outcomes.ticketed).toBe(
      1,
    );
    expect(await statusOf(stuck.bookingId)).toBe("ticketed");
  });
});
