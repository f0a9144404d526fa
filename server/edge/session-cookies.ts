// The cookies of a signed-in browser (ADR 0027), written the same way by the Users API, the auth page's
// action and the code flow's return: the session (HttpOnly, Lax, `__Host-` over HTTPS; until the
// browser closes unless "remember me"), and `userInfo` (readable by scripts, not a credential).
import { COOKIE, credentialCookieName, parseCookieHeader } from "../../lib/cookies.ts";
import {
  findLoginState,
  LIFETIMES,
  userInfoCookieValue,
  userInfoOf,
  type LoginState,
  type NewSession,
  type UserInfo,
} from "../../modules/identity/index.ts";
import type { Database } from "../../lib/db.ts";

export type SessionKind = "regular" | "social";

export function sessionCookieName(kind: SessionKind, secure: boolean): string {
  return credentialCookieName(kind === "regular" ? COOKIE.session : COOKIE.socialSession, secure);
}

function attributes(secure: boolean, maxAgeSeconds: number | null): string {
  return `Path=/; SameSite=Lax${secure ? "; Secure" : ""}${maxAgeSeconds !== null ? `; Max-Age=${maxAgeSeconds}` : ""}`;
}

/** The Set-Cookie values that open a session in this browser. */
export function openSessionCookies(
  kind: SessionKind,
  session: NewSession,
  info: UserInfo,
  remember: boolean,
  secure: boolean,
): string[] {
  const maxAge = remember ? Math.round(LIFETIMES.rememberedSessionMs / 1000) : null;
  return [
    `${sessionCookieName(kind, secure)}=${session.secret}; HttpOnly; ${attributes(secure, maxAge)}`,
    `${COOKIE.userInfo}=${encodeURIComponent(userInfoCookieValue(info))}; ${attributes(secure, maxAge)}`,
  ];
}

/** The Set-Cookie values that forget the named cookies. */
export function clearCookies(names: readonly string[], secure: boolean): string[] {
  return names.map((name) => `${name}=; ${name.startsWith("__Host-") ? "HttpOnly; " : ""}${attributes(secure, 0)}`);
}

export interface RequestSessions {
  social: string | null;
  regular: string | null;
}

export function sessionSecretsOf(cookieHeader: string | null | undefined, secure: boolean): RequestSessions {
  const cookies = parseCookieHeader(cookieHeader);
  return {
    social: cookies[sessionCookieName("social", secure)] ?? null,
    regular: cookies[sessionCookieName("regular", secure)] ?? null,
  };
}

export interface ResolvedLogin {
  state: LoginState;
  info: UserInfo;
  /** Cookies to clear: sessions that are over, and `userInfo` when nobody is signed in any more. */
  clear: string[];
}

/** The social session first, then the regular one; stale cookies are named for clearing. */
export async function resolveLogin(
  db: Database,
  cookieHeader: string | null | undefined,
  secure: boolean,
  now: Date,
): Promise<ResolvedLogin> {
  const secrets = sessionSecretsOf(cookieHeader, secure);
  const state = await findLoginState(db, secrets, now);
  const info = userInfoOf(state.session?.account ?? null, state.session?.viaSocialProvider ?? false);
  const stale = [
    ...(state.staleSocial ? [sessionCookieName("social", secure)] : []),
    ...(state.staleRegular ? [sessionCookieName("regular", secure)] : []),
    ...(info.status === "noauth" && parseCookieHeader(cookieHeader)[COOKIE.userInfo] !== undefined
      ? [COOKIE.userInfo]
      : []),
  ];
  return { state, info, clear: clearCookies(stale, secure) };
}
