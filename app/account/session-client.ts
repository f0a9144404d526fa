// The browser's side of the login state: whether the readable userInfo cookie says
// signed in (so an anonymous visitor never asks the server anything), who is signed in (GET
// /user-info/), keeping where to come back before going to sign in (POST /redirect/), and signing out
// (POST /user-logout/, then home, fresh).
import { COOKIE, parseCookieHeader } from "../../lib/cookies.ts";
import { toRoute } from "../../lib/return-path.ts";

/** What the userInfo cookie says: only its login flag matters here (it is not a credential). */
export function cookieSaysSignedIn(cookieHeader: string): boolean {
  const raw = parseCookieHeader(cookieHeader)[COOKIE.userInfo];
  if (!raw) return false;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === "object" && parsed !== null && (parsed as { login?: unknown }).login === true;
  } catch {
    return false;
  }
}

export interface SignedInUser {
  firstName: string;
  userName: string;
}

/** Who the server says is signed in, or null (a session that ended, a failed call). */
export async function fetchSignedInUser(signal?: AbortSignal): Promise<SignedInUser | null> {
  try {
    const response = await fetch("/user-info/", {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
      signal,
    });
    if (!response.ok) return null;
    const info = (await response.json()) as { status?: string; firstName?: unknown; userName?: unknown };
    if (info.status !== "auth") return null;
    return {
      firstName: typeof info.firstName === "string" ? info.firstName : "",
      userName: typeof info.userName === "string" ? info.userName : "",
    };
  } catch {
    return null;
  }
}

/** Keeps the page being read as where to come back after signing in; going on matters more than keeping it. */
export async function rememberReturnPath(path: string): Promise<void> {
  try {
    await fetch("/redirect/", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ route: toRoute(path) }),
    });
  } catch {
    // Offline or refused: the visitor still gets to sign in, and lands on the default page after.
  }
}

/** Signs out, then opens `homeHref` anew so that nothing of the session stays on screen. */
export async function signOut(homeHref: string): Promise<void> {
  try {
    await fetch("/user-logout/", { method: "POST", credentials: "same-origin" });
  } finally {
    window.location.assign(homeHref);
  }
}
