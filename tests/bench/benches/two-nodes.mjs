// Two nodes of the production build on one PostgreSQL database behind nginx running
// deploy/nginx/travesia.conf (ADR 0053); BUYERS buyers make the whole purchase through nginx
// (tests/load/journey.mjs) and one node is SIGKILLed once a third of them have booked. The figures:
// paid orders lost (a payment the provider took without a paid or ticketed booking), seats oversold,
// journeys that failed and where, and p95 per step. Skipped when nginx or PostgreSQL is missing.
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { buyerJourney, createRecorder, startTicketMailbox } from "../../load/journey.mjs";
import { freePort } from "../../setup/free-port.mjs";
import { nginxInstalled, startNginx } from "../../setup/nginx.mjs";
import { scratchDatabase, startServer } from "../harness.mjs";

export const name = "two-nodes";
export const title = "Two nodes behind nginx, buyers through both, one node SIGKILLed mid-run";

const BUYERS = Number(process.env.BENCH_BUYERS ?? 250);
/** About eight buyers a day, a few per boat, as `npm run load` spreads them. */
const DAYS = Math.max(1, Math.ceil(BUYERS / 8));
const KILL_BY_SECONDS = 120;

/** Payments the provider authorized or captured whose booking is neither paid nor ticketed. */
const LOST_PAID_ORDERS = `
  select count(*)::int as lost from sandbox_psp_intents i
  join booking_payments p on p.provider_payment_id = i.id
  join bookings b on b.id = p.booking_id
  where i.status in ('authorized', 'captured') and b.status not in ('paid', 'ticketed')`;
/** Sailings with more seats sold or blocked than they carry. */
const OVERSOLD = `
  select count(*)::int as oversold from (
    select s.id from sailings s join seat_allocations a on a.sailing_id = s.id and a.released_at is null and a.state in ('sold', 'blocked')
    group by s.id, s.capacity having sum(a.quantity) > s.capacity) over`;

/** @param {import("../run.mjs").BenchContext} ctx */
export async function run(ctx) {
  if (!nginxInstalled()) return { figures: [], notes: ["Skipped: nginx is not installed (apt-get install -y nginx)."] };
  const database = await scratchDatabase(`bench_nodes_${process.pid}`);
  if (!database) return { figures: [], notes: ["Skipped: no PostgreSQL answers (DATABASE_URL, else 127.0.0.1:5432)."] };
  const mailbox = await startTicketMailbox();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    DATABASE_URL: database.url,
    SMTP_URL: mailbox.url,
    HOLD_LIMIT_PER_ADDRESS: "1000000",
    HOLD_SEATS_PER_ADDRESS_PERCENT: "100",
    HOLD_SEATS_PER_ADDRESS_MAX: "1000000",
    CLIENT_IP_HEADER: "X-Real-IP",
    PUBLIC_ORIGIN: origin,
  };
  /** @type {import("../harness.mjs").BenchServer[]} */
  const nodes = [];
  let nginx;
  const db = new pg.Client({ connectionString: database.url });
  try {
    nodes.push(await startServer({ buildDir: ctx.buildDir, backend: "postgresql", env }));
    nodes.push(await startServer({ buildDir: ctx.buildDir, backend: "postgresql", env }));
    nginx = await startNginx({
      upstreams: nodes.map((node) => node.origin),
      clientRoot: path.join(ctx.buildDir, "client"),
      port,
    });
    await db.connect();
    ctx.log(`  ${BUYERS} buyers through nginx ${origin} → ${nodes.map((node) => node.origin).join(", ")}`);

    const recorder = createRecorder();
    const started = performance.now();
    let killedAt = null;
    const journeys = Promise.all(
      Array.from({ length: BUYERS }, (_, index) =>
        buyerJourney({ origin, index, days: DAYS, recorder, mailbox, mailTimeoutMs: 180_000 }).catch((error) =>
          recorder.fail(error),
        ),
      ),
    );
    // The second node dies, without a chance to finish anything, once a third of the buyers have booked
    // (or, on a machine too busy for that, after KILL_BY_SECONDS with some bookings placed).
    const killer = (async () => {
      for (;;) {
        const { rows } = await db.query("select count(*)::int as booked from bookings");
        const elapsed = (performance.now() - started) / 1000;
        if (rows[0].booked >= BUYERS / 3 || (elapsed > KILL_BY_SECONDS && rows[0].booked > 0)) break;
        await sleep(250);
      }
      nodes[1].kill("SIGKILL");
      killedAt = (performance.now() - started) / 1000;
      ctx.log(`  node 2 SIGKILLed after ${killedAt.toFixed(1)} s`);
    })();
    await journeys;
    await killer;
    const survivor = await fetch(`${nodes[0].origin}/readyz`).then(
      (response) => response.status,
      (error) => String(error?.cause?.code ?? error),
    );
    const nginxErrors = nginx.errorLog().split("\n").filter(Boolean);
    const nginxKinds = ["no live upstreams", "Connection refused", "timed out", "prematurely closed", "reset by peer"]
      .map((kind) => `${kind} ${nginxErrors.filter((line) => line.includes(kind)).length}`)
      .join(", ");
    ctx.log(
      `  the surviving node's /readyz: ${survivor}; nginx error log: ${nginxErrors.length} lines, last: ${nginxErrors.slice(-3).join(" | ")}`,
    );
    const seconds = (performance.now() - started) / 1000;
    // Payments in flight when the node died are confirmed by the survivor's webhook loop: give it time.
    let lost = 0;
    for (let waited = 0; waited < 60; waited += 2) {
      lost = (await db.query(LOST_PAID_ORDERS)).rows[0].lost;
      if (lost === 0) break;
      await sleep(2_000);
    }
    const oversold = (await db.query(OVERSOLD)).rows[0].oversold;
    const { rows } = await db.query(
      "select count(*) filter (where status = 'ticketed')::int as ticketed, count(*)::int as bookings from bookings",
    );
    const completed = BUYERS - recorder.failures.length;
    const failedSteps = Object.entries(
      recorder.failures.reduce(
        (counts, failure) => ({ ...counts, [failure.split(":")[0]]: (counts[failure.split(":")[0]] ?? 0) + 1 }),
        /** @type {Record<string, number>} */ ({}),
      ),
    )
      .map(([step, count]) => `${step} ${count}`)
      .join(", ");
    const figures = [
      { label: "paid orders lost", value: lost, unit: "orders" },
      { label: "sailings oversold", value: oversold, unit: "sailings" },
      { label: "journeys completed, tickets mailed", value: completed, unit: `of ${BUYERS}` },
      { label: "bookings ticketed", value: rows[0].ticketed, unit: `of ${rows[0].bookings} placed` },
      ...recorder
        .summary()
        .filter((row) => row.p95 !== null)
        .map((row) => ({ label: `p95 ${row.step} (${row.count})`, value: Math.round(row.p95 ?? 0), unit: "ms" })),
    ];
    return {
      backend: "postgresql",
      figures,
      notes: [
        `${BUYERS} buyers in ${seconds.toFixed(1)} s; node 2 SIGKILLed at ${killedAt?.toFixed(1)} s (after ${Math.ceil(BUYERS / 3)} bookings or ${KILL_BY_SECONDS} s); nginx 1 worker in front (deploy/nginx/travesia.conf).`,
        `${recorder.serverErrors.length} answers of 500 or more (a request in flight on the killed node answers 502), ${recorder.failures.length} failed journeys${failedSteps ? ` (${failedSteps})` : ""}, ${recorder.busy.length} busy refusals waited out, ${recorder.reloads} thank-you reloads, ${recorder.retriedAfterNodeLoss.length} steps sent again after nginx's 502 for the dead node.`,
        `nginx error log: ${nginxErrors.length} lines (${nginxKinds}).`,
        ...recorder.failures.slice(0, 5).map((failure) => `failed: ${failure.slice(0, 200)}`),
      ],
    };
  } finally {
    await db.end().catch(() => {});
    await nginx?.stop();
    for (const node of nodes) await node.stop().catch(() => {});
    await mailbox.close();
    await database.drop().catch(() => {});
  }
}
