// Staff for the console's journeys: a person who registered and confirmed their e-mail like
// anyone (over HTTP: the pages themselves are tested in accounts.spec.ts), was granted a role through
// the admin API with the e2e server's token, and is signed in in this browser context.
//
// Each Playwright worker is a process of its own, so the accounts below are made once per worker and
// role: registering waits for the confirmation mail and hashes a password (seconds on a busy machine),
// and the journeys only need a signed-in member of staff. A test that changes an account itself (an
// admin granting it a role) registers one of its own with `registerStaffAccount`.
import type { APIRequestContext, Page } from "@playwright/test";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import type { StaffRole } from "../../modules/identity/index.ts";
import { expect } from "./fixtures.ts";
import { tokenLinkOf, waitForMail } from "./mailbox.ts";
import type { Language } from "./shop.ts";

export const STAFF_PASSWORD = "muelle-de-isla-2026";

let counter = 0;
const accountsOfThisWorker = new Map<string, Promise<string>>();

/** Registers and confirms a new account, granted `role` when there is one; answers its e-mail. */
export async function registerStaffAccount(
  request: APIRequestContext,
  role: StaffRole | null,
  language: Language,
): Promise<string> {
  const email = `staff.${role ?? "none"}.${Date.now().toString(36)}.${++counter}.${process.pid}@travesia.test`;
  const registered = await request.post(pathOf("register", language), {
    form: {
      email,
      password: STAFF_PASSWORD,
      firstName: "Marina",
      lastName: "Poot",
      country: "MX",
      state: "MX-ROO",
      privacy: "yes",
    },
    maxRedirects: 0,
  });
  expect(registered.status(), "the register form accepts the staff member").toBeLessThan(400);
  const link = tokenLinkOf(await waitForMail(email, /./));
  expect((await request.get(link)).status()).toBe(200);
  if (role) {
    const granted = await request.put("/api/admin/staff", {
      headers: { Authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` },
      data: { email, role },
    });
    expect(granted.status(), await granted.text()).toBe(200);
  }
  return email;
}

/**
 * A member of staff with `role` (or, with `null`, a person without one), signed in in the page's
 * context; answers its e-mail. The account is this worker's for that role.
 */
export async function signInAsStaff(page: Page, role: StaffRole | null, language: Language): Promise<string> {
  const request = page.context().request;
  const key = role ?? "none";
  const account = accountsOfThisWorker.get(key) ?? registerStaffAccount(request, role, language);
  if (!accountsOfThisWorker.has(key)) {
    accountsOfThisWorker.set(key, account);
    // A failed registration is not kept: the next test of this worker tries again.
    account.catch(() => accountsOfThisWorker.delete(key));
  }
  const email = await account;
  const login = await request.post("/login", { data: { Username: email, Password: STAFF_PASSWORD } });
  expect(login.status()).toBe(200);
  const { sessionId } = (await login.json()) as { sessionId: string };
  const session = await request.post("/user-session/", { data: { sessionId, remember: false } });
  expect(session.status()).toBe(200);
  return email;
}
