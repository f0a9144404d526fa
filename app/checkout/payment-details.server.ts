// The payment-details pages' loader and action (payment details, and payment details for
// a coupon). The loader shows the cart as it will be paid (amounts also in USD,
// IncludeAmountsUSD) with the buyer form; the action places the booking through flows/checkout.ts and
// sends the buyer to the provider's page. A refusal re-renders the form with what was typed and every
// field's mistake, and changes nothing. Both pages are this one checkout: the coupon page is the
// variant for a cart of nothing but coupons (no hold to count down, no names to ask), and sends any
// other cart to the payment details.
import { data, redirect, redirectDocument, type RouterContextProvider } from "react-router";
import { siteOriginOf } from "../../lib/config.ts";
import { packedCountryOptions } from "../../lib/countries.ts";
import { isAppError, type ErrorIssue } from "../../lib/errors.ts";
import type { Language } from "../../lib/language.ts";
import { upliftScriptForPage, type UpliftScript } from "../../lib/uplift.ts";
import { findCartView, type CartView } from "../../flows/cart.ts";
import { isCouponOnly } from "../../modules/cart/index.ts";
import { findCheckoutDraft, guestSecretOf, placeBooking, type CheckoutDraft } from "../../flows/checkout.ts";
import { checkoutDeps } from "../../flows/checkout-deps.ts";
import { needsPassengerNames, passengerTypesOf, type PaymentMethodKind } from "../../modules/bookings/index.ts";
import { findInstalmentBanks, INSTALMENT_CURRENCY, instalmentOffers } from "../../modules/payments/index.ts";
import {
  pageStatusOf,
  servicesContext,
  requestContext,
  resolveLogin,
  bookingAccessCookie,
  readBookingAccess,
} from "../../server/edge/index.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import { readCartSession } from "../cart/cart-session.server.ts";
import type { ProductKind } from "../../modules/catalog/index.ts";
import type { PolicyView } from "../components/booking/cancellation-policy.tsx";
import { policyViewOf } from "./cancellation-policy.server.ts";
import { findSavedTravellers, saveTravellers } from "../../modules/identity/index.ts";

type Context = Readonly<RouterContextProvider>;

/** Why the provider sent the buyer back without paying: the codes our messages translate. */
export const DECLINE_CODES = [
  "card_declined",
  "insufficient_funds",
  "authentication_failed",
  "payment_cancelled",
] as const;
export type DeclineCode = (typeof DECLINE_CODES)[number];

export interface NamedLineView {
  lineId: string;
  productName: string;
  resident: boolean;
  passengers: ("adult" | "child" | "infant")[];
}

export interface InstalmentOption {
  months: number;
  /** The banks that offer it, for the hint under the choice. */
  banks: string[];
}

/** The two pages of checkout: the payment details, and the payment details for a coupon. */
export type CheckoutPageId = "paymentDetails" | "paymentDetailsCoupon";

/** The checkout page a cart pays on: the coupon page when every line is a coupon. */
export function checkoutPageOf(lines: readonly Pick<CartView["lines"][number], "kind" | "trip">[]): CheckoutPageId {
  return isCouponOnly(lines) ? "paymentDetailsCoupon" : "paymentDetails";
}

/**
 * Where a visitor asking for `page` must go instead, or null to serve it: the coupon page serves
 * only an all-coupon cart (another cart pays on the payment details, keeping the query, e.g. a decline).
 * The payment details serve any cart, coupons included.
 */
export function checkoutRedirectOf(
  page: CheckoutPageId,
  lines: readonly Pick<CartView["lines"][number], "kind" | "trip">[],
  language: Language,
  search: string,
): string | null {
  if (page === "paymentDetailsCoupon" && checkoutPageOf(lines) !== "paymentDetailsCoupon")
    return `${pathOf("paymentDetails", language)}${search}`;
  return null;
}

export interface PaymentDetailsData {
  /** Which of the two checkout pages this is. */
  page: CheckoutPageId;
  cart: CartView;
  /** Every country a buyer may live in, packed in one string (`packedCountryOptions`). */
  countries: string;
  /** Lines whose tickets carry each passenger's name. */
  namedLines: NamedLineView[];
  paypal: boolean;
  instalments: InstalmentOption[];
  declined: DeclineCode | null;
  /** What the buyer sent for this cart's payment that did not go through, to fill the form again; null: a blank form. */
  typed: PaymentFormValues | null;
  /** Uplift's pay-monthly offer: the script to load, or null when it must not be requested. */
  uplift: UpliftScript | null;
  /** A signed-in buyer's saved travellers (offered as they type a name); null when nobody is signed in. */
  savedTravellers: string[] | null;
  /** The cancellation policy of each kind of product in the cart, shown before paying (ADR 0057). */
  policies: { products: string; policy: PolicyView }[];
}

export interface PaymentFormValues {
  name: string;
  email: string;
  phone: string;
  country: string;
  method: PaymentMethodKind;
  instalments: string;
  acceptTerms: boolean;
  names: Record<string, string[]>;
  /** The single-use card Uplift approved, when the buyer pays monthly with it. */
  upliftToken: string;
  /** A signed-in buyer keeps these passenger names for next time. */
  saveTravellers?: boolean;
}

export interface PaymentFormFailure {
  code: string;
  issues: ErrorIssue[];
  values: PaymentFormValues;
}

export async function loadPaymentDetails(
  request: Request,
  context: Context,
  language: Language,
  page: CheckoutPageId = "paymentDetails",
): Promise<PaymentDetailsData> {
  const { db, clock, config } = context.get(servicesContext);
  const { site } = context.get(requestContext);
  const sessionId = readCartSession(request);
  const cartPath = pathOf("cart", language);
  if (sessionId === null) throw redirect(cartPath);
  const cart = await findCartView(db, { sessionId, language, now: clock.now(), includeUsd: true }).catch(
    (error: unknown) => {
      if (isAppError(error) && error.code === "CART_NOT_FOUND") throw redirect(cartPath);
      throw error;
    },
  );
  if (cart.status !== "open" || cart.lines.length === 0) throw redirect(cartPath);
  const url = new URL(request.url);
  const elsewhere = checkoutRedirectOf(page, cart.lines, language, url.search);
  if (elsewhere !== null) throw redirect(elsewhere);
  const declined = url.searchParams.get("declined");
  return {
    page,
    cart,
    countries: packedCountryOptions(language),
    namedLines: cart.lines
      .filter((line) => needsPassengerNames({ kind: line.kind, trip: line.trip, category: line.category }))
      .map((line) => ({
        lineId: line.id,
        productName: line.product.name,
        resident: line.category === "resident",
        passengers: passengerTypesOf({
          adults: line.passengers.adult,
          children: line.passengers.child,
          infants: line.passengers.infant,
        }),
      })),
    paypal: cart.currency === "MXN",
    instalments: cart.currency === INSTALMENT_CURRENCY ? instalmentOffers(await findInstalmentBanks(db, language)) : [],
    declined: DECLINE_CODES.find((code) => code === declined) ?? null,
    typed: formValuesOf(await findCheckoutDraft(db, sessionId, readBookingAccess(request)), {
      singlePayment: url.searchParams.get(SINGLE_PAYMENT.name) === SINGLE_PAYMENT.value,
    }),
    uplift: upliftScriptForPage(config, { siteFlags: site.flags, language, currency: cart.currency }),
    policies: cartPolicies(cart.lines),
    savedTravellers: await savedTravellersOf(request, context),
  };
}

/** The signed-in account of this request, or null. */
async function signedInUserId(request: Request, context: Context): Promise<string | null> {
  const { db, clock, config } = context.get(servicesContext);
  const login = await resolveLogin(db, request.headers.get("Cookie"), config.NODE_ENV === "production", clock.now());
  return login.state.session?.account.id ?? null;
}

async function savedTravellersOf(request: Request, context: Context): Promise<string[] | null> {
  const userId = await signedInUserId(request, context);
  return userId === null ? null : findSavedTravellers(context.get(servicesContext).db, userId);
}

/** One policy per kind of product in the cart, naming its products. */
function cartPolicies(lines: readonly Pick<CartView["lines"][number], "product">[]): PaymentDetailsData["policies"] {
  const byKind = new Map<ProductKind, Set<string>>();
  for (const line of lines) {
    const kind = line.product.kind as ProductKind;
    byKind.set(kind, (byKind.get(kind) ?? new Set()).add(line.product.name));
  }
  return [...byKind].map(([kind, names]) => ({ products: [...names].join(", "), policy: policyViewOf(kind) }));
}

/**
 * The query the provider's page links back with when the card could not pay the months without
 * interest: the form comes back with a single payment chosen, the rest as typed.
 */
const SINGLE_PAYMENT = { name: "payment", value: "single" } as const;

/** The form as it was sent (the terms were accepted, or the booking would not exist). */
function formValuesOf(draft: CheckoutDraft | null, options: { singlePayment: boolean }): PaymentFormValues | null {
  if (draft === null) return null;
  return {
    ...draft.buyer,
    method: draft.method,
    instalments: draft.instalmentMonths === null || options.singlePayment ? "" : String(draft.instalmentMonths),
    acceptTerms: true,
    names: draft.passengerNames,
    upliftToken: "",
  };
}

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, 300) : "";
}

export function readPaymentForm(form: FormData): PaymentFormValues {
  const names: Record<string, string[]> = {};
  for (const [key, value] of form.entries()) {
    const match = /^names\.([0-9a-f-]{36})\.(\d{1,2})$/.exec(key);
    if (!match || typeof value !== "string") continue;
    const list = (names[match[1]!] ??= []);
    list[Number(match[2])] = value.slice(0, 120);
  }
  return {
    name: field(form, "name"),
    email: field(form, "email"),
    phone: field(form, "phone"),
    country: field(form, "country"),
    method: field(form, "method") === "paypal" ? "paypal" : "card",
    instalments: field(form, "instalments"),
    acceptTerms: form.get("acceptTerms") === "on",
    names,
    upliftToken: /^tok_[A-Za-z0-9_]{1,60}$/.test(field(form, "upliftToken")) ? field(form, "upliftToken") : "",
    saveTravellers: form.get("saveTravellers") === "on",
  };
}

export async function submitPaymentDetails(request: Request, context: Context, language: Language) {
  const services = context.get(servicesContext);
  const { site } = context.get(requestContext);
  const values = readPaymentForm(await request.formData().catch(() => new FormData()));
  const sessionId = readCartSession(request);
  if (sessionId === null) return redirect(pathOf("cart", language));
  const origin = siteOriginOf(services.config, request.url);
  const thankYou = `${origin}${pathOf("cartThankYou", language)}`;
  try {
    const paysMonthly = values.upliftToken !== "";
    const placed = await placeBooking(checkoutDeps(services), {
      sessionId,
      siteCode: site.code,
      language,
      buyer: {
        name: values.name,
        email: values.email,
        phone: values.phone,
        country: values.country,
        acceptTerms: values.acceptTerms,
      },
      passengerNames: values.names,
      method: paysMonthly ? "card" : values.method,
      instalmentMonths: /^\d{1,2}$/.test(values.instalments) ? Number(values.instalments) : null,
      returnUrlOf: (reference) => `${thankYou}?booking=${reference}`,
      cancelUrlOf: ({ singlePayment }) =>
        `${origin}${pathOf("paymentDetails", language)}${singlePayment ? `?${SINGLE_PAYMENT.name}=${SINGLE_PAYMENT.value}` : ""}`,
      // Uplift pays only where its offer may be shown at all: the same rule that loads its script.
      ...(paysMonthly
        ? {
            cardToken: {
              token: values.upliftToken,
              financedBy: "uplift" as const,
              acceptedIn: (currency: string) =>
                upliftScriptForPage(services.config, { siteFlags: site.flags, language, currency }) !== null,
            },
          }
        : {}),
    });
    if (values.saveTravellers) {
      const userId = await signedInUserId(request, context);
      if (userId !== null)
        await saveTravellers(services.db, userId, Object.values(values.names).flat(), services.clock.now());
    }
    const headers = new Headers({ "Cache-Control": "no-store" });
    headers.append(
      "Set-Cookie",
      bookingAccessCookie(
        { reference: placed.reference, secret: guestSecretOf(services.config.GUEST_ACCESS_SECRET, placed.bookingId) },
        services.config.NODE_ENV === "production",
      ),
    );
    // The provider's page is not one of our routes: the browser loads it as a document, never as route data.
    if (placed.kind === "redirect") return redirectDocument(placed.url, { headers });
    return redirect(`${thankYou}?booking=${placed.reference}`, { headers });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const failure: PaymentFormFailure = { code: error.code, issues: [...error.issues], values };
    return data(failure, { status: pageStatusOf(error) });
  }
}
