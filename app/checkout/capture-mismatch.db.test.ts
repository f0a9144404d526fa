// A ticket is issued only for money that pays the booking (ADR 0047): a capture short of the total, or
// in another currency, is not ticketed on any confirmation path — the buyer's return page, the
// provider's webhook, the reconciliation run — is refunded through the provider, and the payment is
// recorded as the provider captured it.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesContext } from "../../server/edge/index.ts";
import { loadThankYou } from "./thank-you.server.ts";
import { CROSSING_TO_ISLA, CROSSING_TO_ISLA_CODE } from "../../db/seed-catalogue.ts";
import { addToCart } from "../../flows/cart.ts";
import { guestSecretOf, placeBooking } from "../../flows/checkout.ts";
import { checkoutDeps } from "../../flows/checkout-deps.ts";
import { findConsoleBooking } from "../../flows/console-bookings.ts";
import { reconcilePayments } from "../../flows/payment-reconciliation.ts";
import { createLogger } from "../../lib/logger.ts";
import { bookingEvents, bookingPayments, findBooking, tickets } from "../../modules/bookings/index.ts";
import { addDays, findDaySailings, materializeSailings, type SailingView } from "../../modules/inventory/index.ts";
import type { PaymentProvider } from "../../modules/payments/index.ts";
import { findEvents, webhookDelivery } from "../../sandbox-psp/index.ts";
import type { createApp } from "../../server/app.ts";
import type { Runtime } from "../../server/boot.ts";
import {
  bootCheckout,
  GUEST_TEST_SECRET,
  intentIdOf,
  placingInput,
  SANDBOX_TEST_WEBHOOK_SECRET,
  soldOn,
} from "../../tests/factories/checkout.ts";

const DAY = "2031-03-05";
const NOW = new Date("2031-03-03T15:00:00Z");

let runtime: Runtime;
let app: ReturnType<typeof createApp>;
let provider: PaymentProvider;
let sailings: SailingView[];
let nextSailing = 0;

beforeAll(async () => {
  ({ runtime, app, provider } = await bootCheckout(NOW));
  await materializeSailings(runtime.database.db, { from: DAY, to: addDays(DAY, 1), now: NOW });
  sailings = await findDaySailings(runtime.database.db, [CROSSING_TO_ISLA], DAY, NOW);
});
afterAll(() => runtime.database.close());

const db = () => runtime.database.db;

/** A booking of two adults in USD waiting for its payment, on a sailing of its own. */
async function placeUsdBooking() {
  const sailing = sailings[nextSailing++]!;
  const { sessionId } = await addToCart(
    db(),
    {
      sessionId: null,
      currency: "USD",
      item: {
        type: "ferry",
        crossing: CROSSING_TO_ISLA_CODE,
        trip: "one_way",
        date: DAY,
        returnDate: null,
        outboundSailingId: sailing.id,
        inboundSailingId: null,
        category: "tourist",
        passengers: { adult: 2, child: 0, infant: 0 },
      },
    },
    { siteCode: "travesia", language: "en", now: NOW, holdSeconds: 900 },
  );
  const placed = await placeBooking(checkoutDeps(runtime.services, NOW), placingInput(sessionId));
  if (placed.kind !== "redirect") throw new Error("expected the provider's page");
  const booking = (await findBooking(db(), { id: placed.bookingId }))!;
  return { ...placed, booking, sailing, intentId: intentIdOf(placed.url) };
}

type Placed = Awaited<ReturnType<typeof placeUsdBooking>>;

/**
 * The provider takes less than the booking's total: the sandbox captures the amount asked for, as
 * real providers allow a partial capture (someone captured one cent from the provider's dashboard).
 */
async function captureOneCent(placed: Placed): Promise<string> {
  await provider.authorizePayment(placed.intentId, {
    cardToken: "tok_test_4242",
    idempotencyKey: `auth-${placed.intentId}`,
  });
  await provider.capturePayment(placed.intentId, { amountMinor: 1, idempotencyKey: `cent-${placed.intentId}` });
  return placed.intentId;
}

/**
 * The provider settles the total's figure in pesos (a provider converting to the card's currency).
 * The sandbox opens a payment in one currency for good, so the attempt is pointed at a payment opened
 * in MXN for the same figure, authorized and captured in full.
 */
async function captureInPesos(placed: Placed): Promise<string> {
  const pesos = await provider.createPayment({
    amountMinor: placed.booking.totalMinor,
    currency: "MXN",
    reference: placed.reference,
    returnUrl: `http://site.test/en/carrito/thank-you/?booking=${placed.reference}`,
    language: "en",
    idempotencyKey: `pesos-${placed.bookingId}`,
  });
  await db()
    .update(bookingPayments)
    .set({ providerPaymentId: pesos.id })
    .where(eq(bookingPayments.bookingId, placed.bookingId));
  await provider.authorizePayment(pesos.id, { cardToken: "tok_test_4242", idempotencyKey: `auth-${pesos.id}` });
  await provider.capturePayment(pesos.id, { idempotencyKey: `capture-${pesos.id}` });
  return pesos.id;
}

const PATHS = {
  async "the return page"(placed: Placed, intentId: string) {
    const context = new RouterContextProvider();
    context.set(servicesContext, runtime.services);
    const cookie = `travesia_booking=${placed.reference}.${guestSecretOf(GUEST_TEST_SECRET, placed.bookingId)}`;
    const request = new Request(
      `http://site.test/en/cart/thank-you/?booking=${placed.reference}&payment_intent=${intentId}`,
      { headers: { Cookie: cookie } },
    );
    const page = await loadThankYou(request, context, "en");
    expect(page.data.status).not.toBe("ticketed");
  },
  async "the webhook"(_placed: Placed, intentId: string) {
    const captured = (await findEvents(db(), intentId)).find((event) => event.type === "payment.captured")!;
    const delivery = webhookDelivery(captured, SANDBOX_TEST_WEBHOOK_SECRET, NOW);
    const answer = await app.request("/api/payments/webhook", {
      method: "POST",
      headers: delivery.headers,
      body: delivery.body,
    });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { bookingStatus: string }).bookingStatus).not.toBe("ticketed");
  },
  async "the reconciliation run"() {
    await reconcilePayments(checkoutDeps(runtime.services, NOW), {
      placedBefore: new Date(NOW.getTime() + 1),
      logger: createLogger("silent"),
    });
  },
} as const;

const CAPTURES = {
  "one cent of the total": { capture: captureOneCent, capturedMinor: () => 1, currency: "USD" },
  "the total's figure in pesos": {
    capture: captureInPesos,
    capturedMinor: (placed: Placed) => placed.booking.totalMinor,
    currency: "MXN",
  },
} as const;

describe.each(Object.keys(CAPTURES) as (keyof typeof CAPTURES)[])("a capture of %s", (captureName) => {
  it.each(Object.keys(PATHS) as (keyof typeof PATHS)[])(
    "confirmed by %s: no ticket, refunded through the provider, recorded as captured",
    async (pathName) => {
      const { capture, capturedMinor, currency } = CAPTURES[captureName];
      const placed = await placeUsdBooking();
      const intentId = await capture(placed);
      await PATHS[pathName](placed, intentId);

      const booking = (await findBooking(db(), { id: placed.bookingId }))!;
      expect(booking.status).toBe("refunded");
      expect(await db().select().from(tickets).where(eq(tickets.bookingId, placed.bookingId))).toEqual([]);
      expect(await soldOn(db(), placed.sailing.id)).toBe(0);
      const [payment] = await db()
        .select()
        .from(bookingPayments)
        .where(eq(bookingPayments.bookingId, placed.bookingId));
      expect(payment).toMatchObject({
        status: "refunded",
        capturedMinor: capturedMinor(placed),
        capturedCurrency: currency,
        amountMinor: placed.booking.totalMinor,
        currency: "USD",
      });
      // The money went back through the provider, all of what it took.
      const remote = await provider.getPayment(intentId);
      expect(remote).toMatchObject({
        status: "refunded",
        capturedMinor: capturedMinor(placed),
        refundedMinor: capturedMinor(placed),
      });
      // Staff see why in the booking's history.
      const reasons = (
        await db()
          .select({ reason: bookingEvents.reason })
          .from(bookingEvents)
          .where(eq(bookingEvents.bookingId, placed.bookingId))
      ).map((row) => row.reason);
      expect(reasons.some((reason) => reason.startsWith("capture_mismatch:"))).toBe(true);
      const consoleView = await findConsoleBooking(db(), { reference: placed.reference, language: "en" });
      expect(consoleView!.payments[0]).toMatchObject({
        capturedOtherwise: expect.stringContaining(currency),
        failureCode: expect.stringMatching(/^capture_mismatch:/),
      });
    },
  );
});

it("a capture of the whole total is still ticketed, and recorded as captured", async () => {
  const placed = await placeUsdBooking();
  await provider.authorizePayment(placed.intentId, {
    cardToken: "tok_test_4242",
    idempotencyKey: `auth-${placed.intentId}`,
  });
  await PATHS["the reconciliation run"]();
  expect((await findBooking(db(), { id: placed.bookingId }))!.status).toBe("ticketed");
  const [payment] = await db().select().from(bookingPayments).where(eq(bookingPayments.bookingId, placed.bookingId));
  expect(payment).toMatchObject({
    status: "captured",
    capturedMinor: placed.booking.totalMinor,
    capturedCurrency: "USD",
  });
  expect(
    (await findConsoleBooking(db(), { reference: placed.reference, language: "en" }))!.payments[0]!.capturedOtherwise,
  ).toBeNull();
});
