// Each language's pages handed to a React Router handler that knows only that language's routes and
// the routes of no language. Every page path starts with its language ("/en/…", from the slug table),
// so a path whose first segment is "en" can only match an "/en/" route or one of no language (the
// not-found route, the crawler files): React Router walked the ~180 ranked routes of all three
// languages for it twice a request (matching the request, then its query), a third of them now. A
// path whose first segment is not exactly a language (React Router's manifest requests, "/EN/…")
// goes to the handler of the whole table, so every request matches what it matched before.
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { exactLanguageOfPath, LANGUAGES, type Language } from "../lib/language.ts";
import { getOrInsertComputed } from "../lib/maps.ts";

type RouteTable = ServerBuild["routes"];

/**
 * The routes a path of `language` can match: all but those under another language's prefix, their
 * children, and layouts left without a child.
 */
export function routesOfLanguage(routes: RouteTable, language: Language): RouteTable {
  const otherPrefixes = LANGUAGES.filter((other) => other !== language).map((other) => `/${other}/`);
  const all = Object.values(routes).filter((route) => route !== undefined);
  const childrenOf = new Map<string, string[]>();
  for (const route of all) {
    if (route.parentId) getOrInsertComputed(childrenOf, route.parentId, () => []).push(route.id);
  }
  const above = new Map<string, boolean>();
  const droppedWithParents = (id: string): boolean => {
    const known = above.get(id);
    if (known !== undefined) return known;
    const route = routes[id];
    const gone =
      !route ||
      otherPrefixes.some((prefix) => route.path?.startsWith(prefix)) ||
      (route.parentId !== undefined && droppedWithParents(route.parentId));
    above.set(id, gone);
    return gone;
  };
  const dropped = new Set(all.filter((route) => droppedWithParents(route.id)).map((route) => route.id));
  // A layout (no path) whose children all went goes too, and so on up.
  for (let changed = true; changed; ) {
    changed = false;
    for (const route of all) {
      const children = childrenOf.get(route.id) ?? [];
      if (dropped.has(route.id) || route.path !== undefined || route.index || children.length === 0) continue;
      if (children.every((child) => dropped.has(child))) {
        dropped.add(route.id);
        changed = true;
      }
    }
  }
  return Object.fromEntries(Object.entries(routes).filter(([id]) => !dropped.has(id)));
}

type RequestHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

/**
 * React Router's request handler for `build`, one per language beside the whole table's, each chosen
 * by the request path's first segment.
 */
export function createLanguageRequestHandler(build: ServerBuild, mode: string): RequestHandler {
  const whole = createRequestHandler(build, mode);
  const byLanguage = new Map<Language, RequestHandler>(
    LANGUAGES.map((language) => [
      language,
      createRequestHandler({ ...build, routes: routesOfLanguage(build.routes, language) }, mode),
    ]),
  );
  return (request, context) => {
    const language = exactLanguageOfPath(new URL(request.url).pathname);
    return ((language && byLanguage.get(language)) ?? whole)(request, context);
  };
}
