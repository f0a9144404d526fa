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
  // The receiver runs on this machine's loopback: private targets are allowed, except where a test says.
  harness = await bootCheckout(NOW, { ADMIN_API_TOKEN: TOKEN, WEBHOOKS_ALLOW_PRIVATE_TARGETS: "true" });
  await materializeSailings(harness.runtime.database.db, { from: DAY, to: addDays(DAY, 1), now: NOW });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === "string") headers.set(name, value);
      const path = request.url ?? "";
      let verified: Received["verified"];
      try {
        verified = verifyStandardWebhook({
          secret: secrets.get(path) ?? "whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
          body,
          headers,
          now: clockNow,
        });
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

const api = (path: string, init: RequestInit = {}) =>
  harness.app.request(path, { ...init, headers: { ...auth, ...(init.headers as Record<string, string> | undefined) } });

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
      item: {
        type: "ferry",
        crossing: CROSSING_TO_ISLA_CODE,
        trip: "one_way",
        date: DAY,
        returnDate: null,
        outboundSailingId: sailing!.id,
        inboundSailingId: null,
        category: "tourist",
        passengers: { adult: 1, child: 0, infant: 0 },
      },
    },
    { siteCode: "travesia", language: "en", now: clockNow, holdSeconds: 900 },
  );
  const deps = {
    db,
    provider: harness.provider,
    now: clockNow,
    guestAccessSecret: harness.runtime.config.GUEST_ACCESS_SECRET,
    holdSeconds: 900,
  };
  const booking = await buyWithCard(deps, harness.provider, sessionId);
  return { reference: booking.reference, id: booking.id };
}

describe("the admin API of subscriptions", () => {
  it("refuses without the admin token, and refuses a URL or event types it cannot use, storing nothing", async () => {
    const anonymous = await harness.app.request("/api/admin/webhooks", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
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
    const malformed = await subscribe({
      url: "https://partner.example/hook",
      eventTypes: ["booking.paid"],
      extra: true,
    });
    expect(malformed.status).toBe(400);
    const list = (await (await api("/api/admin/webhooks")).json()) as { subscriptions: unknown[] };
    expect(list.subscriptions).toEqual([]);
  });
});

describe("targets off the public internet, when private targets are not allowed", () => {
  const config = () => harness.runtime.services.config;

  async function withPrivateTargetsRefused<T>(run: () => Promise<T>): Promise<T> {
    config().WEBHOOKS_ALLOW_PRIVATE_TARGETS = false;
    try {
      return await run();
    } finally {
      config().WEBHOOKS_ALLOW_PRIVATE_TARGETS = true;
    }
  }

  it("are refused when subscribed or changed to, by address or by a name that resolves to one, storing nothing", async () => {
    const stored = (await (
      await subscribe({ url: "https://partner.example/hook", eventTypes: ["booking.paid"], active: false })
    ).json()) as { subscription: { id: string } };
    await withPrivateTargetsRefused(async () => {
      for (const url of [
        `${origin}/hooks/loopback`,
        "http://localhost:9/hooks",
        "https://169.254.169.254/latest/meta-data/",
        "https://10.0.0.7/hook",
        "https://192.168.1.20/hook",
        "https://172.16.5.4/hook",
        "https://[::1]/hook",
        "https://[fd00::1]/hook",
        "https://[fe80::1]/hook",
        "https://[::ffff:127.0.0.1]/hook",
        "https://0.0.0.0/hook",
      ]) {
        for (const response of [
          await subscribe({ url, eventTypes: ["booking.paid"] }),
          await api(`/api/admin/webhooks/${stored.subscription.id}`, {
            method: "PATCH",
            body: JSON.stringify({ url }),
          }),
        ]) {
          expect(response.status, url).toBe(422);
          const { error } = (await response.json()) as { error: { code: string; issues: { code: string }[] } };
          expect(error.code, url).toBe("WEBHOOK_TARGET_NOT_ALLOWED");
          expect(error.issues[0]!.code).toMatch(/^not_public:/);
        }
      }
    });
    const list = (await (await api("/api/admin/webhooks")).json()) as { subscriptions: { url: string }[] };
    expect(list.subscriptions.map((item) => item.url)).toEqual(["https://partner.example/hook"]);
    expect((await api(`/api/admin/webhooks/${stored.subscription.id}`, { method: "DELETE" })).status).toBe(204);
  });

  it("are not delivered to: a subscription made while they were allowed gets nothing, and the attempt says why", async () => {
    received.length = 0;
    const made = (await (await subscribe({ url: `${origin}/hooks/private`, eventTypes: ["booking.paid"] })).json()) as {
      subscription: { id: string };
    };
    const byName = (await (
      await subscribe({
        url: `${origin.replace("127.0.0.1", "localhost")}/hooks/by-name`,
        eventTypes: ["booking.paid"],
      })
    ).json()) as { subscription: { id: string } };
    await buyOneTrip();
    await withPrivateTargetsRefused(async () => {
      expect(await runner().runDue()).toMatchObject({ completed: 0, retried: 2 });
    });
    expect(received).toEqual([]);
    for (const id of [made.subscription.id, byName.subscription.id]) {
      const [row] = await harness.runtime.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.subscriptionId, id));
      expect(row).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null });
      expect(row!.lastError).toContain("WEBHOOK_TARGET_NOT_ALLOWED");
      expect((await api(`/api/admin/webhooks/${id}`, { method: "DELETE" })).status).toBe(204);
    }
    // The retries queued for them end with their deliveries, before the next test counts its own.
    const started = clockNow;
    clockNow = new Date(started.getTime() + 2000);
    expect(await runner().runDue()).toMatchObject({ completed: 2, retried: 0 });
    clockNow = started;
  });
});

describe("deliveries", () => {
  let activeId = "";
  let inactiveId = "";

  it("deliver a paid booking, signed, retried after a 500 with the same webhook-id, and nothing to an inactive subscription", async () => {
    const made = await subscribe({
      url: `${origin}/hooks/active`,
      eventTypes: ["booking.paid", "booking.refunded"],
      description: "partner",
    });
    expect(made.status).toBe(201);
    const active = (await made.json()) as { subscription: { id: string; active: boolean }; secret: string };
    expect(active.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    secrets.set("/hooks/active", active.secret);
    activeId = active.subscription.id;
    const asleep = (await (
      await subscribe({ url: `${origin}/hooks/inactive`, eventTypes: ["booking.paid"], active: false })
    ).json()) as { subscription: { id: string }; secret: string };
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
    const event = JSON.parse(second!.body) as {
      type: string;
      data: { reference: string; status: string; previousStatus: string; total: { currency: string } };
    };
    expect(event).toMatchObject({
      type: "booking.paid",
      data: {
        reference: booking.reference,
        status: "paid",
        previousStatus: "pending_payment",
        total: { currency: "MXN" },
      },
    });
    expect(second!.body).not.toContain("ana@example.com");

    const log = (await (await api(`/api/admin/webhooks/${activeId}/deliveries`)).json()) as {
      deliveries: { status: string; attempts: number; lastStatusCode: number; bookingReference: string }[];
    };
    expect(log.deliveries).toEqual([
      expect.objectContaining({
        status: "delivered",
        attempts: 2,
        lastStatusCode: 200,
        bookingReference: booking.reference,
      }),
    ]);
    const none = (await (await api(`/api/admin/webhooks/${inactiveId}/deliveries`)).json()) as {
      deliveries: unknown[];
    };
    expect(none.deliveries).toEqual([]);
  });

  it("stop for a subscription made inactive: its pending retries end, and new events queue nothing", async () => {
    received.length = 0;
    answers = [503];
    await buyOneTrip();
    const jobs = runner();
    expect(await jobs.runDue()).toMatchObject({ retried: 1 });
    const deactivated = await api(`/api/admin/webhooks/${activeId}`, {
      method: "PATCH",
      body: JSON.stringify({ active: false }),
    });
    expect(deactivated.status).toBe(200);
    clockNow = new Date(clockNow.getTime() + 2000);
    await jobs.runDue();
    expect(received).toHaveLength(1);
    const rows = await harness.runtime.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, activeId));
    expect(rows.map((row) => row.status).sort()).toEqual(["delivered", "failed"]);
    expect(rows.find((row) => row.status === "failed")?.lastError).toBe("subscription inactive");

    await buyOneTrip();
    expect(
      await harness.runtime.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.subscriptionId, activeId)),
    ).toHaveLength(2);
  });

  it("rotate a secret (shown once) and delete a subscription with its log", async () => {
    const rotated = (await (
      await api(`/api/admin/webhooks/${activeId}`, { method: "PATCH", body: JSON.stringify({ rotateSecret: true }) })
    ).json()) as { secret: string };
    expect(rotated.secret).not.toBe(secrets.get("/hooks/active"));
    expect((await api(`/api/admin/webhooks/${activeId}`, { method: "DELETE" })).status).toBe(204);
    expect((await api(`/api/admin/webhooks/${activeId}`, { method: "DELETE" })).status).toBe(404);
    expect((await api(`/api/admin/webhooks/${activeId}/deliveries`)).status).toBe(404);
  });
});
