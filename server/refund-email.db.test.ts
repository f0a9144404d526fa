// The buyer hears of a refund: the console queues the refund mail in the transaction that settles it,
// and the process's own job handlers (not a hand-called function) send it, in the booking's language,
// for a partial refund and for the full one that follows.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refundBooking, SEND_REFUND_EMAIL } from "../flows/refunds.ts";
import type { Language } from "../lib/language.ts";
import { createLogger } from "../lib/logger.ts";
import type { AuditActor } from "../modules/audit/index.ts";
import type { BookingRow } from "../modules/bookings/index.ts";
import { type SailingView } from "../modules/inventory/index.ts";
import { createJobRunner, jobs } from "../modules/jobs/index.ts";
import { findOutboxMessage, listOutbox } from "../modules/mail/index.ts";
import {
  bootCheckout,
  sailingsBothWays,
  buyFerry,
  GUEST_TEST_SECRET,
  type CheckoutHarness,
} from "../tests/factories/checkout.ts";
import { jobHandlers } from "./jobs.ts";

const DAY = "2031-03-05";
const NOW = new Date("2031-03-03T15:00:00Z");
const HOLD_SECONDS = 900;
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

async function roundTrip(language: Language, email: string): Promise<BookingRow> {
  const deps = {
    db: db(),
    provider: harness.provider,
    now: NOW,
    guestAccessSecret: GUEST_TEST_SECRET,
    holdSeconds: HOLD_SECONDS,
  };
  return buyFerry(
    deps,
    harness.provider,
    { trip: "round_trip", outbound: outbound[0]!, inbound: inbound.at(-1)!, language },
    { language, buyer: { name: "Jo Bloggs", email, phone: "+44 20 7946 0000", country: "GB", acceptTerms: true } },
  );
}

let formKeys = 0;
async function refund(booking: BookingRow, amount: string) {
  const deps = { db: db(), provider: harness.provider, now: NOW, actor: OPERATOR, requestId: "req-refund-mail" };
  return refundBooking(deps, {
    reference: booking.reference,
    amount,
    ticketIds: [],
    reason: "Delay",
    key: `refund-mail-${(formKeys += 1)}`,
  });
}

/** Runs what is due with the handlers the process itself runs. */
async function runJobs() {
  const runner = createJobRunner({
    db: db(),
    logger: createLogger("silent"),
    handlers: jobHandlers(harness.runtime.services),
    now: () => NOW,
  });
  return runner.runDue();
}

async function refundMailsTo(email: string) {
  const sent = (await listOutbox(db())).filter((mail) => mail.tag === "booking-refund" && mail.to === email);
  return Promise.all(sent.map(async (mail) => (await findOutboxMessage(db(), mail.id))!));
}

describe("the refund mail", () => {
  it("reaches the buyer in their language for a partial refund, then for the full one", async () => {
    const booking = await roundTrip("en", "jo.refund@example.com");
    await refund(booking, "20.50");
    await runJobs();
    const [job] = await db().select().from(jobs).where(eq(jobs.name, SEND_REFUND_EMAIL));
    expect(job?.state).toBe("done");
    const partial = await refundMailsTo("jo.refund@example.com");
    expect(partial.map((mail) => mail.subject)).toEqual([`Refund of your Travesía booking ${booking.reference}`]);
    expect(partial[0]!.text).toContain("We have refunded $20.50 MXN");

    const { booking: refunded } = await refund(booking, String((booking.totalMinor - 2_050) / 100));
    expect(refunded.status).toBe("refunded");
    await runJobs();
    const both = await refundMailsTo("jo.refund@example.com");
    expect(both).toHaveLength(2);
    expect(both.some((mail) => mail.text.includes("The booking is now fully refunded"))).toBe(true);
  });

  it("is written in Portuguese for a Portuguese booking", async () => {
    const booking = await roundTrip("pt", "ana.reembolso@example.com");
    await refund(booking, "10");
    await runJobs();
    const [mail] = await refundMailsTo("ana.reembolso@example.com");
    expect(mail?.subject).toBe(`Reembolso da sua reserva Travesía ${booking.reference}`);
    expect(mail?.text).toContain("Reembolsamos $10.00 MXN");
  });
});
