// Checkout's HTTP side that is not a page. The payment provider's webhook: the body is verified on its
// raw bytes (signature with a timestamp inside the tolerance window), each event id is recorded so a
// replay changes nothing, and the event only says "look": confirmPayment re-reads the provider, so
// events arriving twice or out of order (captured before authorized) end in the same state.
// The buyer's tickets: the PDF download and "send my tickets again", both behind guest access (the
// booking cookie of this browser, or the key of the e-mail's link).
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { readBookingAccess, type AppServices } from "../edge/index.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import {
  calendarForGuest,
  guestBookingLanguage,
  requestBookingEmailResend,
  ticketsPdfForGuest,
  type GuestRequest,
} from "../../flows/booking-email.ts";
import { confirmPayment } from "../../flows/checkout.ts";
import { checkoutDeps } from "../../flows/checkout-deps.ts";
import { AppError, isAppError } from "../../lib/errors.ts";
import { isLanguage, languageOfPath, type Language } from "../../lib/language.ts";
import {
  findPaymentByProviderId,
  markWebhookProcessed,
  normalizeReference,
  recordWebhookEvent,
} from "../../modules/bookings/index.ts";
import { bookingDocumentDeps } from "../booking-deps.ts";
import { createRouter, errorResponse, type ApiRouter } from "./openapi.ts";

const ReferenceParamsSchema = z.object({
  ref: z.string().min(6).max(12).openapi({ example: "7K2M9Q", description: "The booking reference" }),
});
const KeyQuerySchema = z.object({
  key: z.string().max(64).optional().openapi({
    description: "The guest key of the booking's e-mail link; the booking cookie of this browser does as well",
  }),
});

/** The secrets a request carries for booking `ref`: the key of the link, and this browser's cookie when it is for that booking. */
function guestRequestOf(c: Context, ref: string, formKey: string | null = null): GuestRequest {
  const access = readBookingAccess(c.req.raw);
  const reference = normalizeReference(ref) ?? ref;
  return {
    reference,
    secrets: [c.req.query("key"), formKey, access?.reference === reference ? access.secret : null],
  };
}

function wantsJsonAnswer(c: Context): boolean {
  return (c.req.header("Accept") ?? "").includes("application/json");
}

/** The language of the page a form was posted from (its Referer on this site), else English. */
function languageOfReferer(c: Context): Language {
  const referer = c.req.header("Referer");
  try {
    return referer ? languageOfPath(new URL(referer).pathname) : "en";
  } catch {
    return "en";
  }
}

const WebhookAnswerSchema = z
  .object({ received: z.literal(true), duplicate: z.boolean(), bookingStatus: z.string().nullable() })
  .openapi("WebhookAnswer");

export function bookingsRouter(services: AppServices) {
  const router = createRouter();

  registerPaymentWebhook(router, services);
  registerTicketsPdf(router, services);
  registerCalendar(router, services);
  registerResend(router, services);
  return router;
}

function registerPaymentWebhook(router: ApiRouter, services: AppServices) {
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
      const event = services.payments.parseWebhook({
        rawBody,
        signatureHeader: c.req.header("Sandbox-Signature"),
        now,
      });
      c.header("Cache-Control", "no-store");
      const seen = await recordWebhookEvent(
        services.db,
        { eventId: event.id, provider: "sandbox", type: event.type, providerPaymentId: event.payment.id },
        now,
      );
      if (seen === "processed") return c.json({ received: true as const, duplicate: true, bookingStatus: null }, 200);
      // A payment that is not a booking's (another merchant's test, a deleted attempt) is acknowledged and left alone.
      const payment = await findPaymentByProviderId(services.db, "sandbox", event.payment.id);
      let bookingStatus: string | null = null;
      if (payment) {
        const outcome = await confirmPayment(checkoutDeps(services, now), event.payment.id);
        bookingStatus = outcome.booking.status;
      }
      await markWebhookProcessed(services.db, event.id, now);
      return c.json({ received: true as const, duplicate: false, bookingStatus }, 200);
    },
  );
}

function registerTicketsPdf(router: ApiRouter, services: AppServices) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/bookings/{ref}/tickets.pdf",
      tags: ["checkout"],
      summary: "The booking's tickets as a PDF (one page and QR per ticket)",
      description:
        "Guest access: the booking cookie set when the booking was placed, or `?key=` from the e-mail's link. Without it the booking does not exist (404), so a reference alone tells nothing.",
      request: { params: ReferenceParamsSchema, query: KeyQuerySchema },
      responses: {
        200: {
          description: "The tickets",
          content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
        },
        404: errorResponse("BOOKING_NOT_FOUND: no such booking, or no access to it"),
        409: errorResponse("BOOKING_STATE: the booking has no tickets (not paid yet, or refunded)"),
      },
    }),
    async (c) => {
      const now = services.clock.now();
      const { filename, pdf } = await ticketsPdfForGuest(
        bookingDocumentDeps(services, now),
        guestRequestOf(c, c.req.valid("param").ref),
      );
      return c.body(new Uint8Array(pdf), 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "private, no-store",
      });
    },
  );
}

function registerCalendar(router: ApiRouter, services: AppServices) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/bookings/{ref}/calendar.ics",
      tags: ["checkout"],
      summary: "The booking's calendar entries (one per sailing or visit), as the confirmation e-mail attaches them",
      description: "Guest access as for the PDF (cookie or `?key=`). Without it the booking does not exist (404).",
      request: { params: ReferenceParamsSchema, query: KeyQuerySchema },
      responses: {
        200: { description: "The calendar", content: { "text/calendar": { schema: z.string() } } },
        404: errorResponse("BOOKING_NOT_FOUND: no such booking, or no access to it"),
        409: errorResponse("BOOKING_STATE: no tickets, or none with a date (open tickets, coupons)"),
      },
    }),
    async (c) => {
      const now = services.clock.now();
      const { filename, ics } = await calendarForGuest(
        bookingDocumentDeps(services, now),
        guestRequestOf(c, c.req.valid("param").ref),
      );
      return c.body(ics, 200, {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "private, no-store",
      });
    },
  );
}

function registerResend(router: ApiRouter, services: AppServices) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/api/bookings/{ref}/resend",
      tags: ["checkout"],
      summary: "Send the booking's tickets by e-mail again",
      description:
        "Guest access as for the PDF (cookie, `?key=` or a `key` form field). At most 3 resends an hour (RESEND_LIMIT). A form post is answered with a 303 to the manage-booking page in the booking's language, with `resent=1`, or with `error=<code>` when refused; a caller that accepts JSON gets 202 `{ queued: true }` or the coded error.",
      request: { params: ReferenceParamsSchema, query: KeyQuerySchema },
      responses: {
        202: {
          description: "Queued",
          content: { "application/json": { schema: z.object({ queued: z.literal(true) }).openapi("ResendQueued") } },
        },
        303: { description: "Form post: back to the manage-booking page" },
        404: errorResponse("BOOKING_NOT_FOUND: no such booking, or no access to it"),
        409: errorResponse("BOOKING_STATE: the booking has no tickets to send"),
        429: errorResponse("RESEND_LIMIT: three resends in the last hour already"),
      },
    }),
    async (c) => {
      const ref = c.req.valid("param").ref;
      const type = c.req.header("Content-Type") ?? "";
      // A multipart body that does not parse (no boundary, a broken one) is the client's error: found by
      // the fuzzer as a 500.
      const form =
        type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")
          ? await c.req.parseBody().catch((cause: unknown) => {
              throw new AppError("INVALID_REQUEST", { issues: [{ path: "body", code: "unreadable_form" }], cause });
            })
          : {};
      const formKey = typeof form.key === "string" ? form.key : null;
      c.header("Cache-Control", "no-store");
      const guest = guestRequestOf(c, ref, formKey);
      try {
        const booking = await requestBookingEmailResend({ db: services.db, now: services.clock.now() }, guest);
        if (wantsJsonAnswer(c)) return c.json({ queued: true as const }, 202);
        const language = isLanguage(booking.language) ? booking.language : languageOfReferer(c);
        return c.redirect(`${pathOf("manageBooking", language)}?ref=${booking.reference}&resent=1`, 303);
      } catch (error) {
        if (wantsJsonAnswer(c) || !isAppError(error)) throw error;
        // A browser's form gets its page back with the reason, never a JSON error document: in the
        // booking's language when the request may see it, else in the language of the page it came from.
        const language = (await guestBookingLanguage(services.db, guest)) ?? languageOfReferer(c);
        const reference = normalizeReference(ref);
        const query = new URLSearchParams({ ...(reference ? { ref: reference } : {}), error: error.code });
        return c.redirect(`${pathOf("manageBooking", language)}?${query.toString()}`, 303);
      }
    },
  );
}
