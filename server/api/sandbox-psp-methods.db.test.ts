// The sandbox payment provider's PayPal flow, months without interest and webhook delivery, through the
// whole Hono app: the API behind the secret key, the hosted pages as a browser meets them, and the
// delivery loop posting to a small HTTP receiver on a real socket.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock.ts";
import { verifyWebhook } from "../../lib/webhook-signature.ts";
import { createHttpPaymentProvider } from "../../modules/payments/index.ts";
import {
  deliverDue,
  sandboxPspEvents,
  sandboxPspIntents,
  startWebhookDelivery,
  type SandboxEvent,
} from "../../sandbox-psp/index.ts";
import { bootSnapshot } from "../../tests/setup/db.ts";
import { createApp } from "../app.ts";
import type { Runtime } from "../boot.ts";

const KEY = "sk_sandbox_methods_key_0123456789abcdef";
const WEBHOOK_SECRET = "whsec_sandbox_methods_secret_0123456789abcdef";
const NOW = new Date("2031-03-10T15:00:00Z");
const RETURN_URL = "http://localhost/es/carrito/gracias/?cart=abc";

/** A merchant's webhook endpoint on a real socket: records each delivery, answers what it is told. */
interface Receiver {
  url: string;
  received: { body: string; signature: string | undefined; event: SandboxEvent }[];
  answers: number[];
  server: Server;
}

let runtime: Runtime;
let app: ReturnType<typeof createApp>;
let receiver: Receiver;
let keyCounter = 0;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function startReceiver(): Promise<Receiver> {
  const state: Omit<Receiver, "url" | "server"> = { received: [], answers: [] };
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      state.received.push({
        body,
        signature: request.headers["sandbox-signature"] as string | undefined,
        event: JSON.parse(body) as SandboxEvent,
      });
      response.statusCode = state.answers.shift() ?? 200;
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { ...state, url: `http://127.0.0.1:${port}/api/payments/webhook`, server };
}

beforeAll(async () => {
  receiver = await startReceiver();
  runtime = await bootSnapshot({
    NODE_ENV: "production",
    PUBLIC_ORIGIN: "http://localhost",
    SANDBOX_PSP_SECRET_KEY: KEY,
    SANDBOX_PSP_WEBHOOK_SECRET: WEBHOOK_SECRET,
    SANDBOX_PSP_WEBHOOK_URL: receiver.url,
  });
  runtime.services.clock = fixedClock(NOW);
  app = createApp(runtime.services, { ping: () => runtime.database.ping() });
});
afterAll(async () => {
  await runtime.database.close();
  await new Promise((resolve) => receiver.server.close(resolve));
});

interface Intent {
  id: string;
  status: string;
  amountMinor: number;
  method: string;
  instalments: { months: number; monthlyMinor: number } | null;
  payer: { email: string } | null;
  card: { brand: string; last4: string; binCountry: string | null; issuer: string | null } | null;
  failureCode: string | null;
  nextAction: { type: string; url: string } | null;
}

const freshKey = () => `methods-key-${Date.now()}-${(keyCounter += 1)}`;

async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await app.request(`/sandbox-psp/v1${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${KEY}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { error?: { code: string } },
  };
}

const post = (path: string, body: unknown) => api("POST", path, body, { "Idempotency-Key": freshKey() });

async function createIntent(overrides: Record<string, unknown> = {}): Promise<Intent> {
  const answer = await post("/payment-intents", {
    amountMinor: 125_000,
    currency: "MXN",
    merchantReference: "TV-MSI1",
    returnUrl: RETURN_URL,
    language: "es",
    ...overrides,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as unknown as Intent;
}

const read = async (id: string) => (await api("GET", `/payment-intents/${id}`)).body as unknown as Intent;
const eventsOf = async (id: string) =>
  ((await api("GET", `/payment-intents/${id}/events`)).body as unknown as { events: SandboxEvent[] }).events;

async function form(path: string, fields: Record<string, string>) {
  return app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

function returnedTo(location: string | null, id: string, status: string) {
  const url = new URL(location ?? "");
  expect(`${url.origin}${url.pathname}`).toBe("http://localhost/es/carrito/gracias/");
  expect(Object.fromEntries(url.searchParams)).toEqual({ cart: "abc", payment_intent: id, status });
}

describe("PayPal (MXN only)", () => {
  it("is refused in any other currency, with a code", async () => {
    for (const currency of ["USD", "EUR", "CAD"]) {
      const answer = await post("/payment-intents", {
        amountMinor: 100,
        currency,
        merchantReference: "R",
        returnUrl: RETURN_URL,
        method: "paypal",
      });
      expect([answer.status, answer.body.error?.code], currency).toEqual([422, "PAYMENT_METHOD_UNAVAILABLE"]);
    }
    const unknown = await post("/payment-intents", {
      amountMinor: 100,
      currency: "MXN",
      merchantReference: "R",
      returnUrl: RETURN_URL,
      method: "bitcoin",
    });
    expect(unknown.body.error?.code).toBe("INVALID_REQUEST");
  });

  it("sends the buyer to PayPal's page; Pay now authorizes with the payer and returns, with its event", async () => {
    const intent = await createIntent({ method: "paypal", language: "en" });
    expect(intent).toMatchObject({
      method: "paypal",
      status: "requires_payment_method",
      card: null,
      payer: null,
      instalments: null,
    });
    expect(intent.nextAction?.url).toBe(`http://localhost/sandbox-psp/paypal/${intent.id}`);

    const page = await app.request(`/sandbox-psp/paypal/${intent.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Log in with your PayPal sandbox account");
    expect(html).toContain('value="buyer@sandbox.paypal.example"');
    expect(html).toContain("MX$1,250.00");
    expect(html).not.toMatch(/<script/i);

    // The card page is not PayPal's: the buyer is sent to the right one, and a card form changes nothing.
    expect((await app.request(`/sandbox-psp/pay/${intent.id}`)).headers.get("Location")).toBe(
      `/sandbox-psp/paypal/${intent.id}`,
    );
    expect(
      (
        await form(`/sandbox-psp/pay/${intent.id}`, {
          number: "4242424242424242",
          expiry: "12/33",
          cvc: "123",
          name: "Ana",
        })
      ).status,
    ).toBe(303);
    expect(
      (await post(`/payment-intents/${intent.id}/authorize`, { cardToken: "tok_test_4242" })).body.error?.code,
    ).toBe("PAYMENT_INTENT_STATE");

    const approved = await form(`/sandbox-psp/paypal/${intent.id}`, {
      decision: "approve",
      email: "ana@sandbox.paypal.example",
    });
    expect(approved.status).toBe(303);
    const url = new URL(approved.headers.get("Location") ?? "");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      cart: "abc",
      payment_intent: intent.id,
      status: "authorized",
    });
    expect(await read(intent.id)).toMatchObject({
      status: "authorized",
      amountAuthorizedMinor: 125_000,
      card: null,
      payer: { email: "ana@sandbox.paypal.example" },
      failureCode: null,
      nextAction: null,
    });
    expect((await eventsOf(intent.id)).map((event) => [event.type, event.data.paymentIntent.method])).toEqual([
      ["payment.authorized", "paypal"],
    ]);

    // Captured and refunded as a card payment is.
    expect((await post(`/payment-intents/${intent.id}/capture`, {})).body).toMatchObject({ status: "captured" });
    expect((await post(`/payment-intents/${intent.id}/refunds`, {})).status).toBe(201);
    // A decided intent: the page sends the buyer back, a second answer changes nothing.
    returnedTo(
      (await form(`/sandbox-psp/paypal/${intent.id}`, { decision: "cancel" })).headers.get("Location"),
      intent.id,
      "refunded",
    );
  });

  it("Cancel and return fails the intent with payment_cancelled", async () => {
    const intent = await createIntent({ method: "paypal" });
    const cancelled = await form(`/sandbox-psp/paypal/${intent.id}`, { decision: "cancel" });
    expect(cancelled.status).toBe(303);
    returnedTo(cancelled.headers.get("Location"), intent.id, "failed");
    expect(await read(intent.id)).toMatchObject({ status: "failed", failureCode: "payment_cancelled", payer: null });
    expect((await eventsOf(intent.id)).map((event) => [event.type, event.data.paymentIntent.failureCode])).toEqual([
      ["payment.failed", "payment_cancelled"],
    ]);
    returnedTo((await app.request(`/sandbox-psp/paypal/${intent.id}`)).headers.get("Location"), intent.id, "failed");
  });

  it("asks again for an e-mail that is not one, in the intent's language, changing nothing", async () => {
    const intent = await createIntent({ method: "paypal", language: "pt" });
    const answer = await form(`/sandbox-psp/paypal/${intent.id}`, { decision: "approve", email: "not-an-email" });
    expect(answer.status).toBe(422);
    const html = await answer.text();
    expect(html).toContain('<html lang="pt">');
    expect(html).toContain('aria-describedby="email-error"');
    expect((await read(intent.id)).status).toBe("requires_payment_method");
    expect((await form(`/sandbox-psp/paypal/${intent.id}`, { decision: "maybe" })).status).toBe(400);
    // A card intent has no PayPal page: the buyer is sent to the card page.
    const card = await createIntent();
    expect((await app.request(`/sandbox-psp/paypal/${card.id}`)).headers.get("Location")).toBe(
      `/sandbox-psp/pay/${card.id}`,
    );
  });
});

describe("months without interest", () => {
  it("are refused unless the payment is by card in MXN, and only in the usual plans", async () => {
    const base = { amountMinor: 100_000, merchantReference: "R", returnUrl: RETURN_URL };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...base, currency: "USD", instalments: { months: 3 } }, 422, "INSTALMENTS_UNAVAILABLE"],
      [{ ...base, currency: "MXN", method: "paypal", instalments: { months: 3 } }, 422, "INSTALMENTS_UNAVAILABLE"],
      [{ ...base, currency: "MXN", instalments: { months: 4 } }, 400, "INVALID_REQUEST"],
      [{ ...base, currency: "MXN", instalments: { months: 18 } }, 400, "INVALID_REQUEST"],
      [{ ...base, currency: "MXN", instalments: {} }, 400, "INVALID_REQUEST"],
    ];
    for (const [body, status, code] of cases) {
      const answer = await post("/payment-intents", body);
      expect([answer.status, answer.body.error?.code], JSON.stringify(body)).toEqual([status, code]);
    }
  });

  it("are shown on the card page with each payment, in the intent's language", async () => {
    for (const [language, text] of [
      ["es", "12 meses sin intereses de $104.17"],
      ["en", "12 interest-free monthly payments of MX$104.17"],
      ["pt", "12 parcelas sem juros de MX$\u00a0104,17"],
    ] as const) {
      const intent = await createIntent({ language, instalments: { months: 12 } });
      expect(intent.instalments).toEqual({ months: 12, monthlyMinor: 10_417 });
      expect(await (await app.request(`/sandbox-psp/pay/${intent.id}`)).text()).toContain(text);
    }
  });

  it("refuse on the page a card not issued in Mexico, or whose bank sells fewer months, so the buyer can try another", async () => {
    const intent = await createIntent({ instalments: { months: 15 } });
    const card = { expiry: "12/33", cvc: "123", name: "Ana López" };
    for (const [number, message] of [
      ["4242 4242 4242 4242", "requieren una tarjeta de crédito emitida en México"],
      ["5555 5555 5555 4444", "requieren una tarjeta de crédito emitida en México"],
      ["5546 2900 0000 0015", "no ofrece 15 meses sin intereses"],
    ] as const) {
      const answer = await form(`/sandbox-psp/pay/${intent.id}`, { number, ...card });
      expect(answer.status, number).toBe(422);
      const html = await answer.text();
      expect(html).toContain(message);
      expect(html).toContain('aria-describedby="number-error"');
      expect(html).toContain("15 meses sin intereses de");
    }
    expect(await read(intent.id)).toMatchObject({ status: "requires_payment_method", card: null });
    expect(await eventsOf(intent.id)).toEqual([]);

    const approved = await form(`/sandbox-psp/pay/${intent.id}`, { number: "4152 3138 0000 0007", ...card });
    expect(approved.status).toBe(303);
    returnedTo(approved.headers.get("Location"), intent.id, "authorized");
    const authorized = await read(intent.id);
    expect(authorized).toMatchObject({
      status: "authorized",
      instalments: { months: 15, monthlyMinor: 8_334 },
      card: { binCountry: "MX", issuer: "bbva" },
    });
    expect((await eventsOf(intent.id))[0]!.data.paymentIntent).toMatchObject({
      instalments: { months: 15, monthlyMinor: 8_334 },
    });
  });

  it("take a Banorte card up to its 12 months; by token too, where a card that cannot is a 422 that changes nothing", async () => {
    const twelve = await createIntent({ instalments: { months: 12 } });
    const banorte = await form(`/sandbox-psp/pay/${twelve.id}`, {
      number: "5546290000000015",
      expiry: "12/33",
      cvc: "123",
      name: "Ana López",
    });
    expect(banorte.status).toBe(303);
    expect(await read(twelve.id)).toMatchObject({ status: "authorized", card: { brand: "MC", issuer: "banorte" } });

    const fifteen = await createIntent({ instalments: { months: 15 } });
    for (const token of ["tok_test_4242", "tok_test_0015"]) {
      const refused = await post(`/payment-intents/${fifteen.id}/authorize`, { cardToken: token });
      expect([refused.status, refused.body.error?.code], token).toEqual([422, "INSTALMENTS_CARD_NOT_ELIGIBLE"]);
    }
    expect((await read(fifteen.id)).status).toBe("requires_payment_method");
    expect((await post(`/payment-intents/${fifteen.id}/authorize`, { cardToken: "tok_test_0007" })).body).toMatchObject(
      { status: "authorized" },
    );
  });

  it("reach our side through the adapter, with PayPal's payer", async () => {
    const provider = createHttpPaymentProvider({
      baseUrl: "http://psp.test",
      secretKey: KEY,
      webhookSecret: WEBHOOK_SECRET,
      fetch: async (input, init) => app.request(new Request(input, init)),
    });
    const base = {
      amountMinor: 90_000,
      currency: "MXN",
      reference: "TV-ADAPT2",
      returnUrl: "http://psp.test/es/carrito/gracias/",
      language: "es" as const,
    };
    const instalments = await provider.createPayment({
      ...base,
      idempotencyKey: freshKey(),
      instalments: { months: 9 },
    });
    expect(instalments).toMatchObject({
      method: "card",
      instalments: { months: 9, monthlyMinor: 10_000 },
      payer: null,
    });
    expect(
      await provider.authorizePayment(instalments.id, { cardToken: "tok_test_0015", idempotencyKey: freshKey() }),
    ).toMatchObject({
      status: "authorized",
      instalments: { months: 9, monthlyMinor: 10_000 },
    });
    const paypal = await provider.createPayment({ ...base, idempotencyKey: freshKey(), method: "paypal" });
    expect(paypal).toMatchObject({ method: "paypal", redirectUrl: `http://localhost/sandbox-psp/paypal/${paypal.id}` });
    await form(`/sandbox-psp/paypal/${paypal.id}`, { decision: "cancel" });
    expect(await provider.getPayment(paypal.id)).toMatchObject({ status: "failed", failureCode: "payment_cancelled" });
    await expect(
      provider.createPayment({ ...base, currency: "USD", idempotencyKey: freshKey(), method: "paypal" }),
    ).rejects.toMatchObject({ code: "PAYMENT_METHOD_UNAVAILABLE" });
    await expect(
      provider.createPayment({ ...base, currency: "USD", idempotencyKey: freshKey(), instalments: { months: 3 } }),
    ).rejects.toMatchObject({ code: "INSTALMENTS_UNAVAILABLE" });
    await expect(
      provider.authorizePayment(instalments.id, { cardToken: "tok_test_4242", idempotencyKey: freshKey() }),
    ).rejects.toMatchObject({ code: "PAYMENT_INTENT_STATE" });
  });
});

describe("webhook delivery", () => {
  const target = () => ({ url: receiver.url, secret: WEBHOOK_SECRET });
  // Earlier tests left events in the outbox: each delivery test starts from a delivered outbox.
  beforeEach(async () => {
    await runtime.services.db.update(sandboxPspEvents).set({ deliveredAt: NOW, nextAttemptAt: null });
    receiver.received.length = 0;
    receiver.answers.length = 0;
  });

  const rowOf = async (id: string) =>
    (await runtime.services.db.select().from(sandboxPspEvents).where(eq(sandboxPspEvents.id, id)))[0]!;

  it("posts each event, signed, oldest first per intent, and marks it delivered on a 2xx", async () => {
    const intent = await createIntent({ currency: "USD" });
    await post(`/payment-intents/${intent.id}/authorize`, { cardToken: "tok_test_4242" });
    await post(`/payment-intents/${intent.id}/capture`, {});
    await post(`/payment-intents/${intent.id}/refunds`, { amountMinor: 1_000 });
    const events = await eventsOf(intent.id);

    expect(await deliverDue(runtime.services.db, target(), NOW)).toEqual({ attempted: 3, delivered: 3 });
    expect(receiver.received.map((delivery) => delivery.event.id)).toEqual(events.map((event) => event.id));
    for (const delivery of receiver.received) {
      expect(
        verifyWebhook({ secret: WEBHOOK_SECRET, rawBody: delivery.body, header: delivery.signature, now: NOW }),
      ).toEqual({ timestamp: NOW.getTime() / 1000 });
    }
    expect(receiver.received[1]!.event).toEqual(events[1]);
    for (const event of events) {
      expect(await rowOf(event.id)).toMatchObject({
        attempts: 1,
        lastStatus: 200,
        deliveredAt: NOW,
        lastAttemptAt: NOW,
        nextAttemptAt: null,
      });
    }
    // Nothing is due any more.
    expect(await deliverDue(runtime.services.db, target(), new Date(NOW.getTime() + 3_600_000))).toEqual({
      attempted: 0,
      delivered: 0,
    });
  });

  it("retries a refusal with backoff, holding the intent's later events, and gives up after 8 attempts", async () => {
    const intent = await createIntent({ currency: "USD" });
    await post(`/payment-intents/${intent.id}/authorize`, { cardToken: "tok_test_4242" });
    await post(`/payment-intents/${intent.id}/capture`, {});
    const [authorizedEvent, capturedEvent] = await eventsOf(intent.id);

    receiver.answers.push(500);
    expect(await deliverDue(runtime.services.db, target(), NOW)).toEqual({ attempted: 1, delivered: 0 });
    expect(await rowOf(authorizedEvent!.id)).toMatchObject({
      attempts: 1,
      lastStatus: 500,
      deliveredAt: null,
      nextAttemptAt: new Date(NOW.getTime() + 1_000),
    });
    // Not yet due, and the captured event waits behind it.
    expect(await deliverDue(runtime.services.db, target(), new Date(NOW.getTime() + 999))).toEqual({
      attempted: 0,
      delivered: 0,
    });
    expect(receiver.received.map((delivery) => delivery.event.id)).toEqual([authorizedEvent!.id]);

    // Seven more refusals, each after its wait: 1 s, 5 s, 30 s, 2 min, 10 min, 30 min, 1 h.
    let at = NOW.getTime();
    for (const wait of [1, 5, 30, 120, 600, 1800, 3600]) {
      at += wait * 1000;
      receiver.answers.push(503);
      expect(await deliverDue(runtime.services.db, target(), new Date(at)), `after ${wait} s`).toEqual({
        attempted: 1,
        delivered: 0,
      });
    }
    expect(await rowOf(authorizedEvent!.id)).toMatchObject({
      attempts: 8,
      lastStatus: 503,
      deliveredAt: null,
      nextAttemptAt: null,
    });
    // Given up: the next event of the intent goes.
    expect(await deliverDue(runtime.services.db, target(), new Date(at + 1))).toEqual({ attempted: 1, delivered: 1 });
    expect(receiver.received.at(-1)!.event.id).toBe(capturedEvent!.id);
  });

  it("records a receiver that does not answer, and delivers on the next attempt", async () => {
    const intent = await createIntent({ currency: "USD" });
    await post(`/payment-intents/${intent.id}/authorize`, { cardToken: "tok_test_4242" });
    const [event] = await eventsOf(intent.id);
    expect(
      await deliverDue(runtime.services.db, { url: "http://127.0.0.1:9/closed", secret: WEBHOOK_SECRET }, NOW),
    ).toEqual({ attempted: 1, delivered: 0 });
    expect(await rowOf(event!.id)).toMatchObject({ attempts: 1, lastStatus: null, deliveredAt: null });
    expect(await deliverDue(runtime.services.db, target(), new Date(NOW.getTime() + 1_000))).toEqual({
      attempted: 1,
      delivered: 1,
    });
    expect(await rowOf(event!.id)).toMatchObject({
      attempts: 2,
      lastStatus: 200,
      deliveredAt: new Date(NOW.getTime() + 1_000),
    });
  });

  it("redelivers an event as it was, on request, for duplicate tests", async () => {
    const intent = await createIntent({ currency: "USD" });
    await post(`/payment-intents/${intent.id}/authorize`, { cardToken: "tok_test_4242" });
    const [event] = await eventsOf(intent.id);
    await deliverDue(runtime.services.db, target(), NOW);

    const again = await app.request(`/sandbox-psp/v1/events/${event!.id}/redeliver`, {
      method: "POST",
      headers: { Authorization: `Bearer ${KEY}` },
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ eventId: event!.id, status: 200, delivered: true });
    expect(receiver.received.map((delivery) => delivery.event)).toEqual([event, event]);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect(await rowOf(event!.id)).toMatchObject({ attempts: 2, deliveredAt: NOW });

    receiver.answers.push(410);
    const refused = await app.request(`/sandbox-psp/v1/events/${event!.id}/redeliver`, {
      method: "POST",
      headers: { Authorization: `Bearer ${KEY}` },
    });
    expect(await refused.json()).toEqual({ eventId: event!.id, status: 410, delivered: false });

    expect(
      (
        await app.request(`/sandbox-psp/v1/events/evt_000000000000000000000000/redeliver`, {
          method: "POST",
          headers: { Authorization: `Bearer ${KEY}` },
        })
      ).status,
    ).toBe(404);
    expect((await app.request(`/sandbox-psp/v1/events/${event!.id}/redeliver`, { method: "POST" })).status).toBe(401);
  });

  it("never sends an event twice at once: a claimed event is not due for another loop", async () => {
    const intent = await createIntent({ currency: "USD" });
    await post(`/payment-intents/${intent.id}/authorize`, { cardToken: "tok_test_4242" });
    const [first, second] = await Promise.all([
      deliverDue(runtime.services.db, target(), NOW),
      deliverDue(runtime.services.db, target(), NOW),
    ]);
    expect(first.attempted + second.attempted).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [row] = await runtime.services.db.select().from(sandboxPspIntents).where(eq(sandboxPspIntents.id, intent.id));
    expect(row!.status).toBe("authorized");
  });

  it("runs as a loop beside the server, and stops cleanly", async () => {
    const intent = await createIntent({ currency: "USD" });
    await post(`/payment-intents/${intent.id}/authorize`, { cardToken: "tok_test_4242" });
    const loop = startWebhookDelivery({
      db: runtime.services.db,
      target: target(),
      now: () => NOW,
      logger: runtime.logger,
      intervalMs: 10,
    });
    const deadline = Date.now() + 5_000;
    while (receiver.received.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await loop.stop();
    expect(receiver.received.map((delivery) => delivery.event.data.paymentIntent.id)).toEqual([intent.id]);
    // Stopped: a new event stays in the outbox.
    await post(`/payment-intents/${intent.id}/capture`, {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receiver.received).toHaveLength(1);
  });
});
