// Booth sales beyond one way in pesos, on the seeded database: a round trip paid in dollars with the
// passengers' names on the tickets, open tickets, and a resident fare refused without names.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSSING_TO_CANCUN, CROSSING_TO_ISLA } from "../db/seed-catalogue.ts";
import { findAuditEntries } from "../modules/audit/index.ts";
import { findBookingLines } from "../modules/bookings/index.ts";
import { addDays, findDaySailings, materializeSailings, type SailingView } from "../modules/inventory/index.ts";
import { bootCheckout, codeOf, GUEST_TEST_SECRET, soldOn, type CheckoutHarness } from "../tests/factories/checkout.ts";
import { sellAtBooth, type WalkUpSale } from "./walk-up.ts";

const DAY = "2031-03-05";
const NOW = new Date("2031-03-05T11:00:00Z");
const AGENT = { userId: null, label: "agent@example.com", role: "agent" };

let runtime: CheckoutHarness["runtime"];
let outbound: SailingView[];
let inbound: SailingView[];

beforeAll(async () => {
  ({ runtime } = await bootCheckout(NOW));
  await materializeSailings(runtime.database.db, { from: DAY, to: addDays(DAY, 3), now: NOW });
  outbound = (await findDaySailings(runtime.database.db, [CROSSING_TO_ISLA], DAY, NOW)).filter(
    (sailing) => sailing.departsAt > NOW,
  );
  inbound = (await findDaySailings(runtime.database.db, [CROSSING_TO_CANCUN], DAY, NOW)).filter(
    (sailing) => sailing.departsAt > NOW,
  );
});
afterAll(() => runtime.database.close());

const db = () => runtime.database.db;
const boothDeps = () => ({
  db: db(),
  now: NOW,
  siteCode: "travesia",
  guestAccessSecret: GUEST_TEST_SECRET,
  holdSeconds: 900,
});
const sale = (sailing: SailingView, fields: Partial<WalkUpSale> = {}): WalkUpSale => ({
  sailingId: sailing.id,
  category: "tourist",
  passengers: { adult: 2, child: 0, infant: 0 },
  method: "cash",
  cardLast4: null,
  buyerName: "",
  buyerEmail: "",
  language: "en",
  ...fields,
});

describe("the booth sells", () => {
  it("a round trip in dollars with the passengers' names, both legs' seats taken", async () => {
    const [out, back] = [outbound[0]!, inbound.at(-1)!];
    const before = { out: await soldOn(db(), out.id), back: await soldOn(db(), back.id) };
    const sold = await sellAtBooth(
      boothDeps(),
      AGENT,
      sale(out, {
        trip: "round_trip",
        inboundSailingId: back.id,
        currency: "USD",
        passengerNames: ["Mary Smith", "John Smith"],
      }),
    );
    expect(sold.booking).toMatchObject({ status: "ticketed", currency: "USD" });
    expect(sold.tickets).toHaveLength(4);
    expect(new Set(sold.tickets.map((ticket) => ticket.sailingId))).toEqual(new Set([out.id, back.id]));
    expect(sold.tickets.map((ticket) => ticket.passengerName).sort()).toEqual([
      "John Smith",
      "John Smith",
      "Mary Smith",
      "Mary Smith",
    ]);
    expect(await soldOn(db(), out.id)).toBe(before.out + 2);
    expect(await soldOn(db(), back.id)).toBe(before.back + 2);
    const [entry] = await findAuditEntries(db(), { entityType: "booking", entityId: sold.booking.id, limit: 1 });
    expect(entry).toMatchObject({
      action: "booking.walkup_sale",
      after: { trip: "round_trip", inboundSailingId: back.id, currency: "USD" },
    });
  });

  it("a round trip whose return is on a later day: each leg on its own day's sailing", async () => {
    const out = outbound[0]!;
    const back = (await findDaySailings(db(), [CROSSING_TO_CANCUN], addDays(DAY, 2), NOW))[1]!;
    const sold = await sellAtBooth(boothDeps(), AGENT, sale(out, { trip: "round_trip", inboundSailingId: back.id }));
    expect(sold.tickets.filter((ticket) => ticket.sailingId === back.id).map((ticket) => ticket.serviceDate)).toEqual([
      back.serviceDate,
      back.serviceDate,
    ]);
    expect((await findBookingLines(db(), sold.booking.id))[0]).toMatchObject({
      trip: "round_trip",
      serviceDate: DAY,
      returnDate: addDays(DAY, 2),
      inboundSailingId: back.id,
    });
    expect(await soldOn(db(), back.id)).toBe(2);
    // A return that would leave before the outbound arrives is refused, and audited.
    const early = await codeOf(
      sellAtBooth(boothDeps(), AGENT, sale(outbound[3]!, { trip: "round_trip", inboundSailingId: inbound[0]!.id })),
    );
    expect(early).toBe("RETURN_BEFORE_DEPARTURE");
  });

  it("open tickets for the sailing's crossing, taking no seat until they board", async () => {
    const sailing = outbound[1]!;
    const before = await soldOn(db(), sailing.id);
    const sold = await sellAtBooth(boothDeps(), AGENT, sale(sailing, { trip: "open", currency: "EUR" }));
    expect(sold.booking.currency).toBe("EUR");
    expect(
      sold.tickets.every(
        (ticket) => ticket.sailingId === null && ticket.validUntil !== null && ticket.crossingId === CROSSING_TO_ISLA,
      ),
    ).toBe(true);
    expect((await findBookingLines(db(), sold.booking.id))[0]).toMatchObject({ trip: "open", outboundSailingId: null });
    expect(await soldOn(db(), sailing.id)).toBe(before);
  });

  it("refuses a resident fare without every name, and a round trip without its return, audited", async () => {
    const sailing = outbound[2]!;
    expect(
      await codeOf(
        sellAtBooth(boothDeps(), AGENT, sale(sailing, { category: "resident", passengerNames: ["Ana López"] })),
      ),
    ).toBe("PASSENGER_NAMES_REQUIRED");
    expect(await codeOf(sellAtBooth(boothDeps(), AGENT, sale(sailing, { trip: "round_trip" })))).toBe(
      "SCHEDULE_REQUIRED",
    );
    const refusals = await findAuditEntries(db(), { entityType: "sailing", entityId: String(sailing.id), limit: 5 });
    expect(refusals.map((entry) => entry.reason)).toEqual(["SCHEDULE_REQUIRED", "PASSENGER_NAMES_REQUIRED"]);
    const named = await sellAtBooth(
      boothDeps(),
      AGENT,
      sale(sailing, { category: "resident", passengerNames: ["Ana López", "Luis López"] }),
    );
    expect(named.tickets.map((ticket) => ticket.passengerName)).toEqual(["Ana López", "Luis López"]);
  });
});
