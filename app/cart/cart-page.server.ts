// The cart page's loader and action: reads the visitor's cart (cart session cookie) and applies the
// cart forms — add from a booking widget, add a complement, remove, hold again, empty — through the
// same use cases as /xapi/shopping-cart. Every form works without JavaScript: a change redirects back
// to the cart with `updated=1` or `error=<CODE>` (post/redirect/get), so a reload never posts twice.
import { redirect, type RouterContextProvider } from "react-router";
import { cartSessionCookie } from "../../lib/cart-session.ts";
import { AppError, ERROR_STATUS, isAppError, type ErrorCode } from "../../lib/errors.ts";
import type { Language } from "../../lib/language.ts";
import {
  addToCart,
  emptyCart,
  findCartView,
  holdCartLineAgain,
  removeCartLine,
  type CartItemInput,
  type CartView,
} from "../../flows/cart.ts";
import { cartErrorKindOf } from "../../modules/cart/index.ts";
import { readCount } from "../../lib/routing/ferry-query.ts";
import { checkoutPageOf, type CheckoutPageId } from "../checkout/payment-details.server.ts";
import {
  cartContextOf,
  formField,
  formValuesOf,
  readFormData,
  requestContext,
  servicesContext,
  findRequestCurrency,
} from "../../server/edge/index.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import { readCartSession } from "./cart-session.server.ts";

type Context = Readonly<RouterContextProvider>;

/** What the form names an intent; the widgets post `add-ferry`, `add-activity` and `add-coupon`. */
export const CART_INTENTS = [
  "add-ferry",
  "add-activity",
  "add-coupon",
  "add-complement",
  "remove",
  "hold-again",
  "empty",
] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

export interface CartPageData {
  cart: CartView | null;
  /** Where "Proceed to payment" goes: the coupon page when every line is a coupon. */
  checkoutPage: CheckoutPageId;
  /** The message of the last change: success, or the failure with the key of its reason's message. */
  notice: { ok: true } | { ok: false; reason: ReasonKey } | null;
}

const SPECIFIC_REASONS = [
  "LIMIT_PASSED",
  // More seats of one departure than one party (or one address) may hold at once: how to book a group (ADR 0047).
  "GROUP_BOOKING_REQUIRED",
  "TOO_MANY_SEATS_HELD",
  "SAME_PRODUCT_IN_CART",
  "SAME_DATE_IN_CART",
  "SAME_DATE_COMPONENTS",
  "SCHEDULE_REQUIRED",
  "CART_NOT_FOUND",
  "CART_LINE_NOT_FOUND",
  "COUPON_NOT_SOLD",
  "COUPON_TOURIST_ONLY",
  // Too many holds asked for from this cart or this address (config HOLD_LIMIT_PER_CART and HOLD_LIMIT_PER_ADDRESS).
  "RATE_LIMITED",
] as const;
export type ReasonKey = `cart.error.${(typeof SPECIFIC_REASONS)[number] | "availability" | "any"}`;

/** The message key of a refusal: the code's own text, else its kind's (availability), else the generic one. */
export function reasonKey(code: string): ReasonKey {
  const specific = SPECIFIC_REASONS.find((candidate) => candidate === code);
  if (specific) return `cart.error.${specific}`;
  return Object.hasOwn(ERROR_STATUS, code) && cartErrorKindOf(code as ErrorCode) === "availability"
    ? "cart.error.availability"
    : "cart.error.any";
}

export async function loadCartPage(
  request: Request,
  context: Context,
  language: Language,
): Promise<{ data: CartPageData; headers: Headers }> {
  const { db, clock, config } = context.get(servicesContext);
  const url = new URL(request.url);
  const headers = new Headers({ "Cache-Control": "no-store" });
  const error = url.searchParams.get("error");
  const notice: CartPageData["notice"] =
    url.searchParams.get("updated") === "1"
      ? { ok: true }
      : error && /^[A-Z_]{3,40}$/.test(error)
        ? { ok: false, reason: reasonKey(error) }
        : null;
  const sessionId = readCartSession(request);
  if (sessionId === null) return { data: { cart: null, checkoutPage: "paymentDetails", notice }, headers };
  try {
    const cart = await findCartView(db, { sessionId, language, now: clock.now() });
    return { data: { cart, checkoutPage: checkoutPageOf(cart.lines), notice }, headers };
  } catch (failure) {
    if (!isAppError(failure) || failure.code !== "CART_NOT_FOUND") throw failure;
    // A cookie naming no cart is cleared, as the client does.
    headers.append("Set-Cookie", cartSessionCookie(null, config.NODE_ENV === "production"));
    return { data: { cart: null, checkoutPage: "paymentDetails", notice }, headers };
  }
}

/** Every field the cart forms post; blank reads as null, and the use case refuses what is missing with a code. */
const CART_FIELDS = {
  intent: formField.optional(),
  crossing: formField.optional(),
  trip: formField.choice(["one_way", "round_trip", "open"], "one_way"),
  date: formField.optional(),
  return: formField.optional(),
  out: formField.id(),
  back: formField.id(),
  product: formField.id(),
  complement: formField.id(),
  upgrade: formField.optional(),
  line: formField.optional(),
  cart: formField.optional(),
  category: formField.choice(["tourist", "resident"], "tourist"),
  adults: formField.optional(),
  children: formField.optional(),
  infants: formField.optional(),
};

/** The item a widget's or card's form describes; a malformed one is refused by the use case with a code. */
export function readCartItem(intent: CartIntent, form: FormData): CartItemInput {
  const fields = formValuesOf(form, CART_FIELDS);
  const { category } = fields;
  const passengers = {
    adult: readCount(fields.adults, 1),
    child: readCount(fields.children, 0),
    infant: readCount(fields.infants, 0),
  };
  if (intent === "add-ferry") {
    return {
      type: "ferry",
      crossing: fields.crossing ?? "",
      trip: fields.trip,
      date: fields.date,
      returnDate: fields.return,
      outboundSailingId: fields.out,
      inboundSailingId: fields.back,
      category,
      passengers,
    };
  }
  if (intent === "add-activity")
    return { type: "activity", productId: fields.product ?? 0, date: fields.date ?? "", category, passengers };
  if (intent === "add-coupon") return { type: "coupon", productId: fields.product ?? 0, category, passengers };
  return {
    type: "complement",
    complementId: fields.complement ?? 0,
    upgrade: fields.upgrade === "true",
    parentLineId: fields.line ?? "",
    date: fields.date ?? "",
  };
}

export async function applyCartForm(request: Request, context: Context, language: Language): Promise<Response> {
  const services = context.get(servicesContext);
  const { db, config } = services;
  const { site, clientAddress } = context.get(requestContext);
  const cartPath = pathOf("cart", language);
  const form = await readFormData(request);
  const fields = formValuesOf(form, CART_FIELDS);
  const intent = fields.intent as CartIntent | null;
  const sessionId = readCartSession(request);
  const cartContext = cartContextOf(services, { siteCode: site.code, language, clientAddress });
  const headers = new Headers({ "Cache-Control": "no-store" });
  try {
    if (intent === null || !CART_INTENTS.includes(intent))
      throw new AppError("INVALID_REQUEST", { issues: [{ path: "body.intent", code: "unknown_intent" }] });
    if (intent.startsWith("add-")) {
      const currency = await findRequestCurrency(request, context, language);
      const added = await addToCart(
        db,
        { sessionId, currency: currency.isoCode, item: readCartItem(intent, form) },
        cartContext,
      );
      if (added.sessionId !== sessionId)
        headers.append("Set-Cookie", cartSessionCookie(added.sessionId, config.NODE_ENV === "production"));
    } else {
      if (sessionId === null) throw new AppError("CART_NOT_FOUND");
      const lineId = fields.line ?? "";
      if (intent === "remove") await removeCartLine(db, { sessionId, lineId }, cartContext);
      else if (intent === "hold-again") await holdCartLineAgain(db, { sessionId, lineId }, cartContext);
      else await emptyCart(db, { sessionId, cartId: fields.cart ?? "" }, cartContext);
    }
    return redirect(`${cartPath}?updated=1`, { status: 303, headers });
  } catch (failure) {
    if (!isAppError(failure)) throw failure;
    return redirect(`${cartPath}?error=${failure.code}`, { status: 303, headers });
  }
}
