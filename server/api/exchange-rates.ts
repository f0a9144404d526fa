// The admin API of exchange rates: read the rates in force, read the history, append new rates. Every
// call needs the admin bearer token (ADMIN_API_TOKEN); a refused update stores nothing.
import { createRoute, z } from "@hono/zod-openapi";
import type { AppServices } from "../edge/index.ts";
import { AppError } from "../../lib/errors.ts";
import { BASE_CURRENCY, isCurrencyCode } from "../../lib/money.ts";
import {
  RateUpdateSchema,
  findRateHistory,
  findRatesInForce,
  recordRates,
  type ExchangeRate,
} from "../../modules/currency/index.ts";
import { forbiddenStaff, requireStaff, STAFF_SECURITY, unauthorizedStaff } from "./staff-auth.ts";
import { createRouter, errorResponse } from "./openapi.ts";

const ExchangeRateSchema = z
  .object({
    id: z.number().int().openapi({ example: 42 }),
    currency: z.string().openapi({ example: "EUR" }),
    rate: z.string().openapi({ example: "0.0468", description: "Units of the currency per one MXN, an exact decimal" }),
    source: z.string().openapi({ example: "banxico-fix" }),
    validFrom: z.string().openapi({ example: "2026-01-02T12:00:00.000Z" }),
    createdAt: z.string(),
  })
  .openapi("ExchangeRate");

// The module's schema validates the body as it is (it may be built before @hono/zod-openapi extends zod,
// so it is documented inline, with an example, rather than named with `.openapi()`).
const RATE_UPDATE_EXAMPLE = {
  source: "banxico-fix",
  rates: [
    { currency: "USD", rate: "0.0541" },
    { currency: "EUR", rate: "0.0466" },
  ],
};

function toJson(rate: ExchangeRate) {
  return {
    id: rate.id,
    currency: rate.currency,
    rate: rate.rate,
    source: rate.source,
    validFrom: rate.validFrom.toISOString(),
    createdAt: rate.createdAt.toISOString(),
  };
}

export function exchangeRateRouter(services: AppServices) {
  const router = createRouter();
  router.openAPIRegistry.registerComponent("securitySchemes", "adminBearer", {
    type: "http",
    scheme: "bearer",
    description: "The ADMIN_API_TOKEN of the deployment",
  });
  const admin = requireStaff(services, "pricing");

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/exchange-rates",
      tags: ["exchange rates"],
      summary: "The rates in force (now, or at an instant)",
      security: STAFF_SECURITY,
      middleware: [admin] as const,
      request: {
        query: z.object({
          at: z.iso
            .datetime({ offset: true })
            .optional()
            .openapi({ description: "The instant to read; now when omitted" }),
        }),
      },
      responses: {
        200: {
          description: "One rate per currency that has one",
          content: {
            "application/json": {
              schema: z.object({ base: z.literal(BASE_CURRENCY), at: z.string(), rates: z.array(ExchangeRateSchema) }),
            },
          },
        },
        400: errorResponse("INVALID_REQUEST"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
      },
    }),
    async (c) => {
      const { at } = c.req.valid("query");
      const instant = at ? new Date(at) : services.clock.now();
      const rates = await findRatesInForce(services.db, instant);
      c.header("Cache-Control", "no-store");
      return c.json({ base: BASE_CURRENCY, at: instant.toISOString(), rates: rates.map(toJson) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/exchange-rates/history",
      tags: ["exchange rates"],
      summary: "Every rate recorded, newest first, scheduled ones included",
      security: STAFF_SECURITY,
      middleware: [admin] as const,
      request: {
        query: z.object({
          currency: z.string().max(8).optional().openapi({ example: "EUR" }),
          limit: z.coerce.number().int().min(1).max(1000).default(100),
        }),
      },
      responses: {
        200: {
          description: "The history",
          content: {
            "application/json": {
              schema: z.object({ base: z.literal(BASE_CURRENCY), rates: z.array(ExchangeRateSchema) }),
            },
          },
        },
        400: errorResponse("UNKNOWN_CURRENCY or INVALID_REQUEST"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
      },
    }),
    async (c) => {
      const { currency, limit } = c.req.valid("query");
      if (currency !== undefined && !isCurrencyCode(currency)) {
        throw new AppError("UNKNOWN_CURRENCY", { issues: [{ path: "query.currency", code: "unknown_currency" }] });
      }
      const rates = await findRateHistory(services.db, { currency, limit });
      c.header("Cache-Control", "no-store");
      return c.json({ base: BASE_CURRENCY, rates: rates.map(toJson) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/api/exchange-rates",
      tags: ["exchange rates"],
      summary: "Append new rates (all or none)",
      description:
        "Rates are units of the currency per one MXN, as decimal strings (at most 12 decimals, between 0.000001 and 1000000). A rate more than twice or less than half the one it succeeds needs `allowLargeChange`. `validFrom` may schedule rates ahead (up to a year) but never back-date them. Nothing is stored when any entry is refused.",
      security: STAFF_SECURITY,
      middleware: [admin] as const,
      request: {
        body: {
          required: true,
          content: { "application/json": { schema: RateUpdateSchema, example: RATE_UPDATE_EXAMPLE } },
        },
      },
      responses: {
        200: {
          description: "The rates appended",
          content: {
            "application/json": {
              schema: z.object({ base: z.literal(BASE_CURRENCY), rates: z.array(ExchangeRateSchema) }),
            },
          },
        },
        400: errorResponse("UNKNOWN_CURRENCY or INVALID_REQUEST"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
        422: errorResponse("INVALID_EXCHANGE_RATE or EXCHANGE_RATE_CHANGE_TOO_LARGE"),
      },
    }),
    async (c) => {
      const update = c.req.valid("json");
      const recorded = await recordRates(services.db, update, services.clock.now());
      services.logger.info(
        {
          source: update.source,
          rates: recorded.map((rate) => `${rate.currency}=${rate.rate}@${rate.validFrom.toISOString()}`),
        },
        "exchange rates recorded",
      );
      return c.json({ base: BASE_CURRENCY, rates: recorded.map(toJson) }, 200);
    },
  );

  return router;
}
