// The widget quotes what the cart then charges, to the cent, in every currency: the catamaran for two
// adults and a child with the presale discount, and a park's coupon (the cases where a cent slipped).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATAMARAN_TOUR_ID } from "../db/seed-catalogue.ts";
import { CURRENCY_CODES } from "../lib/money.ts";
import { addDays } from "../modules/inventory/index.ts";
import { openSnapshot, type DatabaseHandle } from "../tests/setup/db.ts";
import { findActivityOffer, findCouponOffer } from "./booking-offers.ts";
import { addToCart, findCartView, type CartContext } from "./cart.ts";

let database: DatabaseHandle;
const NOW = new Date("2031-03-03T15:00:00Z");
// 24 days ahead: the 21-day presale (10 %) applies.
const DAY = addDays("2031-03-03", 24);
const context: CartContext = { siteCode: "travesia", language: "en", now: NOW, holdSeconds: 900 };
const family = { adult: 2, child: 1, infant: 0 };

beforeAll(async () => {
  database = await openSnapshot();
});
afterAll(() => database.close());

describe("one price from the widget to the cart", () => {
  it.each(CURRENCY_CODES)("%s: the catamaran for 2 adults and a child, with presale", async (currency) => {
    const offer = await findActivityOffer(database.db, {
      product: { id: CATAMARAN_TOUR_ID },
      date: DAY,
      category: "tourist",
      passengers: family,
      currency,
      language: "en",
      now: NOW,
    });
    expect(offer.price.presale).not.toBeNull();
    const { sessionId } = await addToCart(
      database.db,
      {
        sessionId: null,
        currency,
        item: { type: "activity", productId: CATAMARAN_TOUR_ID, date: DAY, category: "tourist", passengers: family },
      },
      context,
    );
    const cart = await findCartView(database.db, { sessionId, language: "en", now: NOW });
    expect(cart.totals.total.amountMinor).toBe(offer.price.total.amountMinor);
    expect(cart.totals.subtotal.amountMinor).toBe(offer.price.subtotal.amountMinor);
  });

  it.each(CURRENCY_CODES)("%s: a park's coupon", async (currency) => {
    const offer = await findCouponOffer(database.db, {
      product: { id: 203 },
      category: "tourist",
      passengers: family,
      currency,
      language: "en",
      now: NOW,
    });
    const { sessionId } = await addToCart(
      database.db,
      { sessionId: null, currency, item: { type: "coupon", productId: 203, category: "tourist", passengers: family } },
      context,
    );
    const cart = await findCartView(database.db, { sessionId, language: "en", now: NOW });
    expect(cart.totals.total.amountMinor).toBe(offer.price.total.amountMinor);
  });
});
