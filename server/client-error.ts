// Requests Node refuses before they reach the app — headers over its 16 KB limit, malformed request
// lines — still get a clear, decent 4xx page and never a reset connection. The page is in the
// language of the request path when the request line can be read, else in all three.
import type { Duplex } from "node:stream";
import { ESSENTIAL } from "../lib/i18n/messages/essential.ts";
import { pathOf } from "../lib/routing/localized-paths.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from "../lib/language.ts";
import { escapeHtml } from "../lib/html.ts";
import { BOAT_ART, renderStaticPage } from "./internal-error-page.ts";

type ClientError = Error & { code?: string; rawPacket?: unknown };

/** The language of the request line at the start of what the client sent, when there is one. */
export function languageOfRawRequest(rawPacket: unknown): Language | null {
  if (!Buffer.isBuffer(rawPacket)) return null;
  const head = rawPacket.subarray(0, 64).toString("latin1");
  const match = /^[A-Z]{3,7} \/([a-z]{2})\//.exec(head);
  return match && isLanguage(match[1]) ? match[1] : null;
}

export function clientErrorPage(status: 400 | 431, language: Language | null): string {
  // Unreadable path: English first (the site's fallback language), then the others.
  const languages = language
    ? [language]
    : [DEFAULT_LANGUAGE, ...LANGUAGES.filter((lang) => lang !== DEFAULT_LANGUAGE)];
  const pick = (lang: Language) => {
    const t = ESSENTIAL[lang];
    return status === 431
      ? { title: t["error.headersTooLargeTitle"], text: t["error.headersTooLargeText"] }
      : { title: t["error.badRequestTitle"], text: t["error.badRequestHeading"] };
  };
  const sections = languages
    .map((lang) => {
      const t = ESSENTIAL[lang];
      const copy = pick(lang);
      const note = t["error.inRequest"].replace("{status}", String(status));
      return `<section lang="${lang}" class="intro"><h${lang === languages[0] ? 1 : 2} class="h1">${escapeHtml(copy.title)}</h${lang === languages[0] ? 1 : 2}><p class="lead">${escapeHtml(copy.text)}</p><p><a class="button" href="${pathOf("home", lang)}">${escapeHtml(t["error.backHome"])}</a></p><p class="note">${escapeHtml(note)}</p></section>`;
    })
    .join("");
  const home = language ?? DEFAULT_LANGUAGE;
  return renderStaticPage({
    language: language ?? "mul",
    title: languages.map((lang) => pick(lang).title).join(" · "),
    home: { href: pathOf("home", home), label: ESSENTIAL[home]["site.homeLink"] },
    main: `<div class="content">${BOAT_ART}${sections}</div>`,
  });
}

export function badRequestForClientError(error: ClientError, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const status = tooLarge ? 431 : 400;
  const body = clientErrorPage(status, languageOfRawRequest(error.rawPacket));
  const reason = tooLarge ? "Request Header Fields Too Large" : "Bad Request";
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}
