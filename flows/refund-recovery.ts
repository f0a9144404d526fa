// Money that moved at the provider without our side hearing of it. Two jobs:
//  - a pending refund (the provider never answered the operator's request) is asked about again on
//    its own, with its idempotency key, backing off (the queue's doubling delays) up to a cap of
//    attempts; after the cap it stays pending, with a refusal in the audit log, for a person;
//  - refunds made on the provider's dashboard are imported: every few minutes the provider's list of
//    refunds is read and each one of a payment of ours that no refund of ours carries is recorded,
//    its tickets cancelled when nothing is left, its buyer mailed.
import { z } from "zod";
import type { Database } from "../lib/db.ts";
import { isAppError } from "../lib/errors.ts";
import type { Logger } from "../lib/logger.ts";
import { recordRefusal, type AuditActor } from "../modules/audit/index.ts";
import {
  findKnownProviderRefundIds,
  findPaymentByProviderId,
  findRefundById,
  findRefunds,
} from "../modules/bookings/index.ts";
import { enqueueJob, type JobContext } from "../modules/jobs/index.ts";
import type { PaymentProvider } from "../modules/payments/index.ts";
import { PROVIDER } from "./checkout.ts";
import { REFUND_ACTION, finishPendingRefund, recordProviderRefund } from "./refunds.ts";

export const RECONCILE_REFUNDS = "reconcile-refunds";
/** How often the provider's refunds are read. */
export const REFUND_RECONCILE_INTERVAL_MS = 10 * 60_000;
/** How far back each reading looks: a refund made on the dashboard is found for a month, however many runs failed. */
export const REFUND_IMPORT_LOOKBACK_MS = 31 * 24 * 60 * 60_000;
/** Pages of the provider's list read per run (100 refunds each). */
const MAX_PAGES = 20;

/** Who acts when a job settles or imports a refund, as the audit log and the refund's row name it. */
export const REFUND_RETRY_ACTOR: AuditActor = { userId: null, label: "system:refund-retry", role: null };
export const PROVIDER_DASHBOARD_ACTOR: AuditActor = { userId: null, label: "system:provider-dashboard", role: null };

export interface RecoveryDeps {
  db: Database;
  provider: PaymentProvider;
  now: Date;
}

const RetryPayloadSchema = z.object({ refundId: z.uuid() });

/** The retry job: settles the refund, or throws to be retried later while the provider stays silent. */
export async function runRefundRetryJob(
  deps: RecoveryDeps,
  payload: unknown,
  context: Pick<JobContext, "attempt" | "maxAttempts" | "logger">,
): Promise<void> {
  const { refundId } = RetryPayloadSchema.parse(payload);
  try {
    const refund = await finishPendingRefund({ ...deps, actor: REFUND_RETRY_ACTOR }, refundId);
    if (refund && refund.status !== "pending")
      context.logger.info({ refundId, status: refund.status }, "pending refund settled by its retry");
  } catch (error) {
    if (isAppError(error) && error.code === "PAYMENT_PROVIDER_UNAVAILABLE" && context.attempt >= context.maxAttempts) {
      // The last attempt: the refund stays pending (its money still reserved) for a person to look at.
      const refund = await findRefundById(deps.db, refundId);
      await recordRefusal(deps.db, {
        actor: REFUND_RETRY_ACTOR,
        action: REFUND_ACTION,
        entityType: "booking",
        entityId: refund?.bookingId ?? null,
        reason: error.code,
        after: { refundId, attempts: context.attempt },
        at: deps.now,
      });
      context.logger.warn(
        { refundId, attempts: context.attempt },
        "the provider never answered about a refund: retries stopped",
      );
    }
    throw error;
  }
}

export interface RefundImportReport {
  listed: number;
  imported: number;
  /** Refunds of payments that are not ours, or whose booking still has a refund of ours pending (settled by its retry first). */
  skipped: number;
}

/** Reads the provider's refunds created since `since` and records the ones of our payments that we do not know. */
export async function importProviderRefunds(
  deps: RecoveryDeps,
  options: { since: Date; logger: Logger },
): Promise<RefundImportReport> {
  const report: RefundImportReport = { listed: 0, imported: 0, skipped: 0 };
  let startingAfter: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const listed = await deps.provider.listRefunds({
      createdSince: options.since,
      limit: 100,
      ...(startingAfter ? { startingAfter } : {}),
    });
    report.listed += listed.refunds.length;
    const known = await findKnownProviderRefundIds(
      deps.db,
      listed.refunds.map((refund) => refund.id),
    );
    for (const refund of listed.refunds) {
      if (known.has(refund.id)) continue;
      const payment = await findPaymentByProviderId(deps.db, PROVIDER, refund.paymentId);
      // A refund of ours still pending may be this very one: its retry settles it with the provider's id.
      const pending = payment
        ? (await findRefunds(deps.db, payment.bookingId)).some(
            (ours) => ours.status === "pending" && ours.paymentId === payment.id,
          )
        : false;
      if (!payment || pending) {
        report.skipped += 1;
        continue;
      }
      const recorded = await recordProviderRefund(
        { db: deps.db, now: deps.now, actor: PROVIDER_DASHBOARD_ACTOR },
        {
          bookingId: payment.bookingId,
          paymentId: payment.id,
          providerRefundId: refund.id,
          amountMinor: refund.amountMinor,
          reason: "",
        },
      );
      if (recorded) report.imported += 1;
    }
    if (!listed.hasMore || listed.refunds.length === 0) break;
    startingAfter = listed.refunds.at(-1)!.id;
  }
  if (report.imported > 0) options.logger.warn(report, "refunds made at the provider imported");
  return report;
}

function slotOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / REFUND_RECONCILE_INTERVAL_MS) * REFUND_RECONCILE_INTERVAL_MS);
}

/** Queues the reading of the ten minutes `at` falls in (once, whichever node asks): called by the per-minute sweep. */
export async function scheduleRefundReconciliation(db: Database, at: Date): Promise<number | null> {
  const slot = slotOf(at);
  return enqueueJob(db, {
    name: RECONCILE_REFUNDS,
    payload: { slot: slot.toISOString() },
    runAt: slot,
    singletonKey: slot.toISOString(),
    maxAttempts: 3,
  });
}

export async function runRefundReconciliationJob(
  deps: RecoveryDeps,
  _payload: unknown,
  context: Pick<JobContext, "logger">,
): Promise<void> {
  await importProviderRefunds(deps, {
    since: new Date(deps.now.getTime() - REFUND_IMPORT_LOOKBACK_MS),
    logger: context.logger,
  });
}
