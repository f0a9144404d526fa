// The boarding scanner's service worker (ADR 0040), registered by the scanner page with the
// page's own path as scope (/es/operador/escaner/, /en/operator/scanner/, /pt/operador/scanner/), so it
// never touches the public site (public/sw.js keeps doing that). It lets the installed scanner open
// and work with no network: the page, its data request and its hashed assets are answered from the
// network when it is there (and kept), from the cache when it is not. API calls are never cached —
// the page keeps its signed list and its queue in IndexedDB itself.

const CACHE = "travesia-scanner-v1";

self.addEventListener("install", () => {
  void self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith("travesia-scanner-") && name !== CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

// The page sends the assets it loaded before this worker controlled it, so they are there offline.
self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || data.type !== "cache-urls" || !Array.isArray(data.urls)) return;
  const sameOrigin = data.urls.filter((url) => typeof url === "string" && new URL(url, self.location.origin).origin === self.location.origin);
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await Promise.all(
        sameOrigin.map(async (url) => {
          if (await cache.match(url)) return;
          try {
            const response = await fetch(url, { credentials: "same-origin" });
            if (response.ok) await cache.put(url, response);
          } catch {
            // Offline already: the next online visit fills it.
          }
        }),
      );
    })(),
  );
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = (await cache.match(request)) || (await cache.match(request, { ignoreSearch: true }));
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
    return;
  }
  const scope = new URL(self.registration.scope).pathname;
  // The page itself and React Router's data request for it (/es/operador/escaner.data?…).
  const scannerPage = url.pathname.startsWith(scope) || url.pathname === `${scope.replace(/\/$/, "")}.data`;
  if (request.mode === "navigate" || scannerPage || url.pathname === "/api/boarding/key" || url.pathname.endsWith(".webmanifest") || url.pathname === "/favicon.svg") {
    event.respondWith(networkFirst(request));
  }
});
