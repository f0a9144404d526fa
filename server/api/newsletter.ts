// The newsletter's HTTP side (ADR 0028). Subscribing answers 201 with
// the pending subscription, or a coded error whose issues name the public field names (FirstName, Email…); the confirmation
// link's API twin; and RFC 8058's one-click unsubscribe, which mail providers POST with no cookie.
import { createRoute, z } from "@hono/zod-openapi";
import type { AppServices } from "../edge/index.ts";
import {
  confirmNewsletterSubscription,
  newsletterDepsOf,
  NEWSLETTER_CONFIRM_API_PATH,
  NEWSLETTER_UNSUBSCRIBE_API_PATH,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "../../flows/newsletter.ts";
import { findSiteConfig } from "../../modules/site/index.ts";
import { createRouter, errorResponse } from "./openapi.ts";

/** Documented, not enforced here: the flow's own check answers with the public field names (FirstName, LastName, Email…). */
const SubscriptionBodySchema = z
  .object({
    name: z
      .unknown()
      .optional()
      .openapi({ type: "string", example: "Ana", description: "First name (FirstName), 1–80 characters" }),
    lastname: z
      .unknown()
      .optional()
      .openapi({ type: "string", example: "Pérez", description: "Last name (LastName), 1–80 characters" }),
    email: z
      .unknown()
      .optional()
      .openapi({ type: "string", example: "ana@example.com", description: "Email; unique per site whatever its case" }),
    country: z
      .unknown()
      .optional()
      .openapi({ type: "string", example: "MX", description: "ISO 3166-1 alpha-2 (Country)" }),
    acceptance: z
      .unknown()
      .optional()
      .openapi({ type: "boolean", example: true, description: "Privacy notice and terms accepted (must be true)" }),
    permission: z
      .unknown()
      .optional()
      .openapi({ type: "boolean", example: true, description: "Permission to send mail (must be true)" }),
    language: z
      .unknown()
      .optional()
      .openapi({ type: "string", example: "es", description: "es, en or pt, offered by the site (Lang)" }),
    site: z.unknown().optional().openapi({
      type: "string",
      example: "travesia",
      description: "The site code (Site); when sent it must be the serving site",
    }),
    clientId: z
      .unknown()
      .optional()
      .openapi({ type: "string", description: "The client's own id for the subscriber, kept as sent (≤ 100)" }),
    externalKey: z
      .unknown()
      .optional()
      .openapi({ type: "string", description: "An external system's key for the subscriber, kept as sent (≤ 100)" }),
    origin: z
      .unknown()
      .optional()
      .openapi({ type: "string", example: "footer", description: "Origin label: which form or campaign (≤ 100)" }),
    errorRedirectUrl: z.unknown().optional().openapi({
      type: "string",
      example: "/es/boletin/",
      description: "Where a form client goes on failure: a path on this site only",
    }),
  })
  .openapi("NewsletterSubscriptionRequest");

const SubscriptionAnswerSchema = z
  .object({ status: z.literal("pending"), email: z.string(), language: z.string(), resubscribed: z.boolean() })
  .openapi("NewsletterSubscription");

const TokenQuerySchema = z.object({
  token: z.string().max(200).optional().openapi({ description: "The token of the mail's link" }),
});

const LinkAnswerSchema = z
  .object({
    result: z.enum(["confirmed", "already-confirmed", "unsubscribed", "already-unsubscribed"]),
    language: z.string(),
  })
  .openapi("NewsletterLinkResult");

export function newsletterRouter(services: AppServices) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/newsletter/subscriptions",
      tags: ["newsletter"],
      summary: "Subscribe to the newsletter (double opt-in)",
      description:
        'Stores a pending subscription and queues the confirmation mail in the same transaction. Format errors are NEWSLETTER_INVALID with issues `{ path, code }`, path one of FirstName, LastName, Email, Country, Acceptance, Permission, Site, Lang, ClientId, ExternalKey, Origin, ErrorRedirectUrl and code required, invalid or too_long; nothing is stored. An address already confirmed, or awaiting a confirmation link that still works, is NEWSLETTER_DUPLICATE (the form shows it as "Correo registrado"). An unsubscribed address may subscribe again.',
      request: { body: { required: true, content: { "application/json": { schema: SubscriptionBodySchema } } } },
      responses: {
        201: {
          description: "Pending: the confirmation mail is queued",
          content: { "application/json": { schema: SubscriptionAnswerSchema } },
        },
        400: errorResponse("INVALID_REQUEST: the body is not JSON"),
        409: errorResponse("NEWSLETTER_DUPLICATE: the address is already subscribed"),
        422: errorResponse("NEWSLETTER_INVALID: a field is missing or malformed"),
      },
    }),
    async (c) => {
      const site = await findSiteConfig(services.db, services.config.SITE_CODE);
      const outcome = await subscribeToNewsletter(
        newsletterDepsOf(services, services.clock.now()),
        site,
        c.req.valid("json"),
      );
      c.header("Cache-Control", "no-store");
      const { subscription } = outcome;
      return c.json(
        {
          status: "pending" as const,
          email: subscription.email,
          language: subscription.language,
          resubscribed: outcome.kind === "renew",
        },
        201,
      );
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: NEWSLETTER_CONFIRM_API_PATH,
      tags: ["newsletter"],
      summary: "Confirm a subscription with the mail's token",
      description:
        "The mail links to the confirmation page in the subscriber's language, which does the same; this is its JSON twin. Following it twice answers `already-confirmed`.",
      request: { query: TokenQuerySchema },
      responses: {
        200: { description: "Confirmed", content: { "application/json": { schema: LinkAnswerSchema } } },
        404: errorResponse("NEWSLETTER_TOKEN_INVALID: not a token of ours, or the address unsubscribed since"),
        410: errorResponse("NEWSLETTER_TOKEN_EXPIRED: the link is more than 7 days old; subscribe again"),
      },
    }),
    async (c) => {
      const outcome = await confirmNewsletterSubscription(
        { db: services.db, now: services.clock.now() },
        c.req.valid("query").token,
      );
      c.header("Cache-Control", "no-store");
      return c.json(outcome, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: NEWSLETTER_UNSUBSCRIBE_API_PATH,
      tags: ["newsletter"],
      summary: "One-click unsubscribe (RFC 8058)",
      description:
        "The target of the mails' `List-Unsubscribe` header, posted by mail providers with the body `List-Unsubscribe=One-Click` (ignored) and no cookie: the token is the whole authority. Doing it twice answers `already-unsubscribed`.",
      request: { query: TokenQuerySchema },
      responses: {
        200: { description: "Unsubscribed", content: { "application/json": { schema: LinkAnswerSchema } } },
        404: errorResponse("NEWSLETTER_TOKEN_INVALID: not a token of ours"),
      },
    }),
    async (c) => {
      const outcome = await unsubscribeFromNewsletter(
        { db: services.db, now: services.clock.now() },
        c.req.valid("query").token,
      );
      c.header("Cache-Control", "no-store");
      return c.json(outcome, 200);
    },
  );

  return router;
}
