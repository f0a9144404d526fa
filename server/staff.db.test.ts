// The staff foundation (ADR 0036) below the pages: who may call the staff API (the admin
// token, a staff session holding the permission; nobody else), granting and removing roles, and the
// audit log recording every change and every refusal, which nothing may rewrite afterwards.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../lib/clock.ts";
import { auditEntries, findAuditEntries } from "../modules/audit/index.ts";
import { confirmEmail, issueAccountToken, registerAccount, users } from "../modules/identity/index.ts";
import { bootTestRuntime, closeTestRuntime } from "../tests/setup/either-database.ts";
import { createApp } from "./app.ts";
import type { Runtime } from "./boot.ts";

const START = new Date("2026-11-22T15:00:00Z");
const PASSWORD = "muelle-de-isla-2026";
const ADMIN_TOKEN = "staff-test-admin-token-0123456789abcdef";
const clock = fixedClock(START);
let runtime: Runtime;
let app: ReturnType<typeof createApp>;
let counter = 0;

beforeAll(async () => {
  runtime = await bootTestRuntime({ ADMIN_API_TOKEN: ADMIN_TOKEN });
  runtime.services.clock = clock;
  app = createApp(runtime.services, { ping: () => runtime.database.ping() });
});
afterAll(() => closeTestRuntime(runtime));

const db = () => runtime.services.db;

async function person(options: { confirmed?: boolean } = {}): Promise<string> {
  const email = `marina.${++counter}@travesia.test`;
  await registerAccount(
    db(),
    {
      email,
      password: PASSWORD,
      firstName: "Marina",
      lastName: "Poot",
      countryIso3: "MEX",
      state: "MX-ROO",
      language: "es",
    },
    clock.now(),
  );
  if (options.confirmed !== false) {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.emailKey, email));
    await confirmEmail(db(), await issueAccountToken(db(), row!.id, "confirm_email", clock.now()), clock.now());
  }
  return email;
}

const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const asAdmin = { Authorization: `Bearer ${ADMIN_TOKEN}` };

/** Signs in over the Users API and answers the cookies of that session. */
async function sessionOf(email: string): Promise<string> {
  const login = await json("POST", "/login", { Username: email, Password: PASSWORD });
  const { sessionId } = (await login.json()) as { sessionId: string };
  const session = await json("POST", "/user-session/", { sessionId, remember: false });
  return session.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function grant(email: string, role: string | null, headers: Record<string, string> = asAdmin) {
  return json("PUT", "/api/admin/staff", { email, role }, headers);
}

describe("the staff API", () => {
  it("lets the admin token grant a role to a confirmed account, and audits it", async () => {
    const email = await person();
    const answer = await grant(email, "operator");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ email, role: "operator" });
    const [entry] = await findAuditEntries(db(), { entityType: "user", limit: 1 });
    expect(entry).toMatchObject({
      actor: "admin-api-token",
      actorRole: "admin",
      action: "staff.set_role",
      outcome: "applied",
      before: { role: null },
      after: { role: "operator" },
    });
    const list = (await (await app.request("/api/admin/staff", { headers: asAdmin })).json()) as {
      staff: { email: string; role: string }[];
    };
    expect(list.staff).toContainEqual(expect.objectContaining({ email, role: "operator" }));
  });

  it("refuses nobody with 401 and changes nothing", async () => {
    const email = await person();
    const answer = await grant(email, "admin", {});
    expect(answer.status).toBe(401);
    expect(answer.headers.get("WWW-Authenticate")).toContain("Bearer");
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe("UNAUTHORIZED");
    const wrongToken = await grant(email, "admin", { Authorization: "Bearer not-the-admin-token-0123456789abcdef" });
    expect(wrongToken.status).toBe(401);
    const [row] = await db().select({ role: users.staffRole }).from(users).where(eq(users.emailKey, email));
    expect(row?.role).toBeNull();
  });

  it("refuses a signed-in person without the permission with 403, and audits the attempt", async () => {
    const visitor = await person();
    const agent = await person();
    await grant(agent, "agent");
    for (const email of [visitor, agent]) {
      const answer = await grant(visitor, "admin", { Cookie: await sessionOf(email) });
      expect(answer.status).toBe(403);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe("FORBIDDEN");
      const [entry] = await findAuditEntries(db(), { entityType: "permission", limit: 1 });
      expect(entry).toMatchObject({
        actor: email,
        outcome: "refused",
        reason: "FORBIDDEN",
        entityId: "staff.manage",
        action: "PUT /api/admin/staff",
      });
    }
    const [row] = await db().select({ role: users.staffRole }).from(users).where(eq(users.emailKey, visitor));
    expect(row?.role).toBeNull();
  });

  it("lets an admin's session grant and remove roles", async () => {
    const admin = await person();
    const colleague = await person();
    await grant(admin, "admin");
    const cookie = await sessionOf(admin);
    expect((await grant(colleague, "agent", { Cookie: cookie })).status).toBe(200);
    expect((await grant(colleague, null, { Cookie: cookie })).status).toBe(200);
    const entries = await findAuditEntries(db(), { entityType: "user", limit: 2 });
    expect(entries.map((entry) => [entry.actor, entry.after])).toEqual([
      [admin, { email: colleague, role: null }],
      [admin, { email: colleague, role: "agent" }],
    ]);
  });

  it.each([
    ["an unknown account", async (): Promise<string> => "nobody.here@travesia.test", 404, "NOT_FOUND"],
    [
      "an account that has not confirmed its e-mail",
      (): Promise<string> => person({ confirmed: false }),
      403,
      "USER_NOT_CONFIRMED",
    ],
  ] as const)("refuses %s with a code, and audits the refusal", async (_case, target, status, code) => {
    const email = await target();
    const answer = await grant(email, "agent");
    expect(answer.status).toBe(status);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe(code);
    const [entry] = await findAuditEntries(db(), { limit: 1 });
    expect(entry).toMatchObject({ action: "staff.set_role", outcome: "refused", reason: code, entityId: email });
  });

  it("refuses an administrator taking away their own admin role", async () => {
    const admin = await person();
    await grant(admin, "admin");
    const answer = await grant(admin, "operator", { Cookie: await sessionOf(admin) });
    expect(answer.status).toBe(409);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe("STAFF_SELF_DEMOTION");
    const [row] = await db().select({ role: users.staffRole }).from(users).where(eq(users.emailKey, admin));
    expect(row?.role).toBe("admin");
  });

  it("refuses malformed bodies before anything is read", async () => {
    for (const body of [
      { email: "a@b.c", role: "captain" },
      { role: "agent" },
      { email: "x".repeat(300), role: "agent" },
    ]) {
      const answer = await json("PUT", "/api/admin/staff", body, asAdmin);
      expect(answer.status).toBe(400);
    }
  });
});

describe("the audit log", () => {
  it("cannot be rewritten or erased", async () => {
    const [entry] = await findAuditEntries(db(), { limit: 1 });
    expect(entry).toBeDefined();
    const refusal = async (statement: Promise<unknown>) => {
      const error = await statement.then(
        () => null,
        (thrown: unknown) => thrown as Error & { cause?: Error },
      );
      return error?.cause?.message ?? error?.message ?? "no error";
    };
    expect(
      await refusal(db().execute(sql`update audit_entries set actor = 'someone else' where id = ${entry!.id}`)),
    ).toMatch(/append-only/);
    expect(await refusal(db().delete(auditEntries).where(eq(auditEntries.id, entry!.id)))).toMatch(/append-only/);
    const [kept] = await db().select().from(auditEntries).where(eq(auditEntries.id, entry!.id));
    expect(kept?.actor).toBe(entry!.actor);
  });
});

describe("the existing admin APIs", () => {
  it("take a staff session with the permission, and refuse an agent", async () => {
    const operator = await person();
    const agent = await person();
    await grant(operator, "operator");
    await grant(agent, "agent");
    expect((await app.request("/api/exchange-rates", { headers: { Cookie: await sessionOf(operator) } })).status).toBe(
      200,
    );
    expect((await app.request("/api/exchange-rates", { headers: { Cookie: await sessionOf(agent) } })).status).toBe(
      403,
    );
    expect((await app.request("/api/exchange-rates", { headers: asAdmin })).status).toBe(200);
  });
});
