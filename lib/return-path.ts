// Where to go back to after signing in: a path on this site only. Pure, so the
// API, the auth page and the tests decide the same way; an open redirect is the failure it prevents.

/** The route POST /redirect/ keeps arrives with its slashes replaced by this marker ("|es|carrito|" is /es/carrito/). */
export const ROUTE_SLASH_MARKER = "|";
export const MAX_RETURN_PATH_LENGTH = 2048;

/**
 * The same-site path `value` names, or null: it must be an absolute path ("/…"), not protocol-relative
 * ("//host", "/\\host"), without backslashes or control characters (some browsers read them as slashes
 * or strip them), and stay on this origin once resolved. The fragment is dropped.
 */
export function sameSitePath(value: string): string | null {
  if (value.length === 0 || value.length > MAX_RETURN_PATH_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  const base = new URL("https://travesia.invalid");
  let resolved: URL;
  try {
    resolved = new URL(value, base);
  } catch {
    return null;
  }
  if (resolved.origin !== base.origin) return null;
  return `${resolved.pathname}${resolved.search}`;
}

/** The same-site path a route names ("|es|carrito|" is /es/carrito/), or null. */
export function readReturnPath(route: string): string | null {
  return sameSitePath(route.split(ROUTE_SLASH_MARKER).join("/"));
}

/** The route form of a path, as the client sends it. */
export function toRoute(path: string): string {
  return path.split("/").join(ROUTE_SLASH_MARKER);
}
