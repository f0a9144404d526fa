// The sandbox payment provider's HTTP face: a JSON API behind the secret key (payment intents,
// authorize, capture, refunds, events; every POST idempotent by Idempotency-Key; a webhook replay) and
// the hosted pages the buyer is sent to (card form, 3-D Secure challenge, PayPal sandbox approval),
// which are plain server-rendered HTML forms.
// It plays a third party: Travesía's payments adapter calls it over HTTP like any other provider.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppServices } from "../edge/index.ts";
import { siteOriginOf } from "../../lib/config.ts";
import type { Database } from "../../lib/db.ts";
import { AppError } from "../../lib/errors.ts";
import { LANGUAGES, pickLanguage, type Language } from "../../lib/language.ts";
import {
  EVENT_TYPES,
  FAILURE_CODES,
  INSTALMENT_MONTHS,
  INTENT_STATUSES,
  PAYMENT_METHOD_KINDS,
  SANDBOX_PAYPAL_BUYER,
  challengePagePath,
  findEvents,
  findIntentRefunds,
  findHostedPageState,
  findIntent,
  hostedPagePath,
  listRefunds,
  payPalPagePath,
  redeliverEvent,
  renderCardPage,
  renderChallengePage,
  renderNotFoundPage,
  renderPayPalPage,
  requestHashOf,
  runIdempotent,
  submitCardForm,
  submitChallenge,
  submitPayPal,
  webhookTargetOf,
  type CardSubmission,
  type SandboxOperation,
} from "../../sandbox-psp/index.ts";
import { bearerOf, isSameSecret } from "../../lib/bearer.ts";
import { createRouter, errorResponse } from "./openapi.ts";

const TAG = "sandbox-psp";
const SECURITY = [{ sandboxPspKey: [] }];

const IntentIdSchema = z.string().min(1).max(64).openapi({ example: "pi_5f2b9c0e4a1d7e3b9c0e4a1d" });
const IdempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[A-Za-z0-9._:-]{8,128}$/)
    .optional()
    .openapi({
      description:
        "Required on every POST: 8–128 characters of A–Z a–z 0–9 . _ : -. The same key with the same body returns the stored answer; with another body, 409 IDEMPOTENCY_KEY_REUSED.",
    }),
});

const CardSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  binCountry: z.string().nullable(),
  issuer: z.string().nullable(),
});
const IntentBase = {
  id: z.string(),
  object: z.literal("payment_intent"),
  status: z.enum(INTENT_STATUSES),
  amountMinor: z.number().int(),
  currency: z.string(),
  merchantReference: z.string(),
  returnUrl: z.string(),
  language: z.enum(LANGUAGES),
  amountAuthorizedMinor: z.number().int(),
  amountCapturedMinor: z.number().int(),
  amountRefundedMinor: z.number().int(),
  card: CardSchema.nullable(),
  method: z.enum(PAYMENT_METHOD_KINDS),
  instalments: z.object({ months: z.number().int(), monthlyMinor: z.number().int() }).nullable(),
  payer: z.object({ email: z.string() }).nullable(),
  failureCode: z.enum(FAILURE_CODES).nullable(),
  createdAt: z.string(),
};
const IntentSchema = z
  .object({ ...IntentBase, nextAction: z.object({ type: z.literal("redirect"), url: z.string() }).nullable() })
  .openapi("SandboxPaymentIntent");
const EventSchema = z
  .object({
    id: z.string(),
    type: z.enum(EVENT_TYPES),
    createdAt: z.string(),
    data: z.object({ paymentIntent: z.object(IntentBase) }),
  })
  .openapi("SandboxEvent");
const RefundSchema = z
  .object({
    refund: z.object({ id: z.string(), amountMinor: z.number().int(), currency: z.string(), createdAt: z.string() }),
    paymentIntent: IntentSchema,
  })
  .openapi("SandboxRefund");

const AmountSchema = z.number().int().positive().max(1_000_000_000_000);
const CreateIntentSchema = z
  .object({
    amountMinor: AmountSchema.openapi({ example: 125000, description: "Integer minor units of the currency" }),
    currency: z.string().length(3).openapi({ example: "MXN" }),
    merchantReference: z.string().min(1).max(64).openapi({ example: "TV-8K2M4Q" }),
    returnUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .openapi({
        example: "https://www.travesia.mx/es/carrito/gracias/",
        description: "Where the buyer returns, with ?payment_intent=&status=",
      }),
    cancelUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional()
      .openapi({
        example: "https://www.travesia.mx/es/carrito/datos-de-pago/?payment=single",
        description:
          "The merchant's page the hosted card page links back to without paying (with months without interest: to pay at once instead)",
      }),
    language: z.enum(LANGUAGES).optional().openapi({ description: "Language of the hosted pages; en when omitted" }),
    method: z.enum(PAYMENT_METHOD_KINDS).optional().openapi({
      description:
        "card (default): the hosted card page; paypal (MXN only, else 422 PAYMENT_METHOD_UNAVAILABLE): the PayPal sandbox's approval page",
    }),
    instalments: z
      .object({ months: z.union(INSTALMENT_MONTHS.map((months) => z.literal(months))) })
      .optional()
      .openapi({
        description:
          "Months without interest (card payments in MXN only, else 422 INSTALMENTS_UNAVAILABLE). Only a card issued in Mexico whose issuer sells that many months can pay: others are refused on the hosted page, and with 422 INSTALMENTS_CARD_NOT_ELIGIBLE by authorize.",
      }),
  })
  .openapi("SandboxCreatePaymentIntent");

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const html = (description: string) => ({ description, content: { "text/html": { schema: z.string() } } });
const apiRefusals = {
  400: errorResponse("INVALID_REQUEST, IDEMPOTENCY_KEY_REQUIRED, UNKNOWN_CURRENCY, CARD_TOKEN_INVALID"),
  401: errorResponse("UNAUTHORIZED: missing or wrong secret key"),
  404: errorResponse("PAYMENT_INTENT_NOT_FOUND"),
  409: errorResponse(
    "IDEMPOTENCY_KEY_REUSED, PAYMENT_INTENT_STATE (the operation does not apply in the intent's status, or a card for a PayPal intent)",
  ),
  422: errorResponse(
    "PAYMENT_AMOUNT_EXCEEDED (more than authorized or left to refund), PAYMENT_METHOD_UNAVAILABLE, INSTALMENTS_UNAVAILABLE, INSTALMENTS_CARD_NOT_ELIGIBLE",
  ),
};

function originOf(c: Context, services: AppServices): string {
  return siteOriginOf(services.config, c.req.url);
}

function languageOfRequest(c: Context): Language {
  return pickLanguage(c.req.header("Accept-Language"), LANGUAGES) ?? "en";
}

// ---- Hosted pages: what the buyer's browser sees. Answers are HTML, and every outcome that ends
// the card step is a 303 to the merchant's return URL.

function answerState(c: Context, state: CardSubmission, intentId: string) {
  // Each page shows only on its own path; a buyer on the wrong one (a card page for a PayPal intent,
  // say) is sent to the right one.
  const showing = (path: string) => c.req.method === "GET" && c.req.path === path;
  switch (state.kind) {
    case "not_found":
      return c.html(renderNotFoundPage(state.language), 404);
    case "card_form":
      return showing(hostedPagePath(intentId))
        ? c.html(
            renderCardPage({
              language: state.language,
              action: hostedPagePath(intentId),
              amount: state.amount,
              merchantReference: state.merchantReference,
              instalments: state.instalments,
              cancelUrl: state.cancelUrl,
            }),
            200,
          )
        : c.redirect(hostedPagePath(intentId), 303);
    case "invalid":
      return c.html(
        renderCardPage({
          language: state.language,
          action: hostedPagePath(intentId),
          amount: state.amount,
          merchantReference: state.merchantReference,
          instalments: state.instalments,
          cancelUrl: state.cancelUrl,
          errors: state.errors,
          values: state.values,
        }),
        422,
      );
    case "paypal":
      return showing(payPalPagePath(intentId))
        ? c.html(
            renderPayPalPage({
              language: state.language,
              action: payPalPagePath(intentId),
              amount: state.amount,
              merchantReference: state.merchantReference,
              email: SANDBOX_PAYPAL_BUYER,
            }),
            200,
          )
        : c.redirect(payPalPagePath(intentId), 303);
    case "challenge":
      return showing(challengePagePath(intentId))
        ? c.html(
            renderChallengePage({
              language: state.language,
              action: challengePagePath(intentId),
              amount: state.amount,
              last4: state.last4,
            }),
            200,
          )
        : c.redirect(challengePagePath(intentId), 303);
    case "return":
      return c.redirect(state.location, 303);
  }
}

const pageParams = z.object({ id: IntentIdSchema });
const pageResponses = {
  200: html("The page"),
  303: { description: "To the challenge page, or back to the merchant's return URL with payment_intent and status" },
  404: html("No such payment"),
};
const CardFormSchema = z.object({
  number: z.string().max(64).default(""),
  expiry: z.string().max(16).default(""),
  cvc: z.string().max(8).default(""),
  name: z.string().max(200).default(""),
});

type SandboxPspRouter = ReturnType<typeof createRouter>;

interface SandboxPspDeps {
  services: AppServices;
  /** Its own connections when the process has them (ADR 0034): a third party does not share our pool. */
  db: Database;
  /** Only the bearer of SANDBOX_PSP_SECRET_KEY calls the API. */
  requireKey: (c: Context, next: () => Promise<void>) => Promise<void>;
  /** Runs an API call once per Idempotency-Key, replaying the first answer to a retry. */
  idempotent: (c: Context, body: unknown, operation: SandboxOperation) => ReturnType<typeof runIdempotent>;
}

function sandboxPspDepsOf(services: AppServices): SandboxPspDeps {
  const db = services.sandboxPspDb ?? services.db;
  const requireKey = async (c: Context, next: () => Promise<void>) => {
    if (!isSameSecret(bearerOf(c.req.header("Authorization")) ?? "", services.config.SANDBOX_PSP_SECRET_KEY)) {
      c.header("WWW-Authenticate", 'Bearer realm="sandbox-psp"');
      throw new AppError("UNAUTHORIZED");
    }
    await next();
  };
  async function idempotent(c: Context, body: unknown, operation: SandboxOperation) {
    const key = c.req.header("Idempotency-Key");
    if (!key) throw new AppError("IDEMPOTENCY_KEY_REQUIRED");
    const answer = await runIdempotent(db, {
      key,
      requestHash: requestHashOf(c.req.method, c.req.path, body),
      now: services.clock.now(),
      origin: originOf(c, services),
      operation,
    });
    if (answer.replayed) c.header("Idempotent-Replayed", "true");
    return answer;
  }
  return { services, db, requireKey, idempotent };
}

export function sandboxPspRouter(services: AppServices) {
  const router = createRouter();
  router.openAPIRegistry.registerComponent("securitySchemes", "sandboxPspKey", {
    type: "http",
    scheme: "bearer",
    description: "The sandbox payment provider's secret key (SANDBOX_PSP_SECRET_KEY)",
  });
  const deps = sandboxPspDepsOf(services);
  addCreateIntentRoute(router, deps);
  addReadIntentRoute(router, deps);
  addAuthorizeRoute(router, deps);
  addCaptureRoute(router, deps);
  addRefundRoute(router, deps);
  addIntentRefundsRoute(router, deps);
  addRefundsRoute(router, deps);
  addEventsRoute(router, deps);
  addRedeliverRoute(router, deps);
  addCardPageRoute(router, deps);
  addCardSubmitRoute(router, deps);
  addChallengePageRoute(router, deps);
  addChallengeSubmitRoute(router, deps);
  addPayPalPageRoute(router, deps);
  addPayPalSubmitRoute(router, deps);
  return router;
}

/** Create a payment intent; its nextAction sends the buyer to the hosted card page. */
function addCreateIntentRoute(router: SandboxPspRouter, { requireKey, idempotent }: SandboxPspDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/sandbox-psp/v1/payment-intents",
      tags: [TAG],
      summary: "Create a payment intent; its nextAction sends the buyer to the hosted card page",
      security: SECURITY,
      middleware: [requireKey] as const,
      request: {
        headers: IdempotencyHeaders,
        body: { required: true, content: { "application/json": { schema: CreateIntentSchema } } },
      },
      responses: { 201: json(IntentSchema, "The new intent, status requires_payment_method"), ...apiRefusals },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const answer = await idempotent(c, body, { kind: "create", input: body });
      return c.json(answer.body as z.infer<typeof IntentSchema>, 201);
    },
  );
}

/** Read a payment intent. */
function addReadIntentRoute(router: SandboxPspRouter, { services, db, requireKey }: SandboxPspDeps) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/sandbox-psp/v1/payment-intents/{id}",
      tags: [TAG],
      summary: "Read a payment intent",
      security: SECURITY,
      middleware: [requireKey] as const,
      request: { params: z.object({ id: IntentIdSchema }) },
      responses: { 200: json(IntentSchema, "The intent as it stands"), ...apiRefusals },
    }),
    async (c) => c.json(await findIntent(db, c.req.valid("param").id, originOf(c, services)), 200),
  );
}

/** Authorize with a card token (from the hosted page, or a test token tok_test_<last4>). */
function addAuthorizeRoute(router: SandboxPspRouter, { requireKey, idempotent }: SandboxPspDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/sandbox-psp/v1/payment-intents/{id}/authorize",
      tags: [TAG],
      summary: "Authorize with a card token (from the hosted page, or a test token tok_test_<last4>)",
      description:
        "A declined card answers 200 with status failed and a failureCode; a 3-D Secure card answers requires_action with the challenge page in nextAction.",
      security: SECURITY,
      middleware: [requireKey] as const,
      request: {
        params: z.object({ id: IntentIdSchema }),
        headers: IdempotencyHeaders,
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z.object({ cardToken: z.string().min(1).max(64).openapi({ example: "tok_test_4242" }) }),
            },
          },
        },
      },
      responses: { 200: json(IntentSchema, "authorized, requires_action or failed"), ...apiRefusals },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const answer = await idempotent(c, body, {
        kind: "authorize",
        intentId: c.req.valid("param").id,
        cardToken: body.cardToken,
      });
      return c.json(answer.body as z.infer<typeof IntentSchema>, 200);
    },
  );
}

/** Capture an authorized intent, once; the whole authorization unless an amount is given. */
function addCaptureRoute(router: SandboxPspRouter, { requireKey, idempotent }: SandboxPspDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/sandbox-psp/v1/payment-intents/{id}/capture",
      tags: [TAG],
      summary: "Capture an authorized intent, once; the whole authorization unless an amount is given",
      security: SECURITY,
      middleware: [requireKey] as const,
      request: {
        params: z.object({ id: IntentIdSchema }),
        headers: IdempotencyHeaders,
        body: {
          required: true,
          content: { "application/json": { schema: z.object({ amountMinor: AmountSchema.optional() }) } },
        },
      },
      responses: { 200: json(IntentSchema, "status captured"), ...apiRefusals },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const answer = await idempotent(c, body, {
        kind: "capture",
        intentId: c.req.valid("param").id,
        ...(body.amountMinor !== undefined ? { amountMinor: body.amountMinor } : {}),
      });
      return c.json(answer.body as z.infer<typeof IntentSchema>, 200);
    },
  );
}

/** Refund part or all of what was captured (everything left when no amount is given). */
function addRefundRoute(router: SandboxPspRouter, { requireKey, idempotent }: SandboxPspDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/sandbox-psp/v1/payment-intents/{id}/refunds",
      tags: [TAG],
      summary: "Refund part or all of what was captured (everything left when no amount is given)",
      security: SECURITY,
      middleware: [requireKey] as const,
      request: {
        params: z.object({ id: IntentIdSchema }),
        headers: IdempotencyHeaders,
        body: {
          required: true,
          content: { "application/json": { schema: z.object({ amountMinor: AmountSchema.optional() }) } },
        },
      },
      responses: {
        201: json(RefundSchema, "The refund and the intent (status refunded once nothing is left)"),
        ...apiRefusals,
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const answer = await idempotent(c, body, {
        kind: "refund",
        intentId: c.req.valid("param").id,
        ...(body.amountMinor !== undefined ? { amountMinor: body.amountMinor } : {}),
      });
      return c.json(answer.body as z.infer<typeof RefundSchema>, 201);
    },
  );
}

/** The intent's refunds, oldest first. */
function addIntentRefundsRoute(router: SandboxPspRouter, { db, requireKey }: SandboxPspDeps) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/sandbox-psp/v1/payment-intents/{id}/refunds",
      tags: [TAG],
      summary: "The intent's refunds, oldest first",
      security: SECURITY,
      middleware: [requireKey] as const,
      request: { params: z.object({ id: IntentIdSchema }) },
      responses: {
        200: json(z.object({ refunds: z.array(RefundSchema.shape.refund) }).openapi("SandboxRefundList"), "Refunds"),
        ...apiRefusals,
      },
    }),
    async (c) => {
      const id = c.req.valid("param").id;
      await findIntent(db, id, "");
      return c.json({ refunds: await findIntentRefunds(db, id) }, 200);
    },
  );
}

/** Every refund of the account, oldest first (those made on the dashboard too), a page at a time. */
function addRefundsRoute(router: SandboxPspRouter, { db, requireKey }: SandboxPspDeps) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/sandbox-psp/v1/refunds",
      tags: [TAG],
      summary: "Every refund of the account, oldest first (those made on the dashboard too), a page at a time",
      security: SECURITY,
      middleware: [requireKey] as const,
      request: {
        query: z.object({
          createdGte: z.iso
            .datetime({ offset: true })
            .openapi({ description: "Refunds created at or after this instant" }),
          startingAfter: z
            .string()
            .min(1)
            .max(64)
            .optional()
            .openapi({ description: "The last refund id of the previous page" }),
          limit: z.coerce.number().int().min(1).max(100).default(100),
        }),
      },
      responses: {
        200: json(
          z
            .object({
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
            })
            .openapi("SandboxRefundPage"),
          "A page of refunds",
        ),
        ...apiRefusals,
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const page = await listRefunds(db, {
        createdGte: new Date(query.createdGte),
        limit: query.limit,
        ...(query.startingAfter ? { startingAfter: query.startingAfter } : {}),
      });
      return c.json(page, 200);
    },
  );
}

/** The intent's webhook events, oldest first (the outbox the delivery job sends, signed). */
function addEventsRoute(router: SandboxPspRouter, { db, requireKey }: SandboxPspDeps) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/sandbox-psp/v1/payment-intents/{id}/events",
      tags: [TAG],
      summary: "The intent's webhook events, oldest first (the outbox the delivery job sends, signed)",
      security: SECURITY,
      middleware: [requireKey] as const,
      request: { params: z.object({ id: IntentIdSchema }) },
      responses: { 200: json(z.object({ events: z.array(EventSchema) }), "Events"), ...apiRefusals },
    }),
    async (c) => {
      const id = c.req.valid("param").id;
      await findIntent(db, id, "");
      return c.json({ events: await findEvents(db, id) }, 200);
    },
  );
}

/** Send a webhook event again, exactly as written (a fresh signature), to test duplicate handling. */
function addRedeliverRoute(router: SandboxPspRouter, { services, db, requireKey }: SandboxPspDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/sandbox-psp/v1/events/{id}/redeliver",
      tags: [TAG],
      summary: "Send a webhook event again, exactly as written (a fresh signature), to test duplicate handling",
      description:
        "Changes no payment, so it needs no Idempotency-Key: each call sends once more. The attempt is recorded on the event; the answer says what the merchant's endpoint answered (status null: no answer).",
      security: SECURITY,
      middleware: [requireKey] as const,
      request: {
        params: z.object({ id: z.string().min(1).max(64).openapi({ example: "evt_5f2b9c0e4a1d7e3b9c0e4a1d" }) }),
      },
      responses: {
        200: json(
          z
            .object({ eventId: z.string(), status: z.number().int().nullable(), delivered: z.boolean() })
            .openapi("SandboxRedelivery"),
          "What the merchant answered",
        ),
        401: apiRefusals[401],
        404: errorResponse("NOT_FOUND: no such event"),
      },
    }),
    async (c) =>
      c.json(
        await redeliverEvent(db, c.req.valid("param").id, webhookTargetOf(services.config), services.clock.now()),
        200,
      ),
  );
}

/** Hosted card page (HTML). */
function addCardPageRoute(router: SandboxPspRouter, { db }: SandboxPspDeps) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/sandbox-psp/pay/{id}",
      tags: [TAG],
      summary: "Hosted card page (HTML)",
      request: { params: pageParams },
      responses: pageResponses,
    }),
    async (c) => {
      const id = c.req.valid("param").id;
      return answerState(c, await findHostedPageState(db, id, languageOfRequest(c)), id) as never;
    },
  );
}

/** Submit the card form: checked (Luhn, expiry, CVV), tokenized and authorized. */
function addCardSubmitRoute(router: SandboxPspRouter, { services, db }: SandboxPspDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/sandbox-psp/pay/{id}",
      tags: [TAG],
      summary: "Submit the card form: checked (Luhn, expiry, CVV), tokenized and authorized",
      request: {
        params: pageParams,
        body: { required: true, content: { "application/x-www-form-urlencoded": { schema: CardFormSchema } } },
      },
      responses: { ...pageResponses, 422: html("The form again, with what to fix") },
    }),
    async (c) => {
      const id = c.req.valid("param").id;
      const state = await submitCardForm(db, {
        intentId: id,
        form: c.req.valid("form"),
        now: services.clock.now(),
        fallbackLanguage: languageOfRequest(c),
      });
      return answerState(c, state, id) as never;
    },
  );
}

/** 3-D Secure challenge page (HTML). */
function addChallengePageRoute(router: SandboxPspRouter, { db }: SandboxPspDeps) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/sandbox-psp/pay/{id}/challenge",
      tags: [TAG],
      summary: "3-D Secure challenge page (HTML)",
      request: { params: pageParams },
      responses: pageResponses,
    }),
    async (c) => {
      const id = c.req.valid("param").id;
      return answerState(c, await findHostedPageState(db, id, languageOfRequest(c)), id) as never;
    },
  );
}

/** Answer the 3-D Secure challenge. */
function addChallengeSubmitRoute(router: SandboxPspRouter, { services, db }: SandboxPspDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/sandbox-psp/pay/{id}/challenge",
      tags: [TAG],
      summary: "Answer the 3-D Secure challenge",
      request: {
        params: pageParams,
        body: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": { schema: z.object({ decision: z.enum(["approve", "deny"]) }) },
          },
        },
      },
      responses: pageResponses,
    }),
    async (c) => {
      const id = c.req.valid("param").id;
      const state = await submitChallenge(db, {
        intentId: id,
        approved: c.req.valid("form").decision === "approve",
        now: services.clock.now(),
        fallbackLanguage: languageOfRequest(c),
      });
      return answerState(c, state, id) as never;
    },
  );
}

/** PayPal sandbox approval page (HTML). */
function addPayPalPageRoute(router: SandboxPspRouter, { db }: SandboxPspDeps) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/sandbox-psp/paypal/{id}",
      tags: [TAG],
      summary: "PayPal sandbox approval page (HTML)",
      request: { params: pageParams },
      responses: pageResponses,
    }),
    async (c) => {
      const id = c.req.valid("param").id;
      return answerState(c, await findHostedPageState(db, id, languageOfRequest(c)), id) as never;
    },
  );
}

/** Answer PayPal's approval page: approve (with the sandbox account's e-mail) authorizes, cancel fails the intent with payment_cancelled. */
function addPayPalSubmitRoute(router: SandboxPspRouter, { services, db }: SandboxPspDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/sandbox-psp/paypal/{id}",
      tags: [TAG],
      summary:
        "Answer PayPal's approval page: approve (with the sandbox account's e-mail) authorizes, cancel fails the intent with payment_cancelled",
      request: {
        params: pageParams,
        body: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": {
              schema: z.object({ decision: z.enum(["approve", "cancel"]), email: z.string().max(254).default("") }),
            },
          },
        },
      },
      responses: { ...pageResponses, 422: html("The page again: the e-mail is not one") },
    }),
    async (c) => {
      const id = c.req.valid("param").id;
      const form = c.req.valid("form");
      const email = form.email.trim();
      if (form.decision === "approve" && !z.email().safeParse(email).success) {
        const state = await findHostedPageState(db, id, languageOfRequest(c));
        if (state.kind !== "paypal") return answerState(c, state, id) as never;
        return c.html(
          renderPayPalPage({
            language: state.language,
            action: payPalPagePath(id),
            amount: state.amount,
            merchantReference: state.merchantReference,
            email,
            emailInvalid: true,
          }),
          422,
        ) as never;
      }
      const state = await submitPayPal(db, {
        intentId: id,
        decision: form.decision === "approve" ? { approved: true, email } : { approved: false },
        now: services.clock.now(),
        fallbackLanguage: languageOfRequest(c),
      });
      return answerState(c, state, id) as never;
    },
  );
}
