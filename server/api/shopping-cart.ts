// The cart calls with their exact paths and query names. Every call carries the three
// headers (bearer site key, project prefix, site code). Every answer carries SessionId,
// Currency and IdCart (null when there is no cart); a refusal carries CartError with its kind (schedule, availability,
// sameProductOrDate, sameDateComponents, limitPassed, any) and our code, and the cart as it stands, unchanged.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { type AppServices, cartContextOf } from "../edge/index.ts";
import { CART_HEADER_NAMES } from "../../lib/cart-session.ts";
import { AppError, isAppError, type ErrorIssue } from "../../lib/errors.ts";
import type { Language } from "../../lib/language.ts";
import {
  addToCart,
  changeCartCurrency,
  emptyCart,
  findCartView,
  holdCartLineAgain,
  removeCartLine,
  type CartContext,
  type CartView,
} from "../../flows/cart.ts";
import { cartErrorKindOf } from "../../modules/cart/index.ts";
import { chooseCurrency } from "../../modules/currency/index.ts";
import { clientAddressOf } from "./client-address.ts";
import { currencyChoiceInput, knownCurrency } from "./currencies.ts";
import { createRouter, type ApiRouter } from "./openapi.ts";

const CART_HEADERS = CART_HEADER_NAMES;

const SessionIdSchema = z
  .string()
  .regex(/^[0-9a-f]{32}$/)
  .openapi({
    description: "The cart session: 128 random bits, hex (cart session cookie)",
    example: "9f86d081884c7d659a2feaa0c55ad015",
  });

const LanguageSchema = z
  .preprocess((value) => (typeof value === "string" ? value.toUpperCase() : value), z.enum(["ES", "EN", "PT"]))
  .default("EN")
  .openapi({ description: "Language of names, uppercased", example: "ES" });

const BooleanFlag = z
  .enum(["true", "false"])
  .optional()
  .transform((value) => value === "true");

const PassengersSchema = z
  .object({
    adult: z.number().int().min(0).max(60),
    child: z.number().int().min(0).max(60).default(0),
    infant: z.number().int().min(0).max(60).default(0),
  })
  .openapi("Passengers");

const DateSchema = z
  .string()
  .max(10)
  .openapi({ example: "2026-12-24", description: "Operator's local date (America/Cancun)" });
const CategorySchema = z
  .enum(["tourist", "resident"])
  .default("tourist")
  .openapi({ description: "resident: Quintana Roo ID checked at boarding" });

const ItemSchema = z
  .discriminatedUnion("type", [
    z.object({
      type: z.literal("ferry"),
      crossing: z.string().max(64),
      trip: z.enum(["one_way", "round_trip", "open"]),
      date: DateSchema.nullable().default(null),
      returnDate: DateSchema.nullable().default(null),
      outboundSailingId: z.number().int().positive().nullable().default(null),
      inboundSailingId: z.number().int().positive().nullable().default(null),
      category: CategorySchema,
      passengers: PassengersSchema,
    }),
    z.object({
      type: z.literal("activity"),
      productId: z.number().int().positive(),
      date: DateSchema,
      category: CategorySchema,
      passengers: PassengersSchema,
    }),
    z
      .object({
        type: z.literal("coupon"),
        productId: z.number().int().positive(),
        category: CategorySchema,
        passengers: PassengersSchema,
      })
      .openapi({
        description:
          "A park or tour without a date, valid 12 months from purchase; tourist fare only (COUPON_TOURIST_ONLY), not the ferry (COUPON_NOT_SOLD)",
      }),
    z.object({
      type: z.literal("complement"),
      complementId: z.number().int().positive(),
      upgrade: z.boolean().default(false),
      parentLineId: z.uuid(),
      date: DateSchema,
    }),
  ])
  .openapi("CartItem");

const CartChangeSchema = z
  .discriminatedUnion("action", [
    z.object({
      action: z.literal("add"),
      currency: z
        .string()
        .max(8)
        .optional()
        .openapi({ description: "Currency of a new cart; the visitor's (cookies, country) when absent" }),
      item: ItemSchema,
    }),
    z.object({ action: z.literal("remove"), lineId: z.uuid() }),
    z.object({
      action: z.literal("hold-again"),
      lineId: z
        .uuid()
        .openapi({ description: "A line whose hold expired: hold its seats again if they are still there" }),
    }),
  ])
  .openapi("CartChange");

const MoneySchema = z
  .object({ amountMinor: z.number().int(), currency: z.string(), formatted: z.string() })
  .openapi("CartMoney");
const PriceSchema = z
  .object({
    presale: z.object({ minDaysAhead: z.number().int(), discountBasisPoints: z.number().int() }).nullable(),
    lines: z.array(
      z.object({ passengerType: z.string(), quantity: z.number().int(), unit: MoneySchema, total: MoneySchema }),
    ),
    subtotal: MoneySchema,
    discount: MoneySchema,
    total: MoneySchema,
  })
  .openapi("CartPrice");
const LegSchema = z.object({
  sailingId: z.number().int(),
  date: z.string(),
  time: z.string(),
  arrivalTime: z.string(),
  from: z.string(),
  to: z.string(),
});
const TotalsSchema = z.object({ subtotal: MoneySchema, discount: MoneySchema, total: MoneySchema });

const CartSchema = z
  .object({
    id: z.string(),
    sessionId: z.string(),
    currency: z.string(),
    status: z.enum(["open", "ordered"]),
    quote: z.object({ id: z.string(), quotedAt: z.string() }),
    lines: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(["ferry", "activity"]),
        product: z.object({
          id: z.number().int(),
          code: z.string(),
          kind: z.string(),
          name: z.string(),
          image: z.string(),
          imageAlt: z.string(),
        }),
        trip: z.enum(["one_way", "round_trip", "open", "single"]),
        category: z.enum(["tourist", "resident"]),
        passengers: z.object({ adult: z.number().int(), child: z.number().int(), infant: z.number().int() }),
        seats: z.number().int(),
        date: z.string().nullable(),
        returnDate: z.string().nullable(),
        outbound: LegSchema.nullable(),
        inbound: LegSchema.nullable(),
        activity: z
          .object({ date: z.string(), opens: z.string().nullable(), closes: z.string().nullable() })
          .nullable(),
        openTicketMonths: z.number().int().nullable(),
        coupon: z.object({ months: z.number().int(), validUntil: z.string() }).nullable(),
        complementId: z.number().int().nullable(),
        parentLineId: z.string().nullable(),
        hold: z.object({
          status: z.enum(["held", "expired", "none"]),
          expiresAt: z.string().nullable(),
          secondsLeft: z.number().int().nullable(),
        }),
        price: PriceSchema,
        priceUSD: PriceSchema.optional(),
      }),
    ),
    count: z.number().int(),
    limit: z.number().int(),
    holdExpiresAt: z.string().nullable(),
    complements: z.array(
      z.object({
        id: z.number().int(),
        idUpgrade: z.number().int(),
        name: z.string(),
        nameUpgrade: z.string(),
        businessUnit: z.string(),
        businessUnitCode: z.string(),
        code: z.string(),
        price: MoneySchema.nullable(),
        img: z.object({ src: z.string() }),
        infoDetails: z.object({
          titleDescription: z.string(),
          subtitleDescription: z.string(),
          textDescription: z.string().openapi({ description: "Sanitized HTML" }),
        }),
        hasBeenAdded: z.boolean(),
        forLineId: z.string(),
        defaultDate: z.string().nullable(),
      }),
    ),
    totals: TotalsSchema,
    totalsUSD: TotalsSchema.optional(),
  })
  .openapi("Cart");

const CartErrorSchema = z
  .object({
    kind: z.enum(["schedule", "availability", "sameProductOrDate", "sameDateComponents", "limitPassed", "any"]),
    code: z.string().openapi({ example: "LIMIT_PASSED" }),
    issues: z.array(z.object({ path: z.string(), code: z.string() })).optional(),
  })
  .openapi("CartError");

const AnswerSchema = z
  .object({
    SessionId: z.string().nullable(),
    Currency: z.string().nullable(),
    IdCart: z.string().nullable(),
    Cart: CartSchema.optional(),
    CartError: CartErrorSchema.optional(),
  })
  .openapi("ShoppingCartAnswer");

const answers = (ok: string) => ({
  200: { description: ok, content: { "application/json": { schema: AnswerSchema } } },
  400: {
    description: "INVALID_REQUEST (bad query, body or headers), UNKNOWN_CURRENCY, INVALID_DATE…",
    content: { "application/json": { schema: AnswerSchema } },
  },
  401: {
    description: "UNAUTHORIZED: no or wrong bearer site key",
    content: { "application/json": { schema: AnswerSchema } },
  },
  404: {
    description: "CART_NOT_FOUND, CART_LINE_NOT_FOUND, UNKNOWN_SAILING, UNKNOWN_PRODUCT",
    content: { "application/json": { schema: AnswerSchema } },
  },
  409: {
    description:
      "SAME_PRODUCT_IN_CART, SAME_DATE_IN_CART, SAME_DATE_COMPONENTS, LIMIT_PASSED, GROUP_BOOKING_REQUIRED, TOO_MANY_SEATS_HELD, SAILING_SOLD_OUT, SAILING_CLOSED…",
    content: { "application/json": { schema: AnswerSchema } },
  },
  422: {
    description: "SCHEDULE_REQUIRED, TOO_MANY_PASSENGERS, FARE_UNAVAILABLE, COUPON_NOT_SOLD, COUPON_TOURIST_ONLY",
    content: { "application/json": { schema: AnswerSchema } },
  },
});

const security = [{ cartKey: [] }];
const headerParams = z.object({
  [CART_HEADERS.projectPrefix]: z.string().optional().openapi({ description: "Project prefix", example: "TRAVESIA" }),
  [CART_HEADERS.siteCode]: z.string().optional().openapi({ description: "Site code", example: "travesia" }),
});

interface Failure {
  error: AppError;
  sessionId: string | null;
}

/** A refusal before any cart is read: the envelope with nulls. */
function refusal(error: AppError, c: Context) {
  if (error.retryAfterSeconds !== null) c.header("Retry-After", String(error.retryAfterSeconds));
  return c.json(
    { SessionId: null, Currency: null, IdCart: null, CartError: cartErrorOf(error) },
    error.status as 400 | 401,
  );
}

function cartErrorOf(error: AppError) {
  return {
    kind: cartErrorKindOf(error.code),
    code: error.code,
    ...(error.issues.length > 0 ? { issues: [...error.issues] } : {}),
  };
}

function issuesOf(error: z.ZodError, target: string): ErrorIssue[] {
  return error.issues.map((issue) => ({ path: [target, ...issue.path.map(String)].join("."), code: issue.code }));
}

/** Validation failures answer in the cart's envelope too: CartError kind "any", code INVALID_REQUEST. */
function envelopeHook(result: { success: boolean; error?: z.ZodError; target: string }, c: Context) {
  if (result.success || !result.error) return undefined;
  const error = new AppError("INVALID_REQUEST", { issues: issuesOf(result.error, result.target) });
  return refusal(error, c);
}

/** The bearer site key (401 without it), the project prefix and the site code (400). */
function requireCartHeaders(services: AppServices): MiddlewareHandler {
  const { CART_API_KEY, CART_PROJECT_PREFIX, SITE_CODE } = services.config;
  return async (c, next) => {
    const authorization = c.req.header("Authorization") ?? "";
    let error: AppError | null = null;
    if (authorization !== `Bearer ${CART_API_KEY}`)
      error = new AppError("UNAUTHORIZED", { issues: [{ path: "header.Authorization", code: "bearer_site_key" }] });
    else if (c.req.header(CART_HEADERS.projectPrefix) !== CART_PROJECT_PREFIX) {
      error = new AppError("INVALID_REQUEST", {
        issues: [{ path: `header.${CART_HEADERS.projectPrefix}`, code: "project_prefix" }],
      });
    } else if (c.req.header(CART_HEADERS.siteCode) !== SITE_CODE) {
      error = new AppError("INVALID_REQUEST", {
        issues: [{ path: `header.${CART_HEADERS.siteCode}`, code: "site_code" }],
      });
    }
    if (error) return refusal(error, c);
    await next();
  };
}

export function shoppingCartRouter(services: AppServices) {
  const router = createRouter();
  installCartGuards(router, services);
  registerCartRead(router, services);
  registerCartChange(router, services);
  registerCartCurrency(router, services);
  registerCartEmpty(router, services);
  return router;
}

/** The cart's security scheme, its header check, and a refusal of bodies that are not JSON. */
function installCartGuards(router: ApiRouter, services: AppServices) {
  router.openAPIRegistry.registerComponent("securitySchemes", "cartKey", {
    type: "http",
    scheme: "bearer",
    description:
      "The fixed site key of the web front end (CART_API_KEY), with the X-Project-Prefix and X-Site-Code headers",
  });
  router.use("/xapi/shopping-cart", requireCartHeaders(services));
  router.use("/xapi/shopping-cart/*", requireCartHeaders(services));
  // A body that is not JSON is refused in the cart's envelope too (the validator would throw past it);
  // Hono keeps the parsed body, so the validator reads it again for free.
  router.post("/xapi/shopping-cart", async (c, next) => {
    try {
      await c.req.json();
    } catch {
      return refusal(new AppError("INVALID_REQUEST", { issues: [{ path: "json", code: "not_json" }] }), c);
    }
    await next();
  });
}

const contextOf = (services: AppServices, language: Language, c: Context): CartContext =>
  cartContextOf(services, {
    siteCode: services.config.SITE_CODE,
    language,
    clientAddress: clientAddressOf(c, services.config),
  });

/**
 * Runs a change, then answers with the cart as it is now; a refusal answers with the cart unchanged.
 * The status follows the error code while the body keeps one schema (answers()), which the typed
 * responses of zod-openapi cannot express per code: the result is typed `never` for that reason.
 */
async function answer(
  services: AppServices,
  c: Context,
  language: Language,
  includeUsd: boolean,
  change: () => Promise<string>,
  sessionId: string | null,
): Promise<never> {
  let failure: Failure | null = null;
  let current = sessionId;
  try {
    current = await change();
  } catch (error) {
    if (!isAppError(error)) throw error;
    failure = { error, sessionId };
  }
  let cart: CartView | null = null;
  if (current !== null) {
    try {
      cart = await findCartView(services.db, { sessionId: current, language, now: services.clock.now(), includeUsd });
    } catch (error) {
      if (!isAppError(error)) throw error;
      failure ??= { error, sessionId: current };
    }
  }
  const envelope = {
    SessionId: cart?.sessionId ?? current,
    Currency: cart?.currency ?? null,
    IdCart: cart?.id ?? null,
    ...(cart ? { Cart: cart } : {}),
  };
  c.header("Cache-Control", "no-store");
  if (failure?.error.retryAfterSeconds != null) c.header("Retry-After", String(failure.error.retryAfterSeconds));
  const response = failure
    ? c.json({ ...envelope, CartError: cartErrorOf(failure.error) }, failure.error.status as 400)
    : c.json(envelope, 200);
  return response as never;
}

const lower = (language: "ES" | "EN" | "PT") => language.toLowerCase() as Language;

/** A change to the cart of an existing session, answered with the cart as it then is. */
const changeSession = (
  services: AppServices,
  c: Context,
  query: { SessionId: string; Language: "ES" | "EN" | "PT" },
  change: (context: CartContext) => Promise<void>,
) => {
  const language = lower(query.Language);
  return answer(
    services,
    c,
    language,
    false,
    async () => {
      await change(contextOf(services, language, c));
      return query.SessionId;
    },
    query.SessionId,
  );
};

function registerCartRead(router: ApiRouter, services: AppServices) {
  const getRoute = createRoute({
    method: "get",
    path: "/xapi/shopping-cart",
    tags: ["cart"],
    summary: "The cart of a session, with each hold's state and countdown",
    description:
      "Called on every page load when the cart session cookie exists. A 200 without CartError is stored by the client and sets its currency; anything else clears the client's cart. IncludeAmountsUSD=true (payment details, coupon payment details, thank-you) adds priceUSD and totalsUSD.",
    security,
    request: {
      headers: headerParams,
      query: z.object({
        Language: LanguageSchema,
        SessionId: SessionIdSchema,
        Mobile: BooleanFlag,
        IncludeAmountsUSD: BooleanFlag,
      }),
    },
    responses: answers("The cart"),
  });
  router.openapi(
    getRoute,
    async (c) => {
      const query = c.req.valid("query");
      return answer(
        services,
        c,
        lower(query.Language),
        query.IncludeAmountsUSD,
        async () => query.SessionId,
        query.SessionId,
      );
    },
    envelopeHook,
  );
}

function registerCartChange(router: ApiRouter, services: AppServices) {
  const postRoute = createRoute({
    method: "post",
    path: "/xapi/shopping-cart",
    tags: ["cart"],
    summary: "Add a product (holding its seats), remove a line, or hold an expired line again",
    description:
      "Without SessionId, `add` opens a new cart and the answer carries its SessionId (the client stores it in the cart session cookie). Holds last CART_HOLD_SECONDS (15 minutes). Refusals: LIMIT_PASSED at the 6th product, SAME_PRODUCT_IN_CART, SAME_DATE_IN_CART, SAME_DATE_COMPONENTS, SCHEDULE_REQUIRED, SAILING_SOLD_OUT and the other availability codes; GROUP_BOOKING_REQUIRED past the seats one party may hold of a departure (20, at most a quarter of it) and TOO_MANY_SEATS_HELD past what one address may hold of it (ADR 0047).",
    security,
    request: {
      headers: headerParams,
      query: z.object({ Language: LanguageSchema, SessionId: SessionIdSchema.optional(), Mobile: BooleanFlag }),
      body: { required: true, content: { "application/json": { schema: CartChangeSchema } } },
    },
    responses: answers("The cart after the change"),
  });
  router.openapi(
    postRoute,
    async (c) => {
      const query = c.req.valid("query");
      const body = c.req.valid("json");
      const language = lower(query.Language);
      const sessionId = query.SessionId ?? null;
      return answer(
        services,
        c,
        language,
        false,
        async () => {
          const context = contextOf(services, language, c);
          if (body.action === "add") {
            const currency =
              body.currency === undefined
                ? chooseCurrency(currencyChoiceInput(c, services.config, language)).code
                : knownCurrency(body.currency, "body.currency");
            return (await addToCart(services.db, { sessionId, currency, item: body.item }, context)).sessionId;
          }
          if (sessionId === null)
            throw new AppError("CART_NOT_FOUND", { issues: [{ path: "query.SessionId", code: "required" }] });
          if (body.action === "remove") await removeCartLine(services.db, { sessionId, lineId: body.lineId }, context);
          else await holdCartLineAgain(services.db, { sessionId, lineId: body.lineId }, context);
          return sessionId;
        },
        sessionId,
      );
    },
    envelopeHook,
  );
}

function registerCartCurrency(router: ApiRouter, services: AppServices) {
  const currencyRoute = createRoute({
    method: "put",
    path: "/xapi/shopping-cart/currency",
    tags: ["cart"],
    summary: "Change the cart's currency: a new exchange-rate quote re-prices every line",
    security,
    request: {
      headers: headerParams,
      query: z.object({
        Currency: z.string().max(8).openapi({ example: "EUR" }),
        SessionId: SessionIdSchema,
        Language: LanguageSchema,
      }),
    },
    responses: answers("The cart in the new currency"),
  });
  router.openapi(
    currencyRoute,
    async (c) => {
      const query = c.req.valid("query");
      return changeSession(services, c, query, (context) =>
        changeCartCurrency(
          services.db,
          { sessionId: query.SessionId, currency: knownCurrency(query.Currency, "query.Currency") },
          context,
        ),
      );
    },
    envelopeHook,
  );
}

function registerCartEmpty(router: ApiRouter, services: AppServices) {
  const deleteRoute = createRoute({
    method: "delete",
    path: "/xapi/shopping-cart",
    tags: ["cart"],
    summary: "Empty the cart: every line goes and every held seat is free at once",
    security,
    request: {
      headers: headerParams,
      query: z.object({ IdCart: z.uuid(), SessionId: SessionIdSchema, Language: LanguageSchema }),
    },
    responses: answers("The emptied cart (same SessionId and IdCart)"),
  });
  router.openapi(
    deleteRoute,
    async (c) => {
      const query = c.req.valid("query");
      return changeSession(services, c, query, (context) =>
        emptyCart(services.db, { sessionId: query.SessionId, cartId: query.IdCart }, context),
      );
    },
    envelopeHook,
  );
}
