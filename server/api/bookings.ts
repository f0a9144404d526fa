// Checkout's HTTP side that is not a page: the payment provider's webhook. The body is verified on its
// raw bytes (signature with a timestamp inside the tolerance window), each event id is recorded so a
// replay changes nothing, and the event only says "look": confirmPayment re-reads the provider, so
// events arriving twice or out of order (captured before authorized) end in the same state.
import { createRoute, z } from "@hono/zod-openapi";
import type { AppServices } from "../../app/context.ts";
import { confirmPayment } from "../../flows/checkout.ts";
import { findPaymentByProviderId, markWebhookProcessed, recordWebhookEvent } from "../../modules/checkout/index.ts";
import { createRouter, errorResponse } from "./openapi.ts";

const WebhookAnswerSchema = z
  .object({ received: z.literal(true), duplicate: z.boolean(), bookingStatus: z.string().nullable() })
  .openapi("WebhookAnswer");

export function bookingsRouter(services: AppServices) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/payments/webhook",
      tags: ["checkout"],
      summary: "Payment provider events (signed)",
      description:
        "Called by the payment provider. The `Sandbox-Signature` header (t=<unix seconds>,v1=<hex HMAC-SHA256 of `t.body`>) must verify on the raw body within ±300 s. A known event id answers `duplicate: true` and changes nothing.",
      responses: {
        200: { description: "Received", content: { "application/json": { schema: WebhookAnswerSchema } } },
        400: errorResponse("WEBHOOK_SIGNATURE_INVALID, WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE or INVALID_REQUEST"),
      },
    }),
    async (c) => {
      const now = services.clock.now();
      const rawBody = await c.req.text();
      const event = services.payments.parseWebhook({ rawBody, signatureHeader: c.req.header("Sandbox-Signature"), now });
      c.header("Cache-Control", "no-store");
      const seen = await recordWebhookEvent(services.db, { eventId: event.id, provider: "sandbox", type: event.type, providerPaymentId: event.payment.id }, now);
      if (seen === "processed") return c.json({ received: true as const, duplicate: true, bookingStatus: null }, 200);
      // A payment that is not a booking's (another merchant's test, a deleted attempt) is acknowledged and left alone.
      const payment = await findPaymentByProviderId(services.db, "sandbox", event.payment.id);
      let bookingStatus: string | null = null;
      if (payment) {
        const outcome = await confirmPayment({ db: services.db, provider: services.payments, now, guestAccessSecret: services.config.GUEST_ACCESS_SECRET }, event.payment.id);
        bookingStatus = outcome.booking.status;
      }
      await markWebhookProcessed(services.db, event.id, now);
      return c.json({ received: true as const, duplicate: false, bookingStatus }, 200);
    },
  );

  return router;
}
