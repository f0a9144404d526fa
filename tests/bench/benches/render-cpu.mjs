// CPU per uncached render of routes & schedules (a round-trip search), measured as the research did:
// the server's CPU time (user + system, from /proc, every process of it) over a run of requests, divided
// by the requests served. One process, page cache off, admission off, PostgreSQL. The page a search was
// before ADR 0061 (seats, states and the passengers' price rendered by the server: what `nojs=1` still
// asks for) beside the live page every search with JavaScript now gets, and /healthz for the floor.
// Uncompressed, as the front asks a worker for a page it will cache (it compresses the pieces itself,
// ADR 0052) and as the research's load tool asked: gzip on the fly would add 4-5 ms to each figure.
//
// The sale-day target is "at most half of today's", today being the research's build. Its 24.1 ms was
// measured on another, quieter machine, so the bench runs that build beside this one (RENDER_CPU_BASE,
// default the research's commit) and gives the ratio of the two measured in the same rounds, alternating,
// on the same machine: the only figure that says whether the CPU was halved.
import { baseStartCommand, prepareBaseBuild } from "../base-build.mjs";
import { median, ratioOf, sailingTimes } from "../figures.mjs";
import { roundTripSearchPage } from "../pages.mjs";
import { startPostgresServer } from "../harness.mjs";

export const name = "render-cpu";
export const title = "CPU per uncached render of routes & schedules (round-trip search)";

/**
 * The research's build: the last main commit before the sale-day work, before the page cache (no
 * server/page-cache/) and with React Router handed a function that imports the build on each request.
 */
export const RESEARCH_COMMIT = "30564da";
const OFF = new Set(["", "off", "none", "false", "0"]);

/** Settings of this bench from the environment (README, `npm run bench`). */
export function renderCpuSettings(env = process.env) {
  const base = (env.RENDER_CPU_BASE ?? RESEARCH_COMMIT).trim();
  const rounds = Number(env.RENDER_CPU_ROUNDS ?? 4);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error("RENDER_CPU_ROUNDS must be a whole number ≥ 1");
  return { base: OFF.has(base.toLowerCase()) ? null : base, rounds };
}

/**
 * @typedef {import("../harness.mjs").BenchServer} BenchServer
 * @typedef {{ key: string; label: string; server: BenchServer; path: string }} Target
 */

/** @param {import("../run.mjs").BenchContext} ctx */
export async function run(ctx) {
  const settings = renderCpuSettings();
  /** @type {string[]} */
  const notes = [];
  // Prepared before today's server starts: the install and the build take minutes of this process.
  /** @type {import("../base-build.mjs").BaseBuild | null} */
  let prepared = null;
  if (settings.base === null) notes.push("No base build: RENDER_CPU_BASE is off, so today's figures stand alone.");
  else {
    try {
      prepared = prepareBaseBuild(settings.base, ctx.log);
    } catch (error) {
      noBase(error);
    }
  }
  /** @param {unknown} error */
  function noBase(error) {
    const reason = error instanceof Error ? error.message : String(error);
    ctx.log(`  no base build: ${reason}`);
    const first = (reason.split("\n")[0] ?? "").replace(/[:.]?$/, ".");
    notes.push(`No base build (${settings.base}): ${first} Today's figures stand alone.`);
  }
  const today = await startPostgresServer(ctx.buildDir, {
    WEB_CONCURRENCY: "1",
    PAGE_CACHE_BYTES: "0",
    ADMISSION_CONCURRENCY: "0",
  });
  if (!today) {
    ctx.log("  no PostgreSQL server answers: skipped");
    return { figures: [], notes: ["Skipped: no PostgreSQL server answers."] };
  }
  const page = roundTripSearchPage();
  /** @type {{ server: BenchServer; short: string } | null} */
  let base = null;
  try {
    if (prepared) {
      try {
        ctx.log(`  starting the base build ${prepared.short} (its own npm start)…`);
        // The harness's environment (production, the test secrets, quiet logs) and none of today's
        // settings: the research's build is one process with no page cache and no admission anyway.
        const server = await startPostgresServer(prepared.dir, {}, baseStartCommand(prepared));
        if (server) base = { server, short: prepared.short };
        notes.push(
          `Base: commit ${prepared.short}${settings.base === RESEARCH_COMMIT ? ", the research's build (the last main commit before the sale-day work: no page cache, React Router handed a function that imports the build)" : ` (RENDER_CPU_BASE=${settings.base})`}, ` +
            `taken from this repository's history into .tmp/bench-base/ (${prepared.reused ? "reused" : "made in this run"}), installed from its own lockfile (npm ci), built by its own npm run build and started by its own npm start, on a fresh PostgreSQL database its own migrations and seed filled at start. ` +
            "The sale-day target compares with that build; the research's 24.1 ms came from another machine, so only the ratio of the two measured here, in the same alternating rounds, says whether the CPU was halved (≤ 0.5×).",
        );
      } catch (error) {
        noBase(error);
      }
    }
    if (base) {
      const check = await samePage(today, base.server, page);
      notes.push(check.note);
      if (!check.same) {
        await base.server.stop();
        base = null;
      }
    }

    /** @type {Target[]} */
    const targets = [
      ...(base ? [{ key: "base", label: `base ${base.short}`, server: base.server, path: page }] : []),
      { key: "live", label: "live", server: today, path: page },
      { key: "whole", label: "whole", server: today, path: `${page}&nojs=1` },
      { key: "health", label: "/healthz", server: today, path: "/healthz" },
    ];
    /** @type {Record<string, number[]>} */
    const ms = Object.fromEntries(targets.map((target) => [target.key, []]));
    /** @type {Record<string, number>} */
    const requests = Object.fromEntries(targets.map((target) => [target.key, 0]));
    /** @type {string[]} */
    const rounds = [];
    for (let round = 0; round < settings.rounds; round++) {
      // Alternate the order so that a machine getting busier or quieter across a round weighs on both builds.
      const order = round % 2 === 0 ? targets : [...targets].reverse();
      const load = ctx.loadAverage();
      for (const target of order) {
        const measured = await cpuPerRequest(target, ctx.seconds, round === 0 ? 2_000 : 500);
        ms[target.key]?.push(measured.ms);
        requests[target.key] = (requests[target.key] ?? 0) + measured.requests;
      }
      const line = targets.map((target) => `${target.label} ${ms[target.key]?.at(-1)}`).join(", ");
      rounds.push(`round ${round + 1} (load ${load}): ${line} ms`);
      ctx.log(`  ${rounds.at(-1)}`);
    }

    const mid = (/** @type {string} */ key) => Number(median(ms[key] ?? []).toFixed(2));
    /** Each round's ratio of two figures: a round's two figures shared its machine. */
    const roundRatios = (/** @type {string} */ key, /** @type {string} */ over) =>
      (ms[key] ?? []).map((value, index) => ratioOf(value, ms[over]?.[index]));
    /** The median over rounds of each round's ratio; null when a round has none. */
    const ratioOverRounds = (/** @type {string} */ key, /** @type {string} */ over) => {
      const ratios = roundRatios(key, over);
      const known = /** @type {number[]} */ (ratios.filter((ratio) => ratio !== null));
      return known.length === ratios.length ? Number(median(known).toPrecision(3)) : null;
    };
    /** A figure: `key`'s median beside `over`'s, with the median of their rounds' ratios. */
    const figure = (
      /** @type {string} */ label,
      /** @type {string} */ key,
      /** @type {string} */ over,
      /** @type {string} */ overLabel,
    ) => ({
      label,
      value: mid(key),
      unit: "ms",
      baseline: { label: overLabel, value: mid(over), unit: "ms" },
      ratio: ratioOverRounds(key, over),
    });
    const counts = targets.map((target) => `${target.label} ${requests[target.key]}`).join(", ");
    notes.push(
      `GET ${page} (live, and base) and with &nojs=1 (whole), /healthz: one request at a time, ${settings.rounds} rounds of ${ctx.seconds} s each, the order reversed every other round; requests in all: ${counts}. CPU from /proc/<pid>/stat (10 ms ticks) of each server's whole process tree. Asked uncompressed (Accept-Encoding: identity), as the front asks for a page it caches. Figures are medians over rounds.`,
      ...rounds,
    );
    const live = "CPU per render, live page (seat-free, counts read in the browser)";
    if (!base) {
      return {
        backend: "postgresql",
        figures: [
          figure(live, "live", "whole", "rendered whole (seats and price, as before)"),
          figure("CPU per render, rendered whole", "whole", "health", "/healthz"),
        ],
        notes,
      };
    }
    notes.push(
      `Ratios per round, live ÷ base: ${roundRatios("live", "base").join(", ")}; whole ÷ base: ${roundRatios("whole", "base").join(", ")}.`,
    );
    const baseLabel = `research's build ${base.short}, its page`;
    return {
      backend: "postgresql",
      figures: [
        figure(live, "live", "base", baseLabel),
        figure("CPU per render, today's page rendered whole (&nojs=1)", "whole", "base", baseLabel),
        figure(
          `CPU per render, research's build ${base.short}`,
          "base",
          "health",
          "/healthz of today's build (the floor)",
        ),
      ],
      notes,
    };
  } finally {
    await base?.server.stop();
    await today.stop();
  }
}

/**
 * CPU milliseconds per request of a target, one request at a time (a loaded machine starves a crowd),
 * after a warm-up of `warmMs`.
 * @param {Target} target
 * @param {number} seconds
 * @param {number} warmMs
 */
async function cpuPerRequest(target, seconds, warmMs) {
  const once = async () => {
    const response = await fetch(`${target.server.origin}${target.path}`, {
      headers: { "Accept-Encoding": "identity" },
    }).catch((/** @type {unknown} */ error) => {
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
      throw new Error(`${target.label} ${target.path} could not be fetched${cause}`);
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${target.label} ${target.path} answered ${response.status}`);
  };
  for (let warm = performance.now(); performance.now() - warm < warmMs; ) await once();
  const before = target.server.cpuMs();
  let requests = 0;
  for (const started = performance.now(); performance.now() - started < seconds * 1000; requests++) await once();
  return { ms: Number(((target.server.cpuMs() - before) / requests).toFixed(2)), requests };
}

/**
 * Whether the two builds answer the search alike: both 200, and the same sailings in the same order
 * (today's live page lists them with their seats still to come, the base's with its seats).
 * @param {BenchServer} today
 * @param {BenchServer} base
 * @param {string} page
 */
async function samePage(today, base, page) {
  const get = async (/** @type {BenchServer} */ server) => {
    const response = await fetch(`${server.origin}${page}`, { headers: { "Accept-Encoding": "identity" } });
    return { status: response.status, html: await response.text() };
  };
  const [ours, theirs] = [await get(today), await get(base)];
  const [oursTimes, theirsTimes] = [sailingTimes(ours.html), sailingTimes(theirs.html)];
  const same =
    ours.status === 200 &&
    theirs.status === 200 &&
    oursTimes.length > 0 &&
    oursTimes.join(" ") === theirsTimes.join(" ");
  const kb = (/** @type {string} */ html) => (Buffer.byteLength(html) / 1024).toFixed(1);
  const what = `today ${ours.status}, ${kb(ours.html)} KB, ${oursTimes.length} sailings; base ${theirs.status}, ${kb(theirs.html)} KB, ${theirsTimes.length} sailings`;
  return {
    same,
    note: same
      ? `Same search on both: ${what}, the same departures in the same order.`
      : `The base build does not answer the search as today's does (${what}): no base figures.`,
  };
}
