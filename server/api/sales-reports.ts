// The staff API of the console's selling half (ADR 0039): the sales report as JSON and as a
// CSV for spreadsheets (the console's "Download CSV"), and refunds for tools that are not a browser.
// Staff only (requireStaff): the admin token, a staff access token or a staff session.
import { createRoute, z } from "@hono/zod-openapi";
import { CONSOLE_CATALOGUES } from "../../lib/i18n/console/catalogues.server.ts";
import type { AppServices } from "../edge/index.ts";
import { refundBooking } from "../../flows/refunds.ts";
import { AppError } from "../../lib/errors.ts";
import { LANGUAGES } from "../../lib/language.ts";
import {
  findSalesReport,
  readReportRange,
  salesCsv,
  SALES_CSV_COLUMNS,
  type SalesCsvColumn,
} from "../../modules/sales/index.ts";
import { createRouter, errorResponse } from "./openapi.ts";
import { forbiddenStaff, requireStaff, STAFF_SECURITY, staffOf, unauthorizedStaff } from "./staff-auth.ts";

const TAG = "console";
const DAY = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .openapi({ example: "2026-11-21" });
const RangeQuerySchema = z.object({
  from: DAY.openapi({ description: "First local day (America/Cancun), included" }),
  to: DAY.openapi({ description: "Last local day, included; at most 366 days after from" }),
  language: z
    .enum(LANGUAGES)
    .default("es")
    .openapi({ description: "Product names and the CSV header in this language" }),
});

const money = z.number().int().openapi({ description: "Minor units" });
const SalesRowSchema = z
  .object({
    date: z.string(),
    productId: z.number().int(),
    productName: z.string(),
    currency: z.string(),
    bookings: z.number().int(),
    grossMinor: money,
    refundedMinor: money,
    netMinor: money,
    grossMxnMinor: money,
    refundedMxnMinor: money,
    netMxnMinor: money,
  })
  .openapi("SalesRow");
const SalesReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    rows: z.array(SalesRowSchema),
    totals: z.array(z.object({ currency: z.string(), grossMinor: money, refundedMinor: money, netMinor: money })),
    totalMxn: z.object({ grossMinor: money, refundedMinor: money, netMinor: money }),
  })
  .openapi("SalesReport");

const RefundBodySchema = z
  .object({
    amount: z
      .string()
      .max(30)
      .openapi({ example: "150.50", description: "In the booking's currency, a plain decimal" }),
    ticketIds: z
      .array(z.uuid())
      .max(200)
      .default([])
      .openapi({ description: "Tickets to cancel (their seats freed); none: an amount-only refund" }),
    reason: z.string().max(500).default(""),
  })
  .openapi("RefundRequest");
const RefundAnswerSchema = z
  .object({
    refund: z.object({
      id: z.string(),
      status: z.enum(["pending", "succeeded", "failed"]),
      amountMinor: money,
      currency: z.string(),
      providerRefundId: z.string().nullable(),
    }),
    bookingStatus: z.string(),
    replayed: z.boolean(),
  })
  .openapi("RefundAnswer");

export function salesReportsRouter(services: AppServices) {
  const router = createRouter();
  const reports = requireStaff(services, "reports");
  const refunds = requireStaff(services, "refunds");

  async function reportOf(query: z.infer<typeof RangeQuerySchema>) {
    return findSalesReport(services.db, readReportRange(query.from, query.to), query.language);
  }

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/admin/reports/sales",
      tags: [TAG],
      summary: "Sales per local day, product and currency, in the booking's currency and in MXN, refunds netted",
      security: STAFF_SECURITY,
      middleware: [reports] as const,
      request: { query: RangeQuerySchema },
      responses: {
        200: { description: "The report", content: { "application/json": { schema: SalesReportSchema } } },
        400: errorResponse("INVALID_DATE (not a day, to before from, more than 366 days) or INVALID_REQUEST"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
      },
    }),
    async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json(await reportOf(c.req.valid("query")), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/admin/reports/sales.csv",
      tags: [TAG],
      summary: "The sales report as CSV (UTF-8 with BOM, CRLF, amounts as plain decimals)",
      security: STAFF_SECURITY,
      middleware: [reports] as const,
      request: { query: RangeQuerySchema },
      responses: {
        200: { description: "The CSV", content: { "text/csv": { schema: z.string() } } },
        400: errorResponse("INVALID_DATE or INVALID_REQUEST"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const messages = CONSOLE_CATALOGUES[query.language];
      const header = Object.fromEntries(
        SALES_CSV_COLUMNS.map((column) => [column, messages[`console.sales.${column}`]]),
      ) as Record<SalesCsvColumn, string>;
      const csv = salesCsv(await reportOf(query), header);
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="travesia-sales-${query.from}-${query.to}.csv"`,
        "Cache-Control": "private, no-store",
      });
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/admin/bookings/{reference}/refunds",
      tags: [TAG],
      summary: "Refund a booking in full or in part through the payment provider (audited)",
      description:
        "The `Idempotency-Key` header (8–64 letters, digits, - or _) makes a retried request the same refund, at the provider too. More than is left to refund is 422 REFUND_EXCEEDS_PAID with the issue `left:<minor units>`.",
      security: STAFF_SECURITY,
      middleware: [refunds] as const,
      request: {
        params: z.object({ reference: z.string().max(20) }),
        headers: z.object({
          "idempotency-key": z
            .string()
            .min(8)
            .max(64)
            .regex(/^[A-Za-z0-9_-]+$/),
        }),
        body: { content: { "application/json": { schema: RefundBodySchema } }, required: true },
      },
      responses: {
        201: {
          description: "Refunded (or the earlier answer for the same key)",
          content: { "application/json": { schema: RefundAnswerSchema } },
        },
        400: errorResponse("INVALID_REQUEST (no or a bad Idempotency-Key)"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
        404: errorResponse("BOOKING_NOT_FOUND"),
        409: errorResponse("REFUND_NOT_ALLOWED, REFUND_TICKET_NOT_CANCELLABLE"),
        422: errorResponse("REFUND_AMOUNT_INVALID, REFUND_EXCEEDS_PAID"),
        502: errorResponse("PAYMENT_PROVIDER_UNAVAILABLE: the refund stays pending; the same key finishes it"),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const key = c.req.valid("header")["idempotency-key"];
      if (!key)
        throw new AppError("INVALID_REQUEST", { issues: [{ path: "headers.idempotency-key", code: "required" }] });
      const outcome = await refundBooking(
        {
          db: services.db,
          provider: services.payments,
          now: services.clock.now(),
          actor: staffOf(c),
          requestId: c.get("requestId") ?? null,
        },
        {
          reference: c.req.valid("param").reference,
          amount: body.amount,
          ticketIds: body.ticketIds,
          reason: body.reason,
          key,
        },
      );
      c.header("Cache-Control", "no-store");
      return c.json(
        {
          refund: {
            id: outcome.refund.id,
            status: outcome.refund.status,
            amountMinor: outcome.refund.amountMinor,
            currency: outcome.refund.currency,
            providerRefundId: outcome.refund.providerRefundId,
          },
          bookingStatus: outcome.booking.status,
          replayed: outcome.replayed,
        },
        201,
      );
    },
  );

  return router;
}
