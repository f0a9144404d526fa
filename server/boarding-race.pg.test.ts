// Boarding and booth sales on a PostgreSQL server, where transactions really overlap: ten devices
// scanning one ticket at once board it once; open tickets racing for a sailing's last seat take it
// once; booth agents and web buyers on a boat's last seats never oversell it.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordScan } from "../flows/boarding.ts";
import { addToCart } from "../flows/cart.ts";
import { sellAtBooth } from "../flows/walk-up.ts";
import { AppError } from "../lib/errors.ts";
import { createLogger } from "../lib/logger.ts";
import { boardingScans } from "../modules/boarding/index.ts";
import { findTickets } from "../modules/bookings/index.ts";
import { blockSeats, findSailing, type SailingView } from "../modules/inventory/index.ts";
import type { PaymentProvider } from "../modules/payments/index.ts";
import { signTicketCode } from "../modules/booking-documents/index.ts";
import { buyWithCard } from "../tests/factories/checkout.ts";
import { createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";
import { inProcessPaymentProvider, sailingsOfDay } from "../tests/setup/race-server.ts";
import { boot, type Runtime } from "./boot.ts";

const DEVICES = 10;
const AGENT = { userId: null, label: "agent@example.com", role: "agent" };

let testDb: TestDatabase;
let runtime: Runtime;
let provider: PaymentProvider;
let sailings: SailingView[];
let crossingCode: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  runtime = await boot(
    { DATABASE_URL: testDb.url, DATABASE_POOL_SIZE: String(DEVICES + 2), LOG_LEVEL: "silent", NODE_ENV: "test" },
    { logger: createLogger("silent") },
  );
  ({ provider } = inProcessPaymentProvider(runtime));
  runtime.services.payments = provider;
  const day = await sailingsOfDay(runtime, 6, new Date(), "es");
  crossingCode = day.crossing.code;
  sailings = day.sailings;
}, 60_000);

afterAll(async () => {
  await runtime?.database.close();
  await testDb?.drop();
});

const db = () => runtime.database.db;
const secret = () => runtime.services.config.TICKET_SIGNING_SECRET;

function webItem(sailing: SailingView, trip: "one_way" | "open", adults: number) {
  return {
    type: "ferry" as const,
    crossing: crossingCode,
    trip,
    date: trip === "open" ? null : sailing.serviceDate,
    returnDate: null,
    outboundSailingId: trip === "open" ? null : sailing.id,
    inboundSailingId: null,
    category: "tourist" as const,
    passengers: { adult: adults, child: 0, infant: 0 },
  };
}

async function bought(sailing: SailingView, trip: "one_way" | "open", adults: number) {
  const now = new Date();
  const { sessionId } = await addToCart(
    db(),
    { sessionId: null, currency: "MXN", item: webItem(sailing, trip, adults) },
    { siteCode: "travesia", language: "es", now, holdSeconds: 900 },
  );
  const booking = await buyWithCard(
    { db: db(), provider, now, guestAccessSecret: runtime.services.config.GUEST_ACCESS_SECRET, holdSeconds: 900 },
    provider,
    sessionId,
  );
  return findTickets(db(), booking.id);
}

/** Half an hour before the boat leaves: a sailing boards only on its own day at the pier. */
const atThePier = (sailing: SailingView) => new Date(sailing.departsAt.getTime() - 30 * 60_000);

function scanOf(sailing: SailingView, payload: string, device: number) {
  return {
    id: crypto.randomUUID(),
    deviceId: `device-${device}`,
    sailingId: sailing.id,
    payload,
    scannedAt: atThePier(sailing),
    offline: device % 2 === 0,
    deviceOutcome: device % 2 === 0 ? ("boarded" as const) : null,
  };
}

describe("boarding races", () => {
  it(`boards one ticket once when ${DEVICES} devices scan it at the same moment`, async () => {
    const sailing = sailings[1]!;
    const [ticket] = await bought(sailing, "one_way", 1);
    const payload = signTicketCode(secret(), ticket!.code);
    const results = await Promise.all(
      Array.from({ length: DEVICES }, (_, device) =>
        recordScan(
          { db: db(), now: atThePier(sailing), ticketSigningSecret: secret() },
          AGENT,
          scanOf(sailing, payload, device),
        ),
      ),
    );
    expect(results.filter((result) => result.outcome === "boarded")).toHaveLength(1);
    expect(results.filter((result) => result.reason === "TICKET_ALREADY_BOARDED")).toHaveLength(DEVICES - 1);
    const [rows] = await db()
      .select({ n: count() })
      .from(boardingScans)
      .where(and(eq(boardingScans.ticketId, ticket!.id), eq(boardingScans.outcome, "boarded")));
    expect(rows!.n).toBe(1);
  });

  it("gives a sailing's last seat to one of the open tickets racing for it", async () => {
    const sailing = sailings[2]!;
    const open = await bought(sailing, "open", 5);
    const left = (await findSailing(db(), sailing.id, new Date())).seatsLeft;
    await blockSeats(db(), { sailingId: sailing.id }, left - 1, "block:race-last-seat");
    const results = await Promise.all(
      open.map((ticket, device) =>
        recordScan(
          { db: db(), now: atThePier(sailing), ticketSigningSecret: secret() },
          AGENT,
          scanOf(sailing, signTicketCode(secret(), ticket.code), device),
        ),
      ),
    );
    expect(results.filter((result) => result.outcome === "boarded")).toHaveLength(1);
    expect(results.filter((result) => result.reason === "SAILING_SOLD_OUT")).toHaveLength(open.length - 1);
    const after = await findSailing(db(), sailing.id, new Date());
    expect(after.seatsLeft).toBe(0);
    expect(after.taken).toBe(after.capacity);
  });
});

describe("the booth and the web on a boat's last seats", () => {
  it("never oversells: booth sales and web holds of one seat each, more than there are, at once", async () => {
    const sailing = sailings[3]!;
    const SEATS = 3;
    const left = (await findSailing(db(), sailing.id, new Date())).seatsLeft;
    await blockSeats(db(), { sailingId: sailing.id }, left - SEATS, "block:race-booth");
    const booth = Array.from({ length: 4 }, () =>
      sellAtBooth(
        {
          db: db(),
          now: new Date(),
          siteCode: "travesia",
          guestAccessSecret: runtime.services.config.GUEST_ACCESS_SECRET,
          holdSeconds: 900,
        },
        AGENT,
        {
          sailingId: sailing.id,
          category: "tourist",
          passengers: { adult: 1, child: 0, infant: 0 },
          method: "cash",
          cardLast4: null,
          buyerName: "",
          buyerEmail: "",
          language: "es",
        },
      ),
    );
    const web = Array.from({ length: 6 }, () =>
      addToCart(
        db(),
        { sessionId: null, currency: "MXN", item: webItem(sailing, "one_way", 1) },
        { siteCode: "travesia", language: "es", now: new Date(), holdSeconds: 900 },
      ),
    );
    const settled = await Promise.allSettled([...booth, ...web]);
    const won = settled.filter((outcome) => outcome.status === "fulfilled");
    const refused = settled.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
    expect(won).toHaveLength(SEATS);
    expect(
      refused.every((reason) => reason instanceof AppError && reason.code === "SAILING_SOLD_OUT"),
      String(refused.find((reason) => !(reason instanceof AppError))),
    ).toBe(true);
    const after = await findSailing(db(), sailing.id, new Date());
    expect(after.seatsLeft).toBe(0);
    expect(after.taken).toBe(after.capacity);
  });
});
