// Outgoing webhooks end to end (ADR 0042): subscriptions through the admin API, a booking paid for real
// (sandbox provider), and deliveries through the job queue to a real HTTP receiver on this machine that
// verifies every signature. The receiver answers 500 first, so the retry is seen; an inactive
// subscription gets nothing.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSSING_TO_ISLA, CROSSING_TO_ISLA_CODE } from "../db/seed-catalogue.ts";
import { addToCart } from "../flows/cart.ts";
import { createLogger } from "../lib/logger.ts";
import { verifyStandardWebhook } from "../lib/standard-webhooks.ts";
import { createJobRunner } from "../modules/jobs/index.ts";
import { addDays, findDaySailings, materializeSailings } from "../modules/inventory/index.ts";
import { DELIVER_WEBHOOK, webhookDeliveries } from "../modules/webhooks/index.ts";
import { bootCheckout, buyWithCard, type CheckoutHarness } from "../tests/factories/checkout.ts";
import { jobHandlers } from "./jobs.ts";

const TOKEN = "test-admin-token-webhooks-0123456789abcdef";
const NOW = new Date("2031-05-05T15:00:00Z");
const DAY = "2031-05-08";
const auth = { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" };

interface Received {
  path: string;
  headers: Headers;
  body: string;
  verified: { id: string; timestamp: number } | { error: string };
}

let harness: CheckoutHarness;
let receiver: Server;
let origin = "";
const received: Received[] = [];
/** The secret of each receiving path, once the admin API has shown it. */
const secrets = new Map<string, string>();
let answers: number[] = [];
let clockNow = NOW;

beforeAll(async () => {
  harness = await bootCheckout(NOW, { ADMIN_API_TOKEN: TOKEN });
  await materializeSailings(harness.runtime.database.db, { from: DAY, to: addDays(DAY, 1), now: NOW });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
      const path = request.url ?? "";
      let verified: Received["verified"];
      try {
        verified = verifyStandardWebhook({ secret: secrets.get(path) ?? "whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", body, headers, now: clockNow });
      } catch (error) {
        verified = { error: (error as { code?: string }).code ?? String(error) };
      }
      received.push({ path, headers, body, verified });
      response.statusCode = answers.shift() ?? 200;
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await harness.runtime.database.close();
});

const api = (path: string, init: RequestInit = {}) => harness.app.request(path, { ...init, headers: { ...auth, ...(init.headers as Record<string, string> | undefined) } });

async function subscribe(body: unknown): Promise<Response> {
  return api("/api/admin/webhooks", { method: "POST", body: JSON.stringify(body) });
}

/** A runner of webhook deliveries only, on the test's clock, retrying one second after a failure. */
function runner() {
  const handlers = jobHandlers(harness.runtime.services);
  return createJobRunner({
    db: harness.runtime.database.db,
    logger: createLogger("silent"),
    handlers: { [DELIVER_WEBHOOK]: handlers[DELIVER_WEBHOOK]! },
    now: () => clockNow,
    retryDelayMs: () => 1000,
  });
}

async function buyOneTrip(): Promise<{ reference: string; id: string }> {
  const db = harness.runtime.database.db;
  const [sailing] = await findDaySailings(db, [CROSSING_TO_ISLA], DAY, clockNow);
  const { sessionId } = await addToCart(
    db,
    {
      sessionId: null,
      currency: "MXN",
      item: { type: "ferry", crossing: CROSSING_TO_ISLA_CODE, trip: "one_way", date: DAY, returnDate: null, outboundSailingId: sailing!.id, inboundSailingId: null, category: "tourist", passengers: { adult: 1, child: 0, infant: 0 } },
    },
    { siteCode: "travesia", language: "en", now: clockNow, holdSeconds: 900 },
  );
  const deps = { db, provider: harness.provider, now: clockNow, guestAccessSecret: harness.runtime.config.GUEST_ACCESS_SECRET, holdSeconds: 900 };
  const booking = await buyWithCard(deps, harness.provider, sessionId);
  return { reference: booking.reference, id: booking.id };
}

describe("the admin API of subscriptions", () => {
  it("refuses without the admin token, and refuses a URL or event types it cannot use, storing nothing", async () => {
    const anonymous = await harness.app.request("/api/admin/webhooks", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(anonymous.status).toBe(401);
    for (const [body, issue] of [
      [{ url: "ftp://partner.example/hook", eventTypes: ["booking.paid"] }, "https_required"],
      [{ url: "http://partner.example/hook", eventTypes: ["booking.paid"] }, "https_required"],
      [{ url: "https://user:pw@partner.example/hook", eventTypes: ["booking.paid"] }, "credentials_in_url"],
      [{ url: "not a url", eventTypes: ["booking.paid"] }, "invalid_url"],
      [{ url: "https://partner.example/hook", eventTypes: [] }, "none"],
      [{ url: "https://partner.example/hook", eventTypes: ["booking.exploded"] }, "unknown:booking.exploded"],
    ] as const) {
      const response = await subscribe(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      const { error } = (await response.json()) as { error: { code: string; issues: { code: string }[] } };
      expect(error.code).toBe("WEBHOOK_SUBSCRIPTION_INVALID");
      expect(error.issues.map((item) => item.code)).toContain(issue);
    }
    const malformed = await subscribe({ url: "https://partner.example/hook", eventTypes: ["booking.paid"], extra: true });
    expect(malformed.status).toBe(400);
    const list = (await (await api("/api/admin/webhooks")).json()) as { subscriptions: unknown[] };
    expect(list.subscriptions).toEqual([]);
  });
});

describe("deliveries", () => {
  let activeId = "";
  let inactiveId = "";

  it("deliver a paid booking, signed, retried after a 500 with the same webhook-id, and nothing to an inactive subscription", async () => {
    const made = await subscribe({ url: `${origin}/hooks/active`, eventTypes: ["booking.paid", "booking.refunded"], description: "partner" });
    expect(made.status).toBe(201);
    const active = (await made.json()) as { subscription: { id: string; active: boolean }; secret: string };
    expect(active.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    secrets.set("/hooks/active", active.secret);
    activeId = active.subscription.id;
    const asleep = (await (await subscribe({ url: `${origin}/hooks/inactive`, eventTypes: ["booking.paid"], active: false })).json()) as { subscription: { id: string }; secret: string };
    secrets.set("/hooks/inactive", asleep.secret);
    inactiveId = asleep.subscription.id;
    // The list never shows a secret again.
    expect(JSON.stringify(await (await api("/api/admin/webhooks")).json())).not.toContain("whsec_");

    const booking = await buyOneTrip();
    answers = [500];
    const jobs = runner();
    clockNow = NOW;
    expect(await jobs.runDue()).toMatchObject({ completed: 0, retried: 1 });
    clockNow = new Date(NOW.getTime() + 2000);
    expect(await jobs.runDue()).toMatchObject({ completed: 1, retried: 0 });

    expect(received.map((item) => item.path)).toEqual(["/hooks/active", "/hooks/active"]);
    const [first, second] = received;
    expect(first!.verified).toMatchObject({ id: first!.headers.get("webhook-id") });
    expect(second!.verified).toMatchObject({ id: first!.headers.get("webhook-id") });
    expect(second!.headers.get("webhook-timestamp")).toBe(String(Math.floor(clockNow.getTime() / 1000)));
    expect(first!.headers.get("content-type")).toBe("application/json");
    const event = JSON.parse(second!.body) as { type: string; data: { reference: string; status: string; previousStatus: string; total: { currency: string } } };
    expect(event).toMatchObject({ type: "booking.paid", data: { reference: booking.reference, status: "paid", previousStatus: "pending_payment", total: { currency: "MXN" } } });
    expect(second!.body).not.toContain("ana@example.com");

    const log = (await (await api(`/api/admin/webhooks/${activeId}/deliveries`)).json()) as { deliveries: { status: string; attempts: number; lastStatusCode: number; bookingReference: string }[] };
    expect(log.deliveries).toEqual([expect.objectContaining({ status: "delivered", attempts: 2, lastStatusCode: 200, bookingReference: booking.reference })]);
    const none = (await (await api(`/api/admin/webhooks/${inactiveId}/deliveries`)).json()) as { deliveries: unknown[] };
    expect(none.deliveries).toEqual([]);
  });

  it("stop for a subscription made inactive: its pending retries end, and new events queue nothing", async () => {
    received.length = 0;
    answers = [503];
    await buyOneTrip();
    const jobs = runner();
    expect(await jobs.runDue()).toMatchObject({ retried: 1 });
    const deactivated = await api(`/api/admin/webhooks/${activeId}`, { method: "PATCH", body: JSON.stringify({ active: false }) });
    expect(deactivated.status).toBe(200);
    clockNow = new Date(clockNow.getTime() + 2000);
    await jobs.runDue();
    expect(received).toHaveLength(1);
    const rows = await harness.runtime.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, activeId));
    expect(rows.map((row) => row.status).sort()).toEqual(["delivered", "failed"]);
    expect(rows.find((row) => row.status === "failed")?.lastError).toBe("subscription inactive");

    await buyOneTrip();
    expect(await harness.runtime.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, activeId))).toHaveLength(2);
  });

  it("rotate a secret (shown once) and delete a subscription with its log", async () => {
    const rotated = (await (await api(`/api/admin/webhooks/${activeId}`, { method: "PATCH", body: JSON.stringify({ rotateSecret: true }) })).json()) as { secret: string };
    expect(rotated.secret).not.toBe(secrets.get("/hooks/active"));
    expect((await api(`/api/admin/webhooks/${activeId}`, { method: "DELETE" })).status).toBe(204);
    expect((await api(`/api/admin/webhooks/${activeId}`, { method: "DELETE" })).status).toBe(404);
    expect((await api(`/api/admin/webhooks/${activeId}/deliveries`)).status).toBe(404);
  });
});
