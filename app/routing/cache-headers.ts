// React Router sends only the headers a route's `headers` export returns: without one, the
// Cache-Control a loader sets (no-store for live seats, carts, bookings, forms) would be lost, and
// server/app.ts would take the page for one it may share. Route modules re-export this (ADR 0035).

/** The loader's Cache-Control and Vary, as the page's own; and a throttled action's Retry-After. */
export function loaderCacheHeaders({
  loaderHeaders,
  actionHeaders,
}: {
  loaderHeaders: Headers;
  actionHeaders?: Headers;
}): Headers {
  const headers = new Headers();
  for (const name of ["Cache-Control", "Vary"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  const retryAfter = actionHeaders?.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
