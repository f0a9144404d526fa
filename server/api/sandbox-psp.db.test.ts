// The sandbox payment provider through the whole Hono app: its API behind the secret key, idempotency
// keys, the amount rules, the webhook outbox, and the hosted card page with every test card.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock.ts";
import { verifyWebhook } from "../../lib/webhook-signature.ts";
import {
  sandboxPspCardTokens,
  sandboxPspIntents,
  webhookDelivery,
  type SandboxEvent,
} from "../../sandbox-psp/index.ts";
import { bootSnapshot } from "../../tests/setup/db.ts";
import { createApp } from "../app.ts";
import type { Runtime } from "../boot.ts";

const KEY = "sk_sandbox_test_key_0123456789abcdef";
const WEBHOOK_SECRET = "whsec_sandbox_test_secret_0123456789abcdef";
const NOW = new Date("2031-03-10T15:00:00Z");
const RETURN_URL = "http://localhost/en/carrito/thank-you/?cart=abc";

let runtime: Runtime;
let app: ReturnType<typeof createApp>;
let keyCounter = 0;

beforeAll(async () => {
  runtime = await bootSnapshot({
    NODE_ENV: "production",
    PUBLIC_ORIGIN: "http://localhost",
    SANDBOX_PSP_SECRET_KEY: KEY,
    SANDBOX_PSP_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  runtime.services.clock = fixedClock(NOW);
  app = createApp(runtime.services, { ping: () => runtime.database.ping() });
});
afterAll(() => runtime.database.close());

interface Intent {
  id: string;
  status: string;
  amountMinor: number;
  amountAuthorizedMinor: number;
  amountCapturedMinor: number;
  amountRefundedMinor: number;
  card: { brand: string; last4: string; binCountry: string | null; issuer: string | null } | null;
  failureCode: string | null;
  nextAction: { type: string; url: string } | null;
  language: string;
}

const freshKey = () => `test-key-${Date.now()}-${(keyCounter += 1)}`;

async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await app.request(`/sandbox-psp/v1${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${KEY}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown> & { error?: { code: string } },
  };
}

const post = (path: string, body: unknown, key: string = freshKey()) =>
  api("POST", path, body, { "Idempotency-Key": key });

async function createIntent(overrides: Record<string, unknown> = {}): Promise<Intent> {
  const answer = await post("/payment-intents", {
    amountMinor: 125_000,
    currency: "MXN",
    merchantReference: "TV-8K2M4Q",
    returnUrl: RETURN_URL,
    language: "es",
    ...overrides,
  });
  expect(answer.status).toBe(201);
  return answer.body as unknown as Intent;
}

async function authorized(token = "tok_test_4242"): Promise<Intent> {
  const intent = await createIntent();
  const answer = await post(`/payment-intents/${intent.id}/authorize`, { cardToken: token });
  expect(answer.status).toBe(200);
  return answer.body as unknown as Intent;
}

async function eventsOf(id: string): Promise<SandboxEvent[]> {
  return ((await api("GET", `/payment-intents/${id}/events`)).body as unknown as { events: SandboxEvent[] }).events;
}

describe("the secret key", () => {
  it("is required on every API call", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: "Bearer wrong-key-wrong-key-wrong-key-0000" },
      { Authorization: KEY },
    ];
    for (const headers of attempts) {
      const response = await app.request("/sandbox-psp/v1/payment-intents", {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json", "Idempotency-Key": freshKey() },
        body: "{}",
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });
      expect(response.headers.get("WWW-Authenticate")).toContain("sandbox-psp");
    }
    expect((await app.request("/sandbox-psp/v1/payment-intents/pi_x")).status).toBe(401);
  });
});

describe("payment intents", () => {
  it("are created waiting for a card, with the hosted page as next action, and read back", async () => {
    const intent = await createIntent();
    expect(intent).toMatchObject({
      object: "payment_intent",
      status: "requires_payment_method",
      amountMinor: 125_000,
      currency: "MXN",
      merchantReference: "TV-8K2M4Q",
      returnUrl: RETURN_URL,
      language: "es",
      card: null,
      failureCode: null,
      nextAction: { type: "redirect", url: `http://localhost/sandbox-psp/pay/${intent.id}` },
    });
    expect(intent.id).toMatch(/^pi_[0-9a-f]{24}$/);
    const read = await api("GET", `/payment-intents/${intent.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(intent);
  });

  it("refuse bad input with a code, never a 500", async () => {
    const base = { amountMinor: 100, currency: "MXN", merchantReference: "R", returnUrl: RETURN_URL };
    const cases: [unknown, number, string][] = [
      [{ ...base, currency: "XXX" }, 400, "UNKNOWN_CURRENCY"],
      [{ ...base, amountMinor: 0 }, 400, "INVALID_REQUEST"],
      [{ ...base, amountMinor: 10.5 }, 400, "INVALID_REQUEST"],
      [{ ...base, amountMinor: "100" }, 400, "INVALID_REQUEST"],
      [{ ...base, returnUrl: "javascript:alert(1)" }, 400, "INVALID_REQUEST"],
      [{ ...base, merchantReference: "" }, 400, "INVALID_REQUEST"],
      [{ ...base, language: "fr" }, 400, "INVALID_REQUEST"],
      ["{not json", 400, "INVALID_REQUEST"],
    ];
    for (const [body, status, code] of cases) {
      const answer = await post("/payment-intents", body);
      expect([answer.status, answer.body.error?.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect((await api("GET", "/payment-intents/pi_000000000000000000000000")).body.error?.code).toBe(
      "PAYMENT_INTENT_NOT_FOUND",
    );
    expect((await api("GET", "/payment-intents/pi_000000000000000000000000/events")).status).toBe(404);
    expect((await post("/payment-intents/pi_000000000000000000000000/capture", {})).body.error?.code).toBe(
      "PAYMENT_INTENT_NOT_FOUND",
    );
  });
});

describe("idempotency keys", () => {
  it("are required on every POST, and must look like a key", async () => {
    const body = { amountMinor: 100, currency: "MXN", merchantReference: "R", returnUrl: RETURN_URL };
    const missing = await api("POST", "/payment-intents", body);
    expect([missing.status, missing.body.error?.code]).toEqual([400, "IDEMPOTENCY_KEY_REQUIRED"]);
    const intent = await createIntent();
    for (const path of [
      `/payment-intents/${intent.id}/authorize`,
      `/payment-intents/${intent.id}/capture`,
      `/payment-intents/${intent.id}/refunds`,
    ]) {
      expect((await api("POST", path, { cardToken: "tok_test_4242" })).body.error?.code, path).toBe(
        "IDEMPOTENCY_KEY_REQUIRED",
      );
    }
    expect((await api("POST", "/payment-intents", body, { "Idempotency-Key": "short" })).body.error?.code).toBe(
      "INVALID_REQUEST",
    );
    expect((await api("GET", `/payment-intents/${intent.id}`)).body.status).toBe("requires_payment_method");
  });

  it("same key, same body: the stored answer, and nothing done twice", async () => {
    const key = freshKey();
    const body = { amountMinor: 5_000, currency: "USD", merchantReference: "TV-IDEM", returnUrl: RETURN_URL };
    const first = await post("/payment-intents", body, key);
    const second = await post("/payment-intents", body, key);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    const rows = await runtime.database.db.select().from(sandboxPspIntents);
    expect(rows.filter((row) => row.merchantReference === "TV-IDEM")).toHaveLength(1);

    const intent = first.body as unknown as Intent;
    await post(`/payment-intents/${intent.id}/authorize`, { cardToken: "tok_test_4242" });
    const captureKey = freshKey();
    const capture = await post(`/payment-intents/${intent.id}/capture`, {}, captureKey);
    const again = await post(`/payment-intents/${intent.id}/capture`, {}, captureKey);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(capture.body);
    expect((await eventsOf(intent.id)).map((event) => event.type)).toEqual(["payment.authorized", "payment.captured"]);
    // A new key for the same capture is a second capture, which the rules refuse.
    expect((await post(`/payment-intents/${intent.id}/capture`, {})).body.error?.code).toBe("PAYMENT_INTENT_STATE");
  });

  it("same key, another body or another path: 409 IDEMPOTENCY_KEY_REUSED, nothing changed", async () => {
    const key = freshKey();
    const body = { amountMinor: 5_000, currency: "USD", merchantReference: "TV-REUSE", returnUrl: RETURN_URL };
    const first = await post("/payment-intents", body, key);
    const changed = await post("/payment-intents", { ...body, amountMinor: 1 }, key);
    expect([changed.status, changed.body.error?.code]).toEqual([409, "IDEMPOTENCY_KEY_REUSED"]);
    const intent = first.body as unknown as Intent;
    const elsewhere = await post(`/payment-intents/${intent.id}/authorize`, { cardToken: "tok_test_4242" }, key);
    expect([elsewhere.status, elsewhere.body.error?.code]).toEqual([409, "IDEMPOTENCY_KEY_REUSED"]);
    expect((await api("GET", `/payment-intents/${intent.id}`)).body.status).toBe("requires_payment_method");
  });

  it("a refused request stores nothing under its key: the corrected retry goes through", async () => {
    const intent = await authorized();
    const key = freshKey();
    expect((await post(`/payment-intents/${intent.id}/capture`, { amountMinor: 999_999 }, key)).body.error?.code).toBe(
      "PAYMENT_AMOUNT_EXCEEDED",
    );
    const retry = await post(`/payment-intents/${intent.id}/capture`, { amountMinor: 999_999 }, key);
    expect(retry.body.error?.code).toBe("PAYMENT_AMOUNT_EXCEEDED");
    const corrected = await post(`/payment-intents/${intent.id}/capture`, {}, freshKey());
    expect(corrected.body).toMatchObject({ status: "captured", amountCapturedMinor: 125_000 });
  });
});

describe("authorize, capture and refund", () => {
  it("authorize with test tokens: approved, declined, insufficient funds, 3-D Secure, Mexican card", async () => {
    expect(await authorized("tok_test_4242")).toMatchObject({
      status: "authorized",
      amountAuthorizedMinor: 125_000,
      card: { brand: "VI", last4: "4242", binCountry: "US", issuer: null },
      nextAction: null,
    });
    expect(await authorized("tok_test_0005")).toMatchObject({
      status: "authorized",
      card: { brand: "AX", last4: "0005" },
    });
    expect(await authorized("tok_test_0002")).toMatchObject({
      status: "failed",
      failureCode: "card_declined",
      amountAuthorizedMinor: 0,
    });
    expect(await authorized("tok_test_9995")).toMatchObject({ status: "failed", failureCode: "insufficient_funds" });
    const challenged = await authorized("tok_test_3184");
    expect(challenged).toMatchObject({
      status: "requires_action",
      nextAction: { url: `http://localhost/sandbox-psp/pay/${challenged.id}/challenge` },
    });
    expect(await authorized("tok_test_0007")).toMatchObject({
      status: "authorized",
      card: { brand: "VI", binCountry: "MX", issuer: "bbva" },
    });
  });

  it("refuses an unknown token, and a second authorization", async () => {
    const intent = await createIntent();
    expect((await post(`/payment-intents/${intent.id}/authorize`, { cardToken: "tok_nope" })).body.error?.code).toBe(
      "CARD_TOKEN_INVALID",
    );
    const done = await authorized();
    const again = await post(`/payment-intents/${done.id}/authorize`, { cardToken: "tok_test_4242" });
    expect([again.status, again.body.error?.code]).toEqual([409, "PAYMENT_INTENT_STATE"]);
  });

  it("captures only an authorized intent, once, up to the authorization", async () => {
    const waiting = await createIntent();
    expect((await post(`/payment-intents/${waiting.id}/capture`, {})).body.error?.code).toBe("PAYMENT_INTENT_STATE");
    const failed = await authorized("tok_test_0002");
    expect((await post(`/payment-intents/${failed.id}/capture`, {})).body.error?.code).toBe("PAYMENT_INTENT_STATE");
    const intent = await authorized();
    const over = await post(`/payment-intents/${intent.id}/capture`, { amountMinor: 125_001 });
    expect([over.status, over.body.error?.code]).toEqual([422, "PAYMENT_AMOUNT_EXCEEDED"]);
    const partial = await post(`/payment-intents/${intent.id}/capture`, { amountMinor: 100_000 });
    expect(partial.body).toMatchObject({ status: "captured", amountCapturedMinor: 100_000 });
    expect((await post(`/payment-intents/${intent.id}/capture`, { amountMinor: 25_000 })).body.error?.code).toBe(
      "PAYMENT_INTENT_STATE",
    );
  });

  it("refunds in parts, never more than captured, and the intent is refunded once all is back", async () => {
    const intent = await authorized();
    expect((await post(`/payment-intents/${intent.id}/refunds`, {})).body.error?.code).toBe("PAYMENT_INTENT_STATE");
    await post(`/payment-intents/${intent.id}/capture`, { amountMinor: 100_000 });
    const first = await post(`/payment-intents/${intent.id}/refunds`, { amountMinor: 30_000 });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      refund: { amountMinor: 30_000, currency: "MXN" },
      paymentIntent: { status: "captured", amountRefundedMinor: 30_000 },
    });
    expect((first.body as { refund: { id: string } }).refund.id).toMatch(/^re_/);
    const over = await post(`/payment-intents/${intent.id}/refunds`, { amountMinor: 70_001 });
    expect([over.status, over.body.error?.code]).toEqual([422, "PAYMENT_AMOUNT_EXCEEDED"]);
    const rest = await post(`/payment-intents/${intent.id}/refunds`, {});
    expect(rest.body).toMatchObject({
      refund: { amountMinor: 70_000 },
      paymentIntent: { status: "refunded", amountRefundedMinor: 100_000 },
    });
    expect((await post(`/payment-intents/${intent.id}/refunds`, { amountMinor: 1 })).body.error?.code).toBe(
      "PAYMENT_INTENT_STATE",
    );
    expect((await post(`/payment-intents/${intent.id}/refunds`, { amountMinor: -5 })).body.error?.code).toBe(
      "INVALID_REQUEST",
    );
    // The intent's refunds, as a merchant reads them back: both (two refunds in one instant have no order).
    const listed = await api("GET", `/payment-intents/${intent.id}/refunds`);
    expect(listed.status).toBe(200);
    const refunds = (listed.body as unknown as { refunds: { id: string; amountMinor: number; currency: string }[] })
      .refunds;
    expect(refunds).toHaveLength(2);
    expect(refunds).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: (first.body as { refund: { id: string } }).refund.id,
          amountMinor: 30_000,
          currency: "MXN",
        }),
        expect.objectContaining({ amountMinor: 70_000, currency: "MXN" }),
      ]),
    );
    expect((await api("GET", "/payment-intents/pi_000000000000000000000000/refunds")).status).toBe(404);
  });
});

describe("webhook events", () => {
  it("are written for each change, with unique ids, and sign and verify as delivered", async () => {
    const intent = await authorized();
    await post(`/payment-intents/${intent.id}/capture`, {});
    await post(`/payment-intents/${intent.id}/refunds`, { amountMinor: 5_000 });
    const events = await eventsOf(intent.id);
    expect(events.map((event) => event.type)).toEqual(["payment.authorized", "payment.captured", "payment.refunded"]);
    expect(new Set(events.map((event) => event.id)).size).toBe(3);
    for (const event of events) expect(event.id).toMatch(/^evt_[0-9a-f]{24}$/);
    expect(events[2]!.data.paymentIntent).toMatchObject({
      id: intent.id,
      amountCapturedMinor: 125_000,
      amountRefundedMinor: 5_000,
    });
    expect(events[0]!.data.paymentIntent).not.toHaveProperty("nextAction");

    const failed = await authorized("tok_test_9995");
    expect((await eventsOf(failed.id)).map((event) => [event.type, event.data.paymentIntent.failureCode])).toEqual([
      ["payment.failed", "insufficient_funds"],
    ]);

    const delivery = webhookDelivery(events[1]!, WEBHOOK_SECRET, NOW);
    expect(
      verifyWebhook({
        secret: WEBHOOK_SECRET,
        rawBody: delivery.body,
        header: delivery.headers["Sandbox-Signature"],
        now: NOW,
      }),
    ).toEqual({
      timestamp: NOW.getTime() / 1000,
    });
  });
});

// ---- The hosted pages, as the buyer's browser meets them.

async function form(path: string, fields: Record<string, string>) {
  return app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

const CARD = { expiry: "12/33", cvc: "123", name: "Ana López" };

function returned(location: string | null, intent: Intent, status: string) {
  const url = new URL(location ?? "");
  expect(`${url.origin}${url.pathname}`).toBe("http://localhost/en/carrito/thank-you/");
  expect(Object.fromEntries(url.searchParams)).toEqual({ cart: "abc", payment_intent: intent.id, status });
}

describe("the hosted card page", () => {
  it("shows the amount and the form in the intent's language, with no script", async () => {
    for (const [language, label, amount] of [
      ["es", "Número de tarjeta", "$1,250.00"],
      ["en", "Card number", "MX$1,250.00"],
      ["pt", "Número do cartão", "MX$\u00a01.250,00"],
    ] as const) {
      const intent = await createIntent({ language });
      const response = await app.request(`/sandbox-psp/pay/${intent.id}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<html lang="${language}">`);
      expect(html).toContain(label);
      expect(html).toContain(amount);
      expect(html).not.toMatch(/<script/i);
    }
  });

  it("takes each test card to its outcome and back to the return URL", async () => {
    const cases = [
      ["4242 4242 4242 4242", "authorized", { brand: "VI", last4: "4242", binCountry: "US" }, null],
      ["5555 5555 5555 4444", "authorized", { brand: "MC", last4: "4444" }, null],
      ["4000 0000 0000 0002", "failed", { last4: "0002" }, "card_declined"],
      ["4000 0000 0000 9995", "failed", { last4: "9995" }, "insufficient_funds"],
      ["4152 3138 0000 0007", "authorized", { brand: "VI", binCountry: "MX", issuer: "bbva" }, null],
    ] as const;
    for (const [number, status, card, failureCode] of cases) {
      const intent = await createIntent();
      const response = await form(`/sandbox-psp/pay/${intent.id}`, { ...CARD, number });
      expect(response.status, number).toBe(303);
      returned(response.headers.get("Location"), intent, status);
      expect((await api("GET", `/payment-intents/${intent.id}`)).body).toMatchObject({ status, card, failureCode });
    }
    const amex = await createIntent();
    const response = await form(`/sandbox-psp/pay/${amex.id}`, { ...CARD, number: "3782 822463 10005", cvc: "1234" });
    returned(response.headers.get("Location"), amex, "authorized");
  });

  it("sends a 3-D Secure card to the challenge: approve authorizes, deny fails", async () => {
    for (const [decision, status] of [
      ["approve", "authorized"],
      ["deny", "failed"],
    ] as const) {
      const intent = await createIntent({ language: "pt" });
      const submitted = await form(`/sandbox-psp/pay/${intent.id}`, { ...CARD, number: "4000 0027 6000 3184" });
      expect(submitted.status).toBe(303);
      expect(submitted.headers.get("Location")).toBe(`/sandbox-psp/pay/${intent.id}/challenge`);
      // Reloading the card page while the challenge waits leads to the challenge again.
      expect((await app.request(`/sandbox-psp/pay/${intent.id}`)).headers.get("Location")).toBe(
        `/sandbox-psp/pay/${intent.id}/challenge`,
      );
      const page = await app.request(`/sandbox-psp/pay/${intent.id}/challenge`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Confirme que é você");
      expect(html).toContain("3184");
      const answered = await form(`/sandbox-psp/pay/${intent.id}/challenge`, { decision });
      expect(answered.status).toBe(303);
      returned(answered.headers.get("Location"), intent, status);
      const read = (await api("GET", `/payment-intents/${intent.id}`)).body;
      expect(read.status).toBe(status);
      if (decision === "deny") expect(read.failureCode).toBe("authentication_failed");
      expect((await eventsOf(intent.id)).map((event) => event.type)).toEqual([
        decision === "approve" ? "payment.authorized" : "payment.failed",
      ]);
    }
  });

  it("shows the form again with clear messages, changing nothing, in the intent's language", async () => {
    const intent = await createIntent({ language: "es" });
    const response = await form(`/sandbox-psp/pay/${intent.id}`, {
      number: "4242 4242 4242 4241",
      expiry: "02/31",
      cvc: "12",
      name: "Ana",
    });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain("El número de tarjeta no es válido");
    expect(html).toContain("Esta tarjeta está vencida");
    expect(html).toContain("El código de seguridad tiene 3 dígitos");
    expect(html).not.toContain("4242 4242 4242 4241");
    const amex = await form(`/sandbox-psp/pay/${intent.id}`, { ...CARD, number: "3782 822463 10005", expiry: "13/33" });
    const amexHtml = await amex.text();
    expect(amexHtml).toContain("Escribe el vencimiento como MM/AA");
    expect(amexHtml).toContain("4 en American Express");
    expect((await api("GET", `/payment-intents/${intent.id}`)).body.status).toBe("requires_payment_method");
    expect(await eventsOf(intent.id)).toEqual([]);
  });

  it("never pays twice: after the card step the page sends the buyer back, the form changes nothing", async () => {
    const intent = await createIntent();
    await form(`/sandbox-psp/pay/${intent.id}`, { ...CARD, number: "4242424242424242" });
    const reload = await app.request(`/sandbox-psp/pay/${intent.id}`);
    expect(reload.status).toBe(303);
    returned(reload.headers.get("Location"), intent, "authorized");
    const resubmit = await form(`/sandbox-psp/pay/${intent.id}`, { ...CARD, number: "4000000000000002" });
    returned(resubmit.headers.get("Location"), intent, "authorized");
    const lateChallenge = await form(`/sandbox-psp/pay/${intent.id}/challenge`, { decision: "deny" });
    returned(lateChallenge.headers.get("Location"), intent, "authorized");
    expect(await eventsOf(intent.id)).toHaveLength(1);
  });

  it("answers an unknown payment with a page in the browser's language, and bad forms with a code", async () => {
    const missing = await app.request("/sandbox-psp/pay/pi_000000000000000000000000", {
      headers: { "Accept-Language": "pt-BR" },
    });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Pagamento não encontrado");
    expect(
      (await form("/sandbox-psp/pay/pi_000000000000000000000000", { ...CARD, number: "4242424242424242" })).status,
    ).toBe(404);
    expect((await form("/sandbox-psp/pay/pi_000000000000000000000000/challenge", { decision: "approve" })).status).toBe(
      404,
    );
    const intent = await createIntent();
    const bad = await form(`/sandbox-psp/pay/${intent.id}/challenge`, { decision: "maybe" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "INVALID_REQUEST" } });
    const huge = await form(`/sandbox-psp/pay/${intent.id}`, { ...CARD, number: "4".repeat(500) });
    expect(huge.status).toBe(400);
  });

  it("keeps no whole card number and no CVV", async () => {
    const intent = await createIntent();
    await form(`/sandbox-psp/pay/${intent.id}`, { ...CARD, number: "5555 5555 5555 4444", cvc: "987" });
    const tokens = await runtime.database.db.select().from(sandboxPspCardTokens);
    const stored = JSON.stringify(tokens) + JSON.stringify(await runtime.database.db.select().from(sandboxPspIntents));
    expect(stored).not.toContain("5555555555554444");
    expect(stored).not.toContain("555555");
    // The CVV is nowhere: no column for it, and no stored value equals it.
    expect(Object.keys(tokens[0]!).sort()).toEqual([
      "behaviour",
      "binCountry",
      "brand",
      "createdAt",
      "expMonth",
      "expYear",
      "issuer",
      "last4",
      "token",
    ]);
    for (const row of tokens) expect(Object.values(row).map(String)).not.toContain("987");
    const token = tokens.find(
      (row) => row.last4 === "4444" && row.token.startsWith("tok_") && !row.token.startsWith("tok_test_"),
    );
    expect(token).toMatchObject({ brand: "MC", binCountry: null, expMonth: 12, expYear: 2033 });
  });
});

describe("paths the sandbox does not have", () => {
  it("answer a JSON 404, never a page", async () => {
    const response = await app.request("/sandbox-psp/v1/charges");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
  });
});

describe("the OpenAPI document", () => {
  it("lists the sandbox's paths under its tag", async () => {
    const document = (await (await app.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    for (const path of [
      "/sandbox-psp/v1/payment-intents",
      "/sandbox-psp/v1/payment-intents/{id}",
      "/sandbox-psp/v1/payment-intents/{id}/authorize",
      "/sandbox-psp/v1/payment-intents/{id}/capture",
      "/sandbox-psp/v1/payment-intents/{id}/refunds",
      "/sandbox-psp/v1/payment-intents/{id}/events",
      "/sandbox-psp/pay/{id}",
      "/sandbox-psp/pay/{id}/challenge",
    ]) {
      const operations = Object.values(document.paths[path] ?? {});
      expect(operations.length, path).toBeGreaterThan(0);
      for (const operation of operations) expect(operation.tags).toEqual(["sandbox-psp"]);
    }
  });
});
