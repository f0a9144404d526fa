// Static HTML pages for when React Router cannot render: the last-resort 500 (Hono's onError), the 400
// for paths that do not decode, the 431 for oversized headers (client-error.ts) and the offline pages
// the service worker keeps (offline.ts). No scripts, no external files, no details of the failure:
// one inline style block (the CSP allows inline styles) and inline SVG, so a page still looks like
// Travesía when the assets, the database or the network are gone.
import { errorCopyOf, relatedLinksOf, searchActionOf } from "../lib/i18n/error-copy.ts";
import { CATALOGUES } from "../lib/i18n/catalogues.server.ts";
import { ESSENTIAL, type EssentialMessages } from "../lib/i18n/messages/essential.ts";
import { pathOf } from "../lib/routing/localized-paths.ts";
import { escapeHtml } from "../lib/html.ts";
import { getOrInsertComputed } from "../lib/maps.ts";
import type { Language } from "../lib/language.ts";

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:#fdfaf3;color:#0f172a;
font-family:"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans","Liberation Sans",ui-sans-serif,system-ui,sans-serif;line-height:1.5}
a{color:#045d89}
a:focus-visible,button:focus-visible,input:focus-visible{outline:2px solid #006ea6;outline-offset:2px}
header{background:#fff;border-bottom:1px solid rgba(11,79,108,.1)}
.bar{max-width:80rem;margin:0 auto;padding:0 1rem;height:4rem;display:flex;align-items:center}
.brand{display:inline-flex;align-items:center;gap:.625rem;font-size:1.25rem;font-weight:800;letter-spacing:-.025em;color:#07324a;text-decoration:none;border-radius:.375rem}
.brand svg{width:2.25rem;height:2.25rem}
main{flex:1}
.content{max-width:42rem;margin:0 auto;padding:2.5rem 1rem 4rem;display:flex;flex-direction:column;gap:2rem}
.art{height:5rem;width:auto;color:#006ea6;align-self:flex-start}
h1{margin:0;font-size:1.875rem;line-height:1.2;letter-spacing:-.01em;color:#07324a}
h2{margin:0;font-size:.875rem;text-transform:uppercase;letter-spacing:.05em;color:#475569}
h2.h1{font-size:1.5rem;text-transform:none;letter-spacing:normal;color:#07324a}
p{margin:0}
.lead{font-size:1.125rem;color:#334155}
.intro p{color:#334155}
.intro{display:flex;flex-direction:column;gap:1rem}
label{font-weight:600;color:#07324a;display:block;margin-bottom:.5rem}
.row{display:flex;gap:.5rem}
input{flex:1;min-width:0;min-height:3rem;border:1px solid #94a3b8;border-radius:999px;padding:0 1.25rem;font:inherit;background:#fff;color:#0f172a}
button,.button{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;min-height:3rem;padding:0 1.5rem;border-radius:999px;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
button{border:1px solid rgba(11,79,108,.15);background:#fff;color:#0b4f6c}
.button{background:#cf4329;color:#fff;border:0}
.button:hover{background:#b2361f}
ul{list-style:none;margin:.75rem 0 0;padding:0;display:grid;gap:.75rem}
.card{display:flex;min-height:3rem;align-items:center;justify-content:space-between;padding:0 1rem;border:1px solid rgba(11,79,108,.1);border-radius:.75rem;background:#fff;font-weight:600;color:#0b4f6c;text-decoration:none}
.note{border-top:1px solid rgba(11,79,108,.1);padding-top:1rem;font-size:.875rem;color:#475569}
.ref{display:block;margin-top:.25rem;font-family:ui-monospace,monospace;font-size:.75rem}
section+section{border-top:1px solid rgba(11,79,108,.1);padding-top:2rem}
@media (min-width:640px){.bar{padding:0 1.5rem}.content{padding:4rem 1.5rem}h1{font-size:2.25rem}h2.h1{font-size:1.75rem}.art{height:6rem}ul{grid-template-columns:1fr 1fr}.wide{grid-column:1/-1}.wide .button{justify-self:start}}
@media (min-width:1024px){.bar{padding:0 2rem}}
`.replace(/\n/g, "");

/** The mark of app/components/shell/logo.tsx (a sail over two waves). */
const LOGO = `<svg viewBox="0 0 40 40" aria-hidden="true" focusable="false"><rect width="40" height="40" rx="11" fill="#0b4f6c"/><path d="M20.5 7.5 L20.5 24 L11 24 Z" fill="#ffffff"/><path d="M22.5 10.5 L30 24 L22.5 24 Z" fill="#75d9ff"/><path d="M7 27.5c2.2 1.6 4.4 1.6 6.6 0s4.4-1.6 6.6 0 4.4 1.6 6.6 0 4.4-1.6 6.6 0" fill="none" stroke="#f26b4f" stroke-width="2.4" stroke-linecap="round"/><path d="M9.5 32c1.8 1.2 3.7 1.2 5.5 0s3.7-1.2 5.5 0 3.7 1.2 5.5 0 3.7-1.2 5.5 0" fill="none" stroke="#2cc6ff" stroke-width="2" stroke-linecap="round"/></svg>`;

/** Inline, so that no icon request fails when these pages are shown offline (the CSP allows data: images). */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(LOGO.replace(' aria-hidden="true" focusable="false"', ' xmlns="http://www.w3.org/2000/svg"'))}`;

/** A boat adrift on the waves (decorative), the same picture as the React error screen. */
export const BOAT_ART = `<svg class="art" viewBox="0 0 160 80" fill="none" aria-hidden="true" focusable="false"><g transform="translate(0 5) rotate(-8 80 40)"><path d="M52 50l8-26h36l12 26z" fill="currentColor" opacity=".9"/><rect x="74" y="8" width="4" height="18" fill="currentColor"/></g><path d="M4 58c10 0 10-6 20-6s10 6 20 6 10-6 20-6 10 6 20 6 10-6 20-6 10 6 20 6 10-6 20-6 10 6 12 6" stroke="#2cc6ff" stroke-width="5" stroke-linecap="round"/><path d="M20 72c10 0 10-6 20-6s10 6 20 6 10-6 20-6 10 6 20 6 10-6 20-6 10 6 16 6" stroke="#75d9ff" stroke-width="4" stroke-linecap="round"/></svg>`;

const ARROW = `<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M5 12h14M13 6l6 6-6 6"/></svg>`;
const SEARCH = `<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true" focusable="false"><circle cx="11" cy="11" r="7"/><path d="M20 20l-3.5-3.5"/></svg>`;

export interface StaticPageInput {
  /** The document language; "mul" for the pages written in all three (the path was unreadable). */
  language: Language | "mul";
  title: string;
  /** The home link of the header, in the page's language. */
  home: { href: string; label: string };
  /** Trusted HTML of the page body, inside <main>. */
  main: string;
  /** Reload the page after this many seconds (the busy page's retry, which needs no script). */
  refreshSeconds?: number;
}

export function renderStaticPage(input: StaticPageInput): string {
  const lang = input.language === "mul" ? "en" : input.language;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">${input.refreshSeconds ? `\n<meta http-equiv="refresh" content="${input.refreshSeconds}">` : ""}
<meta name="theme-color" content="#0b4f6c">
<link rel="icon" href="${FAVICON}" type="image/svg+xml">
<title>${escapeHtml(input.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><div class="bar"><a class="brand" href="${escapeHtml(input.home.href)}" aria-label="${escapeHtml(input.home.label)}">${LOGO}<span>Travesía</span></a></div></header>
<main id="main">${input.main}</main>
</body>
</html>`;
}

/** Search box and related links, as on the React error screen (a GET form needs no script). */
export function searchAndLinksHtml(language: Language, t: EssentialMessages): string {
  const links = relatedLinksOf(language)
    .map(
      (link) =>
        `<li${link.pageId === "home" ? ' class="wide"' : ""}><a class="${link.pageId === "home" ? "button" : "card"}" href="${escapeHtml(link.href)}">${escapeHtml(t[link.label])}${ARROW}</a></li>`,
    )
    .join("");
  return `<form role="search" method="get" action="${escapeHtml(searchActionOf(language))}"><label for="q-${language}">${escapeHtml(t["search.label"])}</label><div class="row"><input id="q-${language}" type="search" name="q" required maxlength="200" autocomplete="off" placeholder="${escapeHtml(t["search.placeholder"])}"><button type="submit">${SEARCH}<span>${escapeHtml(t["search.submit"])}</span></button></div></form>
<nav aria-labelledby="links-${language}"><h2 id="links-${language}">${escapeHtml(t["error.relatedLinks"])}</h2><ul>${links}</ul></nav>`;
}

/**
 * The error page the server writes itself: 500 from Hono's onError, 400 for a path that does not
 * decode. Heading, message, search box, related links and the note with the status (the request's
 * for a 4xx, the server's otherwise) — never the error's own message.
 */
export function internalErrorPage(language: Language, status = 500, requestId?: string): string {
  const t = ESSENTIAL[language];
  const copy = errorCopyOf(status);
  const reference = requestId
    ? `<span class="ref">${escapeHtml(fill(t["error.reference"], { requestId }))}</span>`
    : "";
  const main = `<div class="content">
<div class="intro">${BOAT_ART}<h1>${escapeHtml(t[copy.heading])}</h1><p class="lead">${escapeHtml(t[copy.text])}</p></div>
${searchAndLinksHtml(language, t)}
<p class="note">${escapeHtml(fill(t[copy.note], { status }))}${reference}</p>
</div>`;
  return renderStaticPage({
    language,
    title: t[copy.title],
    home: { href: pathOf("home", language), label: t["site.homeLink"] },
    main,
  });
}

/**
 * The busy page as bytes, in three parts around its link back to `retryHref`. Past what the machine
 * serves, refusals come by the thousand a second and each waits for those before it: the page around the
 * link is written once per language and wait and sent as it is, and a refusal costs its process the
 * link's few bytes, not a page of text to build, flatten and encode (a fifth of what the front
 * allocated in an overload).
 */
export function busyPageBody(language: Language, retryAfterSeconds: number, retryHref: string): readonly Buffer[] {
  const [before, after] = getOrInsertComputed(busyPageHalves, `${language} ${retryAfterSeconds}`, () => {
    const page = busyPage(language, retryAfterSeconds, RETRY_HREF_MARK);
    const at = page.indexOf(RETRY_HREF_MARK);
    return [Buffer.from(page.slice(0, at)), Buffer.from(page.slice(at + RETRY_HREF_MARK.length))] as const;
  });
  return [before, Buffer.from(escapeHtml(retryHref)), after];
}

/** Stands for the retry link while the page's halves are made: letters only, which escaping leaves as they are. */
const RETRY_HREF_MARK = "TRAVESIARETRYHREF";
const busyPageHalves = new Map<string, readonly [Buffer, Buffer]>();

/**
 * The page a visitor refused under overload sees (ADR 0053): what is happening, in their language, and
 * a reload after `retryAfterSeconds` (the same wait as the Retry-After header), with a link to try now.
 */
function busyPage(language: Language, retryAfterSeconds: number, retryHref: string): string {
  const t = CATALOGUES[language];
  const main = `<div class="content">
<div class="intro">${BOAT_ART}<h1>${escapeHtml(t["busy.heading"])}</h1><p class="lead">${escapeHtml(t["busy.text"])}</p></div>
<p><a class="button" href="${escapeHtml(retryHref)}">${escapeHtml(t["busy.retry"])}${ARROW}</a></p>
</div>`;
  return renderStaticPage({
    language,
    title: t["busy.title"],
    home: { href: pathOf("home", language), label: ESSENTIAL[language]["site.homeLink"] },
    main,
    refreshSeconds: retryAfterSeconds,
  });
}
