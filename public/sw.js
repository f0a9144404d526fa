// Travesía's service worker. It does one thing: when a page navigation fails because
// the network is down, it answers with the offline page of the URL's language ("Sin Conexión" on
// /es/…). It never caches pages, API answers or assets — everything else goes to the network as if
// there were no worker, so nothing stale is ever shown.
//
// The cache is named after the `v` of the script URL (entry.client.tsx derives it from the offline
// strings), so new offline pages get a new cache and activate removes the old ones.

const LANGUAGES = ["es", "en", "pt"];
const DEFAULT_LANGUAGE = "en";
const CACHE_PREFIX = "travesia-offline-";
const CACHE = `${CACHE_PREFIX}${new URL(self.location.href).searchParams.get("v") || "0"}`;
const OFFLINE_PAGES = LANGUAGES.map((language) => `/offline/${language}.html`);

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Past the HTTP cache: the pages of this version, not ones an older version left there.
      await cache.addAll(OFFLINE_PAGES.map((url) => new Request(url, { cache: "reload" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
      // The page request starts while the worker boots, so the worker costs online visitors nothing.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.mode !== "navigate" || request.method !== "GET") return;
  event.respondWith(navigate(event));
});

async function navigate(event) {
  try {
    const preloaded = await event.preloadResponse;
    if (preloaded) return preloaded;
    return await fetch(event.request);
  } catch (error) {
    // Only a network failure lands here: an HTTP error (404, 500) is an answer and is shown as is.
    const offline = await caches.match(offlinePageOf(event.request.url), { cacheName: CACHE });
    if (offline) return offline;
    throw error;
  }
}

function offlinePageOf(url) {
  const first = new URL(url).pathname.split("/")[1];
  const language = LANGUAGES.includes(first) ? first : DEFAULT_LANGUAGE;
  return `/offline/${language}.html`;
}
