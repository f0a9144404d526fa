// Reconciliation against the payment provider (ADR 0034): a booking whose money the provider
// took while our side never recorded it — the process killed between the capture and the ticketing
// transaction, the link cut after the provider answered, a database connection lost mid-commit, a
// webhook that never came — is found here and confirmed like any return or webhook would confirm it.
// It runs once at every start (the kill case) and inside the per-minute sweep, before lapsed bookings
// are failed, so a booking whose hold ran out while its payment was stuck is judged on its money first.
import { z } from "zod";
import { isAppError } from "../lib/errors.ts";
import type { Logger } from "../lib/logger.ts";
import { findUnsettledPayments } from "../modules/bookings/index.ts";
import { enqueueJob, type JobContext } from "../modules/jobs/index.ts";
import type { Database } from "../lib/db.ts";
import { confirmPayment, type ConfirmOutcome } from "./checkout.ts";
import type { ConfirmDeps } from "./checkout-deps.ts";

export const RECONCILE_PAYMENTS = "reconcile-payments";
/**
 * The sweep leaves a booking this young alone: its buyer is on the provider's page or coming back
 * from it, and the return page confirms it. Asking sooner would be harmless (confirmation is
 * idempotent), only wasted calls to the provider.
 */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** Payments asked about per run; the oldest first, the rest in the next run. */
const RECONCILE_BATCH = 100;

export interface ReconcileReport {
  /** Payments asked about. */
  checked: number;
  /** By how confirmation ended: ticketed (money found and recorded), waiting, declined, refunded. */
  outcomes: Record<ConfirmOutcome["kind"], number>;
  /** The provider could not be asked (unreachable): left for the next run. */
  unreachable: number;
}

/**
 * Asks the provider about every unsettled payment of a booking placed at or before `placedBefore` and
 * brings each booking up to date with what it answers (confirmPayment: a captured or authorized
 * payment is captured once and ticketed, a failed one recorded). One payment failing does not stop the rest.
 */
export async function reconcilePayments(
  deps: ConfirmDeps,
  options: { placedBefore: Date; logger: Logger; limit?: number },
): Promise<ReconcileReport> {
  const report: ReconcileReport = {
    checked: 0,
    outcomes: { ticketed: 0, waiting: 0, declined: 0, refunded: 0 },
    unreachable: 0,
  };
  for (const { bookingId, providerPaymentId } of await findUnsettledPayments(
    deps.db,
    options.placedBefore,
    options.limit ?? RECONCILE_BATCH,
  )) {
    report.checked += 1;
    try {
      const outcome = await confirmPayment(deps, providerPaymentId);
      report.outcomes[outcome.kind] += 1;
    } catch (error) {
      if (isAppError(error) && error.code === "PAYMENT_PROVIDER_UNAVAILABLE") {
        report.unreachable += 1;
        continue;
      }
      // Another booking's trouble (a lost connection, a bug) must not keep the rest unreconciled; it is retried next run.
      options.logger.error({ err: error, bookingId, providerPaymentId }, "reconciling a payment failed");
    }
  }
  if (report.outcomes.ticketed + report.outcomes.refunded > 0 || report.unreachable > 0) {
    options.logger.warn(report, "payments reconciled with the provider");
  }
  return report;
}

const ReconcilePayloadSchema = z.object({ placedBefore: z.iso.datetime() });

/** Queues a run over every booking placed before `at` (at a process start: whatever the last process left). */
export async function scheduleReconciliation(db: Database, at: Date): Promise<number | null> {
  return enqueueJob(db, {
    name: RECONCILE_PAYMENTS,
    payload: { placedBefore: at.toISOString() },
    runAt: at,
    maxAttempts: 3,
  });
}

/** The queued run: its payload says which bookings (placed before when it was queued). */
export async function runReconciliationJob(
  deps: ConfirmDeps,
  payload: unknown,
  context: Pick<JobContext, "logger">,
): Promise<ReconcileReport> {
  const { placedBefore } = ReconcilePayloadSchema.parse(payload);
  return reconcilePayments(deps, { placedBefore: new Date(placedBefore), logger: context.logger });
}
