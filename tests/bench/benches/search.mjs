// Server time of POST /google-enterprise/autocomplete, one request at a time, cycling through what a
// visitor types (prefixes, misspellings, accents, in es/en/pt), against GET /healthz measured the same
// way; and the search index's build time at boot, read from /metrics. Budget: p99
// under 2 ms of server time.
import http from "node:http";
import { percentile, ratioOf, serverTimingMs } from "../figures.mjs";
import { BENCH_METRICS_TOKEN } from "../harness.mjs";

export const name = "search";
export const title = "Search suggestions server time and index build";

/** The in-process index answers with p99 < 2 ms server time. */
const P99_BUDGET_MS = 2;

const TYPED = {
  es: [
    "i",
    "is",
    "isl",
    "isla",
    "isla m",
    "isla mu",
    "isla mujers",
    "horar",
    "boleto abierto",
    "preventa",
    "cancun",
    "xcaret",
  ],
  en: [
    "f",
    "fe",
    "fer",
    "ferry",
    "ferry sch",
    "xplr",
    "open tick",
    "pets",
    "resident",
    "cancún",
    "catamaran",
    "refund",
  ],
  pt: [
    "b",
    "bi",
    "bil",
    "bilhete",
    "bilhete aberto",
    "praia",
    "horarios",
    "isla mujers",
    "pre-venda",
    "xenotes",
    "crianças",
    "reembolso",
  ],
};

/**
 * @param {string} origin
 * @param {string} language
 */
async function tokenFor(origin, language) {
  const host = new URL(origin).host;
  const response = await fetch(`${origin}/google-enterprise/token`, {
    method: "POST",
    headers: { "X-Host-Path": `${host}/${language}/` },
  });
  if (!response.ok) throw new Error(`token: ${response.status}`);
  const { data } = /** @type {{ data: { access_token: string; dataStore: string } }} */ (await response.json());
  return { token: data.access_token, dataStore: data.dataStore, hostPath: `${host}/${language}/` };
}

/**
 * Sequential POSTs of every typed query in turn for `seconds` after a warm-up; server time from
 * Server-Timing. Fails on any non-200 answer.
 * @param {{ origin: string; seconds: number; warmupSeconds?: number }} options
 */
async function measureAutocomplete({ origin, seconds, warmupSeconds = 1 }) {
  const sessions = await Promise.all(Object.keys(TYPED).map((language) => tokenFor(origin, language)));
  const requests = sessions.flatMap((session, index) =>
    Object.values(TYPED)[index].map((query) => ({
      headers: {
        "Content-Type": "application/json",
        "X-Host-Path": session.hostPath,
        Authorization: `Bearer ${session.token}`,
      },
      body: JSON.stringify({ dataStore: session.dataStore, query }),
    })),
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(`${origin}/google-enterprise/autocomplete`);
  let next = 0;
  /** @returns {Promise<number>} */
  const once = () =>
    new Promise((resolve, reject) => {
      const { headers, body } = requests[next++ % requests.length];
      const request = http.request(
        url,
        { method: "POST", agent, headers: { ...headers, "Content-Length": Buffer.byteLength(body) } },
        (response) => {
          response.resume();
          response.on("end", () => {
            const server = serverTimingMs(/** @type {string | undefined} */ (response.headers["server-timing"]));
            if (response.statusCode !== 200) reject(new Error(`autocomplete answered ${response.statusCode}`));
            else if (server === null) reject(new Error("autocomplete sent no Server-Timing header"));
            else resolve(server);
          });
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  try {
    const warmUntil = performance.now() + warmupSeconds * 1000;
    while (performance.now() < warmUntil) await once();
    /** @type {number[]} */
    const samples = [];
    const until = performance.now() + seconds * 1000;
    while (performance.now() < until) samples.push(await once());
    const round = (/** @type {number} */ ms) => Number(ms.toFixed(3));
    return {
      p50: round(percentile(samples, 50)),
      p99: round(percentile(samples, 99)),
      samples: samples.length,
      queries: requests.length,
    };
  } finally {
    agent.destroy();
  }
}

/**
 * @param {string} origin
 * @returns {Promise<{ seconds: number | null; indexing: number | null; documents: number | null }>}
 */
async function indexBuild(origin) {
  const text = await (
    await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${BENCH_METRICS_TOKEN}` } })
  ).text();
  const gauge = (/** @type {string} */ metric) => {
    const match = new RegExp(`^${metric} ([\\d.e+-]+)$`, "m").exec(text);
    return match ? Number(match[1]) : null;
  };
  return {
    seconds: gauge("search_index_build_seconds"),
    indexing: gauge("search_index_indexing_seconds"),
    documents: gauge("search_index_documents"),
  };
}

/** @param {import("../run.mjs").BenchContext} ctx */
export async function run(ctx) {
  const server = await ctx.server("pglite");
  if (!server) throw new Error("the embedded server did not start");
  const health = await ctx.measureServerTime({ url: `${server.origin}/healthz`, seconds: ctx.seconds / 2 });
  const suggest = await measureAutocomplete({ origin: server.origin, seconds: ctx.seconds });
  const build = await indexBuild(server.origin);
  const baseline = (/** @type {"p50" | "p99"} */ p) => ({ label: `/healthz ${p}`, value: health[p], unit: "ms" });
  const toMs = (/** @type {number | null} */ seconds) =>
    seconds === null ? null : Number((seconds * 1000).toFixed(1));
  return {
    backend: "pglite",
    figures: [
      {
        label: "autocomplete p50 server time",
        value: suggest.p50,
        unit: "ms",
        baseline: baseline("p50"),
        ratio: ratioOf(suggest.p50, health.p50),
      },
      {
        label: "autocomplete p99 server time",
        value: suggest.p99,
        unit: "ms",
        baseline: baseline("p99"),
        ratio: ratioOf(suggest.p99, health.p99),
        budget: { value: P99_BUDGET_MS, ok: suggest.p99 < P99_BUDGET_MS },
      },
      { label: "index build at boot (read + index)", value: toMs(build.seconds), unit: "ms" },
      { label: "of which indexing", value: toMs(build.indexing), unit: "ms" },
      { label: "documents indexed (es + en + pt)", value: build.documents, unit: "" },
    ],
    notes: [
      `${suggest.samples} sequential autocomplete requests cycling through ${suggest.queries} typed queries (prefixes, misspellings, accents; es/en/pt); /healthz: ${health.samples}.`,
      "Index build: read from /metrics (search_index_build_seconds): the documents read from content and the database, and indexed, once at boot with a cold JIT.",
    ],
  };
}
