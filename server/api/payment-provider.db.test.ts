// The payments module's PaymentProvider adapter against the real sandbox router: every call goes over
// HTTP (a fetch that enters the Hono app), exactly as it will against PAYMENT_PROVIDER_URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import { parseConfig } from "../../lib/config.ts";
import {
  createHttpPaymentProvider,
  createPaymentProvider,
  paymentProviderBaseUrl,
  type PaymentProvider,
} from "../../modules/payments/index.ts";
import { webhookDelivery, type SandboxEvent } from "../../sandbox-psp/index.ts";
import { bootSnapshot } from "../../tests/setup/db.ts";
import { createApp } from "../app.ts";
import type { Runtime } from "../boot.ts";

const KEY = "sk_sandbox_adapter_test_0123456789abcdef";
const WEBHOOK_SECRET = "whsec_sandbox_adapter_test_0123456789abcdef";
const NOW = new Date("2031-03-10T15:00:00Z");
const BASE = "http://psp.test";

let runtime: Runtime;
let app: ReturnType<typeof createApp>;
let provider: PaymentProvider;
const seen: { url: string; idempotencyKey: string | null }[] = [];
let keys = 0;
const key = () => `adapter-${(keys += 1)}-${Date.now()}`;

/** A fetch that hands the request to the app: HTTP semantics without a socket. */
const appFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  seen.push({ url: request.url, idempotencyKey: request.headers.get("Idempotency-Key") });
  return app.request(request);
};

beforeAll(async () => {
  runtime = await bootSnapshot({
    NODE_ENV: "production",
    PUBLIC_ORIGIN: "http://psp.test",
    SANDBOX_PSP_SECRET_KEY: KEY,
    SANDBOX_PSP_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  runtime.services.clock = fixedClock(NOW);
  app = createApp(runtime.services, { ping: () => runtime.database.ping() });
  provider = createHttpPaymentProvider({
    baseUrl: BASE,
    secretKey: KEY,
    webhookSecret: WEBHOOK_SECRET,
    fetch: appFetch,
  });
});
afterAll(() => runtime.database.close());

async function codeOf(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : `not an AppError: ${String(error)}`;
  }
}

const newPayment = () =>
  provider.createPayment({
    amountMinor: 89_900,
    currency: "USD",
    reference: "TV-ADAPT1",
    returnUrl: `${BASE}/en/carrito/thank-you/`,
    language: "en",
    idempotencyKey: key(),
  });

describe("the HTTP payment provider", () => {
  it("creates, authorizes, captures and refunds through the sandbox's API", async () => {
    const created = await newPayment();
    expect(created).toMatchObject({
      status: "requires_payment_method",
      amountMinor: 89_900,
      currency: "USD",
      reference: "TV-ADAPT1",
      card: null,
    });
    expect(created.redirectUrl).toBe(`${BASE}/sandbox-psp/pay/${created.id}`);
    const authorized = await provider.authorizePayment(created.id, {
      cardToken: "tok_test_0007",
      idempotencyKey: key(),
    });
    expect(authorized).toMatchObject({
      status: "authorized",
      authorizedMinor: 89_900,
      card: { brand: "VI", last4: "0007", binCountry: "MX", issuer: "bbva" },
      redirectUrl: null,
    });
    const captured = await provider.capturePayment(created.id, { idempotencyKey: key() });
    expect(captured).toMatchObject({ status: "captured", capturedMinor: 89_900 });
    const refund = await provider.refundPayment(created.id, { amountMinor: 9_900, idempotencyKey: key() });
    expect(refund).toMatchObject({ amountMinor: 9_900, payment: { status: "captured", refundedMinor: 9_900 } });
    expect(refund.refundId).toMatch(/^re_/);
    expect(await provider.getPayment(created.id)).toEqual(refund.payment);
    expect(seen.every((call) => call.url.startsWith(`${BASE}/sandbox-psp/v1/`))).toBe(true);
    expect(seen.filter((call) => !call.url.endsWith(created.id)).every((call) => call.idempotencyKey !== null)).toBe(
      true,
    );
  });

  it("a retried call with the same key captures once", async () => {
    const created = await newPayment();
    await provider.authorizePayment(created.id, { cardToken: "tok_test_4242", idempotencyKey: key() });
    const captureKey = key();
    const [first, second] = [
      await provider.capturePayment(created.id, { idempotencyKey: captureKey }),
      await provider.capturePayment(created.id, { idempotencyKey: captureKey }),
    ];
    expect(second).toEqual(first);
    expect(await codeOf(() => provider.capturePayment(created.id, { idempotencyKey: key() }))).toBe(
      "PAYMENT_INTENT_STATE",
    );
  });

  it("reports declines as a failed payment with the reason, and 3-D Secure as a redirect", async () => {
    const declined = await newPayment();
    expect(
      await provider.authorizePayment(declined.id, { cardToken: "tok_test_9995", idempotencyKey: key() }),
    ).toMatchObject({ status: "failed", failureCode: "insufficient_funds" });
    const challenged = await newPayment();
    expect(
      await provider.authorizePayment(challenged.id, { cardToken: "tok_test_3184", idempotencyKey: key() }),
    ).toMatchObject({
      status: "requires_action",
      redirectUrl: `${BASE}/sandbox-psp/pay/${challenged.id}/challenge`,
    });
  });

  it("keeps the provider's codes for its refusals", async () => {
    const created = await newPayment();
    await provider.authorizePayment(created.id, { cardToken: "tok_test_4242", idempotencyKey: key() });
    expect(
      await codeOf(() => provider.capturePayment(created.id, { amountMinor: 89_901, idempotencyKey: key() })),
    ).toBe("PAYMENT_AMOUNT_EXCEEDED");
    expect(await codeOf(() => provider.getPayment("pi_000000000000000000000000"))).toBe("PAYMENT_INTENT_NOT_FOUND");
    expect(
      await codeOf(() => provider.authorizePayment(created.id, { cardToken: "tok_unknown", idempotencyKey: key() })),
    ).toBe("CARD_TOKEN_INVALID");
    expect(await codeOf(() => provider.refundPayment(created.id, { idempotencyKey: key() }))).toBe(
      "PAYMENT_INTENT_STATE",
    );
    const reused = key();
    await provider.capturePayment(created.id, { idempotencyKey: reused });
    expect(
      await codeOf(() =>
        provider.createPayment({
          amountMinor: 1,
          currency: "USD",
          reference: "X",
          returnUrl: `${BASE}/`,
          language: "en",
          idempotencyKey: reused,
        }),
      ),
    ).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("turns a wrong key, a failing or unreachable provider into PAYMENT_PROVIDER_UNAVAILABLE or UNAUTHORIZED", async () => {
    const wrongKey = createHttpPaymentProvider({
      baseUrl: BASE,
      secretKey: "sk_wrong_wrong_wrong_wrong_wrong_wrong",
      webhookSecret: WEBHOOK_SECRET,
      fetch: appFetch,
    });
    expect(await codeOf(() => wrongKey.getPayment("pi_x"))).toBe("UNAUTHORIZED");
    const broken = createHttpPaymentProvider({
      baseUrl: BASE,
      secretKey: KEY,
      webhookSecret: WEBHOOK_SECRET,
      fetch: async () => new Response("<html>Bad gateway</html>", { status: 502 }),
    });
    expect(await codeOf(() => broken.getPayment("pi_x"))).toBe("PAYMENT_PROVIDER_UNAVAILABLE");
    const garbled = createHttpPaymentProvider({
      baseUrl: BASE,
      secretKey: KEY,
      webhookSecret: WEBHOOK_SECRET,
      fetch: async () => Response.json({ id: 1 }),
    });
    expect(await codeOf(() => garbled.getPayment("pi_x"))).toBe("PAYMENT_PROVIDER_UNAVAILABLE");
    const offline = createHttpPaymentProvider({
      baseUrl: "http://127.0.0.1:9",
      secretKey: KEY,
      webhookSecret: WEBHOOK_SECRET,
    });
    expect(await codeOf(() => offline.getPayment("pi_x"))).toBe("PAYMENT_PROVIDER_UNAVAILABLE");
  });

  it("verifies and reads the sandbox's webhooks; refuses forged, tampered and stale ones", async () => {
    const created = await newPayment();
    await provider.authorizePayment(created.id, { cardToken: "tok_test_4242", idempotencyKey: key() });
    const answer = await app.request(`/sandbox-psp/v1/payment-intents/${created.id}/events`, {
      headers: { Authorization: `Bearer ${KEY}` },
    });
    const [event] = ((await answer.json()) as { events: SandboxEvent[] }).events;
    const delivery = webhookDelivery(event!, WEBHOOK_SECRET, NOW);
    const signatureHeader = delivery.headers["Sandbox-Signature"];
    expect(
      provider.parseWebhook({ rawBody: delivery.body, signatureHeader, now: new Date(NOW.getTime() + 60_000) }),
    ).toEqual({
      id: event!.id,
      type: "payment.authorized",
      createdAt: NOW.toISOString(),
      payment: expect.objectContaining({ id: created.id, status: "authorized", authorizedMinor: 89_900 }),
    });
    const parse = (rawBody: string, header: string | undefined, now = NOW) =>
      codeOf(async () => provider.parseWebhook({ rawBody, signatureHeader: header, now }));
    expect(await parse(delivery.body.replace("89900", "1"), signatureHeader)).toBe("WEBHOOK_SIGNATURE_INVALID");
    expect(await parse(delivery.body, undefined)).toBe("WEBHOOK_SIGNATURE_INVALID");
    expect(
      await parse(
        delivery.body,
        webhookDelivery(event!, "whsec_someone_else_0123456789abcdef", NOW).headers["Sandbox-Signature"],
      ),
    ).toBe("WEBHOOK_SIGNATURE_INVALID");
    expect(await parse(delivery.body, signatureHeader, new Date(NOW.getTime() + 301_000))).toBe(
      "WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE",
    );
  });

  it("is configured by PAYMENT_PROVIDER_URL, this server itself by default", () => {
    expect(paymentProviderBaseUrl(parseConfig({ NODE_ENV: "test", PORT: "3271" }))).toBe("http://127.0.0.1:3271");
    expect(
      paymentProviderBaseUrl(parseConfig({ NODE_ENV: "test", PAYMENT_PROVIDER_URL: "https://psp.example.com/" })),
    ).toBe("https://psp.example.com/");
    expect(createPaymentProvider(parseConfig({ NODE_ENV: "test" }))).toHaveProperty("capturePayment");
  });
});
