// The waiting list as the console reads it, on the seeded database: a full sailing's line in order
// with its statuses and totals, and the operator's audited "offer now" once seats free up.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSSING_TO_ISLA } from "../db/seed-catalogue.ts";
import { openSnapshot, type DatabaseHandle } from "../tests/setup/db.ts";
import { findAuditEntries, type AuditActor } from "../modules/audit/index.ts";
import {
  addDays,
  blockSeats,
  findDaySailings,
  materializeSailings,
  seatAllocations,
  type SailingView,
} from "../modules/inventory/index.ts";
import { findConsoleWaitlist, offerSeatsNow } from "./console-waitlist.ts";
import { joinWaitingList } from "./waitlist.ts";

let database: DatabaseHandle;
const DAY = "2031-04-09";
const NOW = new Date("2031-04-07T15:00:00Z");
const SECRET = "waitlist-test-secret-0123456789abcdef0123456789";
const OPERATOR: AuditActor = { userId: null, label: "operadora@travesia.test", role: "operator" };
let sailing: SailingView;

beforeAll(async () => {
  database = await openSnapshot();
  await materializeSailings(database.db, { from: DAY, to: addDays(DAY, 1), now: NOW });
  sailing = (await findDaySailings(database.db, [CROSSING_TO_ISLA], DAY, NOW))[0]!;
});
afterAll(() => database.close());

const join = (email: string, adults: number) =>
  joinWaitingList(
    { db: database.db, now: NOW },
    {
      sailing: String(sailing.id),
      email,
      adults: String(adults),
      children: "0",
      infants: "0",
      category: "tourist",
      language: "pt",
    },
  );

describe("the waiting list in the console", () => {
  it("shows who waits for which sailing in line order, and offer-now sends offers to those who fit, audited", async () => {
    await blockSeats(database.db, { sailingId: sailing.id }, sailing.capacity, `block:test-${sailing.id}`, NOW);
    await join("first@example.com", 3);
    await join("second@example.com", 1);
    let [shown] = await findConsoleWaitlist(database.db, { date: DAY, language: "es", now: NOW });
    expect(shown).toMatchObject({ id: sailing.id, seatsLeft: 0, totals: { waiting: 2, offered: 0, claimed: 0 } });
    expect(shown!.entries.map((entry) => [entry.place, entry.email, entry.status, entry.people.adults])).toEqual([
      [1, "first@example.com", "waiting", 3],
      [2, "second@example.com", "waiting", 1],
    ]);

    // Two seats come free: only the second entry fits; the first keeps its place.
    await database.db
      .update(seatAllocations)
      .set({ quantity: sailing.capacity - 2 })
      .where(eq(seatAllocations.reference, `block:test-${sailing.id}`));
    const run = await offerSeatsNow(
      { db: database.db, now: NOW, tokenSecret: SECRET, actor: OPERATOR, requestId: "req-wl" },
      sailing.id,
    );
    expect(run.offered).toHaveLength(1);
    [shown] = await findConsoleWaitlist(database.db, { date: DAY, language: "es", now: NOW });
    expect(shown!.totals).toMatchObject({ waiting: 1, offered: 1 });
    expect(shown!.entries[1]).toMatchObject({
      email: "second@example.com",
      status: "offered",
      offeredAt: NOW.toISOString(),
    });
    expect(shown!.entries[1]!.offerExpiresAt).not.toBeNull();
    const [entry] = await findAuditEntries(database.db, {
      entityType: "sailing",
      entityId: String(sailing.id),
      limit: 5,
    });
    expect(entry).toMatchObject({
      action: "waitlist.offer_now",
      outcome: "applied",
      actor: OPERATOR.label,
      after: { offered: 1 },
    });
  });

  it("refuses an unknown sailing, audited", async () => {
    await expect(
      offerSeatsNow({ db: database.db, now: NOW, tokenSecret: SECRET, actor: OPERATOR }, 99_999_999),
    ).rejects.toMatchObject({ code: "UNKNOWN_SAILING" });
    const [entry] = await findAuditEntries(database.db, { entityType: "sailing", entityId: "99999999", limit: 5 });
    expect(entry).toMatchObject({ outcome: "refused", reason: "UNKNOWN_SAILING" });
  });
});
