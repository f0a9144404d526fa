// A crash after the tickets' e-mail left, on PostgreSQL with a real SMTP server (ADR 0049): the job
// runs again on another runner once its lease lapses, and the buyer gets the e-mail once. The crash
// window that remains (the server accepted the message, `sent` not yet written) sends it again with
// the same Message-ID, but only once nothing can still be sending it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart } from "../flows/cart.ts";
import { SEND_BOOKING_EMAIL } from "../flows/booking-email.ts";
import { checkoutDeps } from "../flows/checkout-deps.ts";
import { fixedClock } from "../lib/clock.ts";
import { createLogger } from "../lib/logger.ts";
import { createJobRunner, jobs, type JobContext } from "../modules/jobs/index.ts";
import { MAIL_IN_FLIGHT_MS, mailSends, mailerOnce, type MailMessage } from "../modules/mail/index.ts";
import { buyWithCard } from "../tests/factories/checkout.ts";
import { createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";
import { inProcessPaymentProvider, sailingsOfDay } from "../tests/setup/race-server.ts";
import { startSmtpSink, type SmtpSink } from "../tests/setup/smtp-sink.ts";
import { boot, type Runtime } from "./boot.ts";
import { jobHandlers } from "./jobs.ts";

const LEASE_MS = 60_000;
const clock = fixedClock(new Date());
const logger = createLogger("silent");
let testDb: TestDatabase;
let runtime: Runtime;
let sink: SmtpSink;

beforeAll(async () => {
  testDb = await createTestDatabase();
  sink = await startSmtpSink();
  runtime = await boot(
    { DATABASE_URL: testDb.url, DATABASE_POOL_SIZE: "4", LOG_LEVEL: "silent", NODE_ENV: "test", SMTP_URL: sink.url },
    { logger },
  );
  runtime.services.clock = clock;
  runtime.services.payments = inProcessPaymentProvider(runtime).provider;
}, 60_000);

afterAll(async () => {
  runtime?.services.mailer.close();
  await runtime?.database.close();
  await sink?.close();
  await testDb?.drop();
});

const db = () => runtime.database.db;

/** A paid booking on a sailing two days ahead: its tickets' e-mail job is queued with the ticketing. */
async function paidBooking(email: string): Promise<number> {
  const { crossing, sailings } = await sailingsOfDay(runtime, 2, clock.now(), "es");
  const sailing = sailings[1]!;
  const item = {
    type: "ferry" as const,
    crossing: crossing.code,
    trip: "one_way" as const,
    date: sailing.serviceDate,
    returnDate: null,
    outboundSailingId: sailing.id,
    inboundSailingId: null,
    category: "tourist" as const,
    passengers: { adult: 1, child: 0, infant: 0 },
  };
  const { sessionId } = await addToCart(
    db(),
    { sessionId: null, currency: "MXN", item },
    { siteCode: "travesia", language: "es", now: clock.now(), holdSeconds: 900 },
  );
  // The app's own checkout deps: ticketing queues the tickets' e-mail.
  const deps = checkoutDeps(runtime.services, clock.now());
  await buyWithCard(deps, runtime.services.payments, sessionId, {
    buyer: { name: "Marisol Canché", email, phone: "+52 998 123 4567", country: "MX", acceptTerms: true },
  });
  const [job] = await db().select().from(jobs).where(eq(jobs.name, SEND_BOOKING_EMAIL));
  return job!.id;
}

describe("the tickets' e-mail after a crash", () => {
  it("is sent once when the job runs again after its lease lapsed", async () => {
    const email = "marisol.crash@example.com";
    const jobId = await paidBooking(email);
    // The job is due at the database's now(), which the fixed clock has fallen behind.
    clock.set(new Date(Date.now() + 1000));
    const send = jobHandlers(runtime.services)[SEND_BOOKING_EMAIL]!;
    // The first runner sends the mail, then its process dies before the job is marked done: the
    // handler never settles and its heartbeat stops.
    const dying = createJobRunner({
      db: db(),
      logger,
      now: clock.now,
      leaseMs: LEASE_MS,
      heartbeatMs: 3_600_000,
      handlers: {
        [SEND_BOOKING_EMAIL]: async (payload, context) => (await send(payload, context), new Promise<void>(() => {})),
      },
    });
    void dying.runDue();
    await sink.waitFor((mail) => mail.recipients.includes(email), 15_000);

    clock.advance(LEASE_MS + 1000);
    const survivor = createJobRunner({
      db: db(),
      logger,
      now: clock.now,
      leaseMs: LEASE_MS,
      handlers: { [SEND_BOOKING_EMAIL]: send },
    });
    expect(await survivor.runDue()).toMatchObject({ completed: 1, retried: 0, failed: 0 });
    const [job] = await db().select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ state: "done", attempts: 2 });
    // Time for a second message to arrive, if one had been sent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.messages.filter((mail) => mail.recipients.includes(email))).toHaveLength(1);
    const [record] = await db()
      .select()
      .from(mailSends)
      .where(eq(mailSends.key, `job:${jobId}:booking-confirmation:${email}`));
    expect(record).toMatchObject({ state: "sent" });
    expect(sink.messages.find((mail) => mail.recipients.includes(email))!.headers["message-id"]).toBe(
      record!.messageId,
    );
  });
});

describe("the crash window: accepted by the server, not yet recorded as sent", () => {
  const context = { id: 999_001 } as JobContext;
  const message = (to: string): MailMessage => ({
    to,
    subject: "Tus boletos",
    text: "Hola",
    html: "<p>Hola</p>",
    language: "es",
    tag: "booking-confirmation",
  });
  const once = () =>
    mailerOnce(db(), runtime.services.mailer, {
      scope: `job:${context.id}`,
      from: runtime.services.config.MAIL_FROM,
      now: clock.now,
    });

  it("is not sent again while another attempt may still be sending it, and is sent again with the same Message-ID after", async () => {
    const to = "window@example.com";
    const key = `job:${context.id}:booking-confirmation:${to}`;
    await db().insert(mailSends).values({
      key,
      messageId: "<fixed-id-of-the-window@travesia.example>",
      state: "sending",
      startedAt: clock.now(),
    });
    await expect(once().send(message(to))).rejects.toMatchObject({ name: "MailInFlight" });
    clock.advance(MAIL_IN_FLIGHT_MS + 1000);
    await once().send(message(to));
    const arrived = await sink.waitFor((mail) => mail.recipients.includes(to));
    expect(arrived.headers["message-id"]).toBe("<fixed-id-of-the-window@travesia.example>");
    // Now recorded: never again.
    await once().send(message(to));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages.filter((mail) => mail.recipients.includes(to))).toHaveLength(1);
  });
});
