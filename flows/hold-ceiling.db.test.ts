// What one visitor may hold of a departure (ADR 0047), through the cart's use cases: every way a hold
// is asked for — an add, an expired line held again, a waiting-list claim goes through the add — is
// counted against the cart's and the address's ceilings at its own instant.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSSING_TO_ISLA, CROSSING_TO_ISLA_CODE } from "../db/seed-catalogue.ts";
import { RateLimiter } from "../lib/rate-limit.ts";
import { holdCeilingsOf } from "../modules/cart/index.ts";
import { findDaySailings, materializeSailings, type SailingView } from "../modules/inventory/index.ts";
import { codeOf } from "../tests/factories/checkout.ts";
import { openSnapshot, type DatabaseHandle } from "../tests/setup/db.ts";
import { addToCart, holdCartLineAgain, holdLimitsOf, type CartContext, type CartItemInput } from "./cart.ts";

const DAY = "2031-03-05";
const NOW = new Date("2031-03-03T15:00:00Z");
const LIMITS = holdLimitsOf({
  HOLD_LIMIT_PER_CART: 1000,
  HOLD_LIMIT_PER_ADDRESS: 1000,
  HOLD_SEATS_PER_ADDRESS_PERCENT: 20,
  HOLD_SEATS_PER_ADDRESS_MAX: 100,
});

let database: DatabaseHandle;
let sailings: SailingView[];

beforeAll(async () => {
  database = await openSnapshot();
  await materializeSailings(database.db, { from: DAY, to: DAY, now: NOW });
  sailings = await findDaySailings(database.db, [CROSSING_TO_ISLA], DAY, NOW);
});
afterAll(() => database.close());

/** A visitor's request from `address` at `now`, holding for `holdSeconds`. */
function visitor(address: string, now: Date, holdSeconds = 900): CartContext {
  return {
    siteCode: "travesia",
    language: "en",
    now,
    holdSeconds,
    holdRequests: { limiter: new RateLimiter(database.db), clientAddress: address, limits: LIMITS },
  };
}

const adultsOn = (sailing: SailingView, adult: number): CartItemInput => ({
  type: "ferry",
  crossing: CROSSING_TO_ISLA_CODE,
  trip: "one_way",
  date: DAY,
  returnDate: null,
  outboundSailingId: sailing.id,
  inboundSailingId: null,
  category: "tourist",
  passengers: { adult, child: 0, infant: 0 },
});

const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

describe("the hold ceilings", () => {
  it("count an expired line held again: it is refused once the address's other carts hold its share", async () => {
    const sailing = sailings[0]!;
    const { perCart, perAddress } = holdCeilingsOf(sailing.capacity, LIMITS.seats);
    const first = await addToCart(
      database.db,
      { sessionId: null, currency: "MXN", item: adultsOn(sailing, perCart) },
      visitor("203.0.113.5", at(0), 60),
    );
    // Its hold ran out; meanwhile the same address filled its share with other carts.
    for (let held = 0; held + perCart <= perAddress; held += perCart) {
      await addToCart(
        database.db,
        { sessionId: null, currency: "MXN", item: adultsOn(sailing, perCart) },
        visitor("203.0.113.5", at(2)),
      );
    }
    expect(
      await codeOf(
        holdCartLineAgain(
          database.db,
          { sessionId: first.sessionId, lineId: first.lineId },
          visitor("203.0.113.5", at(3)),
        ),
      ),
    ).toBe("TOO_MANY_SEATS_HELD");
    // From another address (the visitor's phone left the hotel's Wi-Fi), the line is held again.
    await holdCartLineAgain(
      database.db,
      { sessionId: first.sessionId, lineId: first.lineId },
      visitor("198.51.100.20", at(3)),
    );
  });

  it("let an address hold its share again once its holds ran out", async () => {
    const sailing = sailings[1]!;
    const { perCart, perAddress } = holdCeilingsOf(sailing.capacity, LIMITS.seats);
    /** Adds carts of a full party from one address until one is refused: what it then holds, and why. */
    const fill = async (now: Date) => {
      for (let held = 0; ; held += perCart) {
        try {
          await addToCart(
            database.db,
            { sessionId: null, currency: "MXN", item: adultsOn(sailing, perCart) },
            visitor("203.0.113.6", now, 60),
          );
        } catch (error) {
          return { held, code: (error as { code?: string }).code };
        }
      }
    };
    expect(await fill(at(0))).toEqual({
      held: Math.floor(perAddress / perCart) * perCart,
      code: "TOO_MANY_SEATS_HELD",
    });
    // Sixty seconds later those holds count for nobody: the address holds its share again.
    expect(await fill(at(2))).toEqual({
      held: Math.floor(perAddress / perCart) * perCart,
      code: "TOO_MANY_SEATS_HELD",
    });
  });

  it("refuse a party above the group size in its visitor's cart, and not a caller that is no visitor", async () => {
    const sailing = sailings[2]!;
    const { perCart } = holdCeilingsOf(sailing.capacity, LIMITS.seats);
    expect(
      await codeOf(
        addToCart(
          database.db,
          { sessionId: null, currency: "MXN", item: adultsOn(sailing, perCart + 1) },
          visitor("203.0.113.7", NOW),
        ),
      ),
    ).toBe("GROUP_BOOKING_REQUIRED");
    const staff: CartContext = { siteCode: "travesia", language: "en", now: NOW, holdSeconds: 900 };
    await addToCart(database.db, { sessionId: null, currency: "MXN", item: adultsOn(sailing, perCart + 1) }, staff);
  });
});
