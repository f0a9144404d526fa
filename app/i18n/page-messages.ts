// Which messages each page ships to the browser. The whole catalogue is ~700 messages (42 KB a
// language); sent in every page's root data it was most of the serialized loader data, and the
// largest part of the HTML before the first paint on a phone (ADR 0045). A page now ships the shell's
// messages and its route module's. An entry is a key, or a key prefix: "booking" covers
// "booking.outbound", "booking.passenger.adult"… page-messages.test.ts reads each page's code and
// fails when the page can ask for a key its entries do not cover.
import { getOrInsertComputed } from "../../lib/maps.ts";
import type { PageId } from "../../lib/routing/pages.ts";
import { PAGE_MODULES } from "../../lib/routing/page-modules.ts";
import type { MessageKey, Messages } from "./translate.ts";

/** The header, menus, footer (its newsletter form too), cookie notice, app banner and search box. */
export const SHELL_MESSAGES = [
  "site",
  "a11y",
  "nav",
  "page",
  "footer",
  "currency",
  "language",
  "cookies",
  "appBanner",
  "search",
  "newsletter",
  "account.signIn",
  "account.greeting",
  "account.signOut",
] as const;

/** The booking widget and its sailings list: home, ferry, routes and schedules, product pages. */
const BOOKING_WIDGET = ["booking", "timetable", "cart.add", "waitlist.link", "product.minAge"] as const;

/** What each route module adds to the shell's (the file names of routing/page-modules.ts). */
export const ROUTE_MODULE_MESSAGES: Record<string, readonly string[]> = {
  "routes/home.tsx": ["meta", "home", ...BOOKING_WIDGET],
  "routes/ferry-page.tsx": ["content", "policy", ...BOOKING_WIDGET],
  "routes/routes-schedules.tsx": ["schedules", "product.others", "policy", ...BOOKING_WIDGET],
  "routes/product-page.tsx": ["product", "policy", ...BOOKING_WIDGET],
  "routes/cart-page.tsx": [
    "cart",
    "hold",
    "policy",
    "booking.passengers",
    "booking.passenger",
    "booking.passengerCount",
    "booking.category",
    "booking.summary",
    "booking.outbound",
    "booking.inbound",
    "booking.departsArrives",
  ],
  "routes/payment-details.tsx": [
    "checkout",
    "policy",
    "payment",
    "cart.title",
    "cart.holdCountdown",
    "hold",
    "cart.openTicket",
    "cart.paymentMethods",
    "cart.paymentMethodsLoading",
    "booking.summary.total",
    "booking.summary.discount",
    "booking.outbound",
    "booking.inbound",
    "booking.departsArrives",
  ],
  "routes/thank-you.tsx": ["thanks", "checkout.backToCart", "manage.calendar", "policy"],
  "routes/manage-booking.tsx": [
    "manage",
    "policy",
    "thanks.reference",
    "thanks.paidWithUplift",
    "product.timeNote",
    "booking.departsArrives",
    "booking.outbound",
    "booking.inbound",
    "booking.category",
  ],
  "routes/waitlist.tsx": ["waitlist", "booking.passengers", "booking.passenger", "booking.category"],
  "routes/auth.tsx": ["login"],
  "routes/register.tsx": ["account"],
  "routes/confirm-email.tsx": ["account"],
  "routes/forgot.tsx": ["account"],
  "routes/account.tsx": ["account", "manage.status"],
  "routes/content-page.tsx": ["content"],
  "routes/promotions-page.tsx": ["content"],
  "routes/site-map.tsx": ["content"],
  "routes/search.tsx": [],
  "routes/newsletter.tsx": [],
  "routes/newsletter-confirmation.tsx": [],
  "routes/newsletter-unsubscribe.tsx": [],
};

/** Whether `entry` (a key or a key prefix) covers `key`. */
export function covers(entry: string, key: string): boolean {
  return key === entry || key.startsWith(`${entry}.`);
}

/** The entries a page ships: the shell's and its route module's. */
export function messageEntriesOf(pageId: PageId): readonly string[] {
  const module = PAGE_MODULES[pageId];
  return [...SHELL_MESSAGES, ...((module && ROUTE_MODULE_MESSAGES[module]) ?? [])];
}

/**
 * The catalogues are code, not data an operator edits, so what a page picks from one is the same for
 * the life of the process: picked once per catalogue and page instead of on every request.
 */
const pickedByCatalogue = new WeakMap<Messages, Map<PageId, Partial<Messages>>>();

/** The part of a catalogue a page ships. */
export function pickPageMessages(catalogue: Messages, pageId: PageId): Partial<Messages> {
  const picked = getOrInsertComputed(pickedByCatalogue, catalogue, () => new Map<PageId, Partial<Messages>>());
  return getOrInsertComputed(picked, pageId, () => pickEntries(catalogue, messageEntriesOf(pageId)));
}

function pickEntries(catalogue: Messages, entries: readonly string[]): Partial<Messages> {
  const messages: Partial<Record<MessageKey, string>> = {};
  for (const [key, text] of Object.entries(catalogue) as [MessageKey, string][]) {
    if (entries.some((entry) => covers(entry, key))) messages[key] = text;
  }
  return messages;
}
