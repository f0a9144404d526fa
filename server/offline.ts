// The offline pages ("Sin conexión" in Spanish), one per language at /offline/{lang}.html. The
// service worker (public/sw.js) keeps them and shows the one of the URL's language when a navigation
// fails because the network is down. Static: no script, and "try again" is a link to the page's own
// URL — which, shown by the service worker, is the address the visitor was trying to open.
// Changing how these pages look: bump OFFLINE_PAGE_REVISION in app/entry.client.tsx, so visitors'
// workers fetch the new pages (their strings version themselves).
import { Hono } from "hono";
import { ESSENTIAL } from "../lib/i18n/messages/essential.ts";
import { pathOf } from "../lib/routing/localized-paths.ts";
import { LANGUAGES, isLanguage, type Language } from "../lib/language.ts";
import { escapeHtml } from "../lib/html.ts";
import { renderStaticPage } from "./internal-error-page.ts";

export function offlinePath(language: Language): string {
  return `/offline/${language}.html`;
}

export const OFFLINE_PATHS: readonly string[] = LANGUAGES.map(offlinePath);

const NO_SIGNAL_ART = `<svg class="art" viewBox="0 0 96 80" fill="none" stroke="currentColor" stroke-width="6" stroke-linecap="round" aria-hidden="true" focusable="false"><path d="M14 30a50 50 0 0 1 68 0"/><path d="M26 43a33 33 0 0 1 44 0"/><path d="M38 56a16 16 0 0 1 20 0"/><circle cx="48" cy="68" r="3" fill="currentColor"/><path d="M16 10l64 64" stroke="#cf4329"/></svg>`;

export function offlinePage(language: Language): string {
  const t = ESSENTIAL[language];
  const main = `<div class="content">
<div class="intro">${NO_SIGNAL_ART}<h1>${escapeHtml(t["offline.title"])}</h1><p class="lead">${escapeHtml(t["offline.text"])}</p><p>${escapeHtml(t["offline.hint"])}</p></div>
<p><a class="button" href="" data-testid="offline-retry">${escapeHtml(t["offline.retry"])}</a></p>
</div>`;
  return renderStaticPage({
    language,
    title: t["offline.title"],
    home: { href: pathOf("home", language), label: t["site.homeLink"] },
    main,
  });
}

/** GET /offline/{es,en,pt}.html. The worker fetches them past the HTTP cache, so `no-cache` is enough. */
export function offlineRoutes() {
  const app = new Hono();
  app.get(`/offline/:file{(?:${LANGUAGES.join("|")})\\.html}`, (c) => {
    const language = c.req.param("file").slice(0, 2);
    if (!isLanguage(language)) return c.notFound();
    c.header("Cache-Control", "no-cache");
    c.header("X-Robots-Tag", "noindex");
    return c.html(offlinePage(language));
  });
  return app;
}
