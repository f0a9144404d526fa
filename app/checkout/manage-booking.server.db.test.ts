// The manage-booking page's loader and action as the router calls them: the lookup form sets the
// access cookie and redirects (PRG), a wrong pair is a 404 with the field kept, the e-mail's link
// trades its key for the cookie and a clean address, and a date change posts, redirects with a notice
// or answers the coded refusal.
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSSING_TO_CANCUN, CROSSING_TO_ISLA, CROSSING_TO_ISLA_CODE } from "../../db/seed-catalogue.ts";
import { addToCart } from "../../flows/cart.ts";
import { guestSecretOf } from "../../flows/checkout.ts";
import { createLogger } from "../../lib/logger.ts";
import { findBookingLines, type BookingRow } from "../../modules/bookings/index.ts";
import { addDays, findDaySailings, materializeSailings, type SailingView } from "../../modules/inventory/index.ts";
import { findSiteConfig } from "../../modules/site/index.ts";
import {
  bootCheckout,
  buyWithCard,
  GUEST_TEST_SECRET,
  soldOn,
  type CheckoutHarness,
} from "../../tests/factories/checkout.ts";
import { requestContext, servicesContext } from "../../server/edge/index.ts";
import {
  loadManageBooking,
  submitManageBooking,
  type ManageBookingActionData,
  type ManageBookingData,
} from "./manage-booking.server.ts";

const DAY = "2031-03-05";
const LATER = "2031-03-08";
const NOW = new Date("2031-03-03T15:00:00Z");
const PAGE = "http://site.test/es/carrito/mi-reserva/";

let harness: CheckoutHarness;
let context: RouterContextProvider;
let outbound: SailingView[];
let inbound: SailingView[];
let later: SailingView[];
let laterBack: SailingView[];
let booking: BookingRow;

const db = () => harness.runtime.database.db;

beforeAll(async () => {
  harness = await bootCheckout(NOW);
  await materializeSailings(db(), { from: DAY, to: addDays(LATER, 1), now: NOW });
  outbound = await findDaySailings(db(), [CROSSING_TO_ISLA], DAY, NOW);
  inbound = await findDaySailings(db(), [CROSSING_TO_CANCUN], DAY, NOW);
  later = await findDaySailings(db(), [CROSSING_TO_ISLA], LATER, NOW);
  laterBack = await findDaySailings(db(), [CROSSING_TO_CANCUN], LATER, NOW);
  const { sessionId } = await addToCart(
    db(),
    {
      sessionId: null,
      currency: "MXN",
      item: {
        type: "ferry",
        crossing: CROSSING_TO_ISLA_CODE,
        trip: "round_trip",
        date: DAY,
        returnDate: DAY,
        outboundSailingId: outbound[1]!.id,
        inboundSailingId: inbound[7]!.id,
        category: "tourist",
        passengers: { adult: 2, child: 0, infant: 0 },
      },
    },
    { siteCode: "travesia", language: "es", now: NOW, holdSeconds: 900 },
  );
  booking = await buyWithCard(
    { db: db(), provider: harness.provider, now: NOW, guestAccessSecret: GUEST_TEST_SECRET, holdSeconds: 900 },
    harness.provider,
    sessionId,
    {
      language: "es",
      buyer: {
        name: "Ana Pérez",
        email: "Ana@Example.com",
        phone: "+52 998 123 4567",
        country: "MX",
        acceptTerms: true,
      },
    },
  );
  context = new RouterContextProvider();
  context.set(servicesContext, harness.runtime.services);
  context.set(requestContext, {
    requestId: "test",
    logger: createLogger("silent"),
    nonce: "n",
    clientAddress: "127.0.0.1",
    country: null,
    site: await findSiteConfig(db(), "travesia"),
  });
});
afterAll(() => harness.runtime.database.close());

type Answer = { data: unknown; init: ResponseInit | null };

/** A loader or action's outcome: a thrown or returned redirect Response, or data with its init. */
async function run(step: () => Promise<unknown>): Promise<Response | Answer> {
  try {
    const result = await step();
    return result instanceof Response ? result : (result as Answer);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function cookieOf(response: Response): string {
  const header = response.headers.get("Set-Cookie") ?? "";
  return header.split(";")[0]!;
}

const load = (query = "", cookie?: string) =>
  run(() =>
    loadManageBooking(new Request(`${PAGE}${query}`, { headers: cookie ? { Cookie: cookie } : {} }), context, "es"),
  );
const submit = (fields: Record<string, string>, cookie?: string) =>
  run(() =>
    submitManageBooking(
      new Request(PAGE, {
        method: "POST",
        headers: cookie ? { Cookie: cookie } : {},
        body: new URLSearchParams(fields),
      }),
      context,
      "es",
    ),
  );

describe("the manage-booking page", () => {
  it("shows the lookup form, refuses a wrong pair with a 404 keeping what was typed, and lets the right pair in by cookie", async () => {
    const empty = (await load()) as Answer;
    expect(empty.data).toMatchObject({ kind: "find", form: { error: null } });

    const wrong = (await submit({
      intent: "find",
      reference: booking.reference,
      email: "nadie@example.com",
    })) as Answer;
    expect(wrong.init?.status).toBe(404);
    expect(wrong.data as ManageBookingActionData).toEqual({
      intent: "find",
      form: { reference: booking.reference, email: "nadie@example.com", error: "BOOKING_NOT_FOUND" },
    });

    const right = (await submit({
      intent: "find",
      reference: booking.reference.toLowerCase(),
      email: "ana@example.com",
    })) as Response;
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/es/carrito/mi-reserva/");
    expect(right.headers.get("Set-Cookie")).toMatch(
      new RegExp(`^travesia_booking=${booking.reference}\\.[A-Za-z0-9_-]{22}; HttpOnly;`),
    );

    const shown = (await load("", cookieOf(right))) as Answer;
    const page = shown.data as Extract<ManageBookingData, { kind: "booking" }>;
    expect(page.kind).toBe("booking");
    expect(page.booking).toMatchObject({ reference: booking.reference, status: "ticketed", currency: "MXN" });
    expect(page.booking.lines[0]!.tickets).toHaveLength(4);
    expect(page.booking.lines[0]!.dateChange).toMatchObject({ allowed: true });
    expect(page.dates.min).toBe("2031-03-04");
  });

  it("trades the e-mail link's key for the cookie and a clean address; a wrong key opens nothing", async () => {
    const key = guestSecretOf(GUEST_TEST_SECRET, booking.id);
    const link = (await load(`?ref=${booking.reference}&key=${key}`)) as Response;
    expect(link.status).toBe(302);
    expect(link.headers.get("Location")).toBe("/es/carrito/mi-reserva/");
    expect(cookieOf(link)).toBe(`travesia_booking=${booking.reference}.${key}`);

    const forged = (await load(
      `?ref=${booking.reference}&key=${guestSecretOf("another-secret-of-at-least-32-characters", booking.id)}`,
    )) as Answer;
    expect(forged.init?.status).toBe(404);
    expect(forged.data).toMatchObject({
      kind: "find",
      form: { reference: booking.reference, error: "BOOKING_NOT_FOUND" },
    });
    const stolenCookie = (await load("", `travesia_booking=${booking.reference}.${"x".repeat(22)}`)) as Answer;
    expect(stolenCookie.data).toMatchObject({ kind: "find" });
  });

  it("lists a date's sailings, moves the booking by POST and comes back with a notice; a refusal is coded and changes nothing", async () => {
    const cookie = `travesia_booking=${booking.reference}.${guestSecretOf(GUEST_TEST_SECRET, booking.id)}`;
    const [line] = await findBookingLines(db(), booking.id);
    const listed = (await load(`?line=${line!.id}&date=${LATER}&returnDate=${LATER}`, cookie)) as Answer;
    const change = (listed.data as Extract<ManageBookingData, { kind: "booking" }>).change!;
    expect(change.error).toBeNull();
    expect(change.options?.outbound.map((sailing) => sailing.id)).toContain(later[2]!.id);
    const today = (await load(`?line=${line!.id}&date=2031-03-03&returnDate=2031-03-03`, cookie)) as Answer;
    expect((today.data as Extract<ManageBookingData, { kind: "booking" }>).change?.error).toBe("DATE_CHANGE_SAME_DAY");

    const sameDay = (await submit(
      {
        intent: "change-date",
        lineId: line!.id,
        newDate: "2031-03-03",
        outboundSailingId: String(later[2]!.id),
        inboundSailingId: String(laterBack[4]!.id),
      },
      cookie,
    )) as Answer;
    expect(sameDay.init?.status).toBe(409);
    expect(sameDay.data).toEqual({
      intent: "change-date",
      lineId: line!.id,
      newDate: "2031-03-03",
      error: "DATE_CHANGE_SAME_DAY",
    });
    const noReturn = (await submit(
      { intent: "change-date", lineId: line!.id, newDate: LATER, outboundSailingId: String(later[2]!.id) },
      cookie,
    )) as Answer;
    expect((noReturn.data as { error: string }).error).toBe("SCHEDULE_REQUIRED");
    expect(await soldOn(db(), outbound[1]!.id)).toBe(2);

    // Without access the action changes nothing and sends the visitor to the form.
    const stranger = (await submit({
      intent: "change-date",
      lineId: line!.id,
      newDate: LATER,
      outboundSailingId: String(later[2]!.id),
      inboundSailingId: String(laterBack[4]!.id),
    })) as Response;
    expect(stranger.status).toBe(302);
    expect(await soldOn(db(), later[2]!.id)).toBe(0);

    const moved = (await submit(
      {
        intent: "change-date",
        lineId: line!.id,
        newDate: LATER,
        outboundSailingId: String(later[2]!.id),
        inboundSailingId: String(laterBack[4]!.id),
      },
      cookie,
    )) as Response;
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe("/es/carrito/mi-reserva/?notice=date-changed");
    expect([
      await soldOn(db(), outbound[1]!.id),
      await soldOn(db(), later[2]!.id),
      await soldOn(db(), laterBack[4]!.id),
    ]).toEqual([0, 2, 2]);
    const after = (await load("?notice=date-changed", cookie)) as Answer;
    const page = after.data as Extract<ManageBookingData, { kind: "booking" }>;
    expect(page.notice).toBe("date-changed");
    expect(page.booking.lines[0]!.outbound).toMatchObject({ date: LATER, sailingId: later[2]!.id });
    expect(page.booking.history.at(-1)).toMatchObject({ kind: "date_changed" });
  });

  it("forgets the booking in this browser on request", async () => {
    const forgotten = (await submit({ intent: "forget" })) as Response;
    expect(forgotten.status).toBe(302);
    expect(forgotten.headers.get("Set-Cookie")).toMatch(/^travesia_booking=; HttpOnly; Path=\/; Max-Age=0/);
  });
});
