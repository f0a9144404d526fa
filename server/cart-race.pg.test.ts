// Never oversold, on a PostgreSQL server: 50 concurrent clients race for the last
// seats of one sailing, round after round, while other visitors' holds expire in the middle of the
// race. Every decision is checked afterwards against the rows: at the instant each hold was taken,
// the seats counted then (sold, blocked, holds alive then) never exceeded the capacity.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../lib/logger.ts";
import { AppError } from "../lib/errors.ts";
import { boot, type Runtime } from "./boot.ts";
import { connect, createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";
import { sailingsOfDay } from "../tests/setup/race-server.ts";
import { blockSeats, holdSeats, type SailingView } from "../modules/inventory/index.ts";
import { addToCart, type CartContext } from "../flows/cart.ts";

const CLIENTS = 50;
const ROUNDS = 4;
const SEATS_LEFT = 20;
const EXPIRING_HOLDS = 8;

let testDb: TestDatabase;
let runtime: Runtime;
let sailings: SailingView[];

beforeAll(async () => {
  testDb = await createTestDatabase();
  runtime = await boot(
    { DATABASE_URL: testDb.url, DATABASE_POOL_SIZE: String(CLIENTS), LOG_LEVEL: "silent", NODE_ENV: "test" },
    { logger: createLogger("silent") },
  );
  ({ sailings } = await sailingsOfDay(runtime, 5, new Date()));
  expect(sailings.length).toBeGreaterThanOrEqual(ROUNDS);
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

/** The seats counted at instant `at` from the rows: the invariant the trigger and the lock protect. */
function takenAt(rows: readonly Allocation[], at: Date): number {
  return rows
    .filter(
      (row) =>
        row.created_at <= at &&
        row.released_at === null &&
        (row.state !== "held" || (row.expires_at !== null && row.expires_at > at)),
    )
    .reduce((sum, row) => sum + row.quantity, 0);
}

describe("50 clients racing for the last seats of one sailing", () => {
  it("sell at most the capacity in every round, count holds that expire mid-race correctly, and refuse the rest as sold out", async () => {
    const db = runtime.database.db;
    const inspect = await connect(testDb.url);
    const figures: { round: number; sold: number; refused: number; ms: number }[] = [];
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        const sailing = sailings[round + 1]!;
        const start = new Date();
        // The sailing is nearly full: a charter takes all but SEATS_LEFT + EXPIRING_HOLDS seats, and other
        // visitors hold EXPIRING_HOLDS seats that expire 150 ms into the race, giving them back.
        await blockSeats(
          db,
          { sailingId: sailing.id },
          sailing.capacity - SEATS_LEFT - EXPIRING_HOLDS,
          `block:race-${round}`,
          start,
        );
        for (let hold = 0; hold < EXPIRING_HOLDS; hold += 1) {
          await holdSeats(
            db,
            { sailingId: sailing.id },
            1,
            `cart-line:expiring-${round}-${hold}`,
            new Date(start.getTime() + 150),
            start,
          );
        }
        const attempt = async (client: number) => {
          // Each client decides at its own wall-clock instant, spread over the expiry of the other holds.
          await new Promise((resolve) => setTimeout(resolve, (client * 7) % 300));
          const context: CartContext = { siteCode: "travesia", language: "en", now: new Date(), holdSeconds: 900 };
          const item = {
            type: "ferry" as const,
            crossing: "cancun-isla-mujeres",
            trip: "one_way" as const,
            date: sailing.serviceDate,
            returnDate: null,
            outboundSailingId: sailing.id,
            inboundSailingId: null,
            category: "tourist" as const,
            passengers: { adult: 1, child: 0, infant: 0 },
          };
          try {
            await addToCart(db, { sessionId: null, currency: "MXN", item }, context);
            return { outcome: "sold", at: context.now };
          } catch (error) {
            if (error instanceof AppError) return { outcome: error.code as string, at: context.now };
            throw error;
          }
        };
        const began = performance.now();
        const outcomes = await Promise.all(Array.from({ length: CLIENTS }, (_, client) => attempt(client)));
        const ms = performance.now() - began;
        const sold = outcomes.filter((result) => result.outcome === "sold").length;
        const refused = outcomes.filter((result) => result.outcome !== "sold");
        expect(new Set(refused.map((result) => result.outcome))).toEqual(new Set(["SAILING_SOLD_OUT"]));

        const { rows } = await inspect.query<Allocation>(
          "select quantity, state, created_at, expires_at, released_at, reference from seat_allocations where sailing_id = $1",
          [sailing.id],
        );
        // No decision ever saw more seats taken than the boat has.
        for (const row of rows) expect(takenAt(rows, row.created_at)).toBeLessThanOrEqual(sailing.capacity);
        // Exactly the capacity sold: the free seats, and the seats the expired holds gave back to the clients
        // who came after the expiry (the last ones start ~300 ms in, well after 150 ms).
        expect(sold).toBe(SEATS_LEFT + EXPIRING_HOLDS);
        // A client was refused only when the boat was full at its instant: an expired hold never kept a seat.
        const live = rows.filter(
          (row) => row.reference.startsWith("cart-line:") && !row.reference.startsWith("cart-line:expiring"),
        );
        expect(live).toHaveLength(sold);
        for (const result of refused)
          expect(
            takenAt(
              rows.map((row) => ({ ...row, created_at: result.at })),
              result.at,
            ) + 1,
          ).toBeGreaterThan(sailing.capacity);
        figures.push({ round, sold, refused: CLIENTS - sold, ms: Math.round(ms) });
      }
    } finally {
      await inspect.end();
    }
    console.info(`cart race on PostgreSQL: ${JSON.stringify(figures)}`);
  }, 120_000);
});
