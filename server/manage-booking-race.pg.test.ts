// The weather guarantee's date change on a PostgreSQL server, where transactions really overlap:
// ten buyers move onto a sailing with three seats left at once (three succeed, the rest are refused as
// sold out, never oversold), and two buyers swapping sailings in opposite directions both succeed
// (old and new sailings are locked in one order, so they cannot deadlock).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeBookingDate } from "../flows/manage-booking.ts";
import { AppError } from "../lib/errors.ts";
import { createLogger } from "../lib/logger.ts";
import { findBookingLines, type BookingRow } from "../modules/bookings/index.ts";
import { blockSeats, findCrossings, findSailing, type SailingView } from "../modules/inventory/index.ts";
import type { PaymentProvider } from "../modules/payments/index.ts";
import { buyFerry, soldOn } from "../tests/factories/checkout.ts";
import { createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";
import { inProcessPaymentProvider, sailingsOfDay } from "../tests/setup/race-server.ts";
import { boot, type Runtime } from "./boot.ts";

const BUYERS = 10;
const SEATS_LEFT = 3;

let testDb: TestDatabase;
let runtime: Runtime;
let provider: PaymentProvider;
let first: SailingView[];
let second: SailingView[];

beforeAll(async () => {
  testDb = await createTestDatabase();
  runtime = await boot(
    { DATABASE_URL: testDb.url, DATABASE_POOL_SIZE: String(BUYERS + 2), LOG_LEVEL: "silent", NODE_ENV: "test" },
    { logger: createLogger("silent") },
  );
  ({ provider } = inProcessPaymentProvider(runtime));
  runtime.services.payments = provider;
  const now = new Date();
  // Two days apart, so a booking can move from the first to the second.
  ({ sailings: first } = await sailingsOfDay(runtime, 5, now));
  ({ sailings: second } = await sailingsOfDay(runtime, 7, now));
}, 60_000);

afterAll(async () => {
  await runtime?.database.close();
  await testDb?.drop();
});

async function oneWayBooking(sailing: SailingView): Promise<BookingRow> {
  const db = runtime.database.db;
  const crossing = (await findCrossings(db, "en"))[0]!.code;
  const deps = {
    db,
    provider,
    now: new Date(),
    guestAccessSecret: runtime.services.config.GUEST_ACCESS_SECRET,
    holdSeconds: 900,
  };
  return buyFerry(deps, provider, { trip: "one_way", outbound: sailing, crossing, language: "en" });
}

async function move(booking: BookingRow, target: SailingView) {
  const [line] = await findBookingLines(runtime.database.db, booking.id);
  return changeBookingDate(
    { db: runtime.database.db },
    { bookingId: booking.id, lineId: line!.id, newDate: target.serviceDate, outboundSailingId: target.id },
    new Date(),
  );
}

describe("date changes racing on PostgreSQL", () => {
  it("give the last seats of a sailing to as many buyers as there are seats, and refuse the others with nothing changed", async () => {
    const db = runtime.database.db;
    const source = first[1]!;
    const target = second[1]!;
    const bookings: BookingRow[] = [];
    for (let index = 0; index < BUYERS; index += 1) bookings.push(await oneWayBooking(source));
    await blockSeats(
      db,
      { sailingId: target.id },
      target.capacity - (await findSailing(db, target.id, new Date())).taken - SEATS_LEFT,
      "block:race",
      new Date(),
    );

    const outcomes = await Promise.allSettled(bookings.map((booking) => move(booking, target)));
    const refused = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as unknown] : []));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(SEATS_LEFT);
    expect(refused.every((reason) => reason instanceof AppError && reason.code === "SAILING_SOLD_OUT")).toBe(true);
    expect(await soldOn(db, target.id)).toBe(SEATS_LEFT);
    expect(await soldOn(db, source.id)).toBe(BUYERS - SEATS_LEFT);
    expect((await findSailing(db, target.id, new Date())).seatsLeft).toBe(0);
  }, 120_000);

  it("lets two buyers swap sailings at the same instant without a deadlock", async () => {
    const db = runtime.database.db;
    const [a, b] = [first[3]!, second[3]!];
    for (let round = 0; round < 5; round += 1) {
      const [onA, onB] = [await oneWayBooking(a), await oneWayBooking(b)];
      const outcomes = await Promise.allSettled([move(onA, b), move(onB, a)]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled"]);
    }
    expect(await soldOn(db, a.id)).toBe(5);
    expect(await soldOn(db, b.id)).toBe(5);
  }, 120_000);
});
