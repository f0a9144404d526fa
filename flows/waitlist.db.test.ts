// The waiting list on the seeded database (ADR 0037): joining a full sailing, offers in line order
// that really keep their seats, the mail's link, one-click claiming into the cart, an unused offer
// passing to the next in line, and every refusal coded.
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSSING_TO_ISLA, CROSSING_TO_ISLA_CODE } from "../db/seed-catalogue.ts";
import { createLogger } from "../lib/logger.ts";
import { openSnapshot, type DatabaseHandle } from "../tests/setup/db.ts";
import { jobs } from "../modules/jobs/index.ts";
import { createMailer, mailOutbox } from "../modules/mail/index.ts";
import {
  addDays,
  blockSeats,
  findDaySailings,
  findSailing,
  materializeSailings,
  seatAllocations,
  type SailingView,
} from "../modules/inventory/index.ts";
import { OFFER_MINUTES, waitlistEntries } from "../modules/waitlist/index.ts";
import { addToCart, findCartView, type CartContext } from "./cart.ts";
import {
  OFFER_WAITLIST_SEATS,
  SEND_WAITLIST_OFFER,
  claimWaitlistOffer,
  findOfferView,
  joinWaitingList,
  offerFreedSeats,
  sendWaitlistOfferEmail,
  sweepWaitingLists,
} from "./waitlist.ts";

let database: DatabaseHandle;
const DAY = "2031-04-09";
const NOW = new Date("2031-04-07T15:00:00Z");
const SECRET = "waitlist-test-secret-0123456789abcdef0123456789";
const HOLD_SECONDS = 900;
const logger = createLogger("silent");
const cartContext = (now: Date): CartContext => ({
  siteCode: "travesia",
  language: "es",
  now,
  holdSeconds: HOLD_SECONDS,
});
const minutes = (count: number, from = NOW) => new Date(from.getTime() + count * 60_000);
const deps = (now: Date) => ({ db: database.db, now, tokenSecret: SECRET });

let spare: SailingView[];
let next = 0;
/** A sailing no other test touches. */
const freshSailing = () => spare[next++]!;

beforeAll(async () => {
  database = await openSnapshot();
  await materializeSailings(database.db, { from: DAY, to: addDays(DAY, 2), now: NOW });
  spare = [];
  for (let day = 0; day <= 2; day += 1)
    spare.push(...(await findDaySailings(database.db, [CROSSING_TO_ISLA], addDays(DAY, day), NOW)));
});
afterAll(() => database.close());

const join = (sailing: SailingView, email: string, adults = 2, now = NOW) =>
  joinWaitingList(
    { db: database.db, now },
    {
      sailing: String(sailing.id),
      email,
      adults: String(adults),
      children: "0",
      infants: "0",
      category: "tourist",
      language: "es",
    },
  );

/** Fills a sailing: all its seats but `held` blocked, and a visitor's cart holding the last `held` (15 minutes). */
async function fill(sailing: SailingView, held: number): Promise<void> {
  await blockSeats(database.db, { sailingId: sailing.id }, sailing.capacity - held, `block:test-${sailing.id}`, NOW);
  await addToCart(database.db, { sessionId: null, currency: "MXN", item: ferryItem(sailing, held) }, cartContext(NOW));
}

function ferryItem(sailing: SailingView, adult: number) {
  return {
    type: "ferry" as const,
    crossing: CROSSING_TO_ISLA_CODE,
    trip: "one_way" as const,
    date: sailing.serviceDate,
    returnDate: null,
    outboundSailingId: sailing.id,
    inboundSailingId: null,
    category: "tourist" as const,
    passengers: { adult, child: 0, infant: 0 },
  };
}

async function offerHolds(
  sailingId: number,
): Promise<{ reference: string; quantity: number; expiresAt: Date | null }[]> {
  return database.db
    .select({
      reference: seatAllocations.reference,
      quantity: seatAllocations.quantity,
      expiresAt: seatAllocations.expiresAt,
    })
    .from(seatAllocations)
    .where(
      and(
        eq(seatAllocations.sailingId, sailingId),
        isNull(seatAllocations.releasedAt),
        sql`${seatAllocations.reference} like 'waitlist-offer:%'`,
      ),
    );
}

const mailer = () =>
  createMailer({ SMTP_URL: undefined, MAIL_FROM: "Travesía <boletos@travesia.example>" }, database.db);

/** Sends the offer mail of `entryId` through the outbox and returns the link's token. */
async function mailedToken(entryId: string, now: Date): Promise<string> {
  await sendWaitlistOfferEmail(
    {
      db: database.db,
      mailer: mailer(),
      tokenSecret: SECRET,
      siteOrigin: "https://travesia.example",
      offerPathOf: (language) => `/${language}/lista-de-espera/`,
    },
    { entryId },
    { now, logger },
  );
  const [mail] = await database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.tag, "waitlist-offer"))
    .orderBy(sql`${mailOutbox.id} desc`)
    .limit(1);
  const token = /https:\/\/travesia\.example\/es\/lista-de-espera\/\?token=([0-9a-f]{64})/.exec(mail?.text ?? "")?.[1];
  expect(token, mail?.text).toBeDefined();
  return token!;
}

describe("joining a sailing's waiting list", () => {
  it("refuses a malformed form with every bad field named, and changes nothing", async () => {
    const sailing = freshSailing();
    const refused = joinWaitingList(
      { db: database.db, now: NOW },
      {
        sailing: String(sailing.id),
        email: "not-an-address",
        adults: "0",
        children: "1",
        infants: "x",
        category: "vip",
        language: "fr",
      },
    );
    await expect(refused).rejects.toMatchObject({
      code: "WAITLIST_INVALID",
      issues: expect.arrayContaining([
        { path: "email", code: "invalid" },
        { path: "language", code: "invalid" },
        { path: "category", code: "invalid" },
        { path: "passengers", code: "not_a_count" },
      ]),
    });
    await expect(join(sailing, "")).rejects.toMatchObject({
      code: "WAITLIST_INVALID",
      issues: [{ path: "email", code: "required" }],
    });
    await expect(join(sailing, "ana@example.mx", 21)).rejects.toMatchObject({
      code: "WAITLIST_INVALID",
      issues: [{ path: "passengers", code: "too_many" }],
    });
    const rows = await database.db.select().from(waitlistEntries).where(eq(waitlistEntries.sailingId, sailing.id));
    expect(rows).toHaveLength(0);
  });

  it("refuses a sailing with the seats on sale, an unknown one, and a departed one", async () => {
    const sailing = freshSailing();
    await expect(join(sailing, "ana@example.mx")).rejects.toMatchObject({ code: "WAITLIST_SEATS_AVAILABLE" });
    await expect(
      joinWaitingList(
        { db: database.db, now: NOW },
        { sailing: "999999999", email: "ana@example.mx", adults: "1", language: "es" },
      ),
    ).rejects.toMatchObject({
      code: "UNKNOWN_SAILING",
    });
    await fill(sailing, 2);
    await expect(
      join(sailing, "ana@example.mx", 2, new Date(sailing.departsAt.getTime() - 60_000)),
    ).rejects.toMatchObject({ code: "SAILING_DEPARTED" });
  });

  it("tells the place in line, refuses the same address twice (whatever its case), and schedules a check for when the hold runs out", async () => {
    const sailing = freshSailing();
    await fill(sailing, 2);
    const first = await join(sailing, "Ana@Example.mx");
    const second = await join(sailing, "bruno@example.com", 1);
    expect(first.place).toBe(1);
    expect(second.place).toBe(2);
    await expect(join(sailing, "ana@example.MX")).rejects.toMatchObject({ code: "WAITLIST_DUPLICATE" });
    const checks = await database.db
      .select({ runAt: jobs.runAt, payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.name, OFFER_WAITLIST_SEATS));
    expect(checks).toContainEqual({
      runAt: new Date(NOW.getTime() + HOLD_SECONDS * 1000),
      payload: { sailingId: sailing.id },
    });
  });
});

describe("offers", () => {
  it("offers freed seats in line order to the first group that fits, and the offer keeps them from everyone else", async () => {
    const sailing = freshSailing();
    await fill(sailing, 3);
    const four = await join(sailing, "cuatro@example.mx", 4);
    const two = await join(sailing, "dos@example.mx", 2);
    const one = await join(sailing, "uno@example.mx", 1);
    // Still held: nothing is free, nothing is offered.
    expect((await offerFreedSeats(deps(minutes(5)), sailing.id)).offered).toEqual([]);

    const later = minutes(16);
    const run = await offerFreedSeats(deps(later), sailing.id);
    // Three seats free: the group of four waits (and keeps its place), two and one fit.
    expect(run.offered).toEqual([two.entryId, one.entryId]);
    const holds = await offerHolds(sailing.id);
    expect(holds.map((hold) => hold.quantity).sort()).toEqual([1, 2]);
    expect(holds[0]!.expiresAt).toEqual(minutes(OFFER_MINUTES, later));
    expect((await findSailing(database.db, sailing.id, later)).seatsLeft).toBe(0);
    // A link is never a lie: a buyer arriving now finds the sailing full.
    await expect(
      addToCart(database.db, { sessionId: null, currency: "MXN", item: ferryItem(sailing, 1) }, cartContext(later)),
    ).rejects.toMatchObject({ code: "SAILING_SOLD_OUT" });
    const mails = await database.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.name, SEND_WAITLIST_OFFER));
    expect(mails.map((job) => (job.payload as { entryId: string }).entryId)).toEqual(
      expect.arrayContaining([two.entryId, one.entryId]),
    );
    const [waiting] = await database.db
      .select({ status: waitlistEntries.status })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.id, four.entryId));
    expect(waiting?.status).toBe("waiting");
  });

  it("mails a link that puts the kept seats in the visitor's cart with one click, once", async () => {
    const sailing = freshSailing();
    await fill(sailing, 2);
    const entry = await join(sailing, "lucia@example.mx", 2);
    const at = minutes(16);
    await offerFreedSeats(deps(at), sailing.id);
    const token = await mailedToken(entry.entryId, at);
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "lucia@example.mx"));
    expect(mail?.subject).toContain("Se liberaron lugares");
    expect(mail?.text).toContain("2 lugares");

    const view = await findOfferView(database.db, token, minutes(20));
    expect(view).toMatchObject({ state: "offered", seats: 2, sailing: { id: sailing.id } });

    const claimedAt = minutes(30);
    const claimed = await claimWaitlistOffer(
      database.db,
      { token, sessionId: null, currency: "MXN" },
      cartContext(claimedAt),
    );
    const cart = await findCartView(database.db, { sessionId: claimed.sessionId, language: "es", now: claimedAt });
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({
      trip: "one_way",
      passengers: { adult: 2, child: 0, infant: 0 },
      outbound: { sailingId: sailing.id },
      hold: { status: "held" },
    });
    // The offer's hold became the cart's: nothing was freed in between for anyone else.
    expect(await offerHolds(sailing.id)).toEqual([]);
    expect((await findSailing(database.db, sailing.id, claimedAt)).seatsLeft).toBe(0);
    await expect(
      claimWaitlistOffer(database.db, { token, sessionId: claimed.sessionId, currency: "MXN" }, cartContext(claimedAt)),
    ).rejects.toMatchObject({
      code: "WAITLIST_OFFER_USED",
    });
    expect((await findOfferView(database.db, token, claimedAt)).state).toBe("claimed");
  });

  it("passes an unused offer to the next in line when it runs out; its link then says expired", async () => {
    const sailing = freshSailing();
    await fill(sailing, 2);
    const first = await join(sailing, "primero@example.mx", 2);
    const second = await join(sailing, "segundo@example.mx", 2);
    const offeredAt = minutes(16);
    expect((await offerFreedSeats(deps(offeredAt), sailing.id)).offered).toEqual([first.entryId]);
    const firstToken = await mailedToken(first.entryId, offeredAt);
    // A check is already queued for the moment the offer runs out.
    const checks = await database.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.name, OFFER_WAITLIST_SEATS), sql`${jobs.payload}->>'sailingId' = ${String(sailing.id)}`));
    expect(checks.map((check) => check.runAt.getTime())).toContain(minutes(OFFER_MINUTES, offeredAt).getTime());

    const after = minutes(OFFER_MINUTES + 1, offeredAt);
    const run = await offerFreedSeats(deps(after), sailing.id);
    expect(run.expired).toEqual([first.entryId]);
    expect(run.offered).toEqual([second.entryId]);
    await expect(
      claimWaitlistOffer(database.db, { token: firstToken, sessionId: null, currency: "MXN" }, cartContext(after)),
    ).rejects.toMatchObject({ code: "WAITLIST_OFFER_EXPIRED" });
    expect((await offerHolds(sailing.id)).map((hold) => hold.reference)).toEqual([`waitlist-offer:${second.entryId}`]);
  });

  it("refuses a forged or malformed link, and a claim the cart refuses leaves the offer standing", async () => {
    await expect(findOfferView(database.db, "f".repeat(64), NOW)).rejects.toMatchObject({
      code: "WAITLIST_OFFER_INVALID",
    });
    await expect(
      claimWaitlistOffer(database.db, { token: "<script>", sessionId: null, currency: "MXN" }, cartContext(NOW)),
    ).rejects.toMatchObject({ code: "WAITLIST_OFFER_INVALID" });

    const sailing = freshSailing();
    await fill(sailing, 2);
    const entry = await join(sailing, "carrito@example.mx", 2);
    const at = minutes(16);
    await offerFreedSeats(deps(at), sailing.id);
    const token = await mailedToken(entry.entryId, at);
    // The visitor's cart already has a ferry trip: the same product twice is refused by the cart's rules.
    const other = spare[spare.length - 1]!;
    const { sessionId } = await addToCart(
      database.db,
      { sessionId: null, currency: "MXN", item: ferryItem(other, 1) },
      cartContext(at),
    );
    await expect(
      claimWaitlistOffer(database.db, { token, sessionId, currency: "MXN" }, cartContext(at)),
    ).rejects.toMatchObject({ code: "SAME_PRODUCT_IN_CART" });
    expect((await findOfferView(database.db, token, at)).state).toBe("offered");
    expect(await offerHolds(sailing.id)).toHaveLength(1);
  });

  it("lapses the line when the sailing can no longer be boarded, and the sweep looks at every sailing with a line", async () => {
    const sailing = freshSailing();
    await fill(sailing, 2);
    const entry = await join(sailing, "tarde@example.mx", 4);
    const late = new Date(sailing.departsAt.getTime() - 20 * 60_000);
    const run = await sweepWaitingLists(deps(late));
    expect(run.lapsed).toContain(entry.entryId);
    const [row] = await database.db
      .select({ status: waitlistEntries.status })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.id, entry.entryId));
    expect(row?.status).toBe("lapsed");
  });
});
