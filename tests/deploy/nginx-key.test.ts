// deploy/nginx/travesia.conf keys its micro-cache on what each page reads, from lists of its own (nginx
// cannot ask the app): the paths of the pages the node shares, and routes & schedules' parameters. This
// holds those lists to lib/routing/page-cache-policies.ts, so a page or a parameter added there is not
// silently keyed wrong behind nginx (a parameter left out of the key would serve one search's page for another).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PAGE_CACHE_POLICIES } from "../../lib/routing/page-cache-policies.ts";
import { PAGES, type PageId } from "../../lib/routing/pages.ts";

const CONF = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../deploy/nginx/travesia.conf"),
  "utf8",
);

function mapBlock(head: string): string {
  const start = CONF.indexOf(head);
  expect(start, head).toBeGreaterThan(-1);
  return CONF.slice(start, CONF.indexOf("\n}", start));
}

/** Path → class, as the conf's `map $uri $travesia_page` says. */
function pageClasses(): Map<string, string> {
  const classes = new Map<string, string>();
  for (const match of mapBlock("map $uri $travesia_page {").matchAll(/^\s+(\/\S*) (\w+);$/gm))
    classes.set(match[1]!, match[2]!);
  return classes;
}

function expectedClass(pageId: PageId): string {
  const policy = PAGE_CACHE_POLICIES[pageId]!;
  if (pageId === "routesSchedules") return "schedules";
  if (policy.device) return "device";
  if (policy.query.length === 0) return "content";
  if (policy.query.join() === "q") return "search";
  throw new Error(`deploy/nginx/travesia.conf has no class for ${pageId}'s parameters: add one`);
}

describe("the nginx micro-cache key", () => {
  it("classes every page the node shares by its canonical paths, and no other", () => {
    const classes = pageClasses();
    const expected = new Map<string, string>();
    for (const pageId of Object.keys(PAGE_CACHE_POLICIES) as PageId[])
      for (const pagePath of Object.values(PAGES[pageId].paths)) expected.set(pagePath, expectedClass(pageId));
    expect(Object.fromEntries(classes)).toEqual(Object.fromEntries(expected));
  });

  it("keys routes & schedules on every parameter its policy names, the counts only when not live", () => {
    const schedules = /"1:schedules" "([^"]+)";/.exec(CONF)?.[1] ?? "";
    const keyed = [...schedules.matchAll(/\$tv_p_(\w+)/g)].map((match) => match[1]!);
    const counts = /map \$travesia_live_search \$travesia_counts \{[^}]*default "([^"]+)";/.exec(CONF)?.[1] ?? "";
    const countsKeyed = [...counts.matchAll(/\$tv_p_(\w+)/g)].map((match) => match[1]!);
    const policy = PAGE_CACHE_POLICIES.routesSchedules!;
    expect([...keyed, ...countsKeyed].sort()).toEqual([...policy.query].sort());
    expect(countsKeyed.sort()).toEqual([...(policy.browserOnly?.parameters ?? [])].sort());
  });

  it("reads each parameter with the case the app reads it", () => {
    const maps = [...CONF.matchAll(/^map \$args \$tv_p_(\w+) \{ default ""; "~\(\?:\^\|&\)\(\?<tv_(\w+)>(\w+)\(/gm)];
    for (const match of maps) {
      expect(match[2]).toBe(match[1]);
      expect(match[3]).toBe(match[1]);
    }
    // Every parameter map has that shape: routes & schedules' thirteen and search's q.
    expect(maps).toHaveLength([...CONF.matchAll(/^map \$args \$tv_p_/gm)].length);
    expect(maps).toHaveLength(14);
  });
});
