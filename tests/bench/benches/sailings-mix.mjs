// Routes & schedules under a sale-day mix: 30 different searches (five dates, one way and round trip,
// three passenger counts) over 50 connections on PostgreSQL, served as `npm start` serves it (the front
// with its page cache, one worker per core, ADR 0052), against nginx serving a sailings page of the same
// size from disk, and against today's before: one worker, page cache off. The pages carry no seats and
// do not read the passenger counts (ADR 0061): the live data each reads in the browser is measured on
// its own. Then, on the quiet server, how long a seat taken takes to show in that data (bound: 1 s).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { operatorDate, ratioOf } from "../figures.mjs";
import { memoryFigures, startPostgresServer } from "../harness.mjs";
import { CART_API_HEADERS, json } from "../http.mjs";
import { startNginx } from "./content-nginx.mjs";

export const name = "sailings-mix";
export const title = "Routes & schedules, a mix of 30 searches, 50 connections: the site against nginx";

const CONNECTIONS = 50;
const PAGE = "/en/routes-schedules/";

/** Five dates × one way / round trip × three passenger counts. */
function searches() {
  /** @type {string[]} */
  const paths = [];
  for (let day = 7; day < 12; day++) {
    for (const trip of ["one_way", "round_trip"]) {
      for (const passengers of [{ adults: "1" }, { adults: "2", children: "1" }, { adults: "4" }]) {
        const query = new URLSearchParams({
          trip,
          crossing: "cancun-isla-mujeres",
          date: operatorDate(day),
          ...(trip === "round_trip" ? { return: operatorDate(day + 2) } : {}),
          ...passengers,
          step: "search",
        });
        paths.push(`${PAGE}?${query}`);
      }
    }
  }
  return paths;
}

/**
 * Milliseconds from a hold of one seat until the data the page shows seats from (GET /api/sailings/live,
 * shared for a second like the page) shows something else: its weak ETag changes.
 * @param {string} origin
 */
async function seatVisibleAfterMs(origin) {
  const date = operatorDate(20);
  const live = `${origin}/api/sailings/live?adults=1&crossing=cancun-isla-mujeres&currency=USD&date=${date}&step=search&trip=one_way`;
  const etagOf = async () => {
    const response = await fetch(live);
    await response.arrayBuffer();
    return response.headers.get("ETag");
  };
  const before = await etagOf();
  const day = await json(
    await fetch(`${origin}/api/sailings?crossing=cancun-isla-mujeres&date=${date}&adults=1&currency=USD&language=en`),
  );
  const sailing = day.outbound.find((/** @type {{ selectable: boolean }} */ candidate) => candidate.selectable);
  const item = {
    type: "ferry",
    crossing: "cancun-isla-mujeres",
    trip: "one_way",
    date,
    outboundSailingId: sailing.id,
    passengers: { adult: 1 },
  };
  await json(
    await fetch(`${origin}/xapi/shopping-cart?Language=EN`, {
      method: "POST",
      headers: CART_API_HEADERS,
      body: JSON.stringify({ action: "add", currency: "USD", item }),
    }),
  );
  const heldAt = performance.now();
  while (performance.now() - heldAt < 5_000) {
    if ((await etagOf()) !== before) return Math.round(performance.now() - heldAt);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Infinity;
}

/** The live data each of those pages reads in the browser (its seats, and the price for its passengers). */
function liveDataOf(/** @type {string[]} */ paths) {
  return paths.map((page) => {
    const query = new URLSearchParams(page.slice(page.indexOf("?") + 1));
    query.set("currency", "USD");
    query.sort();
    return `/api/sailings/live?${query}`;
  });
}

/** @param {import("../run.mjs").BenchContext} ctx */
export async function run(ctx) {
  const server = await ctx.server("postgresql");
  if (!server) {
    ctx.log("  no PostgreSQL server answers: skipped");
    return { figures: [], notes: ["Skipped: no PostgreSQL server answers."] };
  }
  const paths = searches();
  const sample = await fetch(`${server.origin}${paths[1]}`, { headers: { "Accept-Encoding": "identity" } });
  if (!sample.ok) throw new Error(`${paths[1]} answered ${sample.status}`);
  const html = Buffer.from(await sample.arrayBuffer());
  const dir = mkdtempSync(path.join(os.tmpdir(), "tv-nginx-"));
  const root = path.join(dir, "www");
  mkdirSync(path.join(root, PAGE), { recursive: true });
  writeFileSync(path.join(root, PAGE, "index.html"), html);
  const nginx = await startNginx(dir, root, PAGE);
  try {
    const fromDisk = await ctx.measureLoad({
      url: nginx.origin,
      paths,
      connections: CONNECTIONS,
      seconds: ctx.seconds,
    });
    const site = await ctx.measureLoad({ url: server.origin, paths, connections: CONNECTIONS, seconds: ctx.seconds });
    // As every search was before ADR 0061: seats and the passengers' price in the page, counts in its key.
    const whole = await ctx.measureLoad({
      url: server.origin,
      paths: paths.map((page) => `${page}&nojs=1`),
      connections: CONNECTIONS,
      seconds: ctx.seconds,
    });
    const liveData = await ctx.measureLoad({
      url: server.origin,
      paths: liveDataOf(paths),
      connections: CONNECTIONS,
      seconds: ctx.seconds,
    });
    const seatMs = await seatVisibleAfterMs(server.origin);
    const before = await startPostgresServer(ctx.buildDir, {
      WEB_CONCURRENCY: "1",
      PAGE_CACHE_BYTES: "0",
      ADMISSION_CONCURRENCY: "0",
    });
    if (!before) throw new Error("the PostgreSQL server went away");
    let uncached;
    try {
      uncached = await ctx.measureLoad({ url: before.origin, paths, connections: CONNECTIONS, seconds: ctx.seconds });
    } finally {
      await before.stop();
    }
    const nginxBaseline = {
      label: "nginx, a sailings page of the same size",
      value: Math.round(fromDisk.requestsPerSecond),
      unit: "req/s",
    };
    return {
      backend: "postgresql",
      figures: [
        {
          label: "requests per second, 30 searches",
          value: Math.round(site.requestsPerSecond),
          unit: "req/s",
          baseline: nginxBaseline,
          ratio: ratioOf(site.requestsPerSecond, fromDisk.requestsPerSecond),
        },
        {
          label: "p99 latency",
          value: site.latencyP99,
          unit: "ms",
          baseline: { label: "nginx p99", value: fromDisk.latencyP99, unit: "ms" },
          ratio: ratioOf(site.latencyP99, fromDisk.latencyP99),
        },
        {
          label: "requests per second, before: one worker, page cache off",
          value: Math.round(uncached.requestsPerSecond),
          unit: "req/s",
          baseline: nginxBaseline,
          ratio: ratioOf(uncached.requestsPerSecond, fromDisk.requestsPerSecond),
        },
        {
          label: "p99 latency, before",
          value: uncached.latencyP99,
          unit: "ms",
          baseline: { label: "nginx p99", value: fromDisk.latencyP99, unit: "ms" },
          ratio: ratioOf(uncached.latencyP99, fromDisk.latencyP99),
        },
        {
          label:
            "requests per second, the same searches rendered whole (nojs=1: seats and counts in the page, as before)",
          value: Math.round(whole.requestsPerSecond),
          unit: "req/s",
          baseline: nginxBaseline,
          ratio: ratioOf(whole.requestsPerSecond, fromDisk.requestsPerSecond),
        },
        {
          label: "p99 latency, rendered whole",
          value: whole.latencyP99,
          unit: "ms",
          baseline: { label: "nginx p99", value: fromDisk.latencyP99, unit: "ms" },
          ratio: ratioOf(whole.latencyP99, fromDisk.latencyP99),
        },
        {
          label: "requests per second, the 30 searches' live data (JSON)",
          value: Math.round(liveData.requestsPerSecond),
          unit: "req/s",
          baseline: nginxBaseline,
          ratio: ratioOf(liveData.requestsPerSecond, fromDisk.requestsPerSecond),
        },
        {
          label: "p99 latency, live data",
          value: liveData.latencyP99,
          unit: "ms",
          baseline: { label: "nginx p99", value: fromDisk.latencyP99, unit: "ms" },
          ratio: ratioOf(liveData.latencyP99, fromDisk.latencyP99),
        },
        {
          label: "a seat taken shows in the page's live data after",
          value: seatMs,
          unit: "ms",
          baseline: { label: "the live data's bound", value: 1000, unit: "ms" },
          ratio: ratioOf(seatMs, 1000),
        },
        ...memoryFigures(server, "the runs so far"),
      ],
      notes: [
        `${paths.length} distinct searches, each connection asking for them in turn; ${html.length.toLocaleString("en-US")} bytes of HTML per page. The site: ${os.availableParallelism()} workers behind the front (WEB_CONCURRENCY unset); the searches are ${new Set(paths.map((page) => page.replace(/&(adults|children|infants)=\d+/g, ""))).size} pages (passenger counts make none, ADR 0061), kept 10 s, their live data 1 s.`,
        `${site.requests} requests in ${ctx.seconds} s (nginx ${fromDisk.requests}, before ${uncached.requests}) after a 2 s warm-up.${site.timeouts + uncached.timeouts > 0 ? ` Timeouts: ${site.timeouts} site, ${uncached.timeouts} before.` : ""}`,
      ],
    };
  } finally {
    await nginx.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
