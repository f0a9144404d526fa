import { createStaticHandler, matchRoutes, type EntryContext, type RouteObject } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { discoveryPaths, matchedRouteIds, withRoutesOfPage } from "./route-subset.server.ts";

type ConfigEntry = { id: string; path?: string; index?: boolean; children?: ConfigEntry[] };
type Branch = EntryContext["branches"][number];

/** The route table as the server builds it: every route of app/routes.ts under the root. */
let routes: RouteObject[];
let branches: Branch[];
let manifestRoutes: EntryContext["manifest"]["routes"];

const toRoute = (entry: ConfigEntry): RouteObject =>
  ({
    id: entry.id,
    path: entry.path,
    index: entry.index,
    children: entry.children?.map(toRoute),
  }) as RouteObject;

beforeAll(async () => {
  const table = (await import("./routes.ts")).default as ConfigEntry[];
  routes = [{ id: "root", path: "", children: table.map(toRoute) }];
  // What React Router's request handler ranks once per build and hands to the document render.
  branches = (createStaticHandler(routes) as unknown as { _internalRouteBranches: Branch[] })._internalRouteBranches;
  manifestRoutes = {};
  const walk = (list: RouteObject[], parentId?: string) => {
    for (const route of list) {
      manifestRoutes[route.id as string] = {
        id: route.id as string,
        parentId,
        path: route.path,
        index: route.index,
        module: `/assets/${route.id}.js`,
        hasAction: false,
        hasLoader: true,
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasErrorBoundary: false,
      } as EntryContext["manifest"]["routes"][string];
      walk(route.children ?? [], route.id);
    }
  };
  walk(routes);
});

/** Every path of the table, its parents, and paths that match no page. */
function samplePaths(): string[] {
  const paths = new Set([
    "/",
    "/en",
    "/es",
    "/pt",
    "/xx",
    "/en/nothing/here/",
    "/EN/",
    "/en/caf%C3%A9/",
    "/en/%E0%A4%A/",
  ]);
  for (const branch of branches) {
    for (const path of [branch.path, ...discoveryPaths(branch.path)]) {
      paths.add(path.replace(/:[\w-]+/g, "abc").replace(/\*$/, "any/thing"));
    }
  }
  return [...paths];
}

describe("the routes a path matches", () => {
  it("are React Router's own matches, for every path of the table and its parents", () => {
    const paths = samplePaths();
    expect(paths.length).toBeGreaterThan(100);
    for (const path of paths) {
      expect(matchedRouteIds(branches, path), path).toEqual(matchRoutes(routes, path)?.map((m) => m.route.id) ?? []);
    }
  });

  it("lists the paths React Router matches for lazy discovery: the root and each parent", () => {
    expect(discoveryPaths("/en/routes-schedules/")).toEqual(["/", "/en"]);
    expect(discoveryPaths("/en/a/b/c")).toEqual(["/", "/en/a/b", "/en/a", "/en"]);
    expect(discoveryPaths("/")).toEqual(["/"]);
  });
});

/** The context React Router hands the document render of `pathname`. */
function contextFor(pathname: string, mode: "lazy" | "initial" = "lazy"): EntryContext {
  const matches = matchRoutes(routes, pathname) ?? [];
  return {
    manifest: {
      entry: { imports: [], module: "/assets/entry.js" },
      routes: manifestRoutes,
      url: "/m.js",
      version: "1",
    },
    routeModules: {},
    future: {},
    ssr: true,
    isSpaMode: false,
    routeDiscovery: mode === "lazy" ? { mode, manifestPath: "/__manifest" } : { mode },
    branches,
    staticHandlerContext: { location: { pathname }, matches },
  } as unknown as EntryContext;
}

describe("a document render's route table", () => {
  it("keeps the page's routes and those its parent paths match, and they match as the whole table does", () => {
    for (const pathname of ["/en/routes-schedules/", "/es/", "/en/nothing/here/", "/pt/carrito/"]) {
      const context = contextFor(pathname);
      const reduced = withRoutesOfPage(context);
      expect(reduced.branches.length).toBeLessThan(branches.length / 10);
      for (const match of context.staticHandlerContext.matches)
        expect(reduced.manifest.routes).toHaveProperty(match.route.id);
      for (const path of discoveryPaths(pathname)) {
        const ids = matchedRouteIds(branches, path);
        expect(matchedRouteIds(reduced.branches, path), path).toEqual(ids);
        for (const id of ids) expect(reduced.manifest.routes[id]).toBe(manifestRoutes[id]);
      }
      expect(Object.keys(reduced.manifest.routes).sort()).toEqual(
        [...new Set(reduced.branches.flatMap((branch) => branch.routesMeta.map((meta) => meta.route.id)))].sort(),
      );
      expect(reduced.manifest.entry).toBe(context.manifest.entry);
      expect(reduced.staticHandlerContext).toBe(context.staticHandlerContext);
    }
  });

  it("is the same table for the same page, and the whole table when every route is sent at first", () => {
    expect(withRoutesOfPage(contextFor("/en/")).manifest).toBe(withRoutesOfPage(contextFor("/en/")).manifest);
    const initial = contextFor("/en/", "initial");
    expect(withRoutesOfPage(initial)).toBe(initial);
  });
});
