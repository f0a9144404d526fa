// The tickets reach their buyer: a booking paid through the sandbox provider, confirmed by the return
// page and the webhook at once, is mailed once over real SMTP with its PDF (QR codes that verify) and
// calendar file; the buyer can have it resent a few times an hour and download the PDF with their
// guest access; the sweep job fails lapsed bookings and frees their seats with no visitor around.
import { and, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadThankYou } from "./thank-you.server.ts";
import { orderEventOf } from "../personalization/page-events.ts";
import { TrackingEvent } from "../../lib/tracking-events.ts";
import { loadManageBooking, type ManageBookingData } from "./manage-booking.server.ts";
import { requestContext, servicesContext } from "../../server/edge/index.ts";
import { findSiteConfig } from "../../modules/site/index.ts";
import { SEND_BOOKING_EMAIL } from "../../flows/booking-email.ts";
import { SWEEP_LAPSED_BOOKINGS, scheduleLapsedBookingSweep } from "../../flows/booking-sweep.ts";
import { checkoutDeps } from "../../flows/checkout-deps.ts";
import { confirmPayment, guestSecretOf, placeBooking } from "../../flows/checkout.ts";
import { changeBookingDate } from "../../flows/manage-booking.ts";
import { addToCart, type CartContext } from "../../flows/cart.ts";
import { findProducts } from "../../modules/catalog/index.ts";
import { addDays, findDaySailings, materializeSailings, type SailingView } from "../../modules/inventory/index.ts";
import { CROSSING_TO_CANCUN, CROSSING_TO_ISLA, CROSSING_TO_ISLA_CODE } from "../../db/seed-catalogue.ts";
import type { Database } from "../../lib/db.ts";
import { createLogger } from "../../lib/logger.ts";
import { bookingEvents, bookings, findBookingLines, findTickets } from "../../modules/bookings/index.ts";
import { createJobRunner, jobs, type JobRunner } from "../../modules/jobs/index.ts";
import { findEvents, webhookDelivery } from "../../sandbox-psp/index.ts";
import { verifyTicketCode } from "../../modules/booking-documents/index.ts";
import {
  bootCheckout,
  GUEST_TEST_SECRET as GUEST_SECRET,
  heldOn,
  intentIdOf,
  placingInput,
  SANDBOX_TEST_WEBHOOK_SECRET,
  type CheckoutHarness,
} from "../../tests/factories/checkout.ts";
import { decodePdfQrs } from "../../tests/setup/pdf-qr.ts";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../../tests/setup/smtp-sink.ts";
import { jobHandlers } from "../../server/jobs.ts";

const DAY = "2031-03-05";
const NOW = new Date("2031-03-03T15:00:00Z");
const HOLD_SECONDS = 900;
const TICKET_SECRET = "ticket-signing-secret-of-the-mail-tests-0123456789";
const ORIGIN = "https://travesia.test";

let sink: SmtpSink;
/** The checkout harness, with its database and the day's sailings both ways. */
let fixture: CheckoutHarness & { db: Database; outbound: SailingView[]; inbound: SailingView[] };
let runner: JobRunner;
/** The job runner's clock: the sweep test moves it past a hold. */
let runnerNow = NOW;

beforeAll(async () => {
  sink = await startSmtpSink();
  const harness = await bootCheckout(NOW, {
    SMTP_URL: sink.url,
    PUBLIC_ORIGIN: ORIGIN,
    TICKET_SIGNING_SECRET: TICKET_SECRET,
    CART_HOLD_SECONDS: String(HOLD_SECONDS),
  });
  const db = harness.runtime.database.db;
  await materializeSailings(db, { from: DAY, to: addDays(DAY, 3), now: NOW });
  fixture = {
    ...harness,
    db,
    outbound: await findDaySailings(db, [CROSSING_TO_ISLA], DAY, NOW),
    inbound: await findDaySailings(db, [CROSSING_TO_CANCUN], DAY, NOW),
  };
  runner = createJobRunner({
    db: fixture.db,
    logger: createLogger("silent"),
    handlers: jobHandlers(fixture.runtime.services),
    now: () => runnerNow,
  });
});

afterAll(async () => {
  await fixture?.runtime.database.close();
  fixture?.runtime.services.mailer.close();
  await sink?.close();
});

const services = () => fixture.runtime.services;
const cartContext = (): CartContext => ({ siteCode: "travesia", language: "es", now: NOW, holdSeconds: HOLD_SECONDS });

/** Places a round trip for two adults and a child, in Spanish; returns the booking and its provider page. */
async function placeRoundTrip(sailing: number) {
  const out = fixture.outbound[sailing]!;
  const back = fixture.inbound.at(-1)!;
  const { sessionId } = await addToCart(
    fixture.db,
    {
      sessionId: null,
      currency: "USD",
      item: {
        type: "ferry",
        crossing: CROSSING_TO_ISLA_CODE,
        trip: "round_trip",
        date: out.serviceDate,
        returnDate: back.serviceDate,
        outboundSailingId: out.id,
        inboundSailingId: back.id,
        category: "tourist",
        passengers: { adult: 2, child: 1, infant: 0 },
      },
    },
    cartContext(),
  );
  const placed = await placeBooking(checkoutDeps(services()), placingInput(sessionId, { language: "es" }));
  if (placed.kind !== "redirect") throw new Error("expected a redirect to the provider");
  return {
    ...placed,
    intentId: intentIdOf(placed.url),
    cookie: `travesia_booking=${placed.reference}.${guestSecretOf(GUEST_SECRET, placed.bookingId)}`,
  };
}

/** Pays by card and lets the buyer's return (the thank-you loader) and the provider's webhook confirm at the same time. */
async function payAndConfirmTwice(placed: Awaited<ReturnType<typeof placeRoundTrip>>) {
  await fixture.provider.authorizePayment(placed.intentId, {
    cardToken: "tok_test_4242",
    idempotencyKey: `mail-${placed.intentId}`,
  });
  const context = new RouterContextProvider();
  context.set(servicesContext, services());
  const returnPage = loadThankYou(
    new Request(`http://site.test/es/carrito/gracias/?booking=${placed.reference}&payment_intent=${placed.intentId}`, {
      headers: { Cookie: placed.cookie },
    }),
    context,
    "es",
  );
  const [authorized] = await findEvents(fixture.db, placed.intentId);
  const delivery = webhookDelivery(authorized!, SANDBOX_TEST_WEBHOOK_SECRET, NOW);
  const webhook = fixture.app.request("/api/payments/webhook", {
    method: "POST",
    headers: delivery.headers,
    body: delivery.body,
  });
  const [page, hook] = await Promise.all([returnPage, webhook]);
  expect(page.data.status).toBe("ticketed");
  expect(hook.status).toBe(200);
  // The order the personalization tracker reports from the thank-you page, in the booking's terms.
  const order = page.data.order;
  if (!order) throw new Error("a paid booking reports its order");
  expect(order.total.currency).toBe(order.lines[0]?.total.currency);
  expect(TrackingEvent.safeParse(orderEventOf({ reference: placed.reference, ...order })).success).toBe(true);
}

const mailsOf = (reference: string): ReceivedMail[] => sink.messages.filter((mail) => mail.subject.includes(reference));

async function eventReasons(bookingId: string): Promise<string[]> {
  const rows = await fixture.db
    .select({ reason: bookingEvents.reason })
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, bookingId));
  return rows.map((row) => row.reason);
}

/** What the manage-booking page's loader shows at `location` to the browser holding `cookie`. */
async function manageBookingPage(location: string, cookie: string): Promise<ManageBookingData> {
  const context = new RouterContextProvider();
  context.set(servicesContext, services());
  context.set(requestContext, {
    requestId: "test",
    logger: createLogger("silent"),
    nonce: "n",
    clientAddress: "127.0.0.1",
    country: null,
    site: await findSiteConfig(fixture.db, "travesia"),
  });
  const answer = await loadManageBooking(
    new Request(`http://site.test${location}`, { headers: { Cookie: cookie } }),
    context,
    "es",
  );
  return answer.data;
}

let paid: Awaited<ReturnType<typeof placeRoundTrip>>;

describe("the tickets' e-mail", () => {
  it("is sent once when the return page and the webhook confirm at once, to the buyer, in the booking's language, with a PDF whose QR codes verify and a calendar file", async () => {
    paid = await placeRoundTrip(1);
    await payAndConfirmTwice(paid);
    const queued = await fixture.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, SEND_BOOKING_EMAIL), sql`${jobs.payload}->>'bookingId' = ${paid.bookingId}`));
    expect(queued).toHaveLength(1);
    expect(await runner.runDue()).toMatchObject({ completed: expect.any(Number), retried: 0, failed: 0 });

    const mails = mailsOf(paid.reference);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toEqual(["ana@example.com"]);
    expect(mail.recipients).toEqual(["ana@example.com"]);
    expect(mail.subject).toBe(`Tus boletos Travesía · reserva ${paid.reference}`);
    expect(mail.text).toContain(
      `${ORIGIN}/es/carrito/mi-reserva/?ref=${paid.reference}&key=${guestSecretOf(GUEST_SECRET, paid.bookingId)}`,
    );
    expect(mail.text).toContain("Visa •••• 4242");
    // "US$" names the dollar already: no "US$240.45 USD".
    expect(mail.text).toMatch(/US\$[\d,]+\.\d{2}\n/);
    expect(mail.text).not.toMatch(/US\$[\d,]+\.\d{2} USD/);

    const pdf = mail.attachments.find((attachment) => attachment.filename === `travesia-${paid.reference}.pdf`);
    expect(pdf?.contentType).toBe("application/pdf");
    const issued = await findTickets(fixture.db, paid.bookingId);
    expect(issued).toHaveLength(6);
    const scanned = decodePdfQrs(pdf!.content, 72).map((payload) => verifyTicketCode(TICKET_SECRET, payload!));
    expect(scanned.sort()).toEqual(issued.map((ticket) => ticket.code).sort());

    const calendar = mail.attachments.find((attachment) => attachment.contentType === "text/calendar");
    expect(calendar?.filename).toBe(`travesia-${paid.reference}.ics`);
    expect(calendar!.content.toString("utf8").match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect((await eventReasons(paid.bookingId)).filter((reason) => reason.startsWith("email_sent"))).toEqual([
      "email_sent:confirmation",
    ]);

    // Confirming again (a late reload of the return page) queues nothing more.
    expect((await confirmPayment(checkoutDeps(services()), paid.intentId)).kind).toBe("ticketed");
    await runner.runDue();
    expect(mailsOf(paid.reference)).toHaveLength(1);
  });

  it("says the product, the months without interest and the manage link in the buyer's language, with the activity day in the calendar", async () => {
    const { sessionId, lineId } = await addToCart(
      fixture.db,
      {
        sessionId: null,
        currency: "MXN",
        item: {
          type: "activity",
          productId: 1945,
          date: addDays(DAY, 1),
          category: "tourist",
          passengers: { adult: 2, child: 0, infant: 0 },
        },
      },
      cartContext(),
    );
    const placed = await placeBooking(
      checkoutDeps(services()),
      placingInput(sessionId, {
        language: "pt",
        instalmentMonths: 12,
        passengerNames: { [lineId]: ["Conceição Araújo", "João Araújo"] },
      }),
    );
    if (placed.kind !== "redirect") throw new Error("expected a redirect to the provider");
    const intentId = intentIdOf(placed.url);
    await fixture.provider.authorizePayment(intentId, {
      cardToken: "tok_test_0015",
      idempotencyKey: `mail-${intentId}`,
    });
    expect((await confirmPayment(checkoutDeps(services()), intentId)).kind).toBe("ticketed");
    await runner.runDue();

    const [mail] = mailsOf(placed.reference);
    expect(mail!.subject).toBe(`Seus bilhetes Travesía · reserva ${placed.reference}`);
    expect(mail!.text).toContain("MasterCard •••• 0015 · 12 meses sem juros");
    expect(mail!.text).toMatch(/\$[\d,]+\.\d{2} MXN/);
    expect(mail!.text).toContain(`${ORIGIN}/pt/carrito/minha-reserva/?ref=${placed.reference}&key=`);
    const [product] = await findProducts(fixture.db, "pt", { ids: [1945], withComplements: false });
    expect(mail!.text).toContain(product!.name);
    const calendar = mail!.attachments
      .find((attachment) => attachment.contentType === "text/calendar")!
      .content.toString("utf8");
    expect(calendar.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    // The day's opening time at the pier (America/Cancun, UTC−5) as a UTC instant.
    expect(calendar).toMatch(new RegExp(`DTSTART:${addDays(DAY, 1).replaceAll("-", "")}T1\\d{3}00Z`));
  });

  it("goes out again after a date change, in the booking's language, with the new tickets and a calendar file that updates the same events", async () => {
    const placed = await placeRoundTrip(2);
    await payAndConfirmTwice(placed);
    await runner.runDue();
    const [first] = mailsOf(placed.reference);
    const calendarOf = (mail: ReceivedMail) =>
      mail.attachments.find((attachment) => attachment.contentType === "text/calendar")!.content.toString("utf8");
    const uidsOf = (ics: string) => [...ics.matchAll(/^UID:(.+)$/gm)].map((match) => match[1]!.trim()).sort();
    const sequencesOf = (ics: string) => [...ics.matchAll(/^SEQUENCE:(\d+)/gm)].map((match) => Number(match[1]));
    expect(sequencesOf(calendarOf(first!)).every((sequence) => sequence === 0)).toBe(true);

    const newDay = addDays(DAY, 2);
    const [there, back] = [
      await findDaySailings(fixture.db, [CROSSING_TO_ISLA], newDay, NOW),
      await findDaySailings(fixture.db, [CROSSING_TO_CANCUN], newDay, NOW),
    ];
    const [line] = await findBookingLines(fixture.db, placed.bookingId);
    const moved = await changeBookingDate(
      { db: fixture.db },
      {
        bookingId: placed.bookingId,
        lineId: line!.id,
        newDate: newDay,
        outboundSailingId: there[1]!.id,
        inboundSailingId: back.at(-1)!.id,
      },
      NOW,
    );
    expect(moved.changed).toBe(true);
    expect(await runner.runDue()).toMatchObject({ retried: 0, failed: 0 });

    const mails = mailsOf(placed.reference);
    expect(mails).toHaveLength(2);
    const changed = mails[1]!;
    expect(changed.subject).toBe(`Nueva fecha, nuevos boletos · reserva Travesía ${placed.reference}`);
    expect(changed.text).toContain("Cambiamos la fecha de tu reserva");
    const pdf = changed.attachments.find((attachment) => attachment.filename === `travesia-${placed.reference}.pdf`);
    expect(decodePdfQrs(pdf!.content, 72)).toHaveLength(6);
    const updated = calendarOf(changed);
    expect(uidsOf(updated)).toEqual(uidsOf(calendarOf(first!)));
    expect(sequencesOf(updated)).toEqual([1, 1]);
    expect(updated).toContain(`DTSTART:${newDay.replaceAll("-", "")}T`);
    expect((await eventReasons(placed.bookingId)).filter((reason) => reason.startsWith("email_sent"))).toEqual([
      "email_sent:confirmation",
      "email_sent:date_changed",
    ]);
  });

  it("is resent on the buyer's request, at most three times an hour", async () => {
    const resend = (headers: Record<string, string>, query = "") =>
      fixture.app.request(`/api/bookings/${paid.reference}/resend${query}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: "",
      });

    const fromPage = await resend({ Cookie: paid.cookie, Referer: `${ORIGIN}/es/carrito/mi-reserva/` });
    expect(fromPage.status).toBe(303);
    expect(fromPage.headers.get("Location")).toBe(`/es/carrito/mi-reserva/?ref=${paid.reference}&resent=1`);
    expect(await manageBookingPage(fromPage.headers.get("Location")!, paid.cookie)).toMatchObject({
      kind: "booking",
      notice: "email-resent",
      resendError: null,
    });
    await runner.runDue();
    const mails = mailsOf(paid.reference);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.attachments.map((attachment) => attachment.filename)).toContain(`travesia-${paid.reference}.pdf`);
    // The page's history says what was done, not a status twice: ticketed, mailed, resend asked, mailed again.
    const page = await manageBookingPage(`/es/carrito/mi-reserva/?ref=${paid.reference}`, paid.cookie);
    if (page.kind !== "booking") throw new Error("expected the booking");
    expect(
      page.booking.history.map((entry) => (entry.kind === "status" ? entry.status : entry.kind)).slice(-4),
    ).toEqual(["ticketed", "email_sent", "resend_requested", "email_sent"]);

    const json = { Accept: "application/json" };
    const byLink = await resend(json, `?key=${guestSecretOf(GUEST_SECRET, paid.bookingId)}`);
    expect(byLink.status).toBe(202);
    expect(await byLink.json()).toEqual({ queued: true });
    expect((await resend({ ...json, Cookie: paid.cookie })).status).toBe(202);

    const refused = await resend({ ...json, Cookie: paid.cookie });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("RESEND_LIMIT");
    // A form gets the booking's page back in the booking's language, whichever page it came from.
    const refusedForm = await resend({
      Cookie: paid.cookie,
      Referer: `${ORIGIN}/en/carrito/my-booking/?ref=${paid.reference}`,
    });
    expect(refusedForm.status).toBe(303);
    expect(refusedForm.headers.get("Location")).toBe(
      `/es/carrito/mi-reserva/?ref=${paid.reference}&error=RESEND_LIMIT`,
    );
    expect(await manageBookingPage(refusedForm.headers.get("Location")!, paid.cookie)).toMatchObject({
      kind: "booking",
      notice: null,
      resendError: "RESEND_LIMIT",
    });

    const strangerCookie = `travesia_booking=${paid.reference}.${"x".repeat(22)}`;
    const stranger = await resend({ ...json, Cookie: strangerCookie });
    expect(stranger.status).toBe(404);
    expect(((await stranger.json()) as { error: { code: string } }).error.code).toBe("BOOKING_NOT_FOUND");
    // Without access the booking's language is not told either: the page the form came from decides.
    const strangerForm = await resend({ Cookie: strangerCookie, Referer: `${ORIGIN}/pt/carrito/minha-reserva/` });
    expect(strangerForm.headers.get("Location")).toBe(
      `/pt/carrito/minha-reserva/?ref=${paid.reference}&error=BOOKING_NOT_FOUND`,
    );

    await runner.runDue();
    expect(mailsOf(paid.reference)).toHaveLength(4);
    expect((await eventReasons(paid.bookingId)).filter((reason) => reason === "resend_requested")).toHaveLength(3);
  });
});

describe("GET /api/bookings/:ref/tickets.pdf", () => {
  const download = (reference: string, headers: Record<string, string> = {}, query = "") =>
    fixture.app.request(`/api/bookings/${reference}/tickets.pdf${query}`, { headers });

  it("gives the buyer the PDF with the booking cookie or the link's key", async () => {
    for (const response of [
      await download(paid.reference, { Cookie: paid.cookie }),
      await download(paid.reference, {}, `?key=${guestSecretOf(GUEST_SECRET, paid.bookingId)}`),
    ]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="travesia-${paid.reference}.pdf"`);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }
  });

  it("answers 404 BOOKING_NOT_FOUND without access, alike for a wrong key and a reference that does not exist", async () => {
    const otherCookie = `travesia_booking=ZZZZZZ.${guestSecretOf(GUEST_SECRET, paid.bookingId)}`;
    for (const response of [
      await download(paid.reference),
      await download(paid.reference, {}, "?key=not-the-key-of-this-booking"),
      await download(paid.reference, { Cookie: otherCookie }),
      await download("ZZZZZZ", { Cookie: otherCookie }),
    ]) {
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("BOOKING_NOT_FOUND");
    }
  });

  it("answers 409 BOOKING_STATE for a booking that is not paid yet", async () => {
    const pending = await placeRoundTrip(2);
    const response = await download(pending.reference, { Cookie: pending.cookie });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("BOOKING_STATE");
  });
});

describe("the OpenAPI document", () => {
  it("documents the tickets' download and resend", async () => {
    const doc = (await (await fixture.app.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths["/api/bookings/{ref}/tickets.pdf"] ?? {})).toEqual(["get"]);
    expect(Object.keys(doc.paths["/api/bookings/{ref}/resend"] ?? {})).toEqual(["post"]);
  });
});

describe("the lapsed-booking sweep", () => {
  it("fails an unpaid booking whose hold ran out, frees its seats, and queues its next run a minute later", async () => {
    const sailing = fixture.outbound[3]!;
    const pending = await placeRoundTrip(3);
    expect(await heldOn(fixture.db, sailing.id, NOW)).toBe(3);

    const lapse = new Date(NOW.getTime() + (HOLD_SECONDS + 30) * 1000);
    runnerNow = lapse;
    await scheduleLapsedBookingSweep(fixture.db, lapse);
    // A second node starting in the same minute joins the chain instead of starting another.
    expect(await scheduleLapsedBookingSweep(fixture.db, lapse)).toBeNull();
    await runner.runDue();

    const [booking] = await fixture.db.select().from(bookings).where(eq(bookings.id, pending.bookingId));
    expect(booking!.status).toBe("failed");
    expect(await heldOn(fixture.db, sailing.id, NOW)).toBe(0);
    const runs = await fixture.db.select().from(jobs).where(eq(jobs.name, SWEEP_LAPSED_BOOKINGS)).orderBy(jobs.runAt);
    expect(runs.map((run) => run.state)).toEqual(["done", "pending"]);
    expect(runs[1]!.runAt.getTime() - runs[0]!.runAt.getTime()).toBe(60_000);

    // The next minute's run comes due and queues the one after.
    runnerNow = new Date(runs[1]!.runAt.getTime() + 1_000);
    await runner.runDue();
    const later = await fixture.db
      .select({ state: jobs.state })
      .from(jobs)
      .where(eq(jobs.name, SWEEP_LAPSED_BOOKINGS))
      .orderBy(jobs.runAt);
    expect(later.map((run) => run.state)).toEqual(["done", "done", "pending"]);
  });
});
