// Pure helpers of `npm run bench`: percentiles, the first-load scripts of a server-rendered page, the
// Server-Timing value, and the Markdown report. No I/O here, so tests/bench/figures.test.ts can pin them.

/**
 * Nearest-rank percentile of numbers (any order); NaN for none.
 * @param {readonly number[]} values
 * @param {number} p 0–100
 */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/**
 * A duration of a Server-Timing header, in milliseconds; null when absent. `app` by default (server/app.ts
 * sets it); the front adds `admission`, the wait for a place at its gate.
 * @param {string | null | undefined} header
 * @param {string} [name]
 */
export function serverTimingMs(header, name = "app") {
  if (!header) return null;
  const match = new RegExp(`(?:^|,)\\s*${name};(?:[^,]*;)?\\s*dur=([\\d.]+)`).exec(header);
  return match ? Number(match[1]) : null;
}

/**
 * Same-origin JavaScript a browser fetches before the page is interactive: modulepreload links,
 * script src, and the static and dynamic imports of inline module scripts (React Router's hydration
 * script imports the route modules and the client entry). Chunks that code loads later (lazy
 * components) are not in the HTML, so they are not counted. Paths in document order, each once.
 * @param {string} html
 * @returns {string[]}
 */
export function firstLoadScripts(html) {
  const found = new Set();
  const add = (/** @type {string | undefined} */ url) => {
    if (url && url.startsWith("/") && !url.startsWith("//") && /\.m?js(\?|$)/.test(url)) found.add(url.split("?")[0]);
  };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/\brel=["']?modulepreload\b/i.test(tag)) add(/\bhref=["']([^"']+)["']/i.exec(tag)?.[1]);
  }
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", body = ""] = match;
    const src = /\bsrc=["']([^"']+)["']/i.exec(attributes)?.[1];
    if (src) add(src);
    if (!/\btype=["']?module\b/i.test(attributes)) continue;
    for (const [, url] of body.matchAll(/\bimport\s*(?:[^"'()]*?\bfrom\s*)?["']([^"']+)["']/g)) add(url);
    for (const [, url] of body.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) add(url);
  }
  return [...found];
}

/**
 * The middle of numbers (any order), the mean of the two middle ones for an even count; NaN for none.
 * @param {readonly number[]} values
 */
export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2;
}

/**
 * The representative run of several Lighthouse audits of one page: the run nearest the median first
 * contentful paint and the median time to interactive together (Euclidean distance), the rule of
 * Lighthouse's own `computeMedianRun` (core/lib/median-run.js). A median of the scores alone would
 * pick a score, not a run, and the score is the figure most prone to outliers. Lighthouse runs here
 * through `npx`, so its module is not importable and its rule is restated.
 * @template {{ fcp: number; tti: number }} Run
 * @param {readonly Run[]} runs
 * @returns {Run | undefined}
 */
export function medianRun(runs) {
  const middleFcp = median(runs.map((run) => run.fcp));
  const middleTti = median(runs.map((run) => run.tti));
  const distance = (/** @type {Run} */ run) => (middleFcp - run.fcp) ** 2 + (middleTti - run.tti) ** 2;
  return runs.reduce((best, run) => (best === undefined || distance(run) < distance(best) ? run : best), runs[0]);
}

/**
 * The departure times of the sailings a routes & schedules page lists (`data-sailing-time`), in page
 * order, both legs: two builds answer the same search alike when these agree.
 * @param {string} html
 * @returns {string[]}
 */
export function sailingTimes(html) {
  return [...html.matchAll(/\bdata-sailing-time="([^"]*)"/g)].map((match) => match[1] ?? "");
}

/**
 * value ÷ baseline, rounded to 3 significant digits; null when either is missing or the baseline is 0.
 * @param {number | null | undefined} value
 * @param {number | null | undefined} baseline
 */
export function ratioOf(value, baseline) {
  if (value == null || baseline == null || !Number.isFinite(value) || !Number.isFinite(baseline) || baseline === 0)
    return null;
  return Number((value / baseline).toPrecision(3));
}

/** @param {number | null | undefined} value */
function formatNumber(value) {
  if (value == null || !Number.isFinite(value)) return "—";
  const abs = Math.abs(value);
  const digits = abs >= 1000 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return value.toLocaleString("en-US", { maximumFractionDigits: digits });
}

/** @param {string} text */
function cell(text) {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/**
 * @typedef {{ label: string; value: number | null; unit: string }} Measure
 * @typedef {Measure & { baseline?: Measure; ratio?: number | null; budget?: { value: number; ok: boolean } }} Figure
 * @typedef {{ name: string; title: string; backend?: string; figures: Figure[]; notes?: string[]; error?: string; seconds: number }} BenchResult
 * @typedef {{ startedAt: string; finishedAt: string; machine: Record<string, unknown>; results: BenchResult[] }} Report
 */

/**
 * The Markdown report: one table per bench, each figure beside the baseline of the same run.
 * @param {Report} report
 */
export function renderMarkdown(report) {
  const machine = report.machine;
  const lines = [
    "# Travesía bench report",
    "",
    `Run ${report.startedAt} → ${report.finishedAt}; ${cell(String(machine.cpus))} CPU(s), Node ${cell(String(machine.node))}, ` +
      `load average ${cell(String(machine.loadBefore))} before and ${cell(String(machine.loadAfter))} after; commit ${cell(String(machine.commit))}.`,
    "",
    "Absolute figures move with the machine's load; the ratios to a baseline measured in the same run are the figures to compare.",
  ];
  for (const result of report.results) {
    lines.push("", `## ${result.title}${result.backend ? ` (${result.backend})` : ""}`, "");
    if (result.error) {
      lines.push(`**Failed:** ${cell(result.error)}`);
      continue;
    }
    lines.push("| Figure | Value | Baseline | Ratio | Budget |", "|---|---:|---|---:|---|");
    for (const figure of result.figures) {
      const baseline = figure.baseline
        ? `${cell(figure.baseline.label)}: ${formatNumber(figure.baseline.value)} ${figure.baseline.unit}`
        : "";
      const ratio =
        figure.ratio == null ? "" : `${figure.ratio.toLocaleString("en-US", { maximumSignificantDigits: 3 })}×`;
      const budget = figure.budget
        ? `${figure.budget.ok ? "within" : "**over**"} ${formatNumber(figure.budget.value)} ${figure.unit}`
        : "";
      lines.push(
        `| ${cell(figure.label)} | ${formatNumber(figure.value)} ${figure.unit} | ${baseline} | ${ratio} | ${budget} |`,
      );
    }
    if (result.notes?.length) lines.push("", ...result.notes.map((note) => `- ${cell(note)}`));
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The React Router runtime every page loads (client entry, React, React DOM) — the floor a page's own
 * JavaScript is compared with — from the route manifest inlined in the page. Empty when not found.
 * The chunk of the site's shared modules (`site-shared`, vite.config.ts) is the site's code even
 * though the client entry imports it, so it is not counted in the floor.
 * @param {string} html
 * @returns {string[]}
 */
export function frameworkScripts(html) {
  const entry = /"entry"\s*:\s*\{\s*"module"\s*:\s*"([^"]+)"\s*,\s*"imports"\s*:\s*\[([^\]]*)\]/.exec(html);
  if (!entry) return [];
  const imports = [...(entry[2] ?? "").matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? "");
  return [entry[1] ?? "", ...imports].filter((url) => url !== "" && !/\/site-shared-[^/]*\.js$/.test(url));
}

/**
 * The operator's calendar date `days` after `now` (America/Cancun), "YYYY-MM-DD": benches ask for
 * sailings a few days ahead, where the seed's timetable has them.
 * @param {number} days
 * @param {Date} [now]
 */
export function operatorDate(days, now = new Date()) {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Cancun",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
