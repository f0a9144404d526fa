// The load's sample in the server tier (the 250-buyer run is `npm run load`): 8
// buyers at once make the whole purchase against the production build on PostgreSQL — no answer of
// 500 or more, every journey ends with the tickets' e-mail, one ticketed booking per buyer.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../setup/built-server.ts";
import { connect, createTestDatabase, type TestDatabase } from "../setup/pg.ts";
import { formatSummary, runBuyers, startTicketMailbox, type TicketMailbox } from "./journey.mjs";

// Eight at once still overlap every step (the pool, the sandbox, the mail job) while leaving the two
// cores to the e2e tier that runs beside this one; `npm run load` is the 250-buyer run.
const BUYERS = 8;

let testDb: TestDatabase;
let mailbox: TicketMailbox;
let server: BuiltServer;

beforeAll(async () => {
  testDb = await createTestDatabase();
  mailbox = await startTicketMailbox();
  server = await startBuiltServer({ DATABASE_URL: testDb.url, SMTP_URL: mailbox.url, LOG_LEVEL: "warn" }, 60_000);
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
  await testDb?.drop();
});

it(`${BUYERS} buyers at once, home page to tickets e-mail: no server error, every journey completes`, async () => {
  const { recorder, seconds } = await runBuyers({
    origin: server.origin,
    buyers: BUYERS,
    days: 3,
    mailbox,
    mailTimeoutMs: 40_000,
  });
  const summary = formatSummary(recorder, { buyers: BUYERS, seconds });
  expect(recorder.serverErrors, summary).toEqual([]);
  expect(recorder.failures, summary).toEqual([]);
  const db = await connect(testDb.url);
  try {
    const { rows } = await db.query<{ ticketed: number; mails: number }>(
      "select (select count(*)::int from bookings where status = 'ticketed') as ticketed, (select count(*)::int from jobs where name = 'send-booking-email') as mails",
    );
    expect(rows[0]).toEqual({ ticketed: BUYERS, mails: BUYERS });
  } finally {
    await db.end();
  }
  // The server log of the run has no error either (a 5xx the journey missed, a failed job).
  expect(server.logs.filter((line) => line.level === "error" || line.level === "fatal")).toEqual([]);
}, 60_000);
