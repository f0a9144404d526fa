// The background jobs this process runs (ADR 0019): one map from job name to handler, built from the
// services, so adding a kind of job is one entry here. Handlers validate their payload and throw to
// have the attempt retried.
import { z } from "zod";
import type { AppServices } from "./edge/index.ts";
import { pathOf } from "../lib/routing/localized-paths.ts";
import { sendAccountEmail } from "../flows/account-email.ts";
import { SEND_BOOKING_EMAIL, sendBookingEmail } from "../flows/booking-email.ts";
import { SEND_NEWSLETTER_CONFIRMATION, sendNewsletterConfirmation } from "../flows/newsletter.ts";
import { SWEEP_LAPSED_BOOKINGS, scheduleLapsedBookingSweep, sweepLapsedBookings } from "../flows/booking-sweep.ts";
import { checkoutDeps } from "../flows/checkout-deps.ts";
import {
  SEND_CLOSURE_NOTICE,
  SEND_REOPEN_NOTICE,
  sendClosureNotice,
  sendReopenNotice,
} from "../flows/sailing-closures.ts";
import { RETRY_PENDING_REFUND, SEND_REFUND_EMAIL, sendRefundEmail } from "../flows/refunds.ts";
import {
  RECONCILE_REFUNDS,
  runRefundReconciliationJob,
  runRefundRetryJob,
  scheduleRefundReconciliation,
} from "../flows/refund-recovery.ts";
import { SEND_CANCELLATION_EMAIL, sendCancellationEmail } from "../flows/cancellation.ts";
import { RECONCILE_PAYMENTS, runReconciliationJob, scheduleReconciliation } from "../flows/payment-reconciliation.ts";
import {
  OFFER_WAITLIST_SEATS,
  SEND_WAITLIST_OFFER,
  runWaitlistCheckJob,
  sendWaitlistOfferEmail,
  sweepWaitingLists,
} from "../flows/waitlist.ts";
import { publicOriginOf } from "../lib/config.ts";
import { SEND_ACCOUNT_EMAIL } from "../modules/identity/index.ts";
import {
  assertEveryJobHandled,
  createJobRunner,
  type JobContext,
  type JobHandlers,
  type JobRunner,
} from "../modules/jobs/index.ts";
import { mailerOnce } from "../modules/mail/index.ts";
import { DELIVER_WEBHOOK, deliverWebhook, pruneWebhookDeliveries, webhookPoster } from "../modules/webhooks/index.ts";
import { bookingDocumentDeps } from "./booking-deps.ts";
import { sweepExpiredProviderRows } from "./idp/index.ts";
import type { Runtime } from "./boot.ts";
import { newsletterMailDeps } from "./newsletter-deps.ts";

/**
 * Every kind of job, by name. Enqueue with `enqueueJob(tx, { name, payload })` from a use case:
 * the tickets' e-mail (queued when a booking is ticketed, or resent on request), the notice to the
 * holders of a sailing or activity day the operator closed (ADR 0038) and the mail when it reopens (ADR 0064), the buyer's refund mail (ADR 0039) and the mail of a line cancelled with no money back (ADR 0057), the sweep of
 * lapsed bookings, which re-queues itself every minute (ADR 0023) and reconciles stuck payments with the
 * provider first, the reconciliation queued at every start (ADR 0034), the accounts' confirm and reset
 * mails (ADR 0027), the newsletter's confirmation mail (queued with the subscription, ADR 0028), the
 * waiting list's checks and offer mails (ADR 0037), and the outgoing webhooks' deliveries (ADR 0042).
 */
export function jobHandlers(services: AppServices): JobHandlers {
  // Every job's mail goes out once, however often the job runs (a crash, a lapsed lease): ADR 0049.
  const mailerOf = (context: JobContext) =>
    mailerOnce(services.db, services.mailer, {
      scope: `job:${context.id}`,
      from: services.config.MAIL_FROM,
      now: () => services.clock.now(),
    });
  return {
    [SEND_BOOKING_EMAIL]: async (payload, context) => {
      await sendBookingEmail(
        { ...bookingDocumentDeps(services, context.now), mailer: mailerOf(context) },
        payload,
        context,
      );
    },
    [SEND_REFUND_EMAIL]: async (payload, context) => {
      await sendRefundEmail(
        { ...bookingDocumentDeps(services, context.now), mailer: mailerOf(context) },
        payload,
        context,
      );
    },
    [SEND_CANCELLATION_EMAIL]: async (payload, context) => {
      await sendCancellationEmail(
        { ...bookingDocumentDeps(services, context.now), mailer: mailerOf(context) },
        payload,
        context,
      );
    },
    [SEND_CLOSURE_NOTICE]: async (payload, context) => {
      await sendClosureNotice(
        { ...bookingDocumentDeps(services, context.now), mailer: mailerOf(context) },
        payload,
        context,
      );
    },
    [SEND_REOPEN_NOTICE]: async (payload, context) => {
      await sendReopenNotice(
        { ...bookingDocumentDeps(services, context.now), mailer: mailerOf(context) },
        payload,
        context,
      );
    },
    [SEND_NEWSLETTER_CONFIRMATION]: async (payload, context) => {
      await sendNewsletterConfirmation(
        { ...newsletterMailDeps(services), mailer: mailerOf(context) },
        payload,
        context,
      );
    },
    [SWEEP_LAPSED_BOOKINGS]: async (_payload, context) => {
      await sweepLapsedBookings(services.db, context, checkoutDeps(services, context.now));
      // The same minute's housekeeping for the identity provider: rows whose lifetime is over (ADR 0031).
      await sweepExpiredProviderRows(services.db, context.now);
      // And the waiting lists' safety net: seats freed where no check was scheduled are offered (ADR 0037).
      await sweepWaitingLists({ db: services.db, now: context.now, tokenSecret: services.config.GUEST_ACCESS_SECRET });
      // And the rate limits' ended windows (ADR 0048).
      await services.rateLimiter.prune(context.now);
      // And the webhook deliveries past their retention (ADR 0060).
      await pruneWebhookDeliveries(services.db, context.now);
      // And, every ten minutes, the refunds made on the provider's dashboard (refund-recovery.ts).
      await scheduleRefundReconciliation(services.db, context.now);
    },
    [RETRY_PENDING_REFUND]: async (payload, context) => {
      await runRefundRetryJob({ db: services.db, provider: services.payments, now: context.now }, payload, context);
    },
    [RECONCILE_REFUNDS]: async (payload, context) => {
      await runRefundReconciliationJob(
        { db: services.db, provider: services.payments, now: context.now },
        payload,
        context,
      );
    },
    [DELIVER_WEBHOOK]: async (payload, context) => {
      const { deliveryId } = z.object({ deliveryId: z.string().regex(/^msg_[0-9a-f]{32}$/) }).parse(payload);
      const policy = { allowPrivate: services.config.WEBHOOKS_ALLOW_PRIVATE_TARGETS };
      await deliverWebhook(
        services.db,
        { deliveryId, attempt: context.attempt, maxAttempts: context.maxAttempts, now: context.now },
        webhookPoster(policy),
      );
    },
    [OFFER_WAITLIST_SEATS]: async (payload, context) => {
      await runWaitlistCheckJob(
        { db: services.db, now: context.now, tokenSecret: services.config.GUEST_ACCESS_SECRET },
        payload,
        context,
      );
    },
    [SEND_WAITLIST_OFFER]: async (payload, context) => {
      const deps = {
        db: services.db,
        mailer: mailerOf(context),
        tokenSecret: services.config.GUEST_ACCESS_SECRET,
        siteOrigin: publicOriginOf(services.config),
        offerPathOf: (language: Parameters<typeof pathOf>[1]) => pathOf("waitlist", language),
      };
      await sendWaitlistOfferEmail(deps, payload, context);
    },
    [RECONCILE_PAYMENTS]: async (payload, context) => {
      await runReconciliationJob(checkoutDeps(services, context.now), payload, context);
    },
    [SEND_ACCOUNT_EMAIL]: async (payload, context) => {
      const deps = {
        db: services.db,
        mailer: mailerOf(context),
        siteOrigin: publicOriginOf(services.config),
        linkPathOf: (purpose: "confirm_email" | "reset_password", language: Parameters<typeof pathOf>[1]) =>
          pathOf(purpose === "confirm_email" ? "confirmEmail" : "forgot", language),
      };
      await sendAccountEmail(deps, payload, context);
    },
  };
}

/**
 * The runner of this process when JOBS_ENABLED, started; null when this node leaves jobs to others.
 * Throws before anything starts when some kind of job has no handler (on every node: a build that
 * cannot run a job it enqueues is broken wherever it runs).
 */
export function startJobRunner(
  runtime: Runtime,
  handlers: JobHandlers = jobHandlers(runtime.services),
): JobRunner | null {
  assertEveryJobHandled(handlers);
  if (!runtime.config.JOBS_ENABLED) {
    runtime.logger.info("jobs disabled on this node (JOBS_ENABLED=false)");
    return null;
  }
  const runner = createJobRunner({
    db: runtime.database.db,
    logger: runtime.logger,
    handlers,
    now: () => runtime.services.clock.now(),
  });
  // The recurring sweep starts its chain here; on a node that joins a running chain this is a no-op.
  scheduleLapsedBookingSweep(runtime.database.db, runtime.services.clock.now()).catch((error: unknown) =>
    runtime.logger.warn({ err: error }, "scheduling the lapsed-booking sweep failed; the next start tries again"),
  );
  // Whatever a killed process left between the provider's answer and our commit is settled now, not at
  // the next sweep (ADR 0034): every booking placed before this start is asked about once.
  scheduleReconciliation(runtime.database.db, runtime.services.clock.now()).catch((error: unknown) =>
    runtime.logger.warn(
      { err: error },
      "scheduling the start's payment reconciliation failed; the sweep reconciles within minutes",
    ),
  );
  runner.start();
  runtime.logger.info({ runner: runner.id, jobs: Object.keys(handlers) }, "job runner started");
  return runner;
}
