// Accounts on a PostgreSQL server, where requests really overlap: one address registered by ten
// requests at once gets one account (the rest USER_ALREADY_EXISTS); twenty wrong passwords at once are
// all counted by the throttle (none lost to a race), so the next try waits; a login ticket redeemed by
// ten requests at once opens one session.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../lib/errors.ts";
import { createLogger } from "../lib/logger.ts";
import {
  authenticate,
  issueLoginTicket,
  loginThrottle,
  redeemLoginTicket,
  registerAccount,
  users,
  userSessions,
} from "../modules/identity/index.ts";
import { createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";
import { boot, type Runtime } from "./boot.ts";

const CONCURRENT = 10;
const PASSWORD = "brisa-de-la-laguna";

let testDb: TestDatabase;
let runtime: Runtime;

beforeAll(async () => {
  testDb = await createTestDatabase();
  runtime = await boot(
    { DATABASE_URL: testDb.url, DATABASE_POOL_SIZE: String(CONCURRENT + 2), LOG_LEVEL: "silent", NODE_ENV: "test" },
    { logger: createLogger("silent") },
  );
}, 60_000);

afterAll(async () => {
  await runtime?.database.close();
  await testDb?.drop();
});

const db = () => runtime.database.db;
const codeOf = (result: PromiseSettledResult<unknown>) =>
  result.status === "rejected" && result.reason instanceof AppError ? result.reason.code : result.status;

async function confirmedUser(email: string): Promise<string> {
  const { userId } = await registerAccount(
    db(),
    { email, password: PASSWORD, firstName: "Rosa", lastName: "May", countryIso3: "MEX", state: null, language: "es" },
    new Date(),
  );
  await db().update(users).set({ confirmedAt: new Date() }).where(eq(users.id, userId));
  return userId;
}

describe("accounts under concurrency", () => {
  it("registers one account when the same address is sent ten times at once, whatever the case", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: CONCURRENT }, (_, index) =>
        registerAccount(
          db(),
          {
            email: index % 2 ? "Carrera@Example.com" : "carrera@example.com",
            password: PASSWORD,
            firstName: "Rosa",
            lastName: "May",
            countryIso3: null,
            state: null,
            language: "es",
          },
          new Date(),
        ),
      ),
    );
    expect(results.map(codeOf).filter((code) => code === "fulfilled")).toHaveLength(1);
    expect(results.map(codeOf).filter((code) => code === "USER_ALREADY_EXISTS")).toHaveLength(CONCURRENT - 1);
    expect(await db().$count(users, eq(users.emailKey, "carrera@example.com"))).toBe(1);
  });

  it("counts every one of twenty simultaneous failures, so the right password must then wait", async () => {
    const email = "muchos-intentos@example.com";
    await confirmedUser(email);
    const now = new Date();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        authenticate(db(), { email, password: `equivocada-${index}`, address: `198.51.100.${index}` }, now),
      ),
    );
    expect(results.map(codeOf).every((code) => code === "INCORRECT_LOGIN" || code === "RATE_LIMITED")).toBe(true);
    const [row] = await db()
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `account:${email}`));
    // Tries that arrived while the first failures were being counted may have been refused outright.
    const refused = results.filter((result) => codeOf(result) === "RATE_LIMITED").length;
    expect(row!.failures).toBe(20 - refused);
    expect(row!.blockedUntil!.getTime()).toBeGreaterThan(now.getTime());
    await expect(authenticate(db(), { email, password: PASSWORD, address: "203.0.113.50" }, now)).rejects.toMatchObject(
      { code: "RATE_LIMITED" },
    );
  });

  it("opens one session when one login ticket is redeemed ten times at once", async () => {
    const userId = await confirmedUser("un-boleto@example.com");
    const ticket = await issueLoginTicket(db(), userId, new Date());
    const results = await Promise.allSettled(
      Array.from({ length: CONCURRENT }, () =>
        redeemLoginTicket(db(), ticket, { remember: false, replacing: null }, new Date()),
      ),
    );
    expect(results.map(codeOf).filter((code) => code === "fulfilled")).toHaveLength(1);
    expect(results.map(codeOf).filter((code) => code === "LOGIN_TICKET_INVALID")).toHaveLength(CONCURRENT - 1);
    expect(await db().$count(userSessions, eq(userSessions.userId, userId))).toBe(1);
  });
});
