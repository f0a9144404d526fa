// The part of the route table a document render needs. React Router's <ServerRouter> builds a route
// object for every route of the manifest (twice: its server routes, then the static router's data
// routes), and <Scripts> matches "/" and each parent path of the page against every branch to pick the
// routes the browser is told about at first (lazy route discovery). The table holds some 180 routes (one
// per page and language); a render uses the page's own matches and the matches of those parent paths,
// so it is handed a table of just those: the markup and the manifest sent are the same, the work of
// the other routes is not done. Which routes a path matches is worked out once per path.
import { matchPath, type EntryContext } from "react-router";
import { getOrInsertComputed } from "../lib/maps.ts";

type Branch = EntryContext["branches"][number];

/** Paths remembered per route table before the memo starts again: real traffic has a few dozen. */
const MAX_PATHS = 512;

/** Route tables of a page (the ids it needs) remembered per build, before that memo starts again. */
const MAX_SUBSETS = 512;

/**
 * The paths <Scripts> matches besides the page: "/" and each parent of the pathname, longest first
 * ("/en/a/b/" gives "/", "/en/a", "/en"), as React Router's getPartialManifest lists them.
 */
export function discoveryPaths(pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  const paths = ["/"];
  segments.pop();
  while (segments.length > 0) {
    paths.push(`/${segments.join("/")}`);
    segments.pop();
  }
  return paths;
}

/** A pathname as React Router matches it: each segment decoded, a decoded "/" kept escaped. */
function decodedPath(pathname: string): string {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

/** Whether every route of `branch` matches its part of `pathname`, as React Router matches a branch. */
function branchMatches(branch: Branch, pathname: string): boolean {
  let matched = "/";
  for (const [index, meta] of branch.routesMeta.entries()) {
    const remaining = matched === "/" ? pathname : pathname.slice(matched.length) || "/";
    const match = matchPath(
      { path: meta.relativePath, caseSensitive: meta.caseSensitive, end: index === branch.routesMeta.length - 1 },
      remaining,
    );
    if (!match) return false;
    if (match.pathnameBase !== "/") matched = `${matched}/${match.pathnameBase}`.replace(/\/\/+/g, "/");
  }
  return true;
}

/**
 * The ids of the routes `pathname` matches (the first branch in rank order that matches, from the root
 * down), or none: what React Router's matchRoutes answers for it against the same ranked branches.
 */
export function matchedRouteIds(branches: readonly Branch[], pathname: string): string[] {
  const decoded = decodedPath(pathname);
  const branch = branches.find((candidate) => branchMatches(candidate, decoded));
  return branch ? branch.routesMeta.map((meta) => meta.route.id) : [];
}

/** A map that forgets everything once it holds `max` entries: a bound, not a recency order. */
function remember<V>(map: Map<string, V>, key: string, max: number, make: () => V): V {
  if (!map.has(key) && map.size >= max) map.clear();
  return getOrInsertComputed(map, key, make);
}

type Subset = Pick<EntryContext, "manifest" | "branches">;

/** Per route table (one per build): route ids by path, and the reduced tables by the ids they keep. */
const memos = new WeakMap<readonly Branch[], { idsByPath: Map<string, string[]>; subsets: Map<string, Subset> }>();

/**
 * `context` with a route table reduced to the routes its render uses: the page's matches and the
 * routes "/" and its parent paths match. Branches keep their rank order, so each of those paths matches
 * the same routes against the reduced table as against the whole. Left whole when the browser is sent
 * every route at first (route discovery not lazy) or in SPA mode.
 */
export function withRoutesOfPage(context: EntryContext): EntryContext {
  if (context.routeDiscovery.mode !== "lazy" || context.isSpaMode || !context.ssr) return context;
  const { idsByPath, subsets } = getOrInsertComputed(memos, context.branches, () => ({
    idsByPath: new Map<string, string[]>(),
    subsets: new Map<string, Subset>(),
  }));
  const kept = new Set(context.staticHandlerContext.matches.map((match) => match.route.id));
  for (const path of discoveryPaths(context.staticHandlerContext.location.pathname)) {
    for (const id of remember(idsByPath, path, MAX_PATHS, () => matchedRouteIds(context.branches, path))) kept.add(id);
  }
  const ids = [...kept].sort();
  const subset = remember(subsets, ids.join(" "), MAX_SUBSETS, () => {
    const routes = Object.fromEntries(Object.entries(context.manifest.routes).filter(([id]) => kept.has(id)));
    const branches = context.branches.filter((branch) => kept.has(branch.routesMeta.at(-1)?.route.id ?? ""));
    return { manifest: { ...context.manifest, routes }, branches };
  });
  return { ...context, manifest: subset.manifest, branches: subset.branches };
}
