// Checkout on the seeded database against the real sandbox provider over HTTP (the app's router, no
// socket): placing is idempotent per cart, a paid booking has its tickets and sold seats, a decline
// leaves the booking to try again, a hold that runs out on the provider's page is handled, and bad
// input changes nothing.
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACTIVITY_CATAMARAN,
  CATAMARAN_TOUR_ID,
  CROSSING_TO_CANCUN,
  CROSSING_TO_ISLA,
  CROSSING_TO_ISLA_CODE,
} from "../../db/seed-catalogue.ts";
import { bookingEvents, bookings, tickets } from "../../modules/bookings/index.ts";
import { cartLines, carts } from "../../modules/cart/index.ts";
import {
  addDays,
  findDaySailings,
  materializeSailings,
  seatAllocations,
  type SailingView,
} from "../../modules/inventory/index.ts";
import type { PaymentProvider } from "../../modules/payments/index.ts";
import { findEvents, sandboxPspEvents, webhookDelivery } from "../../sandbox-psp/index.ts";
import type { createApp } from "../../server/app.ts";
import type { Runtime } from "../../server/boot.ts";
import { addToCart, type CartContext } from "../../flows/cart.ts";
import {
  confirmPayment,
  failLapsedBookings,
  guestSecretOf,
  hasGuestAccess,
  placeBooking,
} from "../../flows/checkout.ts";
import { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "../../server/edge/index.ts";
import { loadThankYou } from "./thank-you.server.ts";
import {
  loadPaymentDetails,
  submitPaymentDetails,
  type CheckoutPageId,
  type PaymentFormFailure,
} from "./payment-details.server.ts";
import { findSiteConfig } from "../../modules/site/index.ts";
import { createLogger } from "../../lib/logger.ts";
import {
  bootCheckout,
  codeOf,
  GUEST_TEST_SECRET as GUEST_SECRET,
  intentIdOf,
  placingInput as placing,
  SANDBOX_TEST_WEBHOOK_SECRET as WEBHOOK_SECRET,
  soldOn as soldOnDb,
} from "../../tests/factories/checkout.ts";

const DAY = "2031-03-05";
const NOW = new Date("2031-03-03T15:00:00Z");
const HOLD_SECONDS = 900;

let runtime: Runtime;
let app: ReturnType<typeof createApp>;
let provider: PaymentProvider;
let outbound: SailingView[];
let inbound: SailingView[];

beforeAll(async () => {
  ({ runtime, app, provider } = await bootCheckout(NOW));
  await materializeSailings(runtime.database.db, { from: DAY, to: addDays(DAY, 3), now: NOW });
  outbound = await findDaySailings(runtime.database.db, [CROSSING_TO_ISLA], DAY, NOW);
  inbound = await findDaySailings(runtime.database.db, [CROSSING_TO_CANCUN], DAY, NOW);
});
afterAll(() => runtime.database.close());

const db = () => runtime.database.db;
const cartContext = (now = NOW): CartContext => ({
  siteCode: "travesia",
  language: "en",
  now,
  holdSeconds: HOLD_SECONDS,
});
const deps = (now = NOW) => ({ db: db(), provider, now, guestAccessSecret: GUEST_SECRET, holdSeconds: HOLD_SECONDS });

async function roundTripCart(
  out: SailingView,
  back: SailingView,
  passengers = { adult: 2, child: 1, infant: 0 },
  currency: "USD" | "MXN" = "USD",
) {
  const { sessionId, lineId } = await addToCart(
    db(),
    {
      sessionId: null,
      currency,
      item: {
        type: "ferry",
        crossing: CROSSING_TO_ISLA_CODE,
        trip: "round_trip",
        date: out.serviceDate,
        returnDate: back.serviceDate,
        outboundSailingId: out.id,
        inboundSailingId: back.id,
        category: "tourist",
        passengers,
      },
    },
    cartContext(),
  );
  return { sessionId, lineId };
}

/** The typed context a route's loader or action gets from the server. */
async function routeContext(): Promise<RouterContextProvider> {
  const context = new RouterContextProvider();
  context.set(servicesContext, runtime.services);
  context.set(requestContext, {
    requestId: "test",
    logger: createLogger("silent"),
    nonce: "n",
    clientAddress: "127.0.0.1",
    country: null,
    site: await findSiteConfig(db(), "travesia"),
  });
  return context;
}

const soldOn = (sailingId: number) => soldOnDb(db(), sailingId);

describe("placing and paying a booking", () => {
  it("places once per cart, captures once, and issues one ticket per passenger per leg", async () => {
    const { sessionId } = await roundTripCart(outbound[1]!, inbound[8]!);
    const first = await placeBooking(deps(), placing(sessionId));
    const again = await placeBooking(deps(), placing(sessionId));
    expect(first.kind).toBe("redirect");
    expect(again).toEqual(first);
    if (first.kind !== "redirect") return;
    expect(first.url).toMatch(/^http:\/\/psp\.test\/sandbox-psp\/pay\/pi_/);
    const intentId = intentIdOf(first.url);
    await provider.authorizePayment(intentId, { cardToken: "tok_test_4242", idempotencyKey: `test-auth-${intentId}` });

    const [one, two] = await Promise.all([confirmPayment(deps(), intentId), confirmPayment(deps(), intentId)]);
    expect(one.kind).toBe("ticketed");
    expect(two.kind).toBe("ticketed");
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, first.bookingId));
    expect(booking).toMatchObject({ status: "ticketed", currency: "USD", buyerEmail: "ana@example.com" });
    expect(booking!.reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);
    const issued = await db().select().from(tickets).where(eq(tickets.bookingId, first.bookingId));
    expect(issued).toHaveLength(6);
    expect(new Set(issued.map((ticket) => ticket.code)).size).toBe(6);
    expect(issued.filter((ticket) => ticket.sailingId === outbound[1]!.id)).toHaveLength(3);
    expect(await soldOn(outbound[1]!.id)).toBe(3);
    expect(await soldOn(inbound[8]!.id)).toBe(3);
    const history = await db().select().from(bookingEvents).where(eq(bookingEvents.bookingId, first.bookingId));
    expect(history.map((event) => event.toStatus)).toEqual(["pending_payment", "paid", "ticketed"]);
    const captures = await db()
      .select({ n: count() })
      .from(sandboxPspEvents)
      .where(and(eq(sandboxPspEvents.intentId, intentId), eq(sandboxPspEvents.type, "payment.captured")));
    expect(captures[0]!.n).toBe(1);
    const [cart] = await db().select().from(carts).where(eq(carts.sessionId, sessionId));
    expect(cart!.status).toBe("ordered");
    // A double submit after success goes to the thank-you page, not to a second payment.
    expect(await placeBooking(deps(), placing(sessionId))).toEqual({
      kind: "paid",
      reference: booking!.reference,
      bookingId: booking!.id,
    });
    expect(hasGuestAccess(booking!, guestSecretOf(GUEST_SECRET, booking!.id))).toBe(true);
    expect(hasGuestAccess(booking!, "not-the-secret")).toBe(false);
  });

  it("leaves a declined booking waiting and opens a new attempt for the next card", async () => {
    const { sessionId } = await roundTripCart(outbound[2]!, inbound[8]!);
    const first = await placeBooking(deps(), placing(sessionId));
    if (first.kind !== "redirect") throw new Error("expected a redirect");
    const intentId = intentIdOf(first.url);
    await provider.authorizePayment(intentId, { cardToken: "tok_test_0002", idempotencyKey: `test-auth-${intentId}` });
    const declined = await confirmPayment(deps(), intentId);
    expect(declined).toMatchObject({
      kind: "declined",
      failureCode: "card_declined",
      booking: { status: "pending_payment" },
    });
    expect(await soldOn(outbound[2]!.id)).toBe(0);
    const retry = await placeBooking(deps(), placing(sessionId));
    if (retry.kind !== "redirect") throw new Error("expected a redirect");
    expect(retry.bookingId).toBe(first.bookingId);
    expect(retry.url).not.toBe(first.url);
    const retryId = intentIdOf(retry.url);
    await provider.authorizePayment(retryId, { cardToken: "tok_test_4444", idempotencyKey: `test-auth-${retryId}` });
    expect((await confirmPayment(deps(), retryId)).kind).toBe("ticketed");
  });

  it("refuses bad input with a code and writes nothing", async () => {
    const { sessionId } = await roundTripCart(outbound[3]!, inbound[8]!);
    const [before] = await db().select({ n: count() }).from(bookings);
    expect(
      await codeOf(
        placeBooking(
          deps(),
          placing(sessionId, { buyer: { name: "", email: "nope", phone: "12", country: "XX", acceptTerms: true } }),
        ),
      ),
    ).toBe("BUYER_DETAILS_INVALID");
    expect(
      await codeOf(
        placeBooking(
          deps(),
          placing(sessionId, {
            buyer: {
              name: "Ana",
              email: "ana@example.com",
              phone: "+52 998 123 4567",
              country: "MX",
              acceptTerms: false,
            },
          }),
        ),
      ),
    ).toBe("TERMS_NOT_ACCEPTED");
    expect(await codeOf(placeBooking(deps(), placing(sessionId, { method: "paypal" })))).toBe(
      "PAYMENT_METHOD_UNAVAILABLE",
    );
    expect(await codeOf(placeBooking(deps(), placing(sessionId, { instalmentMonths: 12 })))).toBe(
      "INSTALMENTS_UNAVAILABLE",
    );
    expect(await codeOf(placeBooking(deps(), placing("0".repeat(32))))).toBe("CART_NOT_FOUND");
    const late = new Date(NOW.getTime() + (HOLD_SECONDS + 1) * 1000);
    expect(await codeOf(placeBooking(deps(late), placing(sessionId)))).toBe("HOLD_EXPIRED");
    const [after] = await db().select({ n: count() }).from(bookings);
    expect(after!.n).toBe(before!.n);
  });

  it("asks resident fares for every passenger's name, as on their ID", async () => {
    const { sessionId, lineId } = await addToCart(
      db(),
      {
        sessionId: null,
        currency: "MXN",
        item: {
          type: "ferry",
          crossing: CROSSING_TO_ISLA_CODE,
          trip: "one_way",
          date: DAY,
          returnDate: null,
          outboundSailingId: outbound[4]!.id,
          inboundSailingId: null,
          category: "resident",
          passengers: { adult: 2, child: 0, infant: 0 },
        },
      },
      cartContext(),
    );
    expect(
      await codeOf(placeBooking(deps(), placing(sessionId, { passengerNames: { [lineId]: ["Ana Pérez"] } }))),
    ).toBe("PASSENGER_NAMES_REQUIRED");
    const placed = await placeBooking(
      deps(),
      placing(sessionId, { passengerNames: { [lineId]: ["Ana Pérez", "Luis Gómez"] }, instalmentMonths: null }),
    );
    expect(placed.kind).toBe("redirect");
  });

  it("sells the seats of a hold that ran out on the provider's page while they are still there, and refunds when they are not", async () => {
    const lapse = new Date(NOW.getTime() + (HOLD_SECONDS + 60) * 1000);
    const free = await roundTripCart(outbound[5]!, inbound[8]!);
    const placedFree = await placeBooking(deps(), placing(free.sessionId));
    if (placedFree.kind !== "redirect") throw new Error("expected a redirect");
    await provider.authorizePayment(intentIdOf(placedFree.url), {
      cardToken: "tok_test_4242",
      idempotencyKey: `late-${placedFree.bookingId}`,
    });
    expect((await confirmPayment(deps(lapse), intentIdOf(placedFree.url))).kind).toBe("ticketed");

    // The whole sailing goes to someone else after this buyer's hold ran out.
    const sailing = outbound[8]!;
    const late = await addToCart(
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
      cartContext(),
    );
    const placedLate = await placeBooking(deps(), placing(late.sessionId));
    if (placedLate.kind !== "redirect") throw new Error("expected a redirect");
    const left = sailing.capacity;
    for (let taken = 0; taken < left; ) {
      const take = Math.min(9, left - taken);
      await addToCart(
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
            passengers: { adult: take, child: 0, infant: 0 },
          },
        },
        cartContext(lapse),
      );
      taken += take;
    }
    await provider.authorizePayment(intentIdOf(placedLate.url), {
      cardToken: "tok_test_4242",
      idempotencyKey: `late-${placedLate.bookingId}`,
    });
    const outcome = await confirmPayment(deps(lapse), intentIdOf(placedLate.url));
    expect(outcome).toMatchObject({ kind: "refunded", booking: { status: "refunded" } });
    const remote = await provider.getPayment(intentIdOf(placedLate.url));
    expect(remote).toMatchObject({ status: "refunded", refundedMinor: remote.capturedMinor });
    expect(await db().select().from(tickets).where(eq(tickets.bookingId, placedLate.bookingId))).toHaveLength(0);
  });

  it("fails bookings whose hold ran out unpaid, and a changed cart cancels the booking that waited", async () => {
    const { sessionId } = await roundTripCart(outbound[6]!, inbound[8]!);
    const first = await placeBooking(deps(), placing(sessionId));
    await addToCart(
      db(),
      {
        sessionId,
        currency: "USD",
        item: {
          type: "activity",
          productId: 1945,
          date: addDays(DAY, 1),
          category: "tourist",
          passengers: { adult: 2, child: 0, infant: 0 },
        },
      },
      cartContext(),
    );
    const [activity] = await db()
      .select({ id: cartLines.id })
      .from(cartLines)
      .innerJoin(carts, eq(carts.id, cartLines.cartId))
      .where(and(eq(carts.sessionId, sessionId), eq(cartLines.kind, "activity")));
    const activityLine = activity!.id;
    const second = await placeBooking(
      deps(),
      placing(sessionId, { passengerNames: { [activityLine]: ["Ana Pérez", "Luis Gómez"] } }),
    );
    expect(second.bookingId).not.toBe(first.bookingId);
    const [cancelled] = await db().select().from(bookings).where(eq(bookings.id, first.bookingId));
    expect(cancelled!.status).toBe("cancelled");
    const lapse = new Date(NOW.getTime() + (HOLD_SECONDS + 1) * 1000);
    expect(await failLapsedBookings({ db: db(), now: lapse })).toBeGreaterThanOrEqual(1);
    const [failed] = await db().select().from(bookings).where(eq(bookings.id, second.bookingId));
    expect(failed!.status).toBe("failed");
    expect(await failLapsedBookings({ db: db(), now: lapse })).toBe(0);
  });

  it("takes webhooks verified on the raw body: replays and reordering change nothing, forgeries are refused", async () => {
    const { sessionId } = await roundTripCart(outbound[7]!, inbound[8]!);
    const placed = await placeBooking(deps(), placing(sessionId));
    if (placed.kind !== "redirect") throw new Error("expected a redirect");
    const intentId = intentIdOf(placed.url);
    await provider.authorizePayment(intentId, { cardToken: "tok_test_4242", idempotencyKey: `hook-${intentId}` });
    const post = (event: Awaited<ReturnType<typeof findEvents>>[number], at = NOW) => {
      const delivery = webhookDelivery(event, WEBHOOK_SECRET, at);
      return app.request("/api/payments/webhook", { method: "POST", headers: delivery.headers, body: delivery.body });
    };
    const [authorized] = await findEvents(db(), intentId);
    const first = await post(authorized!);
    expect(await first.json()).toEqual({ received: true, duplicate: false, bookingStatus: "ticketed" });
    const replay = await post(authorized!);
    expect(await replay.json()).toEqual({ received: true, duplicate: true, bookingStatus: null });
    // The capture's event arrives after the booking is done; then the authorization's again, out of order.
    const events = await findEvents(db(), intentId);
    const captured = events.find((event) => event.type === "payment.captured")!;
    expect(await (await post(captured)).json()).toMatchObject({ duplicate: false, bookingStatus: "ticketed" });
    expect(await (await post(authorized!)).json()).toMatchObject({ duplicate: true });
    const issued = await db().select().from(tickets).where(eq(tickets.bookingId, placed.bookingId));
    expect(issued).toHaveLength(6);
    const captures = events.filter((event) => event.type === "payment.captured");
    expect(captures).toHaveLength(1);

    const stale = await post(captured, new Date(NOW.getTime() - 10 * 60_000));
    expect(stale.status).toBe(400);
    expect(((await stale.json()) as { error: { code: string } }).error.code).toBe("WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE");
    const delivery = webhookDelivery(captured, WEBHOOK_SECRET, NOW);
    const forged = await app.request("/api/payments/webhook", {
      method: "POST",
      headers: delivery.headers,
      body: delivery.body.replace('"captured"', '"refunded"'),
    });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe("WEBHOOK_SIGNATURE_INVALID");
  });

  it("sends the buyer to the provider's page as a whole document, and marks every mistake of the form at once", async () => {
    const { sessionId } = await addToCart(
      db(),
      {
        sessionId: null,
        currency: "USD",
        item: {
          type: "activity",
          productId: 1945,
          date: addDays(DAY, 2),
          category: "tourist",
          passengers: { adult: 2, child: 0, infant: 0 },
        },
      },
      cartContext(),
    );
    const context = await routeContext();
    const submit = (fields: Record<string, string>) =>
      submitPaymentDetails(
        new Request("http://site.test/en/carrito/payment-details/", {
          method: "POST",
          headers: { Cookie: `cart_session=${sessionId}` },
          body: new URLSearchParams(fields),
        }),
        context,
        "en",
      );

    const refused = (await submit({
      name: "",
      email: "ana@example.com",
      phone: "+52 998 123 4567",
      country: "MX",
    })) as unknown as { data: PaymentFormFailure; init: ResponseInit };
    expect(refused.init.status).toBe(422);
    expect(refused.data.code).toBe("BUYER_DETAILS_INVALID");
    expect(refused.data.issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(["buyer.name", "buyer.acceptTerms"]),
    );
    expect(refused.data.issues.filter((issue) => issue.path.startsWith("passengerNames."))).toHaveLength(2);
    expect(refused.data.values.email).toBe("ana@example.com");

    const [line] = await db()
      .select({ id: cartLines.id })
      .from(cartLines)
      .innerJoin(carts, eq(carts.id, cartLines.cartId))
      .where(eq(carts.sessionId, sessionId));
    const response = (await submit({
      name: "Ana Pérez",
      email: "ana@example.com",
      phone: "+52 998 123 4567",
      country: "MX",
      acceptTerms: "on",
      method: "card",
      [`names.${line!.id}.0`]: "Ana Pérez",
      [`names.${line!.id}.1`]: "Luis Gómez",
    })) as Response;
    expect(response.status).toBe(302);
    // The provider's page is not a route of ours: React Router must load it as a document.
    expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
    expect(response.headers.get("Location")).toMatch(/^http:\/\/psp\.test\/sandbox-psp\/pay\/pi_/);
    expect(response.headers.get("Set-Cookie")).toMatch(/^travesia_booking=[0-9A-Z]{6}\.[A-Za-z0-9_-]{22}; HttpOnly;/);
  });

  it("charges Uplift's card token only where its offer may be shown, without the provider's page, once", async () => {
    const { sessionId } = await roundTripCart(outbound[4]!, inbound[7]!, { adult: 1, child: 0, infant: 0 });
    const onlyDollars = (currency: string) => currency === "USD";
    // Where the offer may not be shown (here: not in pesos), the token is refused and nothing is placed.
    const refused = await codeOf(
      placeBooking(
        deps(),
        placing(sessionId, { cardToken: { token: "tok_test_4242", financedBy: "uplift", acceptedIn: () => false } }),
      ),
    );
    expect(refused).toBe("PAYMENT_METHOD_UNAVAILABLE");
    expect(
      await codeOf(
        placeBooking(
          deps(),
          placing(sessionId, {
            method: "paypal",
            cardToken: { token: "tok_test_4242", financedBy: "uplift", acceptedIn: onlyDollars },
          }),
        ),
      ),
    ).toBe("PAYMENT_METHOD_UNAVAILABLE");
    const [cart] = await db().select().from(carts).where(eq(carts.sessionId, sessionId));
    expect(await db().select().from(bookings).where(eq(bookings.cartId, cart!.id))).toHaveLength(0);

    // Allowed: authorized at once and sent to the thank-you page with the payment; a double submit is the same payment.
    const placed = await placeBooking(
      deps(),
      placing(sessionId, { cardToken: { token: "tok_test_4242", financedBy: "uplift", acceptedIn: onlyDollars } }),
    );
    const again = await placeBooking(
      deps(),
      placing(sessionId, { cardToken: { token: "tok_test_4242", financedBy: "uplift", acceptedIn: onlyDollars } }),
    );
    expect(placed.kind).toBe("redirect");
    if (placed.kind !== "redirect") return;
    expect(again).toEqual(placed);
    const back = new URL(placed.url);
    expect(`${back.origin}${back.pathname}`).toBe("http://site.test/en/carrito/thank-you/");
    expect(back.searchParams.get("booking")).toBe(placed.reference);
    const intentId = back.searchParams.get("payment_intent")!;
    expect((await provider.getPayment(intentId)).status).toBe("authorized");
    expect((await confirmPayment(deps(), intentId)).kind).toBe("ticketed");
    const captures = await db()
      .select({ n: count() })
      .from(sandboxPspEvents)
      .where(and(eq(sandboxPspEvents.intentId, intentId), eq(sandboxPspEvents.type, "payment.authorized")));
    expect(captures[0]!.n).toBe(1);

    // The thank-you page says the buyer pays monthly with Uplift, not the digits of Uplift's card.
    const cookie = `travesia_booking=${placed.reference}.${guestSecretOf(GUEST_SECRET, placed.bookingId)}`;
    const thanks = await loadThankYou(
      new Request(placed.url, { headers: { Cookie: cookie } }),
      await routeContext(),
      "en",
    );
    expect(thanks.data.payment).toEqual({ method: "uplift" });
  });
});

describe("coupons", () => {
  const couponOf = (productId: number, passengers = { adult: 2, child: 1, infant: 0 }) => ({
    type: "coupon" as const,
    productId,
    category: "tourist" as const,
    passengers,
  });
  const activityTaken = async () => {
    const [row] = await db()
      .select({ n: sql<number>`coalesce(sum(${seatAllocations.quantity}), 0)::int` })
      .from(seatAllocations)
      .where(and(eq(seatAllocations.activityId, ACTIVITY_CATAMARAN), isNull(seatAllocations.releasedAt)));
    return row?.n ?? 0;
  };
  /** What the page's loader does for `page`: its data, or where it redirects. */
  async function openPage(page: CheckoutPageId, sessionId: string, search = "") {
    const path =
      page === "paymentDetailsCoupon" ? "/en/carrito/payment-details-coupon/" : "/en/carrito/payment-details/";
    try {
      return {
        data: await loadPaymentDetails(
          new Request(`http://site.test${path}${search}`, { headers: { Cookie: `cart_session=${sessionId}` } }),
          await routeContext(),
          "en",
          page,
        ),
      };
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      return { status: thrown.status, location: thrown.headers.get("Location") };
    }
  }

  it("pays an all-coupon cart without names or hold, and issues one ticket per person valid a year, taking no capacity", async () => {
    const before = await activityTaken();
    const { sessionId } = await addToCart(
      db(),
      { sessionId: null, currency: "USD", item: couponOf(CATAMARAN_TOUR_ID) },
      cartContext(),
    );
    const page = await openPage("paymentDetailsCoupon", sessionId);
    expect(page.data).toMatchObject({
      page: "paymentDetailsCoupon",
      namedLines: [],
      cart: { holdExpiresAt: null, lines: [{ coupon: { months: 12, validUntil: "2032-03-03" } }] },
    });

    const placed = await placeBooking(deps(), placing(sessionId));
    if (placed.kind !== "redirect") throw new Error("expected the provider's page");
    const intentId = intentIdOf(placed.url);
    await provider.authorizePayment(intentId, { cardToken: "tok_test_4242", idempotencyKey: `test-auth-${intentId}` });
    expect((await confirmPayment(deps(), intentId)).kind).toBe("ticketed");

    const issued = await db().select().from(tickets).where(eq(tickets.bookingId, placed.bookingId));
    expect(issued.map((ticket) => ticket.passengerType).sort()).toEqual(["adult", "adult", "child"]);
    for (const ticket of issued) {
      expect(ticket).toMatchObject({
        activityId: ACTIVITY_CATAMARAN,
        sailingId: null,
        serviceDate: null,
        validUntil: "2032-03-03",
        passengerName: null,
        status: "valid",
      });
    }
    expect(await activityTaken()).toBe(before);
    const [cart] = await db().select().from(carts).where(eq(carts.sessionId, sessionId));
    expect(cart!.status).toBe("ordered");
  });

  it("serves the coupon page only to an all-coupon cart; any other cart pays on the payment details", async () => {
    const { sessionId } = await addToCart(
      db(),
      { sessionId: null, currency: "USD", item: couponOf(203) },
      cartContext(),
    );
    expect((await openPage("paymentDetails", sessionId)).data?.page).toBe("paymentDetails");
    await addToCart(
      db(),
      {
        sessionId,
        currency: "USD",
        item: {
          type: "activity",
          productId: 204,
          date: addDays(DAY, 1),
          category: "tourist",
          passengers: { adult: 1, child: 0, infant: 0 },
        },
      },
      cartContext(),
    );
    expect(await openPage("paymentDetailsCoupon", sessionId, "?declined=card_declined")).toEqual({
      status: 302,
      location: "/en/carrito/payment-details/?declined=card_declined",
    });
    const mixed = await openPage("paymentDetails", sessionId);
    // The dated park asks for its visitor's name; the coupon does not, and shows its validity.
    expect(mixed.data?.namedLines.map((line) => line.productName)).toHaveLength(1);
    expect(mixed.data?.cart.lines.map((line) => line.coupon?.validUntil ?? line.date)).toEqual([
      "2032-03-03",
      addDays(DAY, 1),
    ]);
  });
});
