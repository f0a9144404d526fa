// The webhook delivery log's retention (ADR 0060), run by the minute's sweep: delivered rows go after
// 30 days, failed ones after 90, pending ones never; the delivery jobs' done rows go with them.
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../lib/logger.ts";
import { jobHandlers } from "./jobs.ts";
import type { Runtime } from "./boot.ts";
import { bootSnapshot } from "../tests/setup/db.ts";
import { jobs } from "../modules/jobs/index.ts";
import { DELIVER_WEBHOOK, insertWebhookSubscription, webhookDeliveries } from "../modules/webhooks/index.ts";

let runtime: Runtime;
const NOW = new Date("2031-05-01T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60_000);

beforeAll(async () => {
  runtime = await bootSnapshot();
});
afterAll(() => runtime.database.close());

describe("pruning the webhook delivery log", () => {
  it("deletes delivered rows after 30 days and failed ones after 90, keeps pending ones, from the minute's sweep", async () => {
    const db = runtime.database.db;
    const subscription = await insertWebhookSubscription(
      db,
      { url: "https://partner.example/hooks", eventTypes: ["booking.paid"], description: "", active: true },
      daysAgo(200),
    );
    const delivery = (id: string, status: "pending" | "delivered" | "failed", age: number) => ({
      id: `msg_${id.padStart(32, "0")}`,
      subscriptionId: subscription.id,
      eventType: "booking.paid",
      body: "{}",
      status,
      createdAt: daysAgo(age),
      subject: {},
    });
    const rows = [
      delivery("1", "delivered", 31),
      delivery("2", "delivered", 29),
      delivery("3", "failed", 31),
      delivery("4", "failed", 91),
      delivery("5", "pending", 200),
    ];
    await db.insert(webhookDeliveries).values(rows);
    const [oldJob, recentJob] = await db
      .insert(jobs)
      .values([
        {
          name: DELIVER_WEBHOOK,
          payload: { deliveryId: rows[0]!.id },
          state: "done",
          runAt: daysAgo(31),
          finishedAt: daysAgo(31),
        },
        {
          name: DELIVER_WEBHOOK,
          payload: { deliveryId: rows[1]!.id },
          state: "done",
          runAt: daysAgo(29),
          finishedAt: daysAgo(29),
        },
      ])
      .returning({ id: jobs.id });

    const sweep = jobHandlers(runtime.services)["sweep-lapsed-bookings"];
    await sweep(
      { slot: NOW.toISOString() },
      { id: 0, name: "sweep-lapsed-bookings", attempt: 1, maxAttempts: 3, now: NOW, logger: createLogger("silent") },
    );

    const left = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        inArray(
          webhookDeliveries.id,
          rows.map((row) => row.id),
        ),
      );
    expect(left.map((row) => row.id).sort()).toEqual([rows[1]!.id, rows[2]!.id, rows[4]!.id]);
    const jobsLeft = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(inArray(jobs.id, [oldJob!.id, recentJob!.id]));
    expect(jobsLeft.map((row) => row.id)).toEqual([recentJob!.id]);
  });
});
