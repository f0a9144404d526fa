// Refunds the provider did not tell us about, on the seeded database with the real sandbox provider:
// a pending refund retried on its own (once at the provider, whatever was lost on the way, and given up
// after the cap), and refunds made on the provider's dashboard imported once, through its refund list.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../lib/errors.ts";
import { createLogger } from "../lib/logger.ts";
import { findAuditEntries, type AuditActor } from "../modules/audit/index.ts";
import { findBooking, findPayments, findRefunds, findTickets, type BookingRow } from "../modules/bookings/index.ts";
import { type SailingView } from "../modules/inventory/index.ts";
import { jobs } from "../modules/jobs/index.ts";
import type { PaymentProvider } from "../modules/payments/index.ts";
import { sandboxPspRefunds } from "../sandbox-psp/index.ts";
import {
  bootCheckout,
  sailingsBothWays,
  buyFerry,
  GUEST_TEST_SECRET,
  type CheckoutHarness,
} from "../tests/factories/checkout.ts";
import { importProviderRefunds, runRefundRetryJob } from "./refund-recovery.ts";
import { REFUND_RETRY_MAX_ATTEMPTS, RETRY_PENDING_REFUND, SEND_REFUND_EMAIL, refundBooking } from "./refunds.ts";

const DAY = "2031-03-05";
const NOW = new Date("2031-03-03T15:00:00Z");
const OPERATOR: AuditActor = { userId: null, label: "operadora@travesia.test", role: "operator" };
const logger = createLogger("silent");

let harness: CheckoutHarness;
let outbound: SailingView[];
let inbound: SailingView[];

beforeAll(async () => {
  harness = await bootCheckout(NOW);
  ({ outbound, inbound } = await sailingsBothWays(db(), DAY, NOW));
});
afterAll(() => harness.runtime.database.close());

const db = () => harness.runtime.database.db;
const checkout = () => ({
  db: db(),
  provider: harness.provider,
  now: NOW,
  guestAccessSecret: GUEST_TEST_SECRET,
  holdSeconds: 900,
});
const unavailable = () => Promise.reject(new AppError("PAYMENT_PROVIDER_UNAVAILABLE"));

async function buy(sailing: number, adults = 2): Promise<BookingRow> {
  return buyFerry(
    checkout(),
    harness.provider,
    { trip: "round_trip", outbound: outbound[sailing]!, inbound: inbound.at(-1)!, adults },
    {
      language: "pt",
      buyer: {
        name: "João Silva",
        email: "joao@example.com",
        phone: "+55 11 91234 5678",
        country: "BR",
        acceptTerms: true,
      },
    },
  );
}

async function intentIdOf(booking: BookingRow): Promise<string> {
  return (await findPayments(db(), booking.id)).find((payment) => payment.status === "captured")!.providerPaymentId!;
}

const atProvider = async (booking: BookingRow) =>
  db()
    .select()
    .from(sandboxPspRefunds)
    .where(eq(sandboxPspRefunds.intentId, await intentIdOf(booking)));

describe("a refund the provider never answered", () => {
  it("is retried by its job with the same key: given once at the provider, settled, audited and mailed", async () => {
    const booking = await buy(0);
    // The provider refunds, but its answer is lost on the way back.
    const lost: PaymentProvider = {
      ...harness.provider,
      refundPayment: async (id, input) => (await harness.provider.refundPayment(id, input), unavailable()),
    };
    await expect(
      refundBooking(
        { db: db(), provider: lost, now: NOW, actor: OPERATOR },
        { reference: booking.reference, amount: "50", ticketIds: [], reason: "", key: "retry-form-0001" },
      ),
    ).rejects.toThrow();
    const [pending] = await findRefunds(db(), booking.id);
    expect(pending?.status).toBe("pending");
    const [job] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, RETRY_PENDING_REFUND), eq(jobs.singletonKey, `refund-retry:${pending!.id}`)));
    expect(job).toMatchObject({ payload: { refundId: pending!.id }, maxAttempts: REFUND_RETRY_MAX_ATTEMPTS });
    expect(job!.runAt.getTime()).toBeGreaterThan(NOW.getTime());

    // Still silent on the first retries: the job throws (the queue backs off) and the refund stays pending.
    const silent: PaymentProvider = { ...harness.provider, refundPayment: unavailable };
    await expect(
      runRefundRetryJob({ db: db(), provider: silent, now: NOW }, job!.payload, {
        attempt: 1,
        maxAttempts: REFUND_RETRY_MAX_ATTEMPTS,
        logger,
      }),
    ).rejects.toThrow();
    expect((await findRefunds(db(), booking.id))[0]?.status).toBe("pending");

    await runRefundRetryJob({ db: db(), provider: harness.provider, now: NOW }, job!.payload, {
      attempt: 2,
      maxAttempts: REFUND_RETRY_MAX_ATTEMPTS,
      logger,
    });
    const [settled] = await findRefunds(db(), booking.id);
    expect(settled).toMatchObject({ status: "succeeded", amountMinor: 5_000 });
    expect((await atProvider(booking)).map((row) => row.id)).toEqual([settled!.providerRefundId]);
    const entries = await findAuditEntries(db(), { entityType: "booking", entityId: booking.id, limit: 10 });
    expect(entries[0]).toMatchObject({ action: "booking.refund", outcome: "applied", actor: "system:refund-retry" });
    expect(
      await db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, SEND_REFUND_EMAIL), eq(jobs.singletonKey, `refund:${settled!.id}`))),
    ).toHaveLength(1);

    // A later run (a duplicate, a late attempt) finds it settled and does nothing.
    await runRefundRetryJob({ db: db(), provider: harness.provider, now: NOW }, job!.payload, {
      attempt: 3,
      maxAttempts: REFUND_RETRY_MAX_ATTEMPTS,
      logger,
    });
    expect(await atProvider(booking)).toHaveLength(1);
  });

  it("stops at the cap, leaving the refund pending and the giving up on record", async () => {
    const booking = await buy(1);
    const silent: PaymentProvider = { ...harness.provider, refundPayment: unavailable };
    await expect(
      refundBooking(
        { db: db(), provider: silent, now: NOW, actor: OPERATOR },
        { reference: booking.reference, amount: "20", ticketIds: [], reason: "", key: "retry-form-0002" },
      ),
    ).rejects.toThrow();
    const [pending] = await findRefunds(db(), booking.id);
    await expect(
      runRefundRetryJob(
        { db: db(), provider: silent, now: NOW },
        { refundId: pending!.id },
        { attempt: REFUND_RETRY_MAX_ATTEMPTS, maxAttempts: REFUND_RETRY_MAX_ATTEMPTS, logger },
      ),
    ).rejects.toThrow();
    expect((await findRefunds(db(), booking.id))[0]?.status).toBe("pending");
    const [entry] = await findAuditEntries(db(), { entityType: "booking", entityId: booking.id, limit: 10 });
    expect(entry).toMatchObject({
      outcome: "refused",
      reason: "PAYMENT_PROVIDER_UNAVAILABLE",
      actor: "system:refund-retry",
      after: { attempts: REFUND_RETRY_MAX_ATTEMPTS },
    });
  });
});

describe("refunds made on the provider's dashboard", () => {
  it("are imported once: a partial one as an amount-only refund, a full one cancelling every ticket", async () => {
    const partial = await buy(2);
    const full = await buy(3, 1);
    await harness.provider.refundPayment(await intentIdOf(partial), {
      amountMinor: 12_345,
      idempotencyKey: `dashboard-${partial.id}`,
    });
    await harness.provider.refundPayment(await intentIdOf(full), { idempotencyKey: `dashboard-${full.id}` });
    // One of ours at the provider already: known, not imported again.
    await refundBooking(
      { db: db(), provider: harness.provider, now: NOW, actor: OPERATOR },
      { reference: partial.reference, amount: "1", ticketIds: [], reason: "", key: "ours-form-0001" },
    );

    const since = new Date(NOW.getTime() - 60_000);
    const first = await importProviderRefunds({ db: db(), provider: harness.provider, now: NOW }, { since, logger });
    expect(first.imported).toBe(2);
    const again = await importProviderRefunds({ db: db(), provider: harness.provider, now: NOW }, { since, logger });
    expect(again.imported).toBe(0);

    const partialRefunds = await findRefunds(db(), partial.id);
    expect(partialRefunds.map((refund) => [refund.status, refund.amountMinor, refund.requestedBy]).sort()).toEqual(
      [
        ["succeeded", 100, OPERATOR.label],
        ["succeeded", 12_345, "system:provider-dashboard"],
      ].sort(),
    );
    expect((await findBooking(db(), { id: partial.id }))?.status).toBe("ticketed");
    expect((await findTickets(db(), partial.id)).every((ticket) => ticket.status === "valid")).toBe(true);

    expect((await findBooking(db(), { id: full.id }))?.status).toBe("refunded");
    expect((await findTickets(db(), full.id)).every((ticket) => ticket.status === "void")).toBe(true);
    const [entry] = await findAuditEntries(db(), { entityType: "booking", entityId: full.id, limit: 10 });
    expect(entry).toMatchObject({
      action: "booking.refund_imported",
      outcome: "applied",
      actor: "system:provider-dashboard",
      after: { status: "refunded" },
    });
    const [imported] = await findRefunds(db(), full.id);
    expect(
      await db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, SEND_REFUND_EMAIL), eq(jobs.singletonKey, `refund:${imported!.id}`))),
    ).toHaveLength(1);
  });

  it("reads the provider's list a page at a time", async () => {
    const booking = await buy(4);
    for (let index = 0; index < 3; index += 1)
      await harness.provider.refundPayment(await intentIdOf(booking), {
        amountMinor: 100,
        idempotencyKey: `dashboard-page-${index}-${booking.id}`,
      });
    const first = await harness.provider.listRefunds({ createdSince: NOW, limit: 2 });
    expect(first.hasMore).toBe(true);
    const second = await harness.provider.listRefunds({
      createdSince: NOW,
      limit: 100,
      startingAfter: first.refunds.at(-1)!.id,
    });
    const ids = [...first.refunds, ...second.refunds].map((refund) => refund.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining((await atProvider(booking)).map((row) => row.id)));
  });
});
