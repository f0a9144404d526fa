// Overload (ADR 0053, ADR 0078): one node with admission control at its defaults, fed what its page cache
// cannot absorb. A sale-day crowd that already chose a currency (its currency cookies make every page
// personal: never answered from the shared cache) searches routes & schedules in the three languages,
// beside the sailings API asked for distinct days (an API answer is never cached). First the rate that
// mix sustains with as many connections as the node admits; then four times that rate for
// OVERLOAD_SECONDS while BUYERS_IN_PROGRESS buyers make their purchase, and a prober that checks what a
// refusal says (a page in the visitor's language, a coded JSON 503, Retry-After on both). Figures: the
// admitted answers' p99, the refusals' p99 and slowest, how many were refused, the purchases completed.
// The latencies twice: as the load tool timed its own requests (its process is as busy as the server,
// and its late clock shows in every figure) and as the prober, a visitor on a connection of its own in
// a process of its own (neither the load tool's nor the buyers'), timed its requests (a sample: one page
// and one API call every 100 ms).
// A crowd's requests come from its own machines; here the load tool shares the server's two cores. At
// the server's CPU priority it took them in the bursts it sends (200 connections opened and their first
// requests sent in the same instant): the front, runnable, waited for a core half of that time, and a
// visitor's refusal waited with it. The load tool therefore runs at a lower priority (niceness
// OVERLOAD_CROWD_NICENESS, default 10; 0 measures the shared cores as they are), in the sustainable run
// as in the overload, and the figures say how many requests it sent, so that a starved load tool shows.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { buyerJourney, createRecorder, startTicketMailbox } from "../../load/journey.mjs";
import { operatorDate, percentile, serverTimingMs } from "../figures.mjs";
import { BENCH_METRICS_TOKEN, scratchDatabase, startServer } from "../harness.mjs";
import { answerApart, startApart, startDriver } from "../load-driver.mjs";

export const name = "overload";
export const title = "Four times the sustainable uncached rate: admitted p99, refusal times, purchases in progress";

const OVERLOAD_SECONDS = Number(process.env.OVERLOAD_SECONDS ?? 20);
const CROWD_NICENESS = Number(process.env.OVERLOAD_CROWD_NICENESS ?? 10);
const BUYERS_IN_PROGRESS = 20;
/** What the figures must show (ADR 0053). */
const ADMITTED_P99_MS = 500;
const REFUSAL_MS = 50;

const SEARCH_PAGES = /** @type {const} */ ({
  es: "/es/rutas-horarios/",
  en: "/en/routes-schedules/",
  pt: "/pt/rotas-horarios/",
});
/** A visitor who picked US dollars in the switcher: a personal page, rendered for each request. */
const CURRENCY_COOKIES = "currency=USD; currency_id=1";
/**
 * What every browser in a crowd says it accepts (fetch, and so the prober and the buyers, says it too).
 * Without it the load tool was sent every page uncompressed, four times a browser's bytes, and the
 * front, relaying them, made about 80 full collections of its heap in a run instead of 8.
 */
const BROWSER_ENCODINGS = { "Accept-Encoding": "gzip, deflate, br, zstd" };

/** A search page of `language` for the day `days` ahead. */
function searchPath(/** @type {keyof typeof SEARCH_PAGES} */ language, /** @type {number} */ days) {
  const query = new URLSearchParams({
    trip: "round_trip",
    crossing: "cancun-isla-mujeres",
    date: operatorDate(days),
    return: operatorDate(days + 2),
    adults: String(1 + (days % 3)),
    step: "search",
  });
  return `${SEARCH_PAGES[language]}?${query}`;
}

/** The sailings of the day `days` ahead, as the widget asks the API for them. */
function apiPath(/** @type {keyof typeof SEARCH_PAGES} */ language, /** @type {number} */ days) {
  const query = new URLSearchParams({
    crossing: days % 2 ? "isla-mujeres-cancun" : "cancun-isla-mujeres",
    date: operatorDate(days),
    adults: String(1 + (days % 4)),
    currency: "USD",
    language,
  });
  return `/api/sailings?${query}`;
}

/** Three pages (one per language) and one API call per day, over 40 days: 160 distinct requests. */
function visitorMix() {
  /** @type {{ method: "GET"; path: string; headers: Record<string, string> }[]} */
  const requests = [];
  for (let day = 0; day < 40; day++) {
    const languages = /** @type {const} */ (["es", "en", "pt"]);
    for (const language of languages)
      requests.push({
        method: "GET",
        path: searchPath(language, 3 + day),
        headers: { Cookie: CURRENCY_COOKIES, ...BROWSER_ENCODINGS },
      });
    requests.push({ method: "GET", path: apiPath(languages[day % 3], 3 + day), headers: BROWSER_ENCODINGS });
  }
  return requests;
}

/**
 * What refusals say while the node is overloaded: every 100 ms one page (the languages in turn) and one
 * API call; each 503 is checked for Retry-After, its language and its form (a page for a page, a coded
 * JSON body for the API). Resolves with the counts after `seconds`. Run in a process of its own
 * (`startProber`): in the bench's process, the purchases in progress share its event loop, and a
 * refusal timed there took as long as they kept the loop busy besides. Its own loop's longest delay is
 * reported with the figures, so that a late clock shows.
 * @param {{ origin: string; seconds: number }} options
 */
async function probeRefusals({ origin, seconds }) {
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  // A fresh process's first request sets up its HTTP client: made before the clock starts, as a
  // visitor's browser has long done.
  await fetch(`${origin}/healthz`).then((response) => response.arrayBuffer());
  loopDelay.reset();
  const begun = performance.now();
  const until = begun + seconds * 1000;
  const seen = {
    pages: 0,
    pagesRefused: 0,
    apis: 0,
    apisRefused: 0,
    /** Refusals a worker answered (they carry its Server-Timing header), not the front. */
    byWorker: 0,
    /** How long each refusal the prober got took, from its own clock (one request at a time). */
    /** @type {number[]} */ refusalMs: [],
    /** The slowest refusal: how long it took, and when it was sent (seconds after the prober started). */
    slowestRefusal: { ms: 0, at: 0 },
    /** The slowest refusal of those sent after the overload's first second. */
    slowestRefusalAfterFirstSecondMs: 0,
    /** How long each admitted answer took, the same way. */
    /** @type {number[]} */ admittedMs: [],
    /** Of each admitted answer: its wait for a place at the front, and the worker's time to answer it. */
    /** @type {number[]} */ admittedWaitMs: [],
    /** @type {number[]} */ admittedAppMs: [],
    /** @type {string[]} */ wrong: [],
  };
  const languages = /** @type {const} */ (["es", "en", "pt"]);
  for (let turn = 0; performance.now() < until; turn++) {
    const language = languages[turn % 3];
    const timedFetch = async (/** @type {string} */ url, /** @type {RequestInit} */ init = {}) => {
      const started = performance.now();
      const response = await fetch(url, init);
      const body = await response.text();
      const ms = performance.now() - started;
      if (response.status === 503) {
        if (ms > seen.slowestRefusal.ms) seen.slowestRefusal = { ms, at: (started - begun) / 1000 };
        if (started - begun > 1000)
          seen.slowestRefusalAfterFirstSecondMs = Math.max(seen.slowestRefusalAfterFirstSecondMs, ms);
        seen.refusalMs.push(ms);
      } else if (response.status === 200) {
        seen.admittedMs.push(ms);
        // Where the time went (ADR 0085): the front's wait for a place and the worker's time to answer.
        const timing = response.headers.get("Server-Timing") ?? "";
        seen.admittedWaitMs.push(serverTimingMs(timing, "admission") ?? 0);
        seen.admittedAppMs.push(serverTimingMs(timing) ?? 0);
      }
      return { response, body };
    };
    const [{ response: page, body: pageBody }, { response: api, body: apiBody }] = await Promise.all([
      timedFetch(`${origin}${searchPath(language, 50 + (turn % 20))}`, { headers: { Cookie: CURRENCY_COOKIES } }),
      timedFetch(`${origin}${apiPath(language, 50 + (turn % 20))}`),
    ]);
    seen.pages++;
    seen.apis++;
    for (const answer of [page, api]) if (answer.status === 503 && answer.headers.get("Server-Timing")) seen.byWorker++;
    if (page.status === 503) {
      seen.pagesRefused++;
      const problems = [
        !/^\d+$/.test(page.headers.get("Retry-After") ?? "") && "no Retry-After",
        !(page.headers.get("Content-Type") ?? "").startsWith("text/html") && "not a page",
        !pageBody.includes(`<html lang="${language}"`) && `not in ${language}`,
        page.headers.get("Content-Language") !== language && "Content-Language",
      ].filter(Boolean);
      if (problems.length) seen.wrong.push(`page ${language}: ${problems.join(", ")}`);
    } else if (page.status !== 200) seen.wrong.push(`page ${language} answered ${page.status}`);
    if (api.status === 503) {
      seen.apisRefused++;
      const problems = [
        !/^\d+$/.test(api.headers.get("Retry-After") ?? "") && "no Retry-After",
        !apiBody.includes('"SERVER_BUSY"') && "no SERVER_BUSY code",
        api.headers.get("Content-Language") !== language && "Content-Language",
      ].filter(Boolean);
      if (problems.length) seen.wrong.push(`api ${language}: ${problems.join(", ")}`);
    } else if (api.status !== 200) seen.wrong.push(`api ${language} answered ${api.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  loopDelay.disable();
  return { ...seen, loopDelayMaxMs: loopDelay.max / 1e6 };
}

/** The prober's process, started and ready: `run` probes once. */
function startProber() {
  return /** @type {Promise<{ run: (options: { origin: string; seconds: number }) => ReturnType<typeof probeRefusals> }>} */ (
    startApart(fileURLToPath(import.meta.url), "--probe-refusals")
  );
}

answerApart("--probe-refusals", probeRefusals);

/** Refuses to measure a mix the page cache answers: a cached answer carries no Server-Timing header. */
async function assertUncached(/** @type {string} */ origin) {
  for (const { path, headers } of visitorMix().slice(0, 4)) {
    for (let again = 0; again < 2; again++) {
      const response = await fetch(`${origin}${path}`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      if (!response.headers.get("Server-Timing")) throw new Error(`${path} was answered from the page cache`);
    }
  }
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
    const origin = server.origin;
    const metrics = await (
      await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${BENCH_METRICS_TOKEN}` } })
    ).text();
    const places = Number(/^admission_places\{class="visitor"\} (\d+)/m.exec(metrics)?.[1] ?? 0);
    if (places === 0) throw new Error("the server runs without admission control");
    await assertUncached(origin);
    // What it sustains: as many connections as it has places for visitors, so that nothing waits or is
    // refused. More would measure the gate: a refused connection asks again at once, and a storm of
    // refusals takes the cores the renders need.
    // The crowd's load tool, in a process of its own at its lower priority, started before its clock.
    const startCrowd = () => startDriver({ niceness: CROWD_NICENESS });
    const crowdDrive = async (/** @type {import("../load-driver.mjs").DriveOptions} */ options) =>
      (await startCrowd()).run(options);
    await crowdDrive({ origin, connections: places, seconds: 2, requests: visitorMix() });
    const sustainedSeconds = Math.max(5, ctx.seconds / 2);
    const sustained = await crowdDrive({
      origin,
      connections: places,
      seconds: sustainedSeconds,
      requests: visitorMix(),
    });
    const sustainedOk = sustained.byStatus.get(200) ?? [];
    const sustainedRefused = sustained.byStatus.get(503)?.length ?? 0;
    // Answers served, not requests answered: a refusal is quick, and counting it would make "four times"
    // the rate a multiple of what the gate turned away rather than of what the machine renders.
    const sustainableRate = Math.max(1, Math.round(sustainedOk.length / sustainedSeconds));
    ctx.log(
      `  sustainable: ${sustainableRate} req/s, p99 ${Math.round(percentile(sustainedOk, 99))} ms, ${sustainedRefused} refused; now ${4 * sustainableRate} req/s for ${OVERLOAD_SECONDS} s`,
    );

    // The crowd and the prober each from a process of their own, both started before the clock: the
    // prober times the server, not the load tool or the buyers, and neither process's start-up lands
    // in the first second of the overload.
    const [crowd, prober] = await Promise.all([startCrowd(), startProber()]);
    const recorder = createRecorder();
    const purchases = Promise.all(
      Array.from({ length: BUYERS_IN_PROGRESS }, (_, index) =>
        buyerJourney({ origin, index, days: 5, recorder, mailbox, mailTimeoutMs: 120_000 }).catch((error) =>
          recorder.fail(error),
        ),
      ),
    );
    const loadBefore = ctx.loadAverage();
    const overloadRun = crowd.run({
      origin,
      connections: 200,
      seconds: OVERLOAD_SECONDS,
      rate: 4 * sustainableRate,
      requests: visitorMix(),
    });
    const probed = prober.run({ origin, seconds: OVERLOAD_SECONDS });
    const overload = await overloadRun;
    const loadAfter = ctx.loadAverage();
    const probe = await probed;
    await purchases;
    const admitted = overload.byStatus.get(200) ?? [];
    const refused = overload.byStatus.get(503) ?? [];
    const other = [...overload.byStatus]
      .filter(([status]) => status !== 200 && status !== 503)
      .map(([status, list]) => `${status}×${list.length}`);
    const round = (/** @type {number} */ ms) => (Number.isFinite(ms) ? Math.round(ms) : 0);
    const admittedP99 = round(percentile(admitted, 99));
    const slowestRefusal = round(Math.max(0, ...refused));
    return {
      backend: "postgresql",
      figures: [
        { label: "sustainable rate, uncached visitor mix", value: sustainableRate, unit: "req/s" },
        {
          label: "admitted p99 at 4× the rate, as the load tool timed it",
          value: admittedP99,
          unit: "ms",
          baseline: { label: "p99 at the sustainable rate", value: round(percentile(sustainedOk, 99)), unit: "ms" },
          budget: { value: ADMITTED_P99_MS, ok: admittedP99 < ADMITTED_P99_MS },
        },
        { label: "admitted answers", value: admitted.length, unit: "answers" },
        { label: "refused (503, Retry-After)", value: refused.length, unit: "answers" },
        {
          label: "refusal p99, as the load tool timed it",
          value: round(percentile(refused, 99)),
          unit: "ms",
          budget: { value: REFUSAL_MS, ok: percentile(refused, 99) < REFUSAL_MS },
        },
        {
          label: "slowest refusal, as the load tool timed it",
          value: slowestRefusal,
          unit: "ms",
          budget: { value: REFUSAL_MS, ok: refused.length > 0 && slowestRefusal < REFUSAL_MS },
        },
        {
          label: "admitted p99, as a visitor's own connection timed it (prober)",
          value: round(percentile(probe.admittedMs, 99)),
          unit: "ms",
          budget: { value: ADMITTED_P99_MS, ok: percentile(probe.admittedMs, 99) < ADMITTED_P99_MS },
        },
        {
          label: "refusal p99, as a visitor's own connection timed it (prober)",
          value: round(percentile(probe.refusalMs, 99)),
          unit: "ms",
          budget: { value: REFUSAL_MS, ok: percentile(probe.refusalMs, 99) < REFUSAL_MS },
        },
        {
          label: "purchases in progress completed",
          value: BUYERS_IN_PROGRESS - recorder.failures.length,
          unit: `of ${BUYERS_IN_PROGRESS}`,
          budget: { value: BUYERS_IN_PROGRESS, ok: recorder.failures.length === 0 },
        },
      ],
      notes: [
        `Mix: routes & schedules searches in es, en and pt with the currency cookies (personal: never from the page cache) and a browser's Accept-Encoding and GET /api/sailings for distinct days, 3:1, 160 distinct requests; every answer checked to come from a worker before the run.`,
        `Sustainable: ${sustainableRate} req/s at ${places} connections (the visitors' places), ${sustainedRefused} refused. Offered ${4 * sustainableRate} req/s for ${OVERLOAD_SECONDS} s with up to 200 connections (autocannon in a process of its own, same machine, niceness ${CROWD_NICENESS}): ${overload.sent} sent (${(overload.sent / OVERLOAD_SECONDS / (4 * sustainableRate)).toFixed(2)}× the rate offered); ${other.length ? `other answers ${other.join(", ")}; ` : ""}${overload.timeouts} timeouts, ${overload.errors} connection errors.`,
        `Prober during the overload: ${probe.pagesRefused} of ${probe.pages} pages and ${probe.apisRefused} of ${probe.apis} API calls refused (${probe.byWorker} of the refusals by a worker, the rest by the front; the prober's own refusal p50 ${Math.round(percentile(probe.refusalMs, 50))} ms, slowest ${Math.round(probe.slowestRefusal.ms)} ms, sent ${probe.slowestRefusal.at.toFixed(1)} s into the overload (after the first second: slowest ${Math.round(probe.slowestRefusalAfterFirstSecondMs)} ms), its event loop's longest delay ${Math.round(probe.loopDelayMaxMs)} ms; admitted p50 ${Math.round(percentile(probe.admittedMs, 50))} ms, slowest ${Math.round(Math.max(0, ...probe.admittedMs))} ms, of which the wait for a place p50 ${Math.round(percentile(probe.admittedWaitMs, 50))} / p99 ${Math.round(percentile(probe.admittedWaitMs, 99))} ms and the worker's time p50 ${Math.round(percentile(probe.admittedAppMs, 50))} / p99 ${Math.round(percentile(probe.admittedAppMs, 99))} ms); ${probe.wrong.length ? `wrong: ${[...new Set(probe.wrong)].slice(0, 5).join("; ")}` : "every refusal had Retry-After, the visitor's language, a page for a page and SERVER_BUSY for the API"}.`,
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
