// Currencies, the payment methods of each, the instalment banks, and choosing a
// currency. Reference data answers are cacheable; choosing a currency sets the two cookies.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppServices } from "../edge/index.ts";
import type { Config } from "../../lib/config.ts";
import { currencyCookies } from "../../lib/cookies.ts";
import { AppError } from "../../lib/errors.ts";
import { LANGUAGES, type Language } from "../../lib/language.ts";
import { isCurrencyCode, minorUnitsOf, type CurrencyCode } from "../../lib/money.ts";
import {
  CURRENCY_IDS,
  countryFromHeaders,
  findCurrencies,
  findCurrencyByCode,
  readCurrencyCookies,
  type Currency,
  type CurrencyChoiceInput,
} from "../../modules/currency/index.ts";
import { findInstalmentBanks, findPaymentMethods, instalmentPlansOf } from "../../modules/payments/index.ts";
import { createRouter, errorResponse, type ApiRouter } from "./openapi.ts";

const REFERENCE_CACHE = "public, max-age=300";

const LanguageQuery = z.object({
  language: z
    .enum(LANGUAGES)
    .default("en")
    .openapi({ description: "Language of names and descriptions", example: "es" }),
});

export const CurrencySchema = z
  .object({
    id: z.number().int().openapi({ example: 1 }),
    name: z.string().openapi({ example: "US dollar" }),
    symbol: z.string().openapi({ example: "$", description: "The bare symbol, shown beside the code in lists" }),
    iso_number: z.string().openapi({ example: "840", description: "ISO 4217 numeric code, three digits" }),
    iso_code: z.string().openapi({ example: "USD" }),
    presentation_symbol: z.string().openapi({
      example: "US$",
      description:
        "The symbol exactly as printed beside an amount, including a no-break space where the convention has one",
    }),
    position: z.enum(["D", "I"]).openapi({ description: "D: symbol on the right of the number; I: on the left" }),
    decimal_separator: z.string().openapi({ example: "." }),
    thousand_separator: z.string().openapi({ example: "," }),
    minor_units: z.number().int().openapi({ example: 2, description: "ISO 4217 minor units (derived, not stored)" }),
  })
  .openapi("Currency");

const PaymentMethodSchema = z
  .object({
    id: z.number().int().openapi({ example: 1 }),
    api_code: z.string().openapi({ example: "VI" }),
    name: z.string().openapi({ example: "Visa" }),
  })
  .openapi("PaymentMethod");

const InstalmentBankSchema = z
  .object({
    id: z.number().int().openapi({ example: 1 }),
    code: z.string().openapi({ example: "bbva" }),
    name: z.string().openapi({ example: "BBVA México" }),
    logo: z.string().openapi({ example: "/images/banks/bbva.svg" }),
    description: z.string(),
    max_months: z.union([z.literal(12), z.literal(15)]),
    plans: z
      .array(z.number().int())
      .openapi({ example: [3, 6, 9, 12, 15], description: "Months the buyer can choose" }),
  })
  .openapi("InstalmentBank");

/**
 * A currency as the API answers it: the public contract's snake_case field names, in the contract's
 * order, with its ISO 4217 minor units. The one place the code's camelCase names meet the wire's.
 */
export function currencyJson(currency: Currency) {
  return {
    id: currency.id,
    name: currency.name,
    symbol: currency.symbol,
    iso_number: currency.isoNumber,
    iso_code: currency.isoCode,
    presentation_symbol: currency.presentationSymbol,
    position: currency.position,
    decimal_separator: currency.decimalSeparator,
    thousand_separator: currency.thousandSeparator,
    minor_units: minorUnitsOf(currency.isoCode),
  };
}

/** A currency code from a query or body, or UNKNOWN_CURRENCY naming where it came from. */
export function knownCurrency(code: string, path: string): CurrencyCode {
  if (!isCurrencyCode(code)) throw new AppError("UNKNOWN_CURRENCY", { issues: [{ path, code: "unknown_currency" }] });
  return code;
}

/** What decides an API caller's currency when none is asked for: the cookies, the edge country, the language. */
export function currencyChoiceInput(c: Context, config: Config, language: Language): CurrencyChoiceInput {
  return {
    cookies: readCurrencyCookies(c.req.header("Cookie")),
    country: countryFromHeaders(c.req.raw.headers, config.GEO_COUNTRY_HEADERS),
    language,
  };
}

async function currencyOrUnknown(services: AppServices, code: CurrencyCode, language: Language, path: string) {
  const currency = await findCurrencyByCode(services.db, code, language);
  if (!currency) throw new AppError("UNKNOWN_CURRENCY", { issues: [{ path, code: "unknown_currency" }] });
  return currency;
}

export function currencyRouter(services: AppServices) {
  const router = createRouter();

  registerCurrencies(router, services);
  registerPaymentMethods(router, services);
  registerInstalmentBanks(router, services);
  registerCurrencyChoice(router, services);
  return router;
}

function registerCurrencies(router: ApiRouter, services: AppServices) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/currencies",
      tags: ["currencies"],
      summary: "The 17 currencies, USD (id 1, the default) first",
      description:
        "Failure label in the UI: “Error obteniendo divisas” (es), “Error getting currencies” (en), “Erro ao obter as moedas” (pt).",
      request: { query: LanguageQuery },
      responses: {
        200: {
          description: "Every currency with the fields that decide how its amounts are written",
          content: { "application/json": { schema: z.object({ currencies: z.array(CurrencySchema) }) } },
        },
        400: errorResponse("INVALID_REQUEST: unknown language"),
      },
    }),
    async (c) => {
      const { language } = c.req.valid("query");
      const list = await findCurrencies(services.db, language);
      c.header("Cache-Control", REFERENCE_CACHE);
      return c.json({ currencies: list.map(currencyJson) }, 200);
    },
  );
}

function registerPaymentMethods(router: ApiRouter, services: AppServices) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/currencies/{code}/payment-methods",
      tags: ["currencies", "payments"],
      summary: "The payment methods offered in a currency",
      description:
        "Visa, MasterCard and American Express in every currency; Diners Club, Discover and JCB in EUR only; PayPal in MXN only. Failure label: “Error obteniendo métodos de pagos para esta divisa”.",
      request: {
        params: z.object({
          code: z
            .string()
            .max(8)
            .openapi({ example: "EUR", param: { name: "code", in: "path" } }),
        }),
      },
      responses: {
        200: {
          description: "The methods, by id",
          content: {
            "application/json": {
              schema: z.object({ currency: z.string(), payment_methods: z.array(PaymentMethodSchema) }),
            },
          },
        },
        400: errorResponse("UNKNOWN_CURRENCY"),
      },
    }),
    async (c) => {
      const code = knownCurrency(c.req.valid("param").code, "params.code");
      const methods = await findPaymentMethods(services.db, code);
      c.header("Cache-Control", REFERENCE_CACHE);
      return c.json({ currency: code, payment_methods: methods }, 200);
    },
  );
}

function registerInstalmentBanks(router: ApiRouter, services: AppServices) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/instalment-banks",
      tags: ["payments"],
      summary: "Banks whose Mexican-issued credit cards pay in monthly instalments without interest (MXN only)",
      request: { query: LanguageQuery },
      responses: {
        200: {
          description: "The banks, in the order checkout shows them",
          content: {
            "application/json": {
              schema: z.object({ currency: z.literal("MXN"), banks: z.array(InstalmentBankSchema) }),
            },
          },
        },
        400: errorResponse("INVALID_REQUEST: unknown language"),
      },
    }),
    async (c) => {
      const { language } = c.req.valid("query");
      const banks = await findInstalmentBanks(services.db, language);
      c.header("Cache-Control", REFERENCE_CACHE);
      return c.json(
        {
          currency: "MXN" as const,
          banks: banks.map((bank) => ({ ...bank, plans: instalmentPlansOf(bank.max_months) })),
        },
        200,
      );
    },
  );
}

function registerCurrencyChoice(router: ApiRouter, services: AppServices) {
  const secure = services.config.NODE_ENV === "production";
  router.openapi(
    createRoute({
      method: "put",
      path: "/api/currency",
      tags: ["currencies"],
      summary: "Choose the visitor's currency",
      description:
        "Sets the `currency` and `currency_id` cookies (604800 s, Path=/, SameSite=Lax) and answers the chosen currency. An unknown currency, or an id that does not match the code, is refused and sets no cookie.",
      request: {
        query: LanguageQuery,
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z
                .object({
                  currency: z.string().max(8).openapi({ example: "EUR" }),
                  currency_id: z
                    .number()
                    .int()
                    .optional()
                    .openapi({ example: 3, description: "When sent, must be the code's id" }),
                })
                .strict()
                .openapi("CurrencyChoice"),
            },
          },
        },
      },
      responses: {
        200: {
          description: "The chosen currency; the cookies are set",
          content: { "application/json": { schema: z.object({ currency: CurrencySchema }) } },
        },
        400: errorResponse("UNKNOWN_CURRENCY or INVALID_REQUEST"),
      },
    }),
    async (c) => {
      const { language } = c.req.valid("query");
      const body = c.req.valid("json");
      const code = knownCurrency(body.currency, "body.currency");
      if (body.currency_id !== undefined && body.currency_id !== CURRENCY_IDS[code]) {
        throw new AppError("UNKNOWN_CURRENCY", { issues: [{ path: "body.currency_id", code: "id_mismatch" }] });
      }
      const currency = await currencyOrUnknown(services, code, language, "body.currency");
      for (const cookie of currencyCookies(currency.isoCode, currency.id, secure))
        c.header("Set-Cookie", cookie, { append: true });
      c.header("Cache-Control", "no-store");
      return c.json({ currency: currencyJson(currency) }, 200);
    },
  );
}
