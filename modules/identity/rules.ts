// Account rules as pure functions: what an e-mail and a password must be, how long each
// token and session lives, when the login throttle lets a try through, and what user info says.
import { createHash } from "node:crypto";
import commonPasswords from "fxa-common-password-list";
import { z } from "zod";

/** Token and session lifetimes. */
export const LIFETIMES = {
  /** The link in the confirmation mail. */
  confirmEmailMs: 48 * 60 * 60 * 1000,
  /** The link in the reset mail: short, since it is as good as the password. */
  resetPasswordMs: 60 * 60 * 1000,
  /** What POST /login answers lives until POST /user-session/ trades it for the cookie. */
  loginTicketMs: 2 * 60 * 1000,
  /** A session without "remember me" ends with the browser, and on the server after 12 hours at most. */
  sessionMs: 12 * 60 * 60 * 1000,
  /** "Remember me": 30 days. */
  rememberedSessionMs: 30 * 24 * 60 * 60 * 1000,
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;

const emailFormat = z.email();

/** The key an address is unique by: trimmed and lower-cased (an address is unique regardless of case). */
export function emailKeyOf(email: string): string {
  return email.trim().toLowerCase();
}

export function isEmailFormat(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length > 0 && trimmed.length <= EMAIL_MAX_LENGTH && emailFormat.safeParse(trimmed).success;
}

export type PasswordProblem =
  | "PASSWORD_REQUIRED"
  | "PASSWORD_BLANK"
  | "PASSWORD_TOO_SHORT"
  | "PASSWORD_TOO_LONG"
  | "PASSWORD_TOO_COMMON";

/**
 * NIST SP 800-63B: at least 8 characters, at most 128 (so hashing cost stays bounded), not one of the
 * most common passwords; no composition rules. Length counts characters, not UTF-16 units. Spaces
 * inside a passphrase are welcome, but a password of nothing but white space is guessed first.
 */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length === 0) return "PASSWORD_REQUIRED";
  if (password.trim().length === 0) return "PASSWORD_BLANK";
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return "PASSWORD_TOO_SHORT";
  if (length > PASSWORD_MAX_LENGTH) return "PASSWORD_TOO_LONG";
  if (commonPasswords.test(password) || commonPasswords.test(password.toLowerCase())) return "PASSWORD_TOO_COMMON";
  return null;
}

/** Tokens and session ids are stored as their SHA-256: a stolen table opens nothing. */
export function secretHash(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

export function sessionExpiry(remember: boolean, now: Date): Date {
  return new Date(now.getTime() + (remember ? LIFETIMES.rememberedSessionMs : LIFETIMES.sessionMs));
}

// ——— The login throttle: per account and per address, back-off, no permanent lockout ———

export interface ThrottlePolicy {
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** The first wait; each further failure doubles it… */
  baseDelayMs: number;
  /** …up to this. */
  maxDelayMs: number;
  /** Failures older than this (since the last one) are forgotten. */
  forgetAfterMs: number;
}

/** An account: five tries, then 1 s, 2 s, 4 s … capped at 15 minutes; forgotten after a quiet day. */
export const ACCOUNT_THROTTLE: ThrottlePolicy = {
  freeFailures: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60 * 1000,
  forgetAfterMs: 24 * 60 * 60 * 1000,
};
/** An address (many people behind one hotel's NAT): thirty tries before any wait. */
export const ADDRESS_THROTTLE: ThrottlePolicy = {
  freeFailures: 30,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60 * 1000,
  forgetAfterMs: 60 * 60 * 1000,
};

export interface ThrottleState {
  failures: number;
  lastFailureAt: Date;
  blockedUntil: Date | null;
}

/** When the next try may be made, or null when it may be made now. */
export function throttleWaitUntil(state: ThrottleState | null, now: Date): Date | null {
  if (!state?.blockedUntil) return null;
  return state.blockedUntil.getTime() > now.getTime() ? state.blockedUntil : null;
}

/** The state after one more failure at `now` (a try is counted as one before its password is checked). */
export function afterFailure(state: ThrottleState | null, policy: ThrottlePolicy, now: Date): ThrottleState {
  const forgotten = !state || now.getTime() - state.lastFailureAt.getTime() > policy.forgetAfterMs;
  const failures = (forgotten ? 0 : state.failures) + 1;
  const over = failures - policy.freeFailures;
  const delay = over <= 0 ? 0 : Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(over - 1, 30));
  return { failures, lastFailureAt: now, blockedUntil: delay > 0 ? new Date(now.getTime() + delay) : null };
}

/**
 * The state once a try counted in advance as a failure turns out not to be one: one failure fewer,
 * and no wait if that leaves it within the free tries (a wait set by older failures stays).
 */
export function withoutLastFailure(state: ThrottleState, policy: ThrottlePolicy): ThrottleState {
  const failures = Math.max(0, state.failures - 1);
  return { ...state, failures, blockedUntil: failures <= policy.freeFailures ? null : state.blockedUntil };
}

/** Whole seconds to wait, for Retry-After (never 0 while blocked). */
export function retryAfterSeconds(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

// ——— What the user-info calls answer ———

export interface AccountProfile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  countryIso3: string | null;
  state: string | null;
}

export type UserInfo =
  | { status: "noauth" }
  | {
      status: "auth";
      userName: string;
      isSocial: boolean;
      /** Whether the account has a profile to show (a name); a fresh social account may not. */
      foundData: boolean;
      firstName: string;
      lastName: string;
      stateIso: string | null;
      sId: string;
      countryIso3: string | null;
    };

export function userInfoOf(profile: AccountProfile | null, isSocial: boolean): UserInfo {
  if (!profile) return { status: "noauth" };
  const name = [profile.firstName, profile.lastName].filter((part) => part.length > 0).join(" ");
  return {
    status: "auth",
    userName: name || profile.email,
    isSocial,
    foundData: profile.firstName.length > 0,
    firstName: profile.firstName,
    lastName: profile.lastName,
    stateIso: profile.state,
    sId: profile.id,
    countryIso3: profile.countryIso3,
  };
}

/**
 * The `userInfo` cookie: state, id, login flag and country, readable by the page's scripts
 * so that an anonymous visitor's browser never asks for user info. Not a credential: the session
 * cookie is HttpOnly and is what the server trusts.
 */
export function userInfoCookieValue(info: UserInfo): string {
  if (info.status === "noauth") return JSON.stringify({ login: false });
  return JSON.stringify({ state: info.stateIso, id: info.sId, login: true, country: info.countryIso3 });
}
