// Account use cases: register, confirm, sign in (with the throttle), sessions, password
// reset, profile, and the accounts social sign-in creates. Each runs its writes in one transaction;
// argon2 runs before it, never while a row is locked.
import { randomUUID } from "node:crypto";
import { and, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { alpha2OfCountry } from "../../lib/countries.ts";
import type { Database } from "../../lib/db.ts";
import { AppError, type ErrorIssue } from "../../lib/errors.ts";
import { newSecret128 } from "../../lib/ids.ts";
import type { Language } from "../../lib/language.ts";
import { enqueueJob } from "../jobs/index.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import {
  ACCOUNT_THROTTLE,
  ADDRESS_THROTTLE,
  afterFailure,
  emailKeyOf,
  isEmailFormat,
  LIFETIMES,
  NAME_MAX_LENGTH,
  passwordProblem,
  PASSWORD_MAX_LENGTH,
  retryAfterSeconds,
  secretHash,
  sessionExpiry,
  throttleWaitUntil,
  withoutLastFailure,
  type AccountProfile,
  type ThrottlePolicy,
  type ThrottleState,
} from "./rules.ts";
import { loginThrottle, socialIdentities, userSessions, userTokens, users } from "./schema.ts";
import type { StaffRole } from "./staff.ts";

/** The job that mails a confirmation or reset link; it makes the token itself, so no job row holds one. */
export const SEND_ACCOUNT_EMAIL = "send-account-email";
export type AccountEmailPurpose = "confirm_email" | "reset_password";

type Executor = Parameters<typeof enqueueJob>[0];

export interface Account extends AccountProfile {
  language: Language;
  confirmed: boolean;
  active: boolean;
  /** The staff role (ADR 0036), null for a visitor. */
  staffRole: StaffRole | null;
  hasPassword: boolean;
}

function accountOf(row: typeof users.$inferSelect): Account {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    countryIso3: row.countryIso3,
    state: row.state,
    language: row.language as Language,
    confirmed: row.confirmedAt !== null,
    active: row.active,
    staffRole: row.staffRole ?? null,
    hasPassword: row.passwordHash !== null,
  };
}

export async function findAccount(db: Database, userId: string): Promise<Account | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ? accountOf(row) : null;
}

// ——— Details the forms send ———

export interface ProfileInput {
  firstName: string;
  lastName: string;
  /** ISO 3166-1 alpha-3, or null. */
  countryIso3: string | null;
  state: string | null;
}

/** Control characters and angle brackets have no place in a name (and would only be there to attack). */
function hasForbiddenCharacters(value: string): boolean {
  return [...value].some((character) => character < " " || character === "<" || character === ">");
}

/** Names required and bounded, a country we know, a state of at most 100 characters. */
export function profileIssues(input: ProfileInput): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  for (const field of ["firstName", "lastName"] as const) {
    const value = input[field].trim();
    if (value.length === 0) issues.push({ path: `body.${field}`, code: "required" });
    else if (value.length > NAME_MAX_LENGTH || hasForbiddenCharacters(value))
      issues.push({ path: `body.${field}`, code: "invalid" });
  }
  if (input.countryIso3 !== null && alpha2OfCountry(input.countryIso3) === null)
    issues.push({ path: "body.countryIso3", code: "invalid" });
  if (input.state !== null && (input.state.trim().length > NAME_MAX_LENGTH || hasForbiddenCharacters(input.state))) {
    issues.push({ path: "body.state", code: "invalid" });
  }
  return issues;
}

function assertEmail(email: string): void {
  if (!isEmailFormat(email)) throw new AppError("INVALID_EMAIL", { issues: [{ path: "body.email", code: "format" }] });
}

function assertPasswordPolicy(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new AppError(problem, { issues: [{ path: "body.password", code: problem.toLowerCase() }] });
}

function cleanProfile(input: ProfileInput) {
  return {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    countryIso3: input.countryIso3,
    state: input.state?.trim() || null,
  };
}

// ——— Register and confirm ———

export interface RegisterInput extends ProfileInput {
  email: string;
  password: string;
  language: Language;
}

/** A new, unconfirmed account, and its confirmation mail queued in the same transaction. */
export async function registerAccount(db: Database, input: RegisterInput, now: Date): Promise<{ userId: string }> {
  assertEmail(input.email);
  assertPasswordPolicy(input.password);
  const issues = profileIssues(input);
  if (issues.length > 0) throw new AppError("ACCOUNT_DETAILS_INVALID", { issues });
  const passwordHash = await hashPassword(input.password);
  const userId = randomUUID();
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({
        id: userId,
        email: input.email.trim(),
        emailKey: emailKeyOf(input.email),
        passwordHash,
        ...cleanProfile(input),
        language: input.language,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.emailKey })
      .returning({ id: users.id });
    if (inserted.length === 0) throw new AppError("USER_ALREADY_EXISTS");
    await enqueueAccountEmail(tx, userId, "confirm_email", now);
    return { userId };
  });
}

/** Due at `now` (the use case's clock, not the database's), so a job runner on the same clock sends it. */
export function enqueueAccountEmail(
  tx: Executor,
  userId: string,
  purpose: AccountEmailPurpose,
  now: Date,
): Promise<number | null> {
  return enqueueJob(tx, { name: SEND_ACCOUNT_EMAIL, payload: { userId, purpose }, runAt: now });
}

/** Makes the link's token (stored as its hash) when the mail is sent: called by the mail job. */
export async function issueAccountToken(
  db: Executor,
  userId: string,
  purpose: AccountEmailPurpose,
  now: Date,
): Promise<string> {
  const token = newSecret128() + newSecret128();
  const lifetime = purpose === "confirm_email" ? LIFETIMES.confirmEmailMs : LIFETIMES.resetPasswordMs;
  await db.insert(userTokens).values({
    tokenHash: secretHash(token),
    userId,
    purpose,
    expiresAt: new Date(now.getTime() + lifetime),
    createdAt: now,
  });
  return token;
}

type TokenPurpose = (typeof userTokens.$inferSelect)["purpose"];

/** Uses a token once: the user it was for, or the coded reason it cannot be used. */
async function consumeToken(
  tx: Executor,
  token: string,
  purpose: TokenPurpose,
  now: Date,
  expiredCode: "ACCOUNT_TOKEN_EXPIRED" | "LOGIN_TICKET_INVALID",
): Promise<string> {
  const invalid = purpose === "login_ticket" ? "LOGIN_TICKET_INVALID" : "ACCOUNT_TOKEN_INVALID";
  if (!/^[0-9a-f]{32,128}$/.test(token)) throw new AppError(invalid);
  const [row] = await tx
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.tokenHash, secretHash(token)), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)))
    .returning({ userId: userTokens.userId, expiresAt: userTokens.expiresAt });
  if (!row) throw new AppError(invalid);
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError(expiredCode);
  return row.userId;
}

export async function confirmEmail(db: Database, token: string, now: Date): Promise<Account> {
  return db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, "confirm_email", now, "ACCOUNT_TOKEN_EXPIRED");
    const [row] = await tx
      .update(users)
      .set({ confirmedAt: sql`coalesce(${users.confirmedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new AppError("ACCOUNT_TOKEN_INVALID");
    return accountOf(row);
  });
}

/** Another confirmation mail for an account not yet confirmed; silent otherwise (no enumeration). */
export async function resendConfirmation(db: Database, email: string, now: Date): Promise<void> {
  assertEmail(email);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(users)
      .where(eq(users.emailKey, emailKeyOf(email)))
      .limit(1);
    if (row && row.active && row.confirmedAt === null) await enqueueAccountEmail(tx, row.id, "confirm_email", now);
  });
}

// ——— Sign in ———

export interface Credentials {
  email: string;
  password: string;
  /** The client's address, for the per-address throttle. */
  address: string;
}

interface ThrottleKey {
  key: string;
  policy: ThrottlePolicy;
}

/** The keys' rows, made when missing and locked in key order (so two sign-ins cannot deadlock). */
async function lockThrottleRows(tx: Executor, keys: readonly string[]): Promise<(ThrottleState | null)[]> {
  const sorted = [...keys].sort();
  // A failure count of 0 at the epoch is "nothing to remember": afterFailure starts from it.
  await tx
    .insert(loginThrottle)
    .values(sorted.map((key) => ({ key, failures: 0, lastFailureAt: new Date(0), blockedUntil: null })))
    .onConflictDoNothing();
  const rows = await tx
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, sorted))
    .orderBy(loginThrottle.key)
    .for("update");
  return keys.map((key) => rows.find((row) => row.key === key) ?? null);
}

/**
 * Takes one sign-in try under every key, before the password is checked: while any key must wait,
 * the try is refused (and counts nowhere); otherwise it counts as a failure at once, under the rows'
 * locks, so that forty tries at the same instant, on any number of nodes, are forty failures and the
 * back-off starts at the sixth. Returns when the try may be made again, or null when it is taken.
 */
async function takeLoginTry(db: Database, keys: readonly ThrottleKey[], now: Date): Promise<Date | null> {
  return db.transaction(async (tx) => {
    const states = await lockThrottleRows(
      tx,
      keys.map(({ key }) => key),
    );
    const waits = states.map((state) => throttleWaitUntil(state, now)).filter((until): until is Date => until !== null);
    if (waits.length > 0) return new Date(Math.max(...waits.map((until) => until.getTime())));
    for (const [index, { key, policy }] of keys.entries()) {
      await tx
        .update(loginThrottle)
        .set(afterFailure(states[index] ?? null, policy, now))
        .where(eq(loginThrottle.key, key));
    }
    return null;
  });
}

/** Gives back a try counted in advance that was not a failure (the right password). */
async function giveBackLoginTry(db: Database, { key, policy }: ThrottleKey): Promise<void> {
  await db.transaction(async (tx) => {
    const [state] = await lockThrottleRows(tx, [key]);
    if (state) await tx.update(loginThrottle).set(withoutLastFailure(state, policy)).where(eq(loginThrottle.key, key));
  });
}

/**
 * Checks an e-mail and password. Unknown address and wrong password are the same INCORRECT_LOGIN and
 * take as long (a decoy hash); USER_NOT_CONFIRMED and USER_INACTIVE are told only to whoever knows the
 * password. Each try counts per account and per address before the password is checked; past the free
 * tries each waits longer. The right password gives its try back (and clears the account's count).
 */
export async function authenticate(db: Database, credentials: Credentials, now: Date): Promise<Account> {
  assertEmail(credentials.email);
  if (credentials.password.length === 0)
    throw new AppError("PASSWORD_REQUIRED", { issues: [{ path: "body.password", code: "required" }] });
  const account: ThrottleKey = { key: `account:${emailKeyOf(credentials.email)}`, policy: ACCOUNT_THROTTLE };
  const address: ThrottleKey = { key: `ip:${credentials.address}`, policy: ADDRESS_THROTTLE };
  const until = await takeLoginTry(db, [account, address], now);
  if (until) throw new AppError("RATE_LIMITED", { retryAfterSeconds: retryAfterSeconds(until, now) });
  // A password longer than any we accept cannot be right: not worth hashing (and not a way to load us).
  const tooLong = [...credentials.password].length > PASSWORD_MAX_LENGTH;
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.emailKey, emailKeyOf(credentials.email)))
    .limit(1);
  const matches = !tooLong && (await verifyPassword(row?.passwordHash ?? null, credentials.password));
  if (!row || !matches) throw new AppError("INCORRECT_LOGIN");
  await giveBackLoginTry(db, address);
  if (!row.active || row.confirmedAt === null) {
    await giveBackLoginTry(db, account);
    throw new AppError(row.active ? "USER_NOT_CONFIRMED" : "USER_INACTIVE");
  }
  await db.delete(loginThrottle).where(eq(loginThrottle.key, account.key));
  return accountOf(row);
}

/** What POST /login answers: a single-use ticket, good for two minutes, that POST /user-session/ redeems. */
export async function issueLoginTicket(db: Database, userId: string, now: Date): Promise<string> {
  const ticket = newSecret128() + newSecret128();
  await db.insert(userTokens).values({
    tokenHash: secretHash(ticket),
    userId,
    purpose: "login_ticket",
    expiresAt: new Date(now.getTime() + LIFETIMES.loginTicketMs),
    createdAt: now,
  });
  return ticket;
}

// ——— Sessions ———

export interface NewSession {
  /** The cookie's value; only its hash is stored. */
  secret: string;
  expiresAt: Date;
  account: Account;
}

export interface SessionOptions {
  kind: "regular" | "social";
  viaSocialProvider: boolean;
  remember: boolean;
  providerGrantId?: string | null;
  /** The session this browser had: ended, so a sign-in always gets a new id. */
  replacing?: string | null;
}

async function insertSession(tx: Executor, account: Account, options: SessionOptions, now: Date): Promise<NewSession> {
  if (options.replacing) {
    await tx
      .update(userSessions)
      .set({ revokedAt: now })
      .where(and(eq(userSessions.idHash, secretHash(options.replacing)), isNull(userSessions.revokedAt)));
  }
  const secret = newSecret128() + newSecret128();
  const expiresAt = sessionExpiry(options.remember, now);
  await tx.insert(userSessions).values({
    idHash: secretHash(secret),
    userId: account.id,
    kind: options.kind,
    viaSocialProvider: options.viaSocialProvider,
    remember: options.remember,
    providerGrantId: options.providerGrantId ?? null,
    createdAt: now,
    expiresAt,
  });
  return { secret, expiresAt, account };
}

/** POST /user-session/: trades the login ticket for a new session. */
export async function redeemLoginTicket(
  db: Database,
  ticket: string,
  options: { remember: boolean; replacing: string | null },
  now: Date,
): Promise<NewSession> {
  return db.transaction(async (tx) => {
    const userId = await consumeToken(tx, ticket, "login_ticket", now, "LOGIN_TICKET_INVALID");
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!row || !row.active || row.confirmedAt === null) throw new AppError("LOGIN_TICKET_INVALID");
    return insertSession(
      tx,
      accountOf(row),
      { kind: "regular", viaSocialProvider: false, remember: options.remember, replacing: options.replacing },
      now,
    );
  });
}

/** A session for an account the identity provider signed in (the code flow's return page). */
export async function startSession(
  db: Database,
  userId: string,
  options: SessionOptions,
  now: Date,
): Promise<NewSession> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!row || !row.active) throw new AppError("USER_INACTIVE");
    return insertSession(tx, accountOf(row), options, now);
  });
}

export interface ActiveSession {
  account: Account;
  kind: "regular" | "social";
  viaSocialProvider: boolean;
}

/** The account behind a session cookie, if the session is live and the account active. */
export async function findSession(db: Database, secret: string, now: Date): Promise<ActiveSession | null> {
  if (!/^[0-9a-f]{64}$/.test(secret)) return null;
  const [found] = await db
    .select({ user: users, kind: userSessions.kind, viaSocialProvider: userSessions.viaSocialProvider })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.idHash, secretHash(secret)),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, now),
        eq(users.active, true),
      ),
    )
    .limit(1);
  return found
    ? { account: accountOf(found.user), kind: found.kind, viaSocialProvider: found.viaSocialProvider }
    : null;
}

/** Ends a session; answers the identity provider's grant behind it, for the caller to revoke. */
export async function endSession(
  db: Database,
  secret: string,
  now: Date,
): Promise<{ providerGrantId: string | null } | null> {
  if (!/^[0-9a-f]{64}$/.test(secret)) return null;
  const [row] = await db
    .update(userSessions)
    .set({ revokedAt: now })
    .where(and(eq(userSessions.idHash, secretHash(secret)), isNull(userSessions.revokedAt)))
    .returning({ providerGrantId: userSessions.providerGrantId });
  return row ?? null;
}

// ——— Forgot and reset ———

/** Queues a reset mail when the address has an active account; says nothing either way. */
export async function requestPasswordReset(db: Database, email: string, now: Date): Promise<void> {
  assertEmail(email);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(users)
      .where(eq(users.emailKey, emailKeyOf(email)))
      .limit(1);
    if (row?.active) await enqueueAccountEmail(tx, row.id, "reset_password", now);
  });
}

/**
 * Sets a new password from a reset link: every session of the account ends (whoever knew the old one
 * is out), the throttle forgets the account, and the address counts as confirmed (the link proved it).
 */
export async function resetPassword(db: Database, token: string, password: string, now: Date): Promise<Account> {
  assertPasswordPolicy(password);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, "reset_password", now, "ACCOUNT_TOKEN_EXPIRED");
    const [row] = await tx
      .update(users)
      .set({
        passwordHash,
        confirmedAt: sql`coalesce(${users.confirmedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new AppError("ACCOUNT_TOKEN_INVALID");
    await tx
      .update(userSessions)
      .set({ revokedAt: now })
      .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)));
    await tx
      .update(userTokens)
      .set({ usedAt: now })
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, "reset_password"), isNull(userTokens.usedAt)));
    await tx.delete(loginThrottle).where(eq(loginThrottle.key, `account:${row.emailKey}`));
    return accountOf(row);
  });
}

// ——— Profile ———

export async function updateProfile(db: Database, userId: string, input: ProfileInput, now: Date): Promise<Account> {
  const issues = profileIssues(input);
  if (issues.length > 0) throw new AppError("ACCOUNT_DETAILS_INVALID", { issues });
  const [row] = await db
    .update(users)
    .set({ ...cleanProfile(input), updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new AppError("NOT_FOUND");
  return accountOf(row);
}

// ——— Accounts from upstream social providers ———

export interface SocialProfile {
  provider: string;
  subject: string;
  email: string;
  /** Only an address the upstream provider verified may be linked to an existing account. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  language: Language;
}

/**
 * The account a social sign-in is for: the one already linked to that provider's subject, else the
 * account with the same verified address (now linked, and confirmed), else a new confirmed account
 * without a password. An unverified address is never linked to someone else's account.
 */
export async function findOrCreateSocialAccount(db: Database, profile: SocialProfile, now: Date): Promise<Account> {
  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ user: users })
      .from(socialIdentities)
      .innerJoin(users, eq(users.id, socialIdentities.userId))
      .where(and(eq(socialIdentities.provider, profile.provider), eq(socialIdentities.subject, profile.subject)))
      .limit(1);
    if (linked) {
      if (!linked.user.active) throw new AppError("USER_INACTIVE");
      return accountOf(linked.user);
    }
    if (!isEmailFormat(profile.email)) throw new AppError("INVALID_EMAIL");
    const [existing] = await tx
      .select()
      .from(users)
      .where(eq(users.emailKey, emailKeyOf(profile.email)))
      .for("update")
      .limit(1);
    let row: typeof users.$inferSelect;
    if (existing) {
      if (!profile.emailVerified) throw new AppError("USER_ALREADY_EXISTS");
      if (!existing.active) throw new AppError("USER_INACTIVE");
      [row] = (await tx
        .update(users)
        .set({ confirmedAt: existing.confirmedAt ?? now, updatedAt: now })
        .where(eq(users.id, existing.id))
        .returning()) as [typeof users.$inferSelect];
    } else {
      [row] = (await tx
        .insert(users)
        .values({
          id: randomUUID(),
          email: profile.email.trim(),
          emailKey: emailKeyOf(profile.email),
          passwordHash: null,
          firstName: profile.firstName.trim().slice(0, NAME_MAX_LENGTH),
          lastName: profile.lastName.trim().slice(0, NAME_MAX_LENGTH),
          language: profile.language,
          confirmedAt: profile.emailVerified ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning()) as [typeof users.$inferSelect];
    }
    await tx
      .insert(socialIdentities)
      .values({ provider: profile.provider, subject: profile.subject, userId: row.id, createdAt: now })
      .onConflictDoNothing();
    return accountOf(row);
  });
}

// ——— Login state: the social session first, then the regular one ———

export interface LoginState {
  session: ActiveSession | null;
  /** Which of the two cookies named sessions that are over (expired, revoked, unknown): to clear. */
  staleSocial: boolean;
  staleRegular: boolean;
}

export async function findLoginState(
  db: Database,
  cookies: { social: string | null; regular: string | null },
  now: Date,
): Promise<LoginState> {
  const social = cookies.social ? await findSession(db, cookies.social, now) : null;
  if (social) return { session: social, staleSocial: false, staleRegular: false };
  const regular = cookies.regular ? await findSession(db, cookies.regular, now) : null;
  return {
    session: regular,
    staleSocial: cookies.social !== null,
    staleRegular: cookies.regular !== null && regular === null,
  };
}

// ——— Staff roles (ADR 0036) ———

export interface StaffMember {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  staffRole: StaffRole;
}

/**
 * Gives an account a staff role, or takes it away (null). The account must exist and be confirmed: a
 * role is never granted to an address nobody proved they own. Answers the role before and after.
 */
export async function setStaffRole(
  tx: Database,
  email: string,
  role: StaffRole | null,
  now: Date,
): Promise<{ account: Account; before: StaffRole | null }> {
  const [current] = await tx
    .select()
    .from(users)
    .where(eq(users.emailKey, emailKeyOf(email)))
    .limit(1)
    .for("update");
  if (!current) throw new AppError("NOT_FOUND");
  if (role !== null && current.confirmedAt === null) throw new AppError("USER_NOT_CONFIRMED");
  const [row] = await tx
    .update(users)
    .set({ staffRole: role, updatedAt: now })
    .where(eq(users.id, current.id))
    .returning();
  if (!row) throw new AppError("NOT_FOUND");
  return { account: accountOf(row), before: current.staffRole ?? null };
}

/** Every staff account, admins first, then by e-mail. */
export async function findStaffMembers(db: Database): Promise<StaffMember[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      staffRole: users.staffRole,
    })
    .from(users)
    .where(isNotNull(users.staffRole))
    .orderBy(users.emailKey);
  const order = { admin: 0, operator: 1, agent: 2 } as const;
  return rows
    .map((row) => ({ ...row, staffRole: row.staffRole as StaffRole }))
    .sort((a, b) => order[a.staffRole] - order[b.staffRole]);
}
