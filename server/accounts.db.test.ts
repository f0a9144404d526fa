// Accounts end to end below the pages: register → the confirmation mail (made by the job, in
// the outbox) → confirm → sign in through POST /login and /user-session/ → user info → logout; every
// refusal of the catalogue, the throttle's back-off without a lockout, session rotation, password
// reset ending every session, and the CSRF check on cookie-carrying posts.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "../lib/clock.ts";
import { AppError } from "../lib/errors.ts";
import { createLogger } from "../lib/logger.ts";
import {
  authenticate,
  confirmEmail,
  findOrCreateSocialAccount,
  registerAccount,
  requestPasswordReset,
  resetPassword,
  users,
  userSessions,
} from "../modules/identity/index.ts";
import { createJobRunner, jobs } from "../modules/jobs/index.ts";
import { findOutboxMessage, listOutbox } from "../modules/mail/index.ts";
import { bootTestRuntime, closeTestRuntime } from "../tests/setup/either-database.ts";
import { createApp } from "./app.ts";
import type { Runtime } from "./boot.ts";
import { jobHandlers } from "./jobs.ts";

const START = new Date("2026-11-22T15:00:00Z");
const PASSWORD = "mareas-de-isla-2026";
const clock = fixedClock(START);
let runtime: Runtime;
let app: ReturnType<typeof createApp>;
let counter = 0;

beforeAll(async () => {
  runtime = await bootTestRuntime({ NODE_ENV: "production", PUBLIC_ORIGIN: "https://www.travesia.mx" });
  runtime.services.clock = clock;
  app = createApp(runtime.services, { ping: () => runtime.database.ping() });
});
afterAll(() => closeTestRuntime(runtime));
beforeEach(() => clock.set(START));

const db = () => runtime.services.db;
const newEmail = () => `Viajera.${++counter}@Example.com`;

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return "resolved";
}

/** Runs the queued jobs (the account mails) and answers the link of the newest mail sent to `to`. */
async function linkMailedTo(to: string): Promise<URL> {
  const runner = createJobRunner({
    db: db(),
    logger: createLogger("silent"),
    handlers: jobHandlers(runtime.services),
    now: () => clock.now(),
  });
  await runner.runDue();
  const summary = (await listOutbox(db())).find((mail) => mail.to === to);
  if (!summary) throw new Error(`no mail to ${to}`);
  const message = await findOutboxMessage(db(), summary.id);
  const link = /https:\/\/www\.travesia\.mx\/\S+\?token=[0-9a-f]+/.exec(message?.text ?? "")?.[0];
  if (!link) throw new Error(`no link in the mail to ${to}`);
  return new URL(link);
}

async function registered(email = newEmail(), language: "es" | "en" | "pt" = "es") {
  await registerAccount(
    db(),
    { email, password: PASSWORD, firstName: "Ana", lastName: "Canul", countryIso3: "MEX", state: "MX-ROO", language },
    clock.now(),
  );
  return email;
}

async function confirmedAccount(email = newEmail()) {
  await registered(email);
  const link = await linkMailedTo(email);
  await confirmEmail(db(), link.searchParams.get("token")!, clock.now());
  return email;
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

function cookiesOf(answer: Response): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const line of answer.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const index = pair!.indexOf("=");
    jar[pair!.slice(0, index)] = pair!.slice(index + 1);
  }
  return jar;
}

async function signIn(email: string, remember = false, extraCookie = "") {
  const login = await post("/login", { Username: email, Password: PASSWORD });
  expect(login.status).toBe(200);
  const { sessionId } = (await login.json()) as { sessionId: string };
  const session = await post("/user-session/", { sessionId, remember }, extraCookie ? { Cookie: extraCookie } : {});
  return { session, sessionId, cookies: cookiesOf(session) };
}

describe("registering and confirming", () => {
  it("creates one unconfirmed account and mails a confirmation link to the confirm page of its language", async () => {
    const email = await registered(newEmail(), "pt");
    const [row] = await db().select().from(users).where(eq(users.emailKey, email.toLowerCase()));
    expect(row).toMatchObject({ email, confirmedAt: null, countryIso3: "MEX", state: "MX-ROO", language: "pt" });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=47104,t=2,p=1\$/);
    const link = await linkMailedTo(email);
    expect(link.pathname).toBe("/pt/confirmar-email/");
    expect(await codeOf(authenticate(db(), { email, password: PASSWORD, address: "198.51.100.1" }, clock.now()))).toBe(
      "USER_NOT_CONFIRMED",
    );
    const account = await confirmEmail(db(), link.searchParams.get("token")!, clock.now());
    expect(account.confirmed).toBe(true);
    // A link works once.
    expect(await codeOf(confirmEmail(db(), link.searchParams.get("token")!, clock.now()))).toBe(
      "ACCOUNT_TOKEN_INVALID",
    );
  });

  it("keeps no usable token in the queued job: the job mints it when it sends", async () => {
    const email = await registered();
    const queued = await db().select({ payload: jobs.payload }).from(jobs);
    expect(JSON.stringify(queued)).not.toMatch(/token/i);
    await linkMailedTo(email);
  });

  it("refuses an e-mail registered already, whatever its case, and creates nothing", async () => {
    const email = await registered();
    const before = await db().$count(users);
    expect(await codeOf(registered(email.toUpperCase()))).toBe("USER_ALREADY_EXISTS");
    expect(await db().$count(users)).toBe(before);
  });

  it.each([
    ["a malformed e-mail", { email: "ana@", password: PASSWORD }, "INVALID_EMAIL"],
    ["no password", { password: "" }, "PASSWORD_REQUIRED"],
    ["a password of eight spaces", { password: "        " }, "PASSWORD_BLANK"],
    ["a password of tabs, newlines and no-break spaces", { password: "\t\t\n\u00a0\u3000    " }, "PASSWORD_BLANK"],
    ["a short password", { password: "corta1!" }, "PASSWORD_TOO_SHORT"],
    ["a huge password", { password: "x".repeat(129) }, "PASSWORD_TOO_LONG"],
    ["one of the most common passwords", { password: "password123" }, "PASSWORD_TOO_COMMON"],
    ["no first name", { firstName: " " }, "ACCOUNT_DETAILS_INVALID"],
    ["markup in a name", { lastName: "<script>" }, "ACCOUNT_DETAILS_INVALID"],
    ["an unknown country", { countryIso3: "XXX" }, "ACCOUNT_DETAILS_INVALID"],
  ])("refuses %s with %s and creates nothing", async (_label, change, code) => {
    const before = await db().$count(users);
    const input = {
      email: newEmail(),
      password: PASSWORD,
      firstName: "Ana",
      lastName: "Canul",
      countryIso3: "MEX",
      state: null,
      language: "es" as const,
      ...change,
    };
    expect(await codeOf(registerAccount(db(), input, clock.now()))).toBe(code);
    expect(await db().$count(users)).toBe(before);
  });

  it("refuses a forged token and an expired one with their codes", async () => {
    expect(await codeOf(confirmEmail(db(), "f".repeat(64), clock.now()))).toBe("ACCOUNT_TOKEN_INVALID");
    expect(await codeOf(confirmEmail(db(), "not a token", clock.now()))).toBe("ACCOUNT_TOKEN_INVALID");
    const email = await registered();
    const link = await linkMailedTo(email);
    clock.advance(49 * 60 * 60 * 1000);
    expect(await codeOf(confirmEmail(db(), link.searchParams.get("token")!, clock.now()))).toBe(
      "ACCOUNT_TOKEN_EXPIRED",
    );
  });
});

describe("signing in over HTTP", () => {
  it("answers a ticket, opens a session with a fresh HttpOnly cookie, and tells who is signed in", async () => {
    const email = await confirmedAccount();
    const { session, cookies } = await signIn(email);
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({
      status: "auth",
      userName: "Ana Canul",
      isSocial: false,
      foundData: true,
      firstName: "Ana",
      lastName: "Canul",
      stateIso: "MX-ROO",
      sId: expect.any(String),
      countryIso3: "MEX",
    });
    const setCookies = session.headers.getSetCookie();
    expect(setCookies.find((line) => line.startsWith("__Host-travesia_session="))).toMatch(/HttpOnly.*|Secure/);
    expect(setCookies.find((line) => line.startsWith("__Host-travesia_session="))).toMatch(/HttpOnly/);
    expect(setCookies.find((line) => line.startsWith("__Host-travesia_session="))).not.toMatch(/Max-Age/);
    // Every flag the __Host- prefix demands (Secure, Path=/, no Domain), and SameSite.
    const sessionCookie = (setCookies.find((line) => line.startsWith("__Host-travesia_session=")) ?? "")
      .split(";")
      .map((part) => part.trim());
    expect(sessionCookie).toEqual(expect.arrayContaining(["HttpOnly", "Secure", "Path=/", "SameSite=Lax"]));
    expect(sessionCookie.some((part) => /^domain=/i.test(part))).toBe(false);
    expect(JSON.parse(decodeURIComponent(cookies.userInfo!))).toEqual({
      state: "MX-ROO",
      id: expect.any(String),
      login: true,
      country: "MEX",
    });
    const info = await app.request("/user-info/", {
      headers: { Cookie: `__Host-travesia_session=${cookies["__Host-travesia_session"]}` },
    });
    expect(info.headers.get("Cache-Control")).toBe("no-store");
    expect(await info.json()).toMatchObject({ status: "auth", firstName: "Ana" });
  });

  it("remembers for 30 days only when asked", async () => {
    const { session } = await signIn(await confirmedAccount(), true);
    expect(session.headers.getSetCookie().find((line) => line.startsWith("__Host-travesia_session="))).toMatch(
      /Max-Age=2592000/,
    );
  });

  it("gives a new session id at every sign-in and ends the one the browser had", async () => {
    const email = await confirmedAccount();
    const first = await signIn(email);
    const oldCookie = `__Host-travesia_session=${first.cookies["__Host-travesia_session"]}`;
    const second = await signIn(email, false, oldCookie);
    expect(second.cookies["__Host-travesia_session"]).not.toBe(first.cookies["__Host-travesia_session"]);
    expect(await (await app.request("/user-info/", { headers: { Cookie: oldCookie } })).json()).toEqual({
      status: "noauth",
    });
  });

  it("refuses a ticket used twice, a forged one and one older than two minutes", async () => {
    const email = await confirmedAccount();
    const { sessionId } = await signIn(email);
    for (const ticket of [sessionId, "0".repeat(64), "<script>"]) {
      const answer = await post("/user-session/", { sessionId: ticket, remember: false });
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ error: { code: "LOGIN_TICKET_INVALID" } });
    }
    const login = await post("/login", { Username: email, Password: PASSWORD });
    const late = (await login.json()) as { sessionId: string };
    clock.advance(121_000);
    expect((await post("/user-session/", { sessionId: late.sessionId, remember: false })).status).toBe(401);
  });

  it.each([
    ["a malformed e-mail", { Username: "ana.example.com", Password: PASSWORD }, 400, "INVALID_EMAIL"],
    ["an empty password", { Username: "ana@example.com", Password: "" }, 400, "PASSWORD_REQUIRED"],
    ["an unknown e-mail", { Username: "nadie@example.com", Password: PASSWORD }, 401, "INCORRECT_LOGIN"],
    ["a huge password", { Username: "nadie@example.com", Password: "x".repeat(4_000) }, 401, "INCORRECT_LOGIN"],
    ["a body without fields", {}, 400, "INVALID_REQUEST"],
  ])("answers %s with %s", async (_label, body, status, code) => {
    const answer = await post("/login", body);
    expect(answer.status).toBe(status);
    expect(await answer.json()).toMatchObject({ error: { code } });
  });

  it("says the same INCORRECT_LOGIN for a wrong password as for an unknown e-mail, and USER_INACTIVE only with the right one", async () => {
    const email = await confirmedAccount();
    const wrong = await post("/login", { Username: email, Password: "otra-clave-distinta" });
    expect(await wrong.json()).toMatchObject({ error: { code: "INCORRECT_LOGIN" } });
    await db().update(users).set({ active: false }).where(eq(users.emailKey, email.toLowerCase()));
    expect(await (await post("/login", { Username: email, Password: "otra-clave-distinta" })).json()).toMatchObject({
      error: { code: "INCORRECT_LOGIN" },
    });
    const right = await post("/login", { Username: email, Password: PASSWORD });
    expect(right.status).toBe(403);
    expect(await right.json()).toMatchObject({ error: { code: "USER_INACTIVE" } });
  });

  it("logs out: the session ends, the cookies are cleared, user info says noauth", async () => {
    const { cookies } = await signIn(await confirmedAccount());
    const cookie = `__Host-travesia_session=${cookies["__Host-travesia_session"]}`;
    const out = await post("/user-logout/", {}, { Cookie: cookie, "Sec-Fetch-Site": "same-origin" });
    expect(await out.json()).toEqual({ status: "noauth" });
    expect(out.headers.getSetCookie().some((line) => /^__Host-travesia_session=;.*Max-Age=0/.test(line))).toBe(true);
    expect(out.headers.getSetCookie().some((line) => /^userInfo=;.*Max-Age=0/.test(line))).toBe(true);
    expect(await (await app.request("/user-info/", { headers: { Cookie: cookie } })).json()).toEqual({
      status: "noauth",
    });
  });

  it("answers noauth to a bearer token nobody issued", async () => {
    const answer = await app.request("/user-info-social/", { headers: { Authorization: "Bearer forged-token-value" } });
    expect(await answer.json()).toEqual({ status: "noauth" });
  });
});

describe("the login throttle", () => {
  it("lets five failures through, then makes each wait longer, never locks the account for good, and forgets after a success", async () => {
    const email = await confirmedAccount();
    const address = "203.0.113.9";
    const attempt = (password: string) => codeOf(authenticate(db(), { email, password, address }, clock.now()));
    for (let failure = 1; failure <= 5; failure += 1) expect(await attempt("equivocada-1")).toBe("INCORRECT_LOGIN");
    expect(await attempt("equivocada-1")).toBe("INCORRECT_LOGIN"); // the sixth failure: 1 s to wait
    expect(await attempt(PASSWORD)).toBe("RATE_LIMITED"); // even the right password waits
    clock.advance(1_001);
    expect(await attempt("equivocada-1")).toBe("INCORRECT_LOGIN"); // seventh: 2 s
    clock.advance(1_000);
    expect(await attempt(PASSWORD)).toBe("RATE_LIMITED");
    clock.advance(1_001);
    expect(await attempt(PASSWORD)).toBe("resolved");
    expect(await attempt("equivocada-1")).toBe("INCORRECT_LOGIN"); // counting starts again
    expect(await attempt(PASSWORD)).toBe("resolved");
  });

  it("answers 429 with Retry-After over HTTP, per account, whatever the address", async () => {
    const email = await confirmedAccount();
    for (let failure = 1; failure <= 6; failure += 1)
      await post("/login", { Username: email, Password: "equivocada-2" });
    const blocked = await post("/login", { Username: email, Password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toBe("1");
    expect(await blocked.json()).toMatchObject({ error: { code: "RATE_LIMITED", retryAfter: 1 } });
  });

  it("throttles an address trying many accounts after thirty failures", async () => {
    const address = "192.0.2.77";
    for (let failure = 1; failure <= 31; failure += 1) {
      expect(
        await codeOf(
          authenticate(
            db(),
            { email: `desconocida${failure}@example.com`, password: "x-x-x-x-x", address },
            clock.now(),
          ),
        ),
      ).toBe("INCORRECT_LOGIN");
    }
    const email = await confirmedAccount();
    expect(await codeOf(authenticate(db(), { email, password: PASSWORD, address }, clock.now()))).toBe("RATE_LIMITED");
    expect(await codeOf(authenticate(db(), { email, password: PASSWORD, address: "192.0.2.78" }, clock.now()))).toBe(
      "resolved",
    );
  });
});

describe("forgot and reset", () => {
  it("mails a link only to an account that exists, and says nothing either way", async () => {
    const before = await db().$count(jobs);
    await requestPasswordReset(db(), "nadie-aqui@example.com", clock.now());
    expect(await db().$count(jobs)).toBe(before);
    expect(await codeOf(requestPasswordReset(db(), "no es correo", clock.now()))).toBe("INVALID_EMAIL");
  });

  it("sets a new password from the forgot page's link, ends every session, and the link works once", async () => {
    const email = await confirmedAccount();
    const { cookies } = await signIn(email);
    await requestPasswordReset(db(), email, clock.now());
    const link = await linkMailedTo(email);
    expect(link.pathname).toBe("/es/forgot/");
    const token = link.searchParams.get("token")!;
    expect(await codeOf(resetPassword(db(), token, "123456789", clock.now()))).toBe("PASSWORD_TOO_COMMON");
    expect(await codeOf(resetPassword(db(), token, "        ", clock.now()))).toBe("PASSWORD_BLANK");
    await resetPassword(db(), token, "nueva-brisa-caribe", clock.now());
    expect(await codeOf(resetPassword(db(), token, "otra-brisa-caribe", clock.now()))).toBe("ACCOUNT_TOKEN_INVALID");
    const info = await app.request("/user-info/", {
      headers: { Cookie: `__Host-travesia_session=${cookies["__Host-travesia_session"]}` },
    });
    expect(await info.json()).toEqual({ status: "noauth" });
    expect(await codeOf(authenticate(db(), { email, password: PASSWORD, address: "198.51.100.2" }, clock.now()))).toBe(
      "INCORRECT_LOGIN",
    );
    expect(
      await codeOf(authenticate(db(), { email, password: "nueva-brisa-caribe", address: "198.51.100.2" }, clock.now())),
    ).toBe("resolved");
  });

  it("refuses a reset link after an hour", async () => {
    const email = await confirmedAccount();
    await requestPasswordReset(db(), email, clock.now());
    const link = await linkMailedTo(email);
    clock.advance(61 * 60 * 1000);
    expect(await codeOf(resetPassword(db(), link.searchParams.get("token")!, "nueva-brisa-caribe", clock.now()))).toBe(
      "ACCOUNT_TOKEN_EXPIRED",
    );
  });
});

describe("accounts from social sign-in", () => {
  const social = (change: Partial<Parameters<typeof findOrCreateSocialAccount>[1]> = {}) =>
    findOrCreateSocialAccount(
      db(),
      {
        provider: "google",
        subject: `sub-${++counter}`,
        email: newEmail(),
        emailVerified: true,
        firstName: "Lía",
        lastName: "Pech",
        language: "en",
        ...change,
      },
      clock.now(),
    );

  it("creates a confirmed account without a password, and finds it again by the provider's subject", async () => {
    const account = await social({ subject: "stable-subject" });
    expect(account).toMatchObject({ confirmed: true, hasPassword: false, firstName: "Lía" });
    expect((await social({ subject: "stable-subject", email: "changed@example.com" })).id).toBe(account.id);
  });

  it("links a verified address to the existing account, and never an unverified one", async () => {
    const email = await confirmedAccount();
    const linked = await social({ email: email.toUpperCase() });
    const [row] = await db().select().from(users).where(eq(users.emailKey, email.toLowerCase()));
    expect(linked.id).toBe(row!.id);
    expect(await codeOf(social({ email, emailVerified: false }))).toBe("USER_ALREADY_EXISTS");
  });
});

describe("cross-site posts with cookies", () => {
  it("are refused with CSRF_REJECTED and change nothing", async () => {
    const { cookies } = await signIn(await confirmedAccount());
    const cookie = `__Host-travesia_session=${cookies["__Host-travesia_session"]}`;
    const sessionsBefore = await db().$count(userSessions);
    for (const headers of [{ "Sec-Fetch-Site": "cross-site" }, { Origin: "https://evil.example" }] as Record<
      string,
      string
    >[]) {
      const forged = await post("/user-logout/", {}, { Cookie: cookie, ...headers });
      expect(forged.status).toBe(403);
      expect(await forged.json()).toMatchObject({ error: { code: "CSRF_REJECTED" } });
    }
    expect(await (await app.request("/user-info/", { headers: { Cookie: cookie } })).json()).toMatchObject({
      status: "auth",
    });
    expect(await db().$count(userSessions)).toBe(sessionsBefore);
    const ours = await post("/user-logout/", {}, { Cookie: cookie, Origin: "https://www.travesia.mx" });
    expect(ours.status).toBe(200);
  });
});
