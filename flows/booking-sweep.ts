// The lapsed-booking sweep as a recurring job (ADR 0023): every minute, bookings still waiting for
// money whose hold ran out are failed and their seats released, with or without a visitor. Each run
// queues the next minute's run first, keyed by its minute, so any number of nodes keep one chain.
import type { Database } from "../lib/db.ts";
import { deleteFinishedJobs, enqueueJob, type JobContext } from "../modules/jobs/index.ts";
import { failLapsedBookings } from "./checkout.ts";
import type { ConfirmDeps } from "./checkout-deps.ts";
import { RECONCILE_AFTER_MS, reconcilePayments } from "./payment-reconciliation.ts";

export const SWEEP_LAPSED_BOOKINGS = "sweep-lapsed-bookings";
export const SWEEP_INTERVAL_MS = 60_000;
/** Bookings failed per transaction batch; a run goes on until a batch comes back short. */
const SWEEP_BATCH = 100;
/** Done runs are kept this long (the history of recent sweeps), then deleted: one row a minute adds up. */
const SWEEP_HISTORY_MS = 24 * 60 * 60_000;

function slotOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / SWEEP_INTERVAL_MS) * SWEEP_INTERVAL_MS);
}

/**
 * Queues the sweep of the minute `at` falls in. Enqueueing a minute that is already queued, running
 * or done does nothing, so every node may call this at start and the runs still form one chain.
 */
export async function scheduleLapsedBookingSweep(db: Database, at: Date): Promise<number | null> {
  const slot = slotOf(at);
  return enqueueJob(db, {
    name: SWEEP_LAPSED_BOOKINGS,
    payload: { slot: slot.toISOString() },
    runAt: slot,
    singletonKey: slot.toISOString(),
    maxAttempts: 3,
  });
}

/**
 * One run: the next minute is queued first (a failing run still keeps the chain), then, with `confirm`
 * (the provider and the ticketing deps), bookings waiting for money for more than two minutes are
 * reconciled with the provider (ADR 0034), so one whose money arrived is ticketed rather than failed;
 * then the lapsed ones fail. Returns how many bookings failed.
 */
export async function sweepLapsedBookings(
  db: Database,
  context: Pick<JobContext, "now" | "logger">,
  confirm?: ConfirmDeps,
): Promise<number> {
  const { now } = context;
  await scheduleLapsedBookingSweep(db, new Date(slotOf(now).getTime() + SWEEP_INTERVAL_MS));
  if (confirm)
    await reconcilePayments(confirm, {
      placedBefore: new Date(now.getTime() - RECONCILE_AFTER_MS),
      logger: context.logger,
    });
  let failed = 0;
  for (;;) {
    const batch = await failLapsedBookings({ db, now }, SWEEP_BATCH);
    failed += batch;
    if (batch < SWEEP_BATCH) break;
  }
  await deleteFinishedJobs(db, {
    name: SWEEP_LAPSED_BOOKINGS,
    finishedBefore: new Date(now.getTime() - SWEEP_HISTORY_MS),
  });
  if (failed > 0) context.logger.info({ failed }, "lapsed bookings failed and their seats released");
  return failed;
}
