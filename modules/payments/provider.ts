// The one door between Travesía and a payment service provider. Checkout code speaks PaymentProvider;
// the HTTP adapter below speaks the sandbox's API (in this process by default, at PAYMENT_PROVIDER_URL
// otherwise). Nothing here imports the sandbox: a real provider replaces it with another adapter and
// configuration, and our side only ever holds tokens, never card numbers.
import { z } from "zod";
import type { Config } from "../../lib/config.ts";
import { AppError, ERROR_STATUS, type ErrorCode } from "../../lib/errors.ts";
import type { Language } from "../../lib/language.ts";
import { verifyWebhook } from "../../lib/webhook-signature.ts";

export type ProviderPaymentStatus =
  | "requires_payment_method"
  | "requires_action"
  | "authorized"
  | "captured"
  | "refunded"
  | "failed";

/** Why a payment failed, in the provider-neutral words our messages translate (payment.error.<code>). */
export type ProviderFailureCode =
  | "card_declined"
  | "insufficient_funds"
  | "authentication_failed"
  | "payment_cancelled";

/** card: a card (the provider's hosted card page or a token); paypal: the buyer's PayPal account (MXN only). */
export type ProviderPaymentMethod = "card" | "paypal";

/** Months without interest: the plan and each monthly payment in minor units, rounded up. */
export interface ProviderInstalments {
  months: number;
  monthlyMinor: number;
}

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  amountMinor: number;
  currency: string;
  reference: string;
  authorizedMinor: number;
  capturedMinor: number;
  refundedMinor: number;
  card: { brand: string; last4: string; binCountry: string | null; issuer: string | null } | null;
  /** Why it failed, in the provider-neutral words our messages translate. */
  failureCode: ProviderFailureCode | null;
  /** Where to send the buyer (hosted card page, 3-D Secure challenge or PayPal), when the provider waits for them. */
  redirectUrl: string | null;
  // Optional so that a provider (or a test double) written before them still fits; the HTTP adapter
  // always sets all three.
  /** How the buyer pays; card when absent. */
  method?: ProviderPaymentMethod;
  /** The months without interest asked for; null or absent: one payment. */
  instalments?: ProviderInstalments | null;
  /** The PayPal account that approved a PayPal payment. */
  payer?: { email: string } | null;
}

export interface ProviderEvent {
  id: string;
  type: "payment.authorized" | "payment.captured" | "payment.failed" | "payment.refunded";
  createdAt: string;
  payment: Omit<ProviderPayment, "redirectUrl">;
}

/** A refund as the provider lists it. */
export interface ProviderRefund {
  id: string;
  paymentId: string;
  amountMinor: number;
  currency: string;
  createdAt: string;
}

/** Every call that changes money carries an idempotency key: a retried call never charges twice. */
export interface PaymentProvider {
  /**
   * method paypal and instalments exist in MXN only (PAYMENT_METHOD_UNAVAILABLE, INSTALMENTS_UNAVAILABLE).
   * Whether a card may pay in instalments is the provider's check on the card (Mexican issuer, its
   * maximum months): our side never sees the number.
   */
  createPayment(input: {
    amountMinor: number;
    currency: string;
    reference: string;
    returnUrl: string;
    /** The merchant's page the provider's page links back to without paying. */
    cancelUrl?: string;
    language: Language;
    idempotencyKey: string;
    method?: ProviderPaymentMethod;
    instalments?: { months: number };
  }): Promise<ProviderPayment>;
  getPayment(id: string): Promise<ProviderPayment>;
  authorizePayment(id: string, input: { cardToken: string; idempotencyKey: string }): Promise<ProviderPayment>;
  capturePayment(id: string, input: { amountMinor?: number; idempotencyKey: string }): Promise<ProviderPayment>;
  refundPayment(
    id: string,
    input: { amountMinor?: number; idempotencyKey: string },
  ): Promise<{ refundId: string; amountMinor: number; payment: ProviderPayment }>;
  /**
   * The account's refunds created since an instant, oldest first, a page at a time (`startingAfter`:
   * the last id of the page before): refunds made on the provider's dashboard are learnt of here.
   */
  listRefunds(input: {
    createdSince: Date;
    startingAfter?: string;
    limit?: number;
  }): Promise<{ refunds: ProviderRefund[]; hasMore: boolean }>;
  /** Verifies a webhook on its raw body and signature header, then reads it; refuses with a code. */
  parseWebhook(input: { rawBody: string; signatureHeader: string | null | undefined; now: Date }): ProviderEvent;
}

const CardSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  binCountry: z.string().nullable(),
  issuer: z.string().nullable(),
});
const PaymentFields = {
  id: z.string(),
  status: z.enum(["requires_payment_method", "requires_action", "authorized", "captured", "refunded", "failed"]),
  amountMinor: z.number().int(),
  currency: z.string(),
  merchantReference: z.string(),
  amountAuthorizedMinor: z.number().int(),
  amountCapturedMinor: z.number().int(),
  amountRefundedMinor: z.number().int(),
  card: CardSchema.nullable(),
  failureCode: z.enum(["card_declined", "insufficient_funds", "authentication_failed", "payment_cancelled"]).nullable(),
  // Events written before these fields existed lack them: they were card payments in one instalment.
  method: z.enum(["card", "paypal"]).default("card"),
  instalments: z.object({ months: z.number().int(), monthlyMinor: z.number().int() }).nullable().default(null),
  payer: z.object({ email: z.string() }).nullable().default(null),
};
const SandboxIntentSchema = z.object({ ...PaymentFields, nextAction: z.object({ url: z.string() }).nullable() });
const SandboxRefundSchema = z.object({
  refund: z.object({ id: z.string(), amountMinor: z.number().int() }),
  paymentIntent: SandboxIntentSchema,
});
const SandboxEventSchema = z.object({
  id: z.string(),
  type: z.enum(["payment.authorized", "payment.captured", "payment.failed", "payment.refunded"]),
  createdAt: z.string(),
  data: z.object({ paymentIntent: z.object(PaymentFields) }),
});
const SandboxRefundPageSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      paymentIntent: z.string(),
      amountMinor: z.number().int(),
      currency: z.string(),
      createdAt: z.string(),
    }),
  ),
  hasMore: z.boolean(),
});
const ErrorAnswerSchema = z.object({ error: z.object({ code: z.string() }) });

function paymentOf(intent: z.infer<typeof SandboxIntentSchema>): ProviderPayment {
  return { ...eventPaymentOf(intent), redirectUrl: intent.nextAction?.url ?? null };
}

function eventPaymentOf(intent: z.infer<z.ZodObject<typeof PaymentFields>>): Omit<ProviderPayment, "redirectUrl"> {
  return {
    id: intent.id,
    status: intent.status,
    amountMinor: intent.amountMinor,
    currency: intent.currency,
    reference: intent.merchantReference,
    authorizedMinor: intent.amountAuthorizedMinor,
    capturedMinor: intent.amountCapturedMinor,
    refundedMinor: intent.amountRefundedMinor,
    card: intent.card,
    failureCode: intent.failureCode,
    method: intent.method,
    instalments: intent.instalments,
    payer: intent.payer,
  };
}

function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, code);
}

export interface HttpPaymentProviderOptions {
  baseUrl: string;
  secretKey: string;
  webhookSecret: string;
  /** Injected in tests to reach the app without a socket; the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** The sandbox's HTTP API behind PaymentProvider. */
export function createHttpPaymentProvider(options: HttpPaymentProviderOptions): PaymentProvider {
  const call = <T>(
    schema: z.ZodType<T>,
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<T> => callProvider(options, schema, method, path, body, idempotencyKey);
  const intentPath = (id: string) => `/sandbox-psp/v1/payment-intents/${encodeURIComponent(id)}`;
  const amount = (amountMinor: number | undefined) => (amountMinor === undefined ? {} : { amountMinor });

  return {
    async createPayment(input) {
      const body = {
        amountMinor: input.amountMinor,
        currency: input.currency,
        merchantReference: input.reference,
        returnUrl: input.returnUrl,
        ...(input.cancelUrl ? { cancelUrl: input.cancelUrl } : {}),
        language: input.language,
        ...(input.method ? { method: input.method } : {}),
        ...(input.instalments ? { instalments: { months: input.instalments.months } } : {}),
      };
      return paymentOf(
        await call(SandboxIntentSchema, "POST", "/sandbox-psp/v1/payment-intents", body, input.idempotencyKey),
      );
    },
    async getPayment(id) {
      return paymentOf(await call(SandboxIntentSchema, "GET", intentPath(id)));
    },
    async authorizePayment(id, input) {
      return paymentOf(
        await call(
          SandboxIntentSchema,
          "POST",
          `${intentPath(id)}/authorize`,
          { cardToken: input.cardToken },
          input.idempotencyKey,
        ),
      );
    },
    async capturePayment(id, input) {
      return paymentOf(
        await call(
          SandboxIntentSchema,
          "POST",
          `${intentPath(id)}/capture`,
          amount(input.amountMinor),
          input.idempotencyKey,
        ),
      );
    },
    async refundPayment(id, input) {
      const answer = await call(
        SandboxRefundSchema,
        "POST",
        `${intentPath(id)}/refunds`,
        amount(input.amountMinor),
        input.idempotencyKey,
      );
      return {
        refundId: answer.refund.id,
        amountMinor: answer.refund.amountMinor,
        payment: paymentOf(answer.paymentIntent),
      };
    },
    async listRefunds(input) {
      const query = new URLSearchParams({
        createdGte: input.createdSince.toISOString(),
        limit: String(input.limit ?? 100),
        ...(input.startingAfter ? { startingAfter: input.startingAfter } : {}),
      });
      const page = await call(SandboxRefundPageSchema, "GET", `/sandbox-psp/v1/refunds?${query.toString()}`);
      return {
        refunds: page.data.map((refund) => ({
          id: refund.id,
          paymentId: refund.paymentIntent,
          amountMinor: refund.amountMinor,
          currency: refund.currency,
          createdAt: refund.createdAt,
        })),
        hasMore: page.hasMore,
      };
    },
    parseWebhook: (input) => parseSandboxWebhook(options.webhookSecret, input),
  };
}

/** One call to the provider's API: its answer read by `schema`, its refusals as our codes. */
async function callProvider<T>(
  options: HttpPaymentProviderOptions,
  schema: z.ZodType<T>,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<T> {
  const send = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, "");
  let response: Response;
  try {
    response = await send(`${base}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${options.secretKey}`,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
  } catch (error) {
    throw new AppError("PAYMENT_PROVIDER_UNAVAILABLE", { cause: error });
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    // The provider's refusals that mean something to us keep their code; anything else (a 5xx, an
    // unknown code, a body that is not the provider's) is the provider failing.
    const refusal = ErrorAnswerSchema.safeParse(payload);
    if (
      response.status < 500 &&
      refusal.success &&
      isErrorCode(refusal.data.error.code) &&
      refusal.data.error.code !== "INTERNAL_ERROR"
    ) {
      throw new AppError(refusal.data.error.code);
    }
    throw new AppError("PAYMENT_PROVIDER_UNAVAILABLE", { message: `provider answered ${response.status}` });
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success)
    throw new AppError("PAYMENT_PROVIDER_UNAVAILABLE", {
      message: "provider answer not understood",
      cause: parsed.error,
    });
  return parsed.data;
}

/** A webhook event, once its signature holds. */
function parseSandboxWebhook(secret: string, input: Parameters<PaymentProvider["parseWebhook"]>[0]) {
  verifyWebhook({
    secret,
    rawBody: input.rawBody,
    header: input.signatureHeader,
    now: input.now,
  });
  let json: unknown;
  try {
    json = JSON.parse(input.rawBody);
  } catch {
    throw new AppError("INVALID_REQUEST");
  }
  const event = SandboxEventSchema.safeParse(json);
  if (!event.success) throw new AppError("INVALID_REQUEST");
  return {
    id: event.data.id,
    type: event.data.type,
    createdAt: event.data.createdAt,
    payment: eventPaymentOf(event.data.data.paymentIntent),
  };
}

/** Where the provider's API is: PAYMENT_PROVIDER_URL, or this server itself over loopback (the in-process sandbox). */
export function paymentProviderBaseUrl(config: Pick<Config, "PAYMENT_PROVIDER_URL" | "PORT">): string {
  return config.PAYMENT_PROVIDER_URL ?? `http://127.0.0.1:${config.PORT}`;
}

/** The provider this deployment is configured for. */
export function createPaymentProvider(config: Config, fetchImpl?: typeof fetch): PaymentProvider {
  return createHttpPaymentProvider({
    baseUrl: paymentProviderBaseUrl(config),
    secretKey: config.SANDBOX_PSP_SECRET_KEY,
    webhookSecret: config.SANDBOX_PSP_WEBHOOK_SECRET,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}
