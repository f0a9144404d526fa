import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { PAGES } from "../lib/routing/pages.ts";
import { exactLanguageOfPath, LANGUAGES } from "../lib/language.ts";
import { routesOfLanguage } from "./language-routes.ts";

type RouteTable = ServerBuild["routes"];

/**
 * A route table shaped as app/routes.ts makes it (which server/ may not import): a route per page and
 * language and its aliases, a console layout per language around its pages, the not-page routes per
 * language, the crawler files and the not-found route, all under the root.
 */
let table: RouteTable;

beforeAll(() => {
  table = {} as RouteTable;
  const add = (id: string, parentId: string | undefined, path?: string) => {
    table[id] = { id, parentId, path, module: {} } as RouteTable[string];
  };
  add("root", undefined, "");
  for (const [pageId, page] of Object.entries(PAGES)) {
    for (const language of LANGUAGES) {
      add(`${pageId}.${language}`, "root", page.paths[language]);
      (page.aliases?.[language] ?? []).forEach((alias, index) =>
        add(`${pageId}.${language}.alias${index}`, "root", alias),
      );
    }
  }
  for (const language of LANGUAGES) {
    add(`console.${language}`, "root");
    add(`operator.${language}`, `console.${language}`, `/${language}/operator-${language}/`);
    add(`staff.${language}`, `console.${language}`, `/${language}/operator-${language}/staff/:id/`);
    add(`fault.${language}`, "root", `/${language}/__fault/`);
  }
  add("sitemap-xml", "root", "sitemap.xml");
  add("robots-txt", "root", "robots.txt");
  add("not-found", "root", "*");
});

/** The route tree React Router builds from a table. */
function treeOf(routes: RouteTable, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map(
      (route) =>
        ({ id: route!.id, path: route!.path, index: route!.index, children: treeOf(routes, route!.id) }) as RouteObject,
    );
}

const idsOf = (routes: RouteObject[], path: string) => matchRoutes(routes, path)?.map((match) => match.route.id) ?? [];

describe("a language's route table", () => {
  it("keeps its own routes and those of no language, and drops the others' and their empty layouts", () => {
    const english = routesOfLanguage(table, "en");
    for (const [id, route] of Object.entries(english)) {
      expect(/^\/(es|pt)\//.test(route?.path ?? ""), id).toBe(false);
    }
    expect(english).toHaveProperty(["routesSchedules.en"]);
    expect(english).toHaveProperty(["not-found"]);
    expect(english).toHaveProperty(["sitemap-xml"]);
    expect(english).toHaveProperty(["console.en"]);
    expect(english).not.toHaveProperty(["console.es"]);
    expect(english).not.toHaveProperty(["routesSchedules.es"]);
    expect(Object.keys(english).length).toBeLessThan(Object.keys(table).length / 2);
  });

  it("matches every path of its language as the whole table does", () => {
    const whole = treeOf(table);
    for (const language of LANGUAGES) {
      const own = treeOf(routesOfLanguage(table, language));
      const paths = new Set([`/${language}`, `/${language}/`, `/${language}/nothing/here/`, `/${language}/a`]);
      // Its own pages, and a few of the other languages' slugs under its prefix (which match no page).
      const routePaths = Object.values(table).flatMap((route) => (route?.path?.startsWith("/") ? [route.path] : []));
      for (const path of routePaths)
        if (exactLanguageOfPath(path) === language) paths.add(path.replace(/:[\w-]+/g, "x"));
      for (const path of routePaths.filter((path) => exactLanguageOfPath(path) !== language).slice(0, 12)) {
        paths.add(path.replace(/^\/[a-z]{2}\//, `/${language}/`));
      }
      for (const path of paths) {
        if (exactLanguageOfPath(path) !== language) continue;
        expect(idsOf(own, path), path).toEqual(idsOf(whole, path));
      }
    }
  });
});

describe("the language a path is answered in", () => {
  it("is its first segment when that is exactly a language, else none (the whole table)", () => {
    expect(exactLanguageOfPath("/en/routes-schedules/")).toBe("en");
    expect(exactLanguageOfPath("/es")).toBe("es");
    expect(exactLanguageOfPath("/pt/carrito.data")).toBe("pt");
    expect(exactLanguageOfPath("/EN/routes-schedules/")).toBeNull();
    expect(exactLanguageOfPath("/english/")).toBeNull();
    expect(exactLanguageOfPath("/__manifest")).toBeNull();
    expect(exactLanguageOfPath("/")).toBeNull();
    expect(exactLanguageOfPath("/%65n/")).toBeNull();
  });
});
