// Payment faults on a PostgreSQL server (ADR 0034). Each fault ends with the same
// invariants (tests/factories/payment-invariants.ts): no paid booking lost, no double charge, holds
// freed once the sweep ran past their expiry.
//   (a) the app's database connection terminated (pg_terminate_backend) inside placeBooking's and
//       confirmPayment's transactions: the request fails, its retry completes;
//   (b) the link to the provider cut after the provider acted and before our code saw the answer (after
//       opening the payment, after capturing it): a retry finds the same payment, reconciliation tickets;
//   (c) webhooks duplicated and reordered (captured before authorized, each twice, at once): one
//       booking state, one e-mail;
//   (d) the production build killed with SIGKILL after the provider charged and before our side
//       recorded it, then restarted: the reconciliation queued at start tickets the booking.
import { and, count, eq, sql } from "drizzle-orm";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEND_BOOKING_EMAIL } from "../flows/booking-email.ts";
import { addToCart, type CartContext } from "../flows/cart.ts";
import { confirmPayment, failLapsedBookings, placeBooking } from "../flows/checkout.ts";
import { checkoutDeps } from "../flows/checkout-deps.ts";
import { reconcilePayments } from "../flows/payment-reconciliation.ts";
import { fixedClock } from "../lib/clock.ts";
import { createLogger } from "../lib/logger.ts";
import { bookingEvents, bookingPayments, bookings } from "../modules/bookings/index.ts";
import type { SailingView } from "../modules/inventory/index.ts";
import { jobs } from "../modules/jobs/index.ts";
import type { PaymentProvider } from "../modules/payments/index.ts";
import { findEvents, sandboxPspEvents, sandboxPspIntents, webhookDelivery } from "../sandbox-psp/index.ts";
import { codeOf, intentIdOf, placingInput as placing } from "../tests/factories/checkout.ts";
import { expectPaymentInvariants } from "../tests/factories/payment-invariants.ts";
import { startBuiltServer, type BuiltServer } from "../tests/setup/built-server.ts";
import { connect, createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";
import { inProcessPaymentProvider, sailingsOfDay } from "../tests/setup/race-server.ts";
import { createApp } from "./app.ts";
import { boot, type Runtime } from "./boot.ts";
import { withTestSecrets } from "../tests/setup/production-secrets.mjs";

const HOLD_SECONDS = 900;
const KEY = "sk_sandbox_checkout_faults_0123456789abcdef";
const WEBHOOK_SECRET = "whsec_sandbox_checkout_faults_0123456789abcdef";
const GUEST_SECRET = "guest-secret-for-the-checkout-faults-0123456789";
const CART_API_HEADERS = {
  Authorization: "Bearer travesia-web-public-cart-key",
  "X-Project-Prefix": "TRAVESIA",
  "X-Site-Code": "travesia",
  "Content-Type": "application/json",
};

let testDb: TestDatabase;
let runtime: Runtime;
let app: ReturnType<typeof createApp>;
let provider: PaymentProvider;
let sailings: SailingView[];
/** When set, the next provider call whose address matches reaches the provider, and its answer is lost on the way back. */
let cutLinkAfter: RegExp | null = null;
const now = new Date();
const logger = createLogger("silent");

beforeAll(async () => {
  testDb = await createTestDatabase();
  runtime = await boot(
    withTestSecrets({
      DATABASE_URL: testDb.url,
      DATABASE_POOL_SIZE: "6",
      LOG_LEVEL: "silent",
      NODE_ENV: "production",
      SANDBOX_PSP_SECRET_KEY: KEY,
      SANDBOX_PSP_WEBHOOK_SECRET: WEBHOOK_SECRET,
      GUEST_ACCESS_SECRET: GUEST_SECRET,
    }),
    { logger },
  );
  ({ app, provider } = inProcessPaymentProvider(runtime, async (url, response) => {
    if (cutLinkAfter?.test(url)) {
      cutLinkAfter = null;
      await response.arrayBuffer();
      throw new TypeError("fetch failed: the connection was reset after the request was sent");
    }
    return response;
  }));
  // The webhook receiver confirms through the same provider.
  runtime.services.payments = provider;
  ({ sailings } = await sailingsOfDay(runtime, 8, now));
  expect(sailings.length).toBeGreaterThanOrEqual(4);
}, 60_000);

afterAll(async () => {
  await runtime?.database.close();
  await testDb?.drop();
});

const db = () => runtime.database.db;
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
/** Past every hold of this file (and a minute more: holds are freed within 60 s of expiry). */
const pastEveryHold = () => new Date(Date.now() + (HOLD_SECONDS + 60) * 1000 + 60_000);

async function oneWayCart(sailing: SailingView, adults: number) {
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
  return addToCart(db(), { sessionId: null, currency: "MXN", item }, cartContext());
}

async function placedOn(sailing: SailingView, adults: number) {
  const { sessionId } = await oneWayCart(sailing, adults);
  const placed = await placeBooking(deps(), placing(sessionId));
  if (placed.kind !== "redirect") throw new Error("expected the provider's page");
  return { sessionId, bookingId: placed.bookingId, intentId: intentIdOf(placed.url) };
}

async function statusOf(bookingId: string) {
  const [row] = await db().select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
  return row?.status;
}

async function mailJobsOf(bookingId: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.name, SEND_BOOKING_EMAIL), sql`${jobs.payload}->>'bookingId' = ${bookingId}`));
  return row!.n;
}

async function capturesOf(intentId: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(sandboxPspEvents)
    .where(and(eq(sandboxPspEvents.intentId, intentId), eq(sandboxPspEvents.type, "payment.captured")));
  return row!.n;
}

/** The sweep at `at` (what the per-minute job does then), and the invariants after it. */
async function sweepAndCheck(at = pastEveryHold()) {
  await failLapsedBookings({ db: db(), now: at });
  return expectPaymentInvariants(db(), at);
}

/**
 * Runs `action` while a row it must lock is locked by another session; once the app's connection waits
 * on that lock (mid-transaction), the connection is terminated with pg_terminate_backend. Returns what
 * `action` threw.
 */
async function terminatedMidTransaction(
  lockRow: string,
  values: unknown[],
  action: () => Promise<unknown>,
): Promise<unknown> {
  const locker = await connect(testDb.url);
  try {
    await locker.query("begin");
    await locker.query(lockRow, values);
    const lockerPid = (await locker.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
    const outcome = action().then(
      () => null,
      (error: unknown) => error,
    );
    for (let waited = 0; ; waited += 1) {
      const { rows } = await testDb.admin<{ terminated: boolean }>(
        "select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> $2",
        [testDb.name, lockerPid],
      );
      if (rows.some((row) => row.terminated)) break;
      if (waited > 500) throw new Error("the app never waited on the locked row");
      await sleep(10);
    }
    await locker.query("rollback");
    return await outcome;
  } finally {
    await locker.end();
  }
}

describe("payment faults on PostgreSQL", () => {
  it("(a) the database connection terminated inside placing and inside confirming: the request fails, its retry completes", async () => {
    const { sessionId } = await oneWayCart(sailings[0]!, 2);
    const placingFailed = await terminatedMidTransaction(
      "select 1 from carts where session_id = $1 for update",
      [sessionId],
      () => placeBooking(deps(), placing(sessionId)),
    );
    expect(placingFailed).toBeInstanceOf(Error);
    expect(
      await db()
        .select()
        .from(bookings)
        .where(sql`${bookings.cartId} = (select id from carts where session_id = ${sessionId})`),
    ).toHaveLength(0);

    // The buyer submits again: the pool has replaced the dead connection.
    const placed = await placeBooking(deps(), placing(sessionId));
    if (placed.kind !== "redirect") throw new Error("expected the provider's page");
    const intentId = intentIdOf(placed.url);
    await provider.authorizePayment(intentId, {
      cardToken: "tok_test_4242",
      idempotencyKey: `faults-auth-${intentId}`,
    });

    // The provider captures, then the ticketing transaction loses its connection.
    const confirmingFailed = await terminatedMidTransaction(
      "select 1 from bookings where id = $1 for update",
      [placed.bookingId],
      () => confirmPayment(deps(), intentId),
    );
    expect(confirmingFailed).toBeInstanceOf(Error);
    expect(await statusOf(placed.bookingId)).toBe("pending_payment");
    expect(await capturesOf(intentId)).toBe(1);

    // The return page reloads (or the webhook arrives): ticketed, with the one capture.
    expect((await confirmPayment(deps(), intentId)).kind).toBe("ticketed");
    expect(await capturesOf(intentId)).toBe(1);
    expect(await mailJobsOf(placed.bookingId)).toBe(1);
    expect(
      await db().select().from(bookingPayments).where(eq(bookingPayments.bookingId, placed.bookingId)),
    ).toHaveLength(1);
    await sweepAndCheck();
  });

  it("(b) the provider link cut after it opened the payment and after it captured: the retry finds the same payment, reconciliation tickets the booking", async () => {
    const { sessionId } = await oneWayCart(sailings[1]!, 1);
    cutLinkAfter = /\/payment-intents$/;
    expect(await codeOf(placeBooking(deps(), placing(sessionId)))).toBe("PAYMENT_PROVIDER_UNAVAILABLE");
    const placed = await placeBooking(deps(), placing(sessionId));
    if (placed.kind !== "redirect") throw new Error("expected the provider's page");
    const intentId = intentIdOf(placed.url);
    // The same idempotency key: the provider gave the same payment, it did not open a second one.
    const [opened] = await db()
      .select({ n: count() })
      .from(sandboxPspIntents)
      .where(eq(sandboxPspIntents.merchantReference, placed.reference));
    expect(opened!.n).toBe(1);

    await provider.authorizePayment(intentId, {
      cardToken: "tok_test_4242",
      idempotencyKey: `faults-auth-${intentId}`,
    });
    cutLinkAfter = /\/capture$/;
    expect(await codeOf(confirmPayment(deps(), intentId))).toBe("PAYMENT_PROVIDER_UNAVAILABLE");
    expect((await provider.getPayment(intentId)).status).toBe("captured");
    expect(await statusOf(placed.bookingId)).toBe("pending_payment");

    // Nobody comes back (no return, no webhook): the sweep's reconciliation, two minutes on, asks the provider.
    const later = new Date(now.getTime() + 3 * 60_000);
    const report = await reconcilePayments(deps(later), {
      placedBefore: new Date(later.getTime() - 2 * 60_000),
      logger,
    });
    expect(report.outcomes.ticketed).toBe(1);
    expect(await statusOf(placed.bookingId)).toBe("ticketed");
    expect(await capturesOf(intentId)).toBe(1);
    expect(await mailJobsOf(placed.bookingId)).toBe(1);
    await sweepAndCheck();
  });

  it("(c) webhooks duplicated and reordered — captured before authorized, each twice, at once — give one booking state and one e-mail", async () => {
    const placed = await placedOn(sailings[2]!, 2);
    await provider.authorizePayment(placed.intentId, {
      cardToken: "tok_test_4242",
      idempotencyKey: `faults-auth-${placed.intentId}`,
    });
    await provider.capturePayment(placed.intentId, { idempotencyKey: `faults-capture-${placed.intentId}` });
    const events = await findEvents(db(), placed.intentId);
    const authorized = events.find((event) => event.type === "payment.authorized")!;
    const captured = events.find((event) => event.type === "payment.captured")!;
    const deliver = async (event: typeof captured) => {
      const { body, headers } = webhookDelivery(event, WEBHOOK_SECRET, new Date());
      const response = await app.request("/api/payments/webhook", { method: "POST", headers, body });
      return {
        status: response.status,
        answer: (await response.json()) as { duplicate: boolean; bookingStatus: string | null },
      };
    };
    const first = await deliver(captured);
    expect(first).toEqual({ status: 200, answer: { received: true, duplicate: false, bookingStatus: "ticketed" } });
    const rest = await Promise.all([deliver(captured), deliver(authorized), deliver(authorized), deliver(captured)]);
    expect(rest.map((delivery) => delivery.status)).toEqual([200, 200, 200, 200]);
    expect(
      rest
        .filter((delivery) => !delivery.answer.duplicate)
        .every((delivery) => delivery.answer.bookingStatus === "ticketed"),
    ).toBe(true);

    expect(await statusOf(placed.bookingId)).toBe("ticketed");
    const history = await db()
      .select({ to: bookingEvents.toStatus })
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, placed.bookingId));
    expect(history.filter((event) => event.to === "paid")).toHaveLength(1);
    expect(await mailJobsOf(placed.bookingId)).toBe(1);
    expect(await capturesOf(placed.intentId)).toBe(1);
    await sweepAndCheck();
  });

  it("(d) the app killed with SIGKILL after the provider charged, restarted: reconciliation at start tickets the booking", async () => {
    // Webhooks off: the restart's reconciliation, not the provider's retries, must settle it. The
    // database is seeded already (by this file's runtime): the starts skip the seed, as a second node would.
    // Info logs stay in memory; if a start-up ever stalls, startBuiltServer's error shows how far it got.
    const env = {
      DATABASE_URL: testDb.url,
      DATABASE_POOL_SIZE: "4",
      LOG_LEVEL: "info",
      SANDBOX_PSP_SECRET_KEY: KEY,
      SANDBOX_PSP_WEBHOOK_SECRET: WEBHOOK_SECRET,
      GUEST_ACCESS_SECRET: GUEST_SECRET,
      SANDBOX_PSP_WEBHOOKS_ENABLED: "false",
      SEED: "false",
    };
    let server: BuiltServer | null = await startBuiltServer(env);
    try {
      const sailing = sailings[3]!;
      const item = {
        type: "ferry",
        crossing: "cancun-isla-mujeres",
        trip: "one_way",
        date: sailing.serviceDate,
        outboundSailingId: sailing.id,
        passengers: { adult: 1 },
      };
      const cartAnswer = await fetch(`${server.origin}/xapi/shopping-cart?Language=EN`, {
        method: "POST",
        headers: CART_API_HEADERS,
        body: JSON.stringify({ action: "add", currency: "USD", item }),
      });
      expect(cartAnswer.status).toBe(200);
      const cart = (await cartAnswer.json()) as { SessionId: string };
      const form = new URLSearchParams({
        name: "Emily Carter",
        email: "emily@example.com",
        phone: "+1 312 555 0101",
        country: "US",
        method: "card",
        acceptTerms: "on",
      });
      const placedAnswer = await fetch(`${server.origin}/en/carrito/payment-details/`, {
        method: "POST",
        headers: { Cookie: `cart_session=${cart.SessionId}`, "Content-Type": "application/x-www-form-urlencoded" },
        body: form,
        redirect: "manual",
      });
      const cardPage = placedAnswer.headers.get("location") ?? "";
      expect(cardPage).toMatch(/\/sandbox-psp\/pay\/pi_/);
      const intentId = intentIdOf(cardPage);
      const card = new URLSearchParams({
        number: "4242424242424242",
        expiry: "12/34",
        cvc: "123",
        name: "Emily Carter",
      });
      const paid = await fetch(new URL(cardPage, server.origin), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: card,
        redirect: "manual",
      });
      expect(paid.headers.get("location") ?? "").toMatch(/\/en\/carrito\/thank-you\/\?booking=/);
      // The capture our return page makes, made at the provider; the process dies before it records it.
      const capture = await fetch(`${server.origin}/sandbox-psp/v1/payment-intents/${intentId}/capture`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${KEY}`,
          "Content-Type": "application/json",
          "Idempotency-Key": `capture-before-the-kill-${intentId}`,
        },
        body: "{}",
      });
      expect(capture.status).toBe(200);
      await server.stop("SIGKILL");
      server = null;
      const [payment] = await db()
        .select()
        .from(bookingPayments)
        .where(eq(bookingPayments.providerPaymentId, intentId));
      expect(await statusOf(payment!.bookingId)).toBe("pending_payment");
      server = await startBuiltServer(env);
      let status = await statusOf(payment!.bookingId);
      for (let waited = 0; status !== "ticketed" && waited < 150; waited += 1) {
        await sleep(100);
        status = await statusOf(payment!.bookingId);
      }
      expect(status).toBe("ticketed");
      expect(await capturesOf(intentId)).toBe(1);
      expect(await mailJobsOf(payment!.bookingId)).toBe(1);
    } finally {
      await server?.stop("SIGTERM");
    }
    const figures = await sweepAndCheck();
    expect(figures.charged).toBe(4);
  }, 60_000);
});
