import { describe, expect, it } from "vitest";
import {
  firstLoadScripts,
  frameworkScripts,
  median,
  medianRun,
  operatorDate,
  percentile,
  ratioOf,
  renderMarkdown,
  sailingTimes,
  serverTimingMs,
} from "./figures.mjs";

// The shape React Router 7 renders (trimmed): modulepreload links (at low priority, ADR 0045), then an
// inline module script that imports the route modules and the client entry; a lazy chunk appears only
// inside other scripts.
const PAGE = `<!DOCTYPE html><html><head>
<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-A1.js" nonce="n"/>
<link rel="modulepreload" fetchpriority="low" href="/assets/react-dom-B2.js" nonce="n"/>
<link rel="stylesheet" href="/assets/root-C3.css"/>
<link rel="preload" href="/images/hero.svg" as="image"/>
</head><body>
<script nonce="n">window.__reactRouterContext = {"ssr":true};</script>
<script nonce="n" type="module" async="">;
import * as route0 from "/assets/root-D4.js";
import * as route1 from "/assets/home-E5.js";
window.__reactRouterManifest = {
  "entry": { "module": "/assets/entry.client-A1.js", "imports": ["/assets/jsx-runtime-F6.js", "/assets/react-dom-B2.js", "/assets/site-shared-J9.js"], "css": [] },
  "routes": { "home.en": { "module": "/assets/home-E5.js", "imports": ["/assets/aria-date-picker-G7.js"] } }
};
import("/assets/entry.client-A1.js");
</script>
<script src="https://example.com/tracker.js"></script>
<script src="/assets/legacy-H8.js?v=2"></script>
</body></html>`;

describe("bench figures", () => {
  it("takes nearest-rank percentiles of unsorted samples", () => {
    const samples = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(samples, 50)).toBe(5);
    expect(percentile(samples, 99)).toBe(10);
    expect(percentile(samples, 0)).toBe(1);
    expect(percentile([], 50)).toBeNaN();
  });

  it("takes the median of an odd and an even count, the two middle ones averaged", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([0.52, 0.4, 0.61, 0.48])).toBeCloseTo(0.5);
    expect(median([])).toBeNaN();
  });

  it("lists a schedules page's sailing times in page order, whatever the seats or the markup around", () => {
    const page = `<li data-sailing-status="available" data-sailing-time="09:00">9</li>
<li data-sailing-time="10:30" data-sailing-status="pending">10</li><p>data-sailing-time is not a time</p>
<li data-sailing-time="09:00">back</li>`;
    expect(sailingTimes(page)).toEqual(["09:00", "10:30", "09:00"]);
    expect(sailingTimes("<html></html>")).toEqual([]);
  });

  it("reads the app duration of a Server-Timing header", () => {
    expect(serverTimingMs("app;dur=1.234")).toBe(1.234);
    expect(serverTimingMs('db;dur=3, app;desc="total";dur=0.052')).toBe(0.052);
    expect(serverTimingMs("db;dur=3")).toBeNull();
    expect(serverTimingMs(undefined)).toBeNull();
    expect(serverTimingMs("app;dur=12.5, admission;dur=40.2", "admission")).toBe(40.2);
  });

  it("lists the same-origin scripts a page loads first, each once, not lazy chunks or other origins", () => {
    expect(firstLoadScripts(PAGE)).toEqual([
      "/assets/entry.client-A1.js",
      "/assets/react-dom-B2.js",
      "/assets/root-D4.js",
      "/assets/home-E5.js",
      "/assets/legacy-H8.js",
    ]);
  });

  it("finds the framework runtime in the inlined route manifest, not the site's shared chunk", () => {
    expect(frameworkScripts(PAGE)).toEqual([
      "/assets/entry.client-A1.js",
      "/assets/jsx-runtime-F6.js",
      "/assets/react-dom-B2.js",
    ]);
    expect(frameworkScripts("<html></html>")).toEqual([]);
  });

  it("picks the Lighthouse run nearest the median first paint and time to interactive", () => {
    const runsOf = (rows: [id: string, fcp: number, tti: number][]) => rows.map(([id, fcp, tti]) => ({ id, fcp, tti }));
    // Medians: first paint 1,010 ms, interactive 2,950 ms; "typical" is 50 ms away, every other run
    // further ("late paint" holds the median time to interactive alone).
    const runs = runsOf([
      ["slow", 1400, 4200],
      ["typical", 1010, 2900],
      ["fast", 900, 2400],
      ["late paint", 1500, 2950],
      ["late script", 1000, 3900],
    ]);
    expect(medianRun(runs)?.id).toBe("typical");
    // Here the run holding the median first paint (1,000 ms) is a second late to interactive.
    const others = runsOf([
      ["median paint", 1000, 4000],
      ["near both", 1020, 3000],
      ["early", 800, 3000],
      ["between", 900, 3100],
      ["late", 1600, 2000],
    ]);
    expect(medianRun(others)?.id).toBe("near both");
    expect(medianRun([runs[0]!])?.id).toBe("slow");
    expect(medianRun([])).toBeUndefined();
  });

  it("gives ratios only when both sides are real numbers", () => {
    expect(ratioOf(3, 2)).toBe(1.5);
    expect(ratioOf(1, 3)).toBe(0.333);
    expect(ratioOf(1, 0)).toBeNull();
    expect(ratioOf(null, 2)).toBeNull();
  });

  it("counts operator dates in Cancún time, across a month end", () => {
    // 03:00 UTC on 1 December is still 30 November in Cancún (UTC−5).
    expect(operatorDate(0, new Date("2026-12-01T03:00:00Z"))).toBe("2026-11-30");
    expect(operatorDate(2, new Date("2026-12-01T03:00:00Z"))).toBe("2026-12-02");
  });

  it("writes a table per bench with baselines, ratios and budgets, and names a failed bench", () => {
    const markdown = renderMarkdown({
      startedAt: "2026-11-21T20:00:00.000Z",
      finishedAt: "2026-11-21T20:01:00.000Z",
      machine: { cpus: 2, node: "v20.20.2", loadBefore: "1.00", loadAfter: "1.50", commit: "abc1234" },
      results: [
        {
          name: "first-load-js",
          title: "First-load JavaScript (gzip)",
          figures: [
            {
              label: "home /en/",
              value: 120.5,
              unit: "KB",
              baseline: { label: "runtime", value: 60, unit: "KB" },
              ratio: 2.01,
              budget: { value: 100, ok: false },
            },
          ],
          notes: ["a | note"],
          seconds: 1,
        },
        { name: "ssr", title: "SSR", backend: "postgresql", figures: [], error: "server did not start", seconds: 2 },
      ],
    });
    expect(markdown).toContain("| home /en/ | 120.5 KB | runtime: 60 KB | 2.01× | **over** 100 KB |");
    expect(markdown).toContain("- a \\| note");
    expect(markdown).toContain("## SSR (postgresql)\n\n**Failed:** server did not start");
  });
});
