// The auth page's loader and action. The loader sends a visitor who is
// signed in already on to where they were going; the action is the sign-in for browsers without
// JavaScript (with it, the form calls POST /login and /user-session/ itself): the same use cases,
// then post/redirect/get.
import { data, redirect, type RouterContextProvider } from "react-router";
import { COOKIE, parseCookieHeader } from "../../lib/cookies.ts";
import { isAppError } from "../../lib/errors.ts";
import type { Language } from "../../lib/language.ts";
import { sameSitePath } from "../../lib/return-path.ts";
import { authenticate, issueLoginTicket, redeemLoginTicket, userInfoOf } from "../../modules/identity/index.ts";
import {
  requestContext,
  servicesContext,
  openSessionCookies,
  resolveLogin,
  sessionSecretsOf,
} from "../../server/edge/index.ts";
import { loginErrorCodeOf, type LoginFailure } from "./login-form.tsx";
import { pathOf } from "../../lib/routing/localized-paths.ts";

type Context = Readonly<RouterContextProvider>;

/** Where a visitor goes once signed in: the path kept by POST /redirect/, else their account. */
export function afterSignInPath(request: Request, language: Language): string {
  const kept = parseCookieHeader(request.headers.get("Cookie"))[COOKIE.returnPath];
  return (kept ? sameSitePath(kept) : null) ?? pathOf("account", language);
}

export async function loadAuthPage(request: Request, context: Context, language: Language) {
  const { db, clock, config } = context.get(servicesContext);
  const secure = config.NODE_ENV === "production";
  const { info } = await resolveLogin(db, request.headers.get("Cookie"), secure, clock.now());
  if (info.status === "auth")
    throw redirect(afterSignInPath(request, language), { headers: { "Cache-Control": "no-store" } });
  // A refused code-flow return comes back as ?error=<CODE>: shown like any other sign-in refusal.
  const code = new URL(request.url).searchParams.get("error");
  const codeFlowFailure: LoginFailure | null = code ? { code: loginErrorCodeOf(code), retryAfter: null } : null;
  const authPath = pathOf("auth", language);
  const socialProviders = (context.get(servicesContext).identityProvider?.socialProviders ?? []).map(
    ({ id, name }) => ({ id, name, href: `${authPath}?social=${encodeURIComponent(id)}` }),
  );
  return data(
    { accountPath: pathOf("account", language), codeFlowFailure, socialProviders },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export interface AuthActionData {
  failure: LoginFailure;
  email: string;
}

export async function signInWithoutScript(request: Request, context: Context, language: Language) {
  const { db, clock, config } = context.get(servicesContext);
  const secure = config.NODE_ENV === "production";
  const form = await request.formData();
  const email = String(form.get("email") ?? "").slice(0, 1_000);
  const password = String(form.get("password") ?? "").slice(0, 4_096);
  const remember = form.get("remember") === "on";
  const address = context.get(requestContext).clientAddress;
  const now = clock.now();
  try {
    const account = await authenticate(db, { email, password, address }, now);
    const ticket = await issueLoginTicket(db, account.id, now);
    const session = await redeemLoginTicket(
      db,
      ticket,
      { remember, replacing: sessionSecretsOf(request.headers.get("Cookie"), secure).regular },
      now,
    );
    const headers = new Headers({ "Cache-Control": "no-store" });
    for (const cookie of openSessionCookies("regular", session, userInfoOf(session.account, false), remember, secure))
      headers.append("Set-Cookie", cookie);
    return redirect(afterSignInPath(request, language), { headers });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const failure: LoginFailure = { code: loginErrorCodeOf(error.code), retryAfter: error.retryAfterSeconds };
    return data<AuthActionData>({ failure, email }, { status: error.status });
  }
}
