// The URL table, generated from the slug table: one route per live page and language, plus aliases.
import { type RouteConfig, layout, route } from "@react-router/dev/routes";
import { LANGUAGES } from "../lib/language.ts";
import { PAGE_MODULES } from "../lib/routing/page-modules.ts";
import { PAGES, type PageId } from "../lib/routing/pages.ts";
import { CONSOLE_PAGES } from "./console/console-pages.ts";

const pages: RouteConfig = [];
for (const [pageId, file] of Object.entries(PAGE_MODULES) as [PageId, string][]) {
  for (const language of LANGUAGES) {
    pages.push(route(PAGES[pageId].paths[language], file, { id: `${pageId}.${language}` }));
    (PAGES[pageId].aliases?.[language] ?? []).forEach((alias, index) => {
      pages.push(route(alias, file, { id: `${pageId}.${language}.alias${index}` }));
    });
  }
}

// The operator's console: one layout per language around the pages of its own table.
const consolePages: RouteConfig = LANGUAGES.map((language) =>
  layout(
    "console/console-layout.tsx",
    { id: `console.${language}` },
    Object.entries(CONSOLE_PAGES).map(([pageId, page]) =>
      route(page.paths[language], page.file, { id: `${pageId}.${language}` }),
    ),
  ),
);

// Not pages: fault injection for the error-screen tests (answers 404 unless ENABLE_FAULT_ROUTES).
const faults: RouteConfig = LANGUAGES.map((language) =>
  route(`/${language}/__fault/`, "routes/fault.tsx", { id: `fault.${language}` }),
);

// Not pages: the currency form for browsers without JavaScript (POST sets the cookies, then back).
const currencyForms: RouteConfig = LANGUAGES.map((language) =>
  route(`/${language}/currency/`, "routes/currency-choice.ts", { id: `currencyChoice.${language}` }),
);

// Not pages: the hosted identity provider's login and consent step (ADR 0031), reached from /idp only.
const identityProviderSteps: RouteConfig = LANGUAGES.map((language) =>
  route(`/${language}/auth/idp/`, "routes/idp-interaction.tsx", { id: `idpInteraction.${language}` }),
);

// Not pages: crawler files generated from the slug table.
const crawlerFiles: RouteConfig = [
  route("sitemap.xml", "routes/sitemap-xml.ts", { id: "sitemap-xml" }),
  route("robots.txt", "routes/robots-txt.ts", { id: "robots-txt" }),
];

export default [
  ...pages,
  ...consolePages,
  ...faults,
  ...currencyForms,
  ...identityProviderSteps,
  ...crawlerFiles,
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
