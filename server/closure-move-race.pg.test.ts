// Moving every holder of a closed sailing at once, on a PostgreSQL server where transactions really
// overlap: the move races buyers' own date changes onto the same last seats (never oversold; the move
// is all or nothing), and two operators sending the move at once move each passenger once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveHoldersOfClosedSailing } from "../flows/closed-sailing-move.ts";
import { changeBookingDate } from "../flows/manage-booking.ts";
import { closeSailings } from "../flows/sailing-closures.ts";
import { AppError } from "../lib/errors.ts";
import { createLogger } from "../lib/logger.ts";
import { findBookingLines, findTickets, type BookingRow } from "../modules/bookings/index.ts";
import { blockSeats, findCrossings, findSailing, type SailingView } from "../modules/inventory/index.ts";
import type { PaymentProvider } from "../modules/payments/index.ts";
import { buyFerry, soldOn } from "../tests/factories/checkout.ts";
import { createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";
import { inProcessPaymentProvider, sailingsOfDay } from "../tests/setup/race-server.ts";
import { boot, type Runtime } from "./boot.ts";

const BUYERS = 4;
const SEATS_LEFT = 3;
const OPERATOR = { userId: null, label: "operadora@travesia.test", role: "operator" };

let testDb: TestDatabase;
let runtime: Runtime;
let provider: PaymentProvider;
let sailings: SailingView[];

beforeAll(async () => {
  testDb = await createTestDatabase();
  runtime = await boot(
    { DATABASE_URL: testDb.url, DATABASE_POOL_SIZE: String(BUYERS + 4), LOG_LEVEL: "silent", NODE_ENV: "test" },
    { logger: createLogger("silent") },
  );
  ({ provider } = inProcessPaymentProvider(runtime));
  runtime.services.payments = provider;
  ({ sailings } = await sailingsOfDay(runtime, 6, new Date()));
}, 60_000);

afterAll(async () => {
  await runtime?.database.close();
  await testDb?.drop();
});

const staff = () => ({ db: runtime.database.db, now: new Date(), actor: OPERATOR, requestId: null });

async function oneWayBooking(sailing: SailingView): Promise<BookingRow> {
  const db = runtime.database.db;
  const crossing = (await findCrossings(db, "en")).find((item) => item.id === sailing.crossingId)!.code;
  const deps = {
    db,
    provider,
    now: new Date(),
    guestAccessSecret: runtime.services.config.GUEST_ACCESS_SECRET,
    holdSeconds: 900,
  };
  return buyFerry(deps, provider, { trip: "one_way", outbound: sailing, crossing, language: "en" });
}

async function closeWithHolders(sailing: SailingView, holders: number): Promise<BookingRow[]> {
  const bookings: BookingRow[] = [];
  for (let index = 0; index < holders; index += 1) bookings.push(await oneWayBooking(sailing));
  await closeSailings(staff(), { sailingId: sailing.id }, "weather", null);
  return bookings;
}

async function leaveSeats(sailing: SailingView, left: number): Promise<void> {
  const db = runtime.database.db;
  await blockSeats(
    db,
    { sailingId: sailing.id },
    sailing.capacity - (await findSailing(db, sailing.id, new Date())).taken - left,
    `block:race-${sailing.id}`,
    new Date(),
  );
}

const codeOf = (outcome: PromiseSettledResult<unknown>) =>
  outcome.status === "rejected"
    ? outcome.reason instanceof AppError
      ? outcome.reason.code
      : String(outcome.reason)
    : "ok";

describe("moving a closed sailing's holders on PostgreSQL", () => {
  it("races buyers' own moves onto the last seats: never oversold, and the operator's move is all or nothing", async () => {
    const db = runtime.database.db;
    const closed = sailings[2]!;
    const elsewhere = sailings[3]!;
    const target = sailings[4]!;
    const holders = await closeWithHolders(closed, 2);
    const buyers: BookingRow[] = [];
    for (let index = 0; index < BUYERS; index += 1) buyers.push(await oneWayBooking(elsewhere));
    await leaveSeats(target, SEATS_LEFT);

    const moveAll = moveHoldersOfClosedSailing(staff(), {
      fromSailingId: closed.id,
      toSailingId: target.id,
      key: "race-move-0001",
    });
    const ownMoves = buyers.map(async (booking) => {
      const [line] = await findBookingLines(db, booking.id);
      return changeBookingDate(
        { db },
        { bookingId: booking.id, lineId: line!.id, newDate: target.serviceDate, outboundSailingId: target.id },
        new Date(),
      );
    });
    const [operator, ...own] = await Promise.allSettled([moveAll, ...ownMoves]);
    expect([codeOf(operator!), ...own.map(codeOf)].every((code) => code === "ok" || code === "SAILING_SOLD_OUT")).toBe(
      true,
    );
    const ownMoved = own.filter((outcome) => outcome.status === "fulfilled").length;
    const operatorMoved = operator!.status === "fulfilled" ? 2 : 0;
    expect(await soldOn(db, target.id)).toBe(ownMoved + operatorMoved);
    expect(ownMoved + operatorMoved).toBeLessThanOrEqual(SEATS_LEFT);
    // All or nothing: both holders moved, or both still on the closed sailing.
    const onClosed = (await Promise.all(holders.map((booking) => findTickets(db, booking.id))))
      .flat()
      .filter((ticket) => ticket.sailingId === closed.id).length;
    expect(onClosed).toBe(operatorMoved === 2 ? 0 : 2);
    expect(await soldOn(db, closed.id)).toBe(onClosed);
  }, 60_000);

  it("moves each passenger once when two operators send the move at once", async () => {
    const db = runtime.database.db;
    const closed = sailings[6]!;
    const target = sailings[7]!;
    await closeWithHolders(closed, 3);
    const soldBefore = await soldOn(db, target.id);
    const outcomes = await Promise.allSettled([
      moveHoldersOfClosedSailing(staff(), { fromSailingId: closed.id, toSailingId: target.id, key: "race-move-a001" }),
      moveHoldersOfClosedSailing(staff(), { fromSailingId: closed.id, toSailingId: target.id, key: "race-move-b001" }),
    ]);
    expect(outcomes.map(codeOf).sort()).toEqual(["BOOKING_STATE", "ok"]);
    expect(await soldOn(db, target.id)).toBe(soldBefore + 3);
    expect(await soldOn(db, closed.id)).toBe(0);
  }, 60_000);
});
