// The tracked events (cart, order, product, post), built from what the pages already show.
// Pure and browser-safe: amounts arrive as integer minor units (lib/money) and leave as decimals in the
// currency's major unit, as analytics libraries report them. Lines and products are named by their
// catalogue code, never by a database id.
import { minorUnitsOf, type Money } from "../../lib/money.ts";
import { TRACKING_LIMITS } from "../../lib/tracking-limits.ts";
import type { TrackingEvent } from "../../lib/tracking-events.ts";

/** 12345 minor units of MXN → 123.45; of JPY → 12345. */
export function majorUnits(amount: Money): number {
  return amount.amountMinor / 10 ** minorUnitsOf(amount.currency);
}

/** One product line as the cart and the booking both describe it: a trip or visit for a party, counted once. */
export interface TrackedLine {
  product: { code: string; name: string; kind: string };
  total: Money;
  /** The product page, when it has one (relative to the site). */
  url?: string;
}

function itemsOf(lines: readonly TrackedLine[]) {
  return lines.slice(0, TRACKING_LIMITS.itemsMax).map((line, index) => {
    const total = majorUnits(line.total);
    return {
      index,
      product: {
        productId: line.product.code.slice(0, TRACKING_LIMITS.productIdMaxLength),
        name: line.product.name.slice(0, TRACKING_LIMITS.productNameMaxLength),
        category: line.product.kind,
        displayPrice: total,
        ...(line.url ? { url: line.url } : {}),
      },
      quantity: 1,
      total,
    };
  });
}

/** cartViewed when the cart page shows a cart, cartModified when it shows one just changed. */
export function cartEventOf(
  type: "cartViewed" | "cartModified",
  cart: { lines: readonly TrackedLine[]; total: Money },
): TrackingEvent {
  return { type, cart: { currency: cart.total.currency, items: itemsOf(cart.lines), total: majorUnits(cart.total) } };
}

/** orderPlaced on the thank-you page of a paid booking; null when it holds no line (nothing to report). */
export function orderEventOf(order: {
  reference: string;
  lines: readonly TrackedLine[];
  total: Money;
}): TrackingEvent | null {
  if (order.lines.length === 0) return null;
  return {
    type: "orderPlaced",
    order: {
      orderId: order.reference,
      currency: order.total.currency,
      items: itemsOf(order.lines),
      total: majorUnits(order.total),
    },
  };
}

/** productViewed on a tour or park page, priced at the adult fare it shows ("from"), or 0 when it shows none. */
export function productEventOf(
  product: { code: string; name: string; kind: string },
  fromPrice: Money | null,
  url: string,
): TrackingEvent {
  return {
    type: "productViewed",
    product: {
      productId: product.code.slice(0, TRACKING_LIMITS.productIdMaxLength),
      name: product.name.slice(0, TRACKING_LIMITS.productNameMaxLength),
      category: product.kind,
      displayPrice: fromPrice ? majorUnits(fromPrice) : 0,
      url,
    },
  };
}

/** postViewed on an editorial page: its page id names it in every language. */
export function postEventOf(pageId: string, title: string, url: string): TrackingEvent {
  return { type: "postViewed", post: { postId: pageId, title: title.slice(0, TRACKING_LIMITS.textMaxLength), url } };
}

/** A userProfileChanged event, for the preferences the visitor sets on the site (never personal data). */
export function profileEventOf(custom: { currency?: string; language?: string }): TrackingEvent {
  return {
    type: "userProfileChanged",
    patch: { custom: Object.fromEntries(Object.entries(custom).filter(([, value]) => value !== undefined)) },
  };
}
