// The admin API of outgoing webhooks (ADR 0042): subscriptions (URL, event types, active, a signing
// secret shown once, when made or rotated) and each subscription's delivery log. Behind the admin
// token or a staff session holding "integrations" (ADR 0036).
import type { MiddlewareHandler } from "hono";
import { createRoute, z } from "@hono/zod-openapi";
import type { AppServices } from "../edge/index.ts";
import type { ErrorIssue } from "../../lib/errors.ts";
import {
  WEBHOOK_EVENT_TYPES,
  assertNoIssues,
  deleteWebhookSubscription,
  findWebhookDeliveries,
  findWebhookSubscription,
  findWebhookSubscriptions,
  insertWebhookSubscription,
  readEventTypes,
  readWebhookUrl,
  assertWebhookTarget,
  updateWebhookSubscription,
  type WebhookDeliveryRow,
  type WebhookSubscriptionRow,
} from "../../modules/webhooks/index.ts";
import { forbiddenStaff, requireStaff, STAFF_SECURITY, unauthorizedStaff } from "./staff-auth.ts";
import { createRouter, errorResponse, type ApiRouter } from "./openapi.ts";

const SubscriptionSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    description: z.string(),
    eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    active: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("WebhookSubscription");

const DeliverySchema = z
  .object({
    id: z.string().openapi({ description: "The webhook-id header of every attempt", example: "msg_0f3c…" }),
    eventType: z.string(),
    status: z.enum(["pending", "delivered", "failed"]),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    lastAttemptAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    bookingReference: z.string().nullable(),
    body: z.string().openapi({ description: "The JSON sent, byte for byte" }),
  })
  .openapi("WebhookDelivery");

const SecretSchema = z.string().openapi({
  description: "The signing secret (Standard Webhooks, whsec_…): shown only in this answer",
  example: "whsec_…",
});

function subscriptionJson(row: WebhookSubscriptionRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes.filter((type): type is (typeof WEBHOOK_EVENT_TYPES)[number] =>
      (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type),
    ),
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function deliveryJson(row: WebhookDeliveryRow) {
  return {
    id: row.id,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    bookingReference: row.subject.reference ?? null,
    body: row.body,
  };
}

const invalid = errorResponse(
  "INVALID_REQUEST (malformed body), WEBHOOK_SUBSCRIPTION_INVALID (a URL that is not https, or http outside loopback; credentials in the URL; no or unknown event types) or WEBHOOK_TARGET_NOT_ALLOWED (a host that is or resolves to a loopback, private, link-local or other non-public address)",
);
const notFound = errorResponse("WEBHOOK_SUBSCRIPTION_NOT_FOUND");
const IdParam = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) });

const EVENT_TYPES_DESCRIPTION = `Any of ${WEBHOOK_EVENT_TYPES.join(", ")}`;

export function webhooksAdminRouter(services: AppServices) {
  const router = createRouter();
  const admin = requireStaff(services, "integrations");

  registerWebhookList(router, services, admin);
  registerWebhookCreate(router, services, admin);
  registerWebhookUpdate(router, services, admin);
  registerWebhookDelete(router, services, admin);
  registerWebhookDeliveries(router, services, admin);
  return router;
}

function registerWebhookList(router: ApiRouter, services: AppServices, admin: MiddlewareHandler) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/admin/webhooks",
      tags: ["webhooks"],
      summary: "List webhook subscriptions (without their secrets)",
      security: STAFF_SECURITY,
      middleware: [admin] as const,
      responses: {
        200: {
          description: "Every subscription, oldest first",
          content: { "application/json": { schema: z.object({ subscriptions: z.array(SubscriptionSchema) }) } },
        },
        401: unauthorizedStaff,
        403: forbiddenStaff,
      },
    }),
    async (c) => c.json({ subscriptions: (await findWebhookSubscriptions(services.db)).map(subscriptionJson) }, 200),
  );
}

function registerWebhookCreate(router: ApiRouter, services: AppServices, admin: MiddlewareHandler) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/api/admin/webhooks",
      tags: ["webhooks"],
      summary: "Subscribe a URL to booking events",
      description:
        "Each event is POSTed as JSON `{ type, timestamp, data }` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,` + base64 HMAC-SHA256 over `id.timestamp.body` with the secret's bytes). A non-2xx answer or no answer within 10 s is retried with back-off (10 s doubling, at most an hour between attempts, 12 attempts).",
      security: STAFF_SECURITY,
      middleware: [admin] as const,
      request: {
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z
                .object({
                  url: z.string().max(2000).openapi({ example: "https://partner.example/hooks/travesia" }),
                  eventTypes: z
                    .array(z.string().max(64))
                    .max(20)
                    .openapi({ description: EVENT_TYPES_DESCRIPTION, example: ["booking.paid", "booking.refunded"] }),
                  description: z.string().max(200).default(""),
                  active: z.boolean().default(true),
                })
                .strict()
                .openapi("WebhookSubscriptionRequest"),
            },
          },
        },
      },
      responses: {
        201: {
          description: "The subscription and its secret",
          content: {
            "application/json": { schema: z.object({ subscription: SubscriptionSchema, secret: SecretSchema }) },
          },
        },
        400: invalid,
        401: unauthorizedStaff,
        403: forbiddenStaff,
        422: invalid,
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const issues: ErrorIssue[] = [];
      const url = readWebhookUrl(body.url, issues);
      const eventTypes = readEventTypes(body.eventTypes, issues);
      assertNoIssues(issues);
      await assertWebhookTarget(url, { allowPrivate: services.config.WEBHOOKS_ALLOW_PRIVATE_TARGETS });
      const row = await insertWebhookSubscription(
        services.db,
        { url, eventTypes, description: body.description, active: body.active },
        services.clock.now(),
      );
      services.logger.info({ subscription: row.id, eventTypes }, "webhook subscription made");
      return c.json({ subscription: subscriptionJson(row), secret: row.secret }, 201);
    },
  );
}

function registerWebhookUpdate(router: ApiRouter, services: AppServices, admin: MiddlewareHandler) {
  router.openapi(
    createRoute({
      method: "patch",
      path: "/api/admin/webhooks/{id}",
      tags: ["webhooks"],
      summary: "Change a subscription: URL, event types, description, active; or rotate its secret",
      description:
        "An inactive subscription gets no new deliveries, and its pending retries stop. With `rotateSecret` the answer carries the new secret.",
      security: STAFF_SECURITY,
      middleware: [admin] as const,
      request: {
        params: IdParam,
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z
                .object({
                  url: z.string().max(2000).optional(),
                  eventTypes: z
                    .array(z.string().max(64))
                    .max(20)
                    .optional()
                    .openapi({ description: EVENT_TYPES_DESCRIPTION }),
                  description: z.string().max(200).optional(),
                  active: z.boolean().optional(),
                  rotateSecret: z.boolean().optional(),
                })
                .strict()
                .openapi("WebhookSubscriptionChange"),
            },
          },
        },
      },
      responses: {
        200: {
          description: "The subscription (and the new secret when rotated)",
          content: {
            "application/json": {
              schema: z.object({ subscription: SubscriptionSchema, secret: SecretSchema.optional() }),
            },
          },
        },
        400: invalid,
        401: unauthorizedStaff,
        403: forbiddenStaff,
        404: notFound,
        422: invalid,
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const body = c.req.valid("json");
      const issues: ErrorIssue[] = [];
      const url = body.url === undefined ? undefined : readWebhookUrl(body.url, issues);
      const eventTypes = body.eventTypes === undefined ? undefined : readEventTypes(body.eventTypes, issues);
      assertNoIssues(issues);
      if (url !== undefined)
        await assertWebhookTarget(url, { allowPrivate: services.config.WEBHOOKS_ALLOW_PRIVATE_TARGETS });
      const row = await updateWebhookSubscription(
        services.db,
        id,
        {
          ...(url === undefined ? {} : { url }),
          ...(eventTypes === undefined ? {} : { eventTypes }),
          ...(body.description === undefined ? {} : { description: body.description }),
          ...(body.active === undefined ? {} : { active: body.active }),
          rotateSecret: body.rotateSecret === true,
        },
        services.clock.now(),
      );
      services.logger.info(
        { subscription: row.id, active: row.active, rotated: body.rotateSecret === true },
        "webhook subscription changed",
      );
      return c.json({ subscription: subscriptionJson(row), ...(body.rotateSecret ? { secret: row.secret } : {}) }, 200);
    },
  );
}

function registerWebhookDelete(router: ApiRouter, services: AppServices, admin: MiddlewareHandler) {
  router.openapi(
    createRoute({
      method: "delete",
      path: "/api/admin/webhooks/{id}",
      tags: ["webhooks"],
      summary: "Delete a subscription and its delivery log",
      security: STAFF_SECURITY,
      middleware: [admin] as const,
      request: { params: IdParam },
      responses: { 204: { description: "Deleted" }, 401: unauthorizedStaff, 403: forbiddenStaff, 404: notFound },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await deleteWebhookSubscription(services.db, id);
      services.logger.info({ subscription: id }, "webhook subscription deleted");
      return c.body(null, 204);
    },
  );
}

function registerWebhookDeliveries(router: ApiRouter, services: AppServices, admin: MiddlewareHandler) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/admin/webhooks/{id}/deliveries",
      tags: ["webhooks"],
      summary:
        "A subscription's delivery log: the last 100 deliveries, newest first, with each one's attempts and last answer",
      security: STAFF_SECURITY,
      middleware: [admin] as const,
      request: { params: IdParam },
      responses: {
        200: {
          description: "The log",
          content: { "application/json": { schema: z.object({ deliveries: z.array(DeliverySchema) }) } },
        },
        401: unauthorizedStaff,
        403: forbiddenStaff,
        404: notFound,
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await findWebhookSubscription(services.db, id);
      return c.json({ deliveries: (await findWebhookDeliveries(services.db, id)).map(deliveryJson) }, 200);
    },
  );
}
