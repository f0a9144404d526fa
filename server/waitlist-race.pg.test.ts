// Never oversold with a waiting list (ADR 0037), on a PostgreSQL server: the holds of a full sailing
// expire mid-race while 30 buyers try to take the freed seats, waiting-list checks run over and over
// offering them to the line, and every offer is then claimed twice at once (a double click). At every
// decision the seats counted then (sold, blocked, live holds, live offers) never exceed the capacity.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../lib/logger.ts";
import { AppError } from "../lib/errors.ts";
import { addToCart, type CartContext } from "../flows/cart.ts";
import { claimWaitlistOffer, joinWaitingList, offerFreedSeats } from "../flows/waitlist.ts";
import { blockSeats, holdSeats, type SailingView } from "../modules/inventory/index.ts";
import { deriveOfferToken } from "../modules/waitlist/index.ts";
import { connect, createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";
import { sailingsOfDay } from "../tests/setup/race-server.ts";
import { boot, type Runtime } from "./boot.ts";

const BUYERS = 30;
const FREED = 10;
// The line wants six of the ten freed seats: buyers and offers both take some, in whatever order they lock.
const LINE = 3;
const SECRET = "waitlist-race-secret-0123456789abcdef0123456789";

let testDb: TestDatabase;
let runtime: Runtime;
let sailing: SailingView;

beforeAll(async () => {
  testDb = await createTestDatabase();
  runtime = await boot(
    { DATABASE_URL: testDb.url, DATABASE_POOL_SIZE: "40", LOG_LEVEL: "silent", NODE_ENV: "test" },
    { logger: createLogger("silent") },
  );
  [, sailing] = (await sailingsOfDay(runtime, 6, new Date())).sailings as [SailingView, SailingView];
}, 60_000);

afterAll(async () => {
  await runtime?.database.close();
  await testDb?.drop();
});

interface Allocation {
  quantity: number;
  state: string;
  created_at: Date;
  expires_at: Date | null;
  released_at: Date | null;
  reference: string;
}

/** The seats counted at instant `at` from the rows (released rows are the claimed offers, released in the claim). */
function takenAt(rows: readonly Allocation[], at: Date): number {
  return rows
    .filter(
      (row) =>
        row.created_at <= at &&
        (row.released_at === null || row.released_at > at) &&
        (row.state !== "held" || (row.expires_at !== null && row.expires_at > at)),
    )
    .reduce((sum, row) => sum + row.quantity, 0);
}

const context = (): CartContext => ({ siteCode: "travesia", language: "en", now: new Date(), holdSeconds: 900 });

describe("a waiting list racing buyers for freed seats", () => {
  it("offers, sells and claims at most the capacity, and a double-clicked offer is claimed once", async () => {
    const db = runtime.database.db;
    const start = new Date();
    await blockSeats(db, { sailingId: sailing.id }, sailing.capacity - FREED, "block:race", start);
    for (let hold = 0; hold < FREED; hold += 1)
      await holdSeats(
        db,
        { sailingId: sailing.id },
        1,
        `cart-line:expiring-${hold}`,
        new Date(start.getTime() + 60_000),
        start,
      );
    for (let entry = 0; entry < LINE; entry += 1) {
      await joinWaitingList(
        { db, now: new Date() },
        { sailing: String(sailing.id), email: `wait-${entry}@example.com`, adults: "2", language: "en" },
      );
    }
    // The full sailing's holds run out 150 ms into the race.
    const setup = await connect(testDb.url);
    await setup.query(
      "update seat_allocations set expires_at = now() + interval '150 milliseconds' where sailing_id = $1 and reference like 'cart-line:expiring-%'",
      [sailing.id],
    );
    await setup.end();

    const buy = async (buyer: number) => {
      await new Promise((resolve) => setTimeout(resolve, (buyer * 11) % 330));
      const now = context();
      try {
        await addToCart(
          db,
          {
            sessionId: null,
            currency: "MXN",
            item: {
              type: "ferry",
              crossing: "cancun-isla-mujeres",
              trip: "one_way",
              date: sailing.serviceDate,
              returnDate: null,
              outboundSailingId: sailing.id,
              inboundSailingId: null,
              category: "tourist",
              passengers: { adult: 1, child: 0, infant: 0 },
            },
          },
          now,
        );
        return "sold";
      } catch (error) {
        if (error instanceof AppError) return error.code;
        throw error;
      }
    };
    const check = async (run: number) => {
      await new Promise((resolve) => setTimeout(resolve, run * 35));
      return (await offerFreedSeats({ db, now: new Date(), tokenSecret: SECRET }, sailing.id)).offered.length;
    };
    const [bought, offeredRuns] = await Promise.all([
      Promise.all(Array.from({ length: BUYERS }, (_, buyer) => buy(buyer))),
      Promise.all(Array.from({ length: 12 }, (_, run) => check(run))),
    ]);
    expect(new Set(bought.filter((outcome) => outcome !== "sold"))).toEqual(new Set(["SAILING_SOLD_OUT"]));
    const sold = bought.filter((outcome) => outcome === "sold").length;
    const offered = offeredRuns.reduce((sum, count) => sum + count, 0);
    // Demand is larger than the freed seats: every one of them went to a buyer or to an offer of two.
    expect(sold + offered * 2).toBeLessThanOrEqual(FREED);
    expect(sold + offered * 2).toBeGreaterThanOrEqual(FREED - 1);

    // Every offer is claimed twice at once: one claim wins, the other is told the offer was used.
    const inspect = await connect(testDb.url);
    try {
      const { rows: offers } = await inspect.query<{ offer_nonce: string }>(
        "select offer_nonce from waitlist_entries where sailing_id = $1 and status = 'offered'",
        [sailing.id],
      );
      expect(offers).toHaveLength(offered);
      const claims = await Promise.all(
        offers.flatMap((offer) =>
          [0, 1].map(async () => {
            try {
              await claimWaitlistOffer(
                db,
                { token: deriveOfferToken(SECRET, offer.offer_nonce), sessionId: null, currency: "MXN" },
                context(),
              );
              return "claimed";
            } catch (error) {
              if (error instanceof AppError) return error.code;
              throw error;
            }
          }),
        ),
      );
      expect(claims.filter((outcome) => outcome === "claimed")).toHaveLength(offered);
      expect(new Set(claims.filter((outcome) => outcome !== "claimed"))).toEqual(
        offered > 0 ? new Set(["WAITLIST_OFFER_USED"]) : new Set(),
      );

      const { rows } = await inspect.query<Allocation>(
        "select quantity, state, created_at, expires_at, released_at, reference from seat_allocations where sailing_id = $1",
        [sailing.id],
      );
      for (const row of rows) {
        expect(takenAt(rows, row.created_at)).toBeLessThanOrEqual(sailing.capacity);
        if (row.released_at) expect(takenAt(rows, row.released_at)).toBeLessThanOrEqual(sailing.capacity);
      }
      const end = new Date();
      expect(takenAt(rows, end)).toBe(sailing.capacity - FREED + sold + offered * 2);
      console.info(`waitlist race on PostgreSQL: ${JSON.stringify({ sold, offers: offered, claims: claims.length })}`);
    } finally {
      await inspect.end();
    }
  }, 120_000);
});
