// An operator's care of a booking after the sale, on the seeded database: the buyer's details edited
// (audited before/after), the tickets sent again through the mail job (once per form, to a corrected
// address), and a booking with cancelled tickets moved: only its live tickets move and take seats.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../lib/errors.ts";
import { findAuditEntries, type AuditActor } from "../modules/audit/index.ts";
import { findBooking, findBookingLines, findTickets, type BookingRow } from "../modules/bookings/index.ts";
import { type SailingView } from "../modules/inventory/index.ts";
import { jobs } from "../modules/jobs/index.ts";
import {
  bootCheckout,
  sailingsBothWays,
  buyFerry,
  GUEST_TEST_SECRET,
  soldOn,
  type CheckoutHarness,
} from "../tests/factories/checkout.ts";
import { editBuyerDetails, moveLiveTickets, resendTickets } from "./booking-care.ts";
import { SEND_BOOKING_EMAIL } from "./booking-email.ts";
import { refundBooking } from "./refunds.ts";

const DAY = "2031-03-05";
const NOW = new Date("2031-03-03T15:00:00Z");
const OPERATOR: AuditActor = { userId: null, label: "operadora@travesia.test", role: "operator" };

let harness: CheckoutHarness;
let outbound: SailingView[];
let inbound: SailingView[];

beforeAll(async () => {
  harness = await bootCheckout(NOW);
  ({ outbound, inbound } = await sailingsBothWays(db(), DAY, NOW));
});
afterAll(() => harness.runtime.database.close());

const db = () => harness.runtime.database.db;
const deps = () => ({ db: db(), now: NOW, actor: OPERATOR, requestId: "req-care" });
const checkout = () => ({
  db: db(),
  provider: harness.provider,
  now: NOW,
  guestAccessSecret: GUEST_TEST_SECRET,
  holdSeconds: 900,
});

async function roundTrip(out: number, back: number, adults: number, email = "ana@example.com"): Promise<BookingRow> {
  return buyFerry(
    checkout(),
    harness.provider,
    { trip: "round_trip", outbound: outbound[out]!, inbound: inbound[back]!, adults },
    {
      language: "es",
      buyer: { name: "Ana Pérez", email, phone: "+52 998 123 4567", country: "MX", acceptTerms: true },
    },
  );
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error("expected a refusal");
}

const auditOf = (booking: BookingRow) =>
  findAuditEntries(db(), { entityType: "booking", entityId: booking.id, limit: 50 });

describe("editing the buyer's details", () => {
  it("writes the corrected name, e-mail and phone with an audit entry holding both versions", async () => {
    const booking = await roundTrip(0, 5, 1);
    const { booking: after, changed } = await editBuyerDetails(deps(), {
      reference: booking.reference.toLowerCase(),
      name: "  Ana  María Pérez ",
      email: "Ana.Maria@Example.com",
      phone: "+52 998 765 4321",
    });
    expect(changed).toBe(true);
    expect(after).toMatchObject({
      buyerName: "Ana María Pérez",
      buyerEmail: "ana.maria@example.com",
      buyerPhone: "+52 998 765 4321",
      buyerCountry: "MX",
    });
    const [entry] = await auditOf(booking);
    expect(entry).toMatchObject({
      action: "booking.edit_buyer",
      outcome: "applied",
      actor: OPERATOR.label,
      before: { name: "Ana Pérez", email: "ana@example.com", phone: "+52 998 123 4567" },
      after: { name: "Ana María Pérez", email: "ana.maria@example.com", phone: "+52 998 765 4321" },
    });
    // The same details again change nothing and write nothing.
    expect(
      (
        await editBuyerDetails(deps(), {
          reference: booking.reference,
          name: "Ana María Pérez",
          email: "ana.maria@example.com",
          phone: "+52 998 765 4321",
        })
      ).changed,
    ).toBe(false);
    expect(await auditOf(booking)).toHaveLength(1);
  });

  it("refuses a malformed address, changing nothing, and audits the refusal", async () => {
    const booking = await roundTrip(0, 5, 1);
    expect(
      await codeOf(
        editBuyerDetails(deps(), { reference: booking.reference, name: "Ana", email: "not-an-address", phone: "" }),
      ),
    ).toBe("BUYER_DETAILS_INVALID");
    expect(
      await codeOf(editBuyerDetails(deps(), { reference: "ZZZZZZ", name: "Ana", email: "a@b.co", phone: "" })),
    ).toBe("BOOKING_NOT_FOUND");
    expect((await findBooking(db(), { id: booking.id }))?.buyerEmail).toBe("ana@example.com");
    expect(await auditOf(booking)).toMatchObject([
      { action: "booking.edit_buyer", outcome: "refused", reason: "BUYER_DETAILS_INVALID" },
    ]);
  });
});

describe("sending the tickets again", () => {
  it("queues one mail job per form, to a corrected address that becomes the booking's", async () => {
    const booking = await roundTrip(1, 5, 1, "typo@exampel.com");
    const key = "resend-form-0001";
    const first = await resendTickets(deps(), { reference: booking.reference, email: "ana@example.com", key });
    const again = await resendTickets(deps(), { reference: booking.reference, email: "ana@example.com", key });
    expect(first).toMatchObject({ to: "ana@example.com", queued: true });
    expect(again).toMatchObject({ to: "ana@example.com", queued: false });
    const queued = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, SEND_BOOKING_EMAIL), eq(jobs.singletonKey, `staff-resend:${booking.id}:${key}`)));
    expect(queued.map((job) => job.payload)).toEqual([{ bookingId: booking.id, reason: "resend" }]);
    expect((await findBooking(db(), { id: booking.id }))?.buyerEmail).toBe("ana@example.com");
    const actions = (await auditOf(booking)).map((entry) => entry.action).sort();
    expect(actions).toEqual(["booking.edit_buyer", "booking.resend_tickets"]);
  });

  it("refuses a booking that has no tickets to send", async () => {
    const booking = await roundTrip(1, 5, 1);
    await refundBooking(
      { db: db(), provider: harness.provider, now: NOW, actor: OPERATOR },
      {
        reference: booking.reference,
        amount: (booking.totalMinor / 100).toFixed(2),
        ticketIds: [],
        reason: "",
        key: "refund-all-0001",
      },
    );
    expect((await findBooking(db(), { id: booking.id }))?.status).toBe("refunded");
    expect(
      await codeOf(
        resendTickets(deps(), { reference: booking.reference, email: "ana@example.com", key: "resend-form-0002" }),
      ),
    ).toBe("BOOKING_STATE");
    expect((await auditOf(booking)).find((entry) => entry.action === "booking.resend_tickets")).toMatchObject({
      outcome: "refused",
      reason: "BOOKING_STATE",
    });
  });
});

describe("moving a booking with cancelled tickets", () => {
  it("moves only the live tickets and takes only their seats on the new sailings", async () => {
    const booking = await roundTrip(2, 5, 3);
    const tickets = await findTickets(db(), booking.id);
    const cancelled = tickets.filter((ticket) => ticket.sailingId === outbound[2]!.id).slice(0, 1);
    await refundBooking(
      { db: db(), provider: harness.provider, now: NOW, actor: OPERATOR },
      {
        reference: booking.reference,
        amount: "10.00",
        ticketIds: cancelled.map((ticket) => ticket.id),
        reason: "",
        key: "refund-one-0001",
      },
    );
    const [line] = await findBookingLines(db(), booking.id);
    const soldBefore = {
      out: await soldOn(db(), outbound[2]!.id),
      newOut: await soldOn(db(), outbound[3]!.id),
      back: await soldOn(db(), inbound[5]!.id),
    };

    const { moved } = await moveLiveTickets(deps(), {
      reference: booking.reference,
      lineId: line!.id,
      outboundSailingId: outbound[3]!.id,
      inboundSailingId: null,
      date: null,
      key: "move-form-0001",
    });
    expect(moved).toHaveLength(2);
    // Two seats left the old outbound, two were taken on the new one; the return stays as it was.
    expect(await soldOn(db(), outbound[2]!.id)).toBe(soldBefore.out - 2);
    expect(await soldOn(db(), outbound[3]!.id)).toBe(soldBefore.newOut + 2);
    expect(await soldOn(db(), inbound[5]!.id)).toBe(soldBefore.back);
    const after = await findTickets(db(), booking.id);
    expect(after.filter((ticket) => ticket.status === "void").map((ticket) => ticket.sailingId)).toEqual([
      outbound[2]!.id,
    ]);
    expect(after.filter((ticket) => ticket.status === "valid" && ticket.sailingId === outbound[3]!.id)).toHaveLength(2);
    expect((await findBookingLines(db(), booking.id))[0]).toMatchObject({
      outboundSailingId: outbound[3]!.id,
      inboundSailingId: inbound[5]!.id,
    });
    const [entry] = await auditOf(booking);
    expect(entry).toMatchObject({
      action: "booking.move",
      outcome: "applied",
      before: { outboundSailingId: outbound[2]!.id },
      after: { outboundSailingId: outbound[3]!.id },
    });
    const mails = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `staff-move:${booking.id}:move-form-0001`))
      .orderBy(asc(jobs.id));
    expect(mails.map((job) => job.payload)).toEqual([{ bookingId: booking.id, reason: "date_changed" }]);
  });

  it("refuses a sailing of another crossing and a return before the outbound arrives, changing nothing", async () => {
    const booking = await roundTrip(2, 5, 1);
    const [line] = await findBookingLines(db(), booking.id);
    const move = (over: object) =>
      moveLiveTickets(deps(), {
        reference: booking.reference,
        lineId: line!.id,
        outboundSailingId: null,
        inboundSailingId: null,
        date: null,
        key: "move-form-0002",
        ...over,
      });
    expect(await codeOf(move({ outboundSailingId: inbound[0]!.id }))).toBe("UNKNOWN_SAILING");
    expect(await codeOf(move({ inboundSailingId: inbound[0]!.id }))).toBe("RETURN_BEFORE_DEPARTURE");
    expect(await codeOf(move({}))).toBe("INVALID_REQUEST");
    expect((await findBookingLines(db(), booking.id))[0]).toMatchObject({
      outboundSailingId: outbound[2]!.id,
      inboundSailingId: inbound[5]!.id,
    });
    expect((await auditOf(booking)).map((entry) => entry.reason)).toEqual([
      "INVALID_REQUEST",
      "RETURN_BEFORE_DEPARTURE",
      "UNKNOWN_SAILING",
    ]);
  });
});
