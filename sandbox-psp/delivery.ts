// The sandbox's webhook delivery: what a real PSP does on its own side, so it is the sandbox's own loop
// and not Travesía's job queue. Each event of the outbox is POSTed, signed, to the merchant's endpoint;
// a 2xx answer marks it delivered, anything else (another status, a refused connection, a timeout) is
// retried with backoff until the attempts are spent. Events of one intent go out oldest first: a later
// event waits while an earlier one is still being retried, so the merchant never sees `captured`
// before `authorized`. Delivery is at least once: the merchant deduplicates by event id.
import { and, asc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Config } from "../lib/config.ts";
import type { Database } from "../lib/db.ts";
import { AppError } from "../lib/errors.ts";
import type { Logger } from "../lib/logger.ts";
import { sandboxPspEvents } from "./schema.ts";
import { webhookDelivery, type SandboxEvent } from "./service.ts";

/** Seconds to wait after the 1st, 2nd, … failed attempt; after the last one the event is given up. */
export const DELIVERY_BACKOFF_SECONDS = [1, 5, 30, 120, 600, 1800, 3600] as const;
export const MAX_DELIVERY_ATTEMPTS = DELIVERY_BACKOFF_SECONDS.length + 1;

/**
 * How long a claimed event is hidden from other delivery loops (another process, the next turn) while
 * its POST is in flight: longer than the POST's timeout, so it is never sent twice at once.
 */
const CLAIM_LEASE_MS = 60_000;
const POST_TIMEOUT_MS = 10_000;

/** When to try again after `attempts` failed attempts in all; null once they are spent. */
export function nextAttemptAfter(attempts: number, now: Date): Date | null {
  const seconds = DELIVERY_BACKOFF_SECONDS[attempts - 1];
  return seconds === undefined ? null : new Date(now.getTime() + seconds * 1000);
}

/** Only a 2xx answer means the merchant took the event; a redirect is not followed, and fails. */
export function isDeliveredStatus(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300;
}

export interface WebhookTarget {
  url: string;
  secret: string;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

/** The merchant endpoint and signing secret: SANDBOX_PSP_WEBHOOK_URL, or our own receiver over loopback. */
export function webhookTargetOf(
  config: Pick<Config, "SANDBOX_PSP_WEBHOOK_URL" | "SANDBOX_PSP_WEBHOOK_SECRET" | "PORT">,
): WebhookTarget {
  return {
    url: config.SANDBOX_PSP_WEBHOOK_URL ?? `http://127.0.0.1:${config.PORT}/api/payments/webhook`,
    secret: config.SANDBOX_PSP_WEBHOOK_SECRET,
  };
}

/** POSTs one event, signed at `now`; the merchant's status, or null when it gave none. */
async function post(target: WebhookTarget, event: SandboxEvent, now: Date): Promise<number | null> {
  const { body, headers } = webhookDelivery(event, target.secret, now);
  try {
    const response = await (target.fetch ?? fetch)(target.url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    // Read the answer to the end so the connection can be reused; what it says does not matter.
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  } catch {
    return null;
  }
}

type EventRow = typeof sandboxPspEvents.$inferSelect;

async function recordAttempt(
  db: Database,
  row: Pick<EventRow, "id" | "attempts">,
  status: number | null,
  now: Date,
  retry: "schedule" | "keep",
): Promise<boolean> {
  const delivered = isDeliveredStatus(status);
  const attempts = row.attempts + 1;
  await db
    .update(sandboxPspEvents)
    .set({
      attempts: sql`${sandboxPspEvents.attempts} + 1`,
      lastAttemptAt: now,
      lastStatus: status,
      // The first successful delivery is the one that counts; a redelivery does not move it.
      ...(delivered
        ? {
            deliveredAt: sql`coalesce(${sandboxPspEvents.deliveredAt}, ${now.toISOString()}::timestamptz)`,
            nextAttemptAt: null,
          }
        : {}),
      ...(!delivered && retry === "schedule" ? { nextAttemptAt: nextAttemptAfter(attempts, now) } : {}),
    })
    .where(eq(sandboxPspEvents.id, row.id));
  return delivered;
}

export interface DeliveryRound {
  attempted: number;
  delivered: number;
}

/**
 * Sends every event due at `now`: the oldest undelivered event of each intent, if its attempt is due,
 * then the next one once it went through, until nothing is due. Each event is claimed (its next
 * attempt pushed past the POST) before it is sent, so two loops never send it at once.
 */
export async function deliverDue(
  db: Database,
  target: WebhookTarget,
  now: Date,
  options: { maxRounds?: number } = {},
): Promise<DeliveryRound> {
  const result: DeliveryRound = { attempted: 0, delivered: 0 };
  for (let round = 0; round < (options.maxRounds ?? 20); round += 1) {
    // The head of each intent's queue: its oldest event neither delivered nor given up.
    const heads = await db
      .selectDistinctOn([sandboxPspEvents.intentId], {
        id: sandboxPspEvents.id,
        nextAttemptAt: sandboxPspEvents.nextAttemptAt,
      })
      .from(sandboxPspEvents)
      .where(and(isNull(sandboxPspEvents.deliveredAt), isNotNull(sandboxPspEvents.nextAttemptAt)))
      .orderBy(sandboxPspEvents.intentId, asc(sandboxPspEvents.sequence));
    const due = heads.filter((head) => head.nextAttemptAt !== null && head.nextAttemptAt.getTime() <= now.getTime());
    const claimed: EventRow[] = [];
    for (const head of due) {
      const [row] = await db
        .update(sandboxPspEvents)
        .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
        .where(
          and(
            eq(sandboxPspEvents.id, head.id),
            isNull(sandboxPspEvents.deliveredAt),
            lte(sandboxPspEvents.nextAttemptAt, now),
          ),
        )
        .returning();
      if (row) claimed.push(row);
    }
    if (claimed.length === 0) break;
    const outcomes = await Promise.all(
      claimed.map(async (row) =>
        recordAttempt(db, row, await post(target, row.payload as unknown as SandboxEvent, now), now, "schedule"),
      ),
    );
    result.attempted += claimed.length;
    const delivered = outcomes.filter(Boolean).length;
    result.delivered += delivered;
    // Only a delivered head lets the next event of its intent go in this same call.
    if (delivered === 0) break;
  }
  return result;
}

/**
 * Sends one event again exactly as it was written (a new signature, the same body and id), whatever its
 * state: the replay a merchant's duplicate handling is tested with. The attempt is recorded; a first
 * success marks the event delivered, a failure leaves its retry schedule as it was.
 */
export async function redeliverEvent(
  db: Database,
  eventId: string,
  target: WebhookTarget,
  now: Date,
): Promise<{ eventId: string; status: number | null; delivered: boolean }> {
  const [row] = await db.select().from(sandboxPspEvents).where(eq(sandboxPspEvents.id, eventId));
  if (!row) throw new AppError("NOT_FOUND");
  const status = await post(target, row.payload as unknown as SandboxEvent, now);
  const delivered = await recordAttempt(db, row, status, now, "keep");
  return { eventId, status, delivered };
}

export interface DeliveryLoop {
  /** Stops the loop and waits for the round in flight, so the database can be closed after it. */
  stop(): Promise<void>;
}

/** The sandbox's own delivery loop: a round every `intervalMs`, never two at once, errors logged. */
export function startWebhookDelivery(options: {
  db: Database;
  target: WebhookTarget;
  now: () => Date;
  logger: Logger;
  intervalMs?: number;
}): DeliveryLoop {
  const interval = options.intervalMs ?? 500;
  let stopped = false;
  let inFlight: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(turn, interval);
    // The loop alone never keeps the process alive.
    timer.unref();
  };
  const turn = () => {
    inFlight = deliverDue(options.db, options.target, options.now())
      .then(
        (round) => {
          if (round.attempted > 0)
            options.logger.info(
              { attempted: round.attempted, delivered: round.delivered },
              "sandbox PSP webhooks sent",
            );
        },
        (error: unknown) => options.logger.warn({ err: error }, "sandbox PSP webhook delivery failed"),
      )
      .finally(schedule);
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
    },
  };
}
