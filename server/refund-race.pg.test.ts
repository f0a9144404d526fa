// Refunds under concurrency on a PostgreSQL server (ADR 0039): operators refunding one
// booking at once never give back more than was paid, here or at the provider; the same form sent
// many times at once is one refund.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart } from "../flows/cart.ts";
import { checkoutDeps } from "../flows/checkout-deps.ts";
import { refundBooking } from "../flows/refunds.ts";
import { fixedClock } from "../lib/clock.ts";
import { AppError } from "../lib/errors.ts";
import { createLogger } from "../lib/logger.ts";
import { findAuditEntries } from "../modules/audit/index.ts";
import { bookingRefunds, findPayments, type BookingRow } from "../modules/bookings/index.ts";
import type { SailingView } from "../modules/inventory/index.ts";
import type { PaymentProvider } from "../modules/payments/index.ts";
import { sandboxPspRefunds } from "../sandbox-psp/index.ts";
import { buyWithCard } from "../tests/factories/checkout.ts";
import { createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";
import { inProcessPaymentProvider, sailingsOfDay } from "../tests/setup/race-server.ts";
import { boot, type Runtime } from "./boot.ts";
import { withTestSecrets } from "../tests/setup/production-secrets.mjs";

const OPERATORS = 6;
const KEY = "sk_sandbox_refund_race_0123456789abcdef";
const WEBHOOK_SECRET = "whsec_sandbox_refund_race_0123456789abcdef";
const GUEST_SECRET = "guest-secret-for-the-refund-race-0123456789";
const HOLD_SECONDS = 900;

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
      DATABASE_POOL_SIZE: String(OPERATORS * 3),
      LOG_LEVEL: "silent",
      NODE_ENV: "production",
      SANDBOX_PSP_SECRET_KEY: KEY,
      SANDBOX_PSP_WEBHOOK_SECRET: WEBHOOK_SECRET,
    }),
    { logger: createLogger("silent") },
  );
  ({ provider } = inProcessPaymentProvider(runtime));
  ({ sailings } = await sailingsOfDay(runtime, 6, now));
}, 60_000);

afterAll(async () => {
  await runtime?.database.close();
  await testDb?.drop();
});

const db = () => runtime.database.db;
const deps = () =>
  checkoutDeps({
    db: db(),
    payments: provider,
    clock: fixedClock(now),
    config: { GUEST_ACCESS_SECRET: GUEST_SECRET, CART_HOLD_SECONDS: HOLD_SECONDS },
  });
const actor = (n: number) => ({ userId: null, label: `operador${n}@travesia.test`, role: "operator" });

async function paidBooking(sailing: SailingView, adults: number): Promise<BookingRow> {
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
  const { sessionId } = await addToCart(
    db(),
    { sessionId: null, currency: "MXN", item },
    { siteCode: "travesia", language: "en", now, holdSeconds: HOLD_SECONDS },
  );
  return buyWithCard(deps(), provider, sessionId);
}

async function refundedAtProvider(booking: BookingRow): Promise<number[]> {
  const intentId = (await findPayments(db(), booking.id)).find((payment) => payment.providerPaymentId)!
    .providerPaymentId!;
  return (await db().select().from(sandboxPspRefunds).where(eq(sandboxPspRefunds.intentId, intentId))).map(
    (row) => row.amountMinor,
  );
}

const settled = async (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => "refunded",
    (error: unknown) => {
      if (error instanceof AppError) return error.code;
      throw error;
    },
  );

describe("refunds at once", () => {
  it("never give back more than was paid, here or at the provider", async () => {
    const booking = await paidBooking(sailings[0]!, 4);
    // Each asks 40 % of the total: two fit, the rest must be refused.
    const share = Math.floor(booking.totalMinor * 0.4);
    const amount = (share / 100).toFixed(2);
    const outcomes = await Promise.all(
      Array.from({ length: OPERATORS }, (_, n) =>
        settled(
          refundBooking(
            { db: db(), provider, now, actor: actor(n) },
            {
              reference: booking.reference,
              amount,
              ticketIds: [],
              reason: "carrera",
              key: `race-form-${n}-${booking.id}`,
            },
          ),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "refunded")).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome === "REFUND_EXCEEDS_PAID")).toHaveLength(OPERATORS - 2);
    const rows = await db().select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, booking.id));
    expect(rows.map((row) => row.status)).toEqual(["succeeded", "succeeded"]);
    const atProvider = await refundedAtProvider(booking);
    expect(atProvider).toEqual([share, share]);
    expect(atProvider.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(booking.totalMinor);
    const audit = await findAuditEntries(db(), { entityType: "booking", entityId: booking.id, limit: 20 });
    expect(audit.filter((entry) => entry.outcome === "applied")).toHaveLength(2);
    expect(audit.filter((entry) => entry.outcome === "refused" && entry.reason === "REFUND_EXCEEDS_PAID")).toHaveLength(
      OPERATORS - 2,
    );
  });

  it("the same form sent many times at once is one refund", async () => {
    const booking = await paidBooking(sailings[1]!, 2);
    const form = {
      reference: booking.reference,
      amount: "10",
      ticketIds: [],
      reason: "doble clic",
      key: `same-form-${booking.id}`,
    };
    const outcomes = await Promise.all(
      Array.from({ length: OPERATORS }, () => refundBooking({ db: db(), provider, now, actor: actor(0) }, form)),
    );
    expect(new Set(outcomes.map((outcome) => outcome.refund.id)).size).toBe(1);
    expect(outcomes.filter((outcome) => !outcome.replayed)).toHaveLength(1);
    expect(await refundedAtProvider(booking)).toEqual([1_000]);
  });
});
