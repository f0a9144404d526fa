// Overload (ADR 0053): one node with admission control at its defaults. First the rate it sustains on
// an anonymous page (OVERLOAD_PAGE) with as many connections as it admits; then four times that rate for
// OVERLOAD_SECONDS while BUYERS_IN_PROGRESS buyers make their purchase. Figures: the admitted answers'
// p99, the slowest refusal, how many were refused, and the purchases completed.
import autocannon from "autocannon";
import { buyerJourney, createRecorder, startTicketMailbox } from "../../load/journey.mjs";
import { percentile } from "../figures.mjs";
import { BENCH_METRICS_TOKEN, scratchDatabase, startServer } from "../harness.mjs";

export const name = "overload";
export const title = "Four times the sustainable rate: admitted p99, refusal times, purchases in progress";

const PAGE = process.env.OVERLOAD_PAGE ?? "/en/faqs/";
const OVERLOAD_SECONDS = Number(process.env.OVERLOAD_SECONDS ?? 20);
const BUYERS_IN_PROGRESS = 20;

/**
 * autocannon at `rate` requests per second (or as fast as `connections` go), every answer's time kept by status.
 * @returns {Promise<{ byStatus: Map<number, number[]>; errors: number; timeouts: number; average: number }>}
 */
function drive({ url, connections, seconds, rate }) {
  /** @type {Map<number, number[]>} */
  const byStatus = new Map();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration: seconds, timeout: 10, ...(rate ? { overallRate: rate } : {}) },
      (error, result) => {
        if (error) reject(error);
        else
          resolve({
            byStatus,
            errors: result.errors - result.timeouts,
            timeouts: result.timeouts,
            average: result.requests.average,
          });
      },
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      const list = byStatus.get(status) ?? [];
      list.push(ms);
      byStatus.set(status, list);
    });
  });
}

/** @param {import("../run.mjs").BenchContext} ctx */
export async function run(ctx) {
  const database = await scratchDatabase(`bench_overload_${process.pid}`);
  if (!database) return { figures: [], notes: ["Skipped: no PostgreSQL answers (DATABASE_URL, else 127.0.0.1:5432)."] };
  const mailbox = await startTicketMailbox();
  let server;
  try {
    server = await startServer({
      buildDir: ctx.buildDir,
      backend: "postgresql",
      env: {
        DATABASE_URL: database.url,
        SMTP_URL: mailbox.url,
        HOLD_LIMIT_PER_ADDRESS: "1000000",
        HOLD_SEATS_PER_ADDRESS_PERCENT: "100",
        HOLD_SEATS_PER_ADDRESS_MAX: "1000000",
      },
    });
    const target = `${server.origin}${PAGE}`;
    const metrics = await (
      await fetch(`${server.origin}/metrics`, { headers: { Authorization: `Bearer ${BENCH_METRICS_TOKEN}` } })
    ).text();
    if (!/^admission_in_flight /m.test(metrics)) throw new Error("the server runs without admission control");
    // What it sustains: as many connections as it admits at once, so that nothing is refused.
    await drive({ url: target, connections: 4, seconds: 2 });
    const sustained = await drive({ url: target, connections: 8, seconds: Math.max(5, ctx.seconds / 2) });
    const sustainedOk = sustained.byStatus.get(200) ?? [];
    const sustainableRate = Math.max(1, Math.round(sustained.average));
    ctx.log(
      `  sustainable: ${sustainableRate} req/s, p99 ${Math.round(percentile(sustainedOk, 99))} ms; now ${4 * sustainableRate} req/s for ${OVERLOAD_SECONDS} s`,
    );

    const recorder = createRecorder();
    const purchases = Promise.all(
      Array.from({ length: BUYERS_IN_PROGRESS }, (_, index) =>
        buyerJourney({ origin: server.origin, index, days: 5, recorder, mailbox, mailTimeoutMs: 120_000 }).catch(
          (error) => recorder.fail(error),
        ),
      ),
    );
    const loadBefore = ctx.loadAverage();
    const overload = await drive({
      url: target,
      connections: 200,
      seconds: OVERLOAD_SECONDS,
      rate: 4 * sustainableRate,
    });
    const loadAfter = ctx.loadAverage();
    await purchases;
    const admitted = overload.byStatus.get(200) ?? [];
    const refused = overload.byStatus.get(503) ?? [];
    const other = [...overload.byStatus]
      .filter(([status]) => status !== 200 && status !== 503)
      .map(([status, list]) => `${status}×${list.length}`);
    const round = (/** @type {number} */ ms) => (Number.isFinite(ms) ? Math.round(ms) : 0);
    return {
      backend: "postgresql",
      figures: [
        { label: `sustainable rate, ${PAGE}`, value: sustainableRate, unit: "req/s" },
        {
          label: "admitted p99 at 4× the rate",
          value: round(percentile(admitted, 99)),
          unit: "ms",
          baseline: { label: "p99 at the sustainable rate", value: round(percentile(sustainedOk, 99)), unit: "ms" },
        },
        { label: "admitted answers", value: admitted.length, unit: "answers" },
        { label: "refused (503, Retry-After)", value: refused.length, unit: "answers" },
        { label: "slowest refusal", value: round(Math.max(0, ...refused)), unit: "ms" },
        { label: "refusal p99", value: round(percentile(refused, 99)), unit: "ms" },
        {
          label: "purchases in progress completed",
          value: BUYERS_IN_PROGRESS - recorder.failures.length,
          unit: `of ${BUYERS_IN_PROGRESS}`,
        },
      ],
      notes: [
        `Offered ${4 * sustainableRate} req/s for ${OVERLOAD_SECONDS} s with up to 200 connections (autocannon, same machine); ${other.length ? `other answers ${other.join(", ")}; ` : ""}${overload.timeouts} timeouts, ${overload.errors} connection errors.`,
        `Load average before/after the overload: ${loadBefore} / ${loadAfter} (2 cores, shared with other work).`,
        `Buyers: ${recorder.busy.length} busy refusals waited out (steps: ${[...new Set(recorder.busy.map((entry) => entry.step))].join(", ") || "none"}), ${recorder.failures.length} failed${recorder.failures.length ? `: ${recorder.failures.slice(0, 3).join("; ").slice(0, 300)}` : ""}.`,
        ...recorder
          .summary()
          .filter((row) => row.p95 !== null)
          .map((row) => `buyer step ${row.step}: p95 ${Math.round(row.p95 ?? 0)} ms (${row.count})`),
      ],
    };
  } finally {
    await server?.stop().catch(() => {});
    await mailbox.close();
    await database.drop().catch(() => {});
  }
}
