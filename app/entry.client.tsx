// Browser entry: React Router's default hydration, plus client errors logged once each with
// console.error (server errors are logged by entry.server.tsx) and, in production, the
// service worker that shows the offline page when the network is down (public/sw.js).
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { COOKIE, cookieAttributes } from "../lib/cookies.ts";
import { isLanguage } from "../lib/language.ts";

/**
 * React reports an error caught by a boundary (onCaughtError) and then React Router reports the same
 * render error (onError), which also sees loader and action failures: one line per error, whoever
 * reports it first.
 */
const logged = new WeakSet<object>();

function logClientError(error: unknown, where?: { location?: { pathname: string } }): void {
  if (typeof error === "object" && error !== null) {
    if (logged.has(error)) return;
    logged.add(error);
  }
  console.error(`Client error on ${where?.location?.pathname ?? window.location.pathname}:`, error);
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter onError={logClientError} />
    </StrictMode>,
    { onCaughtError: (error) => logClientError(error) },
  );
});

/**
 * Where `/` sends a returning visitor: the language of the page shown (its <html lang>), on load and
 * after every navigation. Written here rather than by the server, so that a shared page (the page
 * cache, a CDN) answers without Set-Cookie (ADR 0052).
 */
function rememberLanguage(): void {
  const language = document.documentElement.lang;
  if (!isLanguage(language)) return;
  document.cookie = `${COOKIE.language}=${language}; ${cookieAttributes(window.location.protocol === "https:")}`;
}
rememberLanguage();
new MutationObserver(rememberLanguage).observe(document.documentElement, {
  attributes: true,
  attributeFilter: ["lang"],
});

/**
 * Bump when server/offline.ts changes how the offline pages look; a change of their strings in the
 * essential catalogue changes the version by itself. A new version is a new worker with a new cache.
 */
const OFFLINE_PAGE_REVISION = 1;

function offlineVersion(essential: unknown): string {
  const source = JSON.stringify([OFFLINE_PAGE_REVISION, essential]);
  let hash = 0x811c9dc5; // FNV-1a, 32 bits: enough to tell versions apart, not a security boundary
  for (let index = 0; index < source.length; index += 1) {
    hash ^= source.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

async function registerServiceWorker(): Promise<void> {
  // Imported after the page's load: the page itself needs none of it before then.
  try {
    const { ESSENTIAL } = await import("../lib/i18n/messages/essential.ts");
    await navigator.serviceWorker.register(`/sw.js?v=${offlineVersion(ESSENTIAL)}`, { scope: "/" });
  } catch (error: unknown) {
    // The site works without it; only the offline page is lost.
    console.warn("Service worker registration failed:", error);
  }
}

if ("serviceWorker" in navigator) {
  if (import.meta.env.PROD) {
    if (document.readyState === "complete") void registerServiceWorker();
    else window.addEventListener("load", () => void registerServiceWorker(), { once: true });
  } else {
    // A worker left by a production build on this origin must not outlive it into development.
    void navigator.serviceWorker.getRegistrations().then((registrations) => {
      for (const registration of registrations) void registration.unregister();
    });
  }
}
