// `npm run load`: LOAD_BUYERS (250) simulated buyers at once, each making the whole
// purchase (tests/load/journey.mjs), against the production build on PostgreSQL (DATABASE_URL's server,
// else 127.0.0.1:5432; a database of its own, dropped after). Prints p50/p95/slowest per step and the
// count of server errors; exits non-zero on any 5xx, any failed journey, or when the database does not
// show one ticketed booking and one tickets e-mail per buyer.
import path from "node:path";
import pg from "pg";
import { startServer } from "../bench/harness.mjs";
import { ensureBuild } from "../setup/ensure-build.mjs";
import { postgresAnswers } from "../setup/pg-answers.mjs";
import { formatSummary, runBuyers, startTicketMailbox } from "./journey.mjs";

const BUYERS = Number(process.env.LOAD_BUYERS ?? 250);
/** Days the buyers spread over: about eight buyers per day's boats, a few per boat. */
const DAYS = Math.max(1, Math.ceil(BUYERS / 8));
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

if (!(await postgresAnswers(adminUrl))) {
  process.stderr.write(`No PostgreSQL server answers at ${adminUrl}: the load runs on PostgreSQL only.\n`);
  process.exit(1);
}
const buildDir = path.resolve(ensureBuild());
const name = `load_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const mailbox = await startTicketMailbox();

let exitCode = 1;
try {
  const server = await startServer({
    buildDir,
    backend: "postgresql",
    env: {
      DATABASE_URL: url.toString(),
      SMTP_URL: mailbox.url,
      HOLD_LIMIT_PER_ADDRESS: "1000000",
      HOLD_SEATS_PER_ADDRESS_PERCENT: "100",
      HOLD_SEATS_PER_ADDRESS_MAX: "1000000",
    },
  });
  try {
    process.stdout.write(`${BUYERS} buyers against ${server.origin} (PostgreSQL ${name})…\n`);
    const { recorder, seconds } = await runBuyers({
      origin: server.origin,
      buyers: BUYERS,
      days: DAYS,
      mailbox,
      mailTimeoutMs: 300_000,
    });
    process.stdout.write(`\n${formatSummary(recorder, { buyers: BUYERS, seconds })}\n`);
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const { rows } = await db.query(
      `select (select count(*)::int from bookings where status = 'ticketed') as ticketed,
              (select count(*)::int from jobs where name = 'send-booking-email') as mails`,
    );
    await db.end();
    const { ticketed, mails } = rows[0];
    process.stdout.write(`database: ${ticketed} ticketed bookings, ${mails} tickets e-mails queued\n`);
    const complete = ticketed === BUYERS && mails === BUYERS;
    exitCode = recorder.serverErrors.length === 0 && recorder.failures.length === 0 && complete ? 0 : 1;
  } finally {
    await server.stop();
  }
} finally {
  await mailbox.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  await admin.end();
}
process.exit(exitCode);
