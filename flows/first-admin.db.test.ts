// The first administrator from the command line: made confirmed with no password and a one-time link
// to set one, or promoted when the account exists; audited; a malformed address is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAuditEntries } from "../modules/audit/index.ts";
import { authenticate, findAccount, registerAccount, resetPassword } from "../modules/identity/index.ts";
import { openSnapshot, type DatabaseHandle } from "../tests/setup/db.ts";
import { createStaffFromCommandLine } from "./first-admin.ts";

const NOW = new Date("2031-01-10T15:00:00Z");
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openSnapshot();
});
afterAll(() => database.close());

describe("staff:create", () => {
  it("makes a confirmed admin whose link sets the password, and audits it", async () => {
    const made = await createStaffFromCommandLine(database.db, " Boss@Example.com ", NOW);
    expect(made).toMatchObject({ email: "Boss@Example.com", created: true, roleBefore: null });
    expect(await findAccount(database.db, made.userId)).toMatchObject({ confirmed: true, staffRole: "admin" });
    await resetPassword(database.db, made.passwordToken, "a sturdy harbour password", NOW);
    expect(
      await authenticate(
        database.db,
        { email: "boss@example.com", password: "a sturdy harbour password", address: "127.0.0.1" },
        NOW,
      ),
    ).toMatchObject({ id: made.userId });
    const [entry] = await findAuditEntries(database.db, { entityType: "user", entityId: made.userId, limit: 5 });
    expect(entry).toMatchObject({ action: "staff.set_role", actor: "staff:create (command line)", outcome: "applied" });
  });

  it("promotes an existing account, keeping its password and language", async () => {
    const { userId } = await registerAccount(
      database.db,
      {
        email: "agent@example.com",
        password: "another sturdy password",
        language: "pt",
        firstName: "Ana",
        lastName: "Lima",
        countryIso3: null,
        state: null,
      },
      NOW,
    );
    const made = await createStaffFromCommandLine(database.db, "agent@example.com", NOW, "operator");
    expect(made).toMatchObject({ userId, created: false, language: "pt" });
    expect(await findAccount(database.db, userId)).toMatchObject({ staffRole: "operator", confirmed: true });
    expect(
      await authenticate(
        database.db,
        { email: "agent@example.com", password: "another sturdy password", address: "127.0.0.1" },
        NOW,
      ),
    ).toMatchObject({ id: userId });
  });

  it("refuses a malformed address", async () => {
    await expect(createStaffFromCommandLine(database.db, "not-an-address", NOW)).rejects.toMatchObject({
      code: "INVALID_EMAIL",
    });
  });
});
