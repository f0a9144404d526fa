// The operator console's frame in a browser (ADR 0036): nobody signed in is sent to sign in
// and back; a person without a role is told the console is for staff; an agent sees only the pier's
// sections and is refused the admin's, in their language; an admin grants a role and finds the change
// in the audit log. The API's rules (401/403, refusals audited, self-demotion) are in server/staff.db.test.ts.
import { consolePathOf } from "../../app/console/console-pages.ts";
import { en } from "../../lib/i18n/console/en.ts";
import { es } from "../../lib/i18n/console/es.ts";
import { pt } from "../../lib/i18n/console/pt.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import { checkA11y, DESKTOP_ONLY, expect, sampledOnPhones, test } from "./fixtures.ts";
import { dismissNotices, type Language } from "./shop.ts";
import { registerStaffAccount, signInAsStaff } from "./staff.ts";

const CONSOLE_MESSAGES = { es, en, pt } as const;

test.beforeEach(async ({ context }) => {
  await dismissNotices(context);
});

test(
  "nobody signed in is sent to sign in, and a person without a role is told the console is for staff",
  DESKTOP_ONLY,
  async ({ page, allowConsoleError }) => {
    allowConsoleError(/status of 403/);
    await page.goto(consolePathOf("consoleStaff", "es"));
    await expect(page).toHaveURL(pathOf("auth", "es"));
    await signInAsStaff(page, null, "es");
    await page.goto(consolePathOf("consoleHome", "es"));
    await expect(page.getByTestId("console-not-staff")).toContainText(es["console.notStaff.title"]);
  },
);

test("an admin grants a role and finds it in the audit log", DESKTOP_ONLY, async ({ page, request }) => {
  // Up to two accounts made through the register form and the mail, two axe runs.
  test.setTimeout(120_000);
  // A new account each time: the role it is granted here must be the first it ever had.
  const colleague = await registerStaffAccount(request, null, "es");
  const admin = await signInAsStaff(page, "admin", "es");

  await page.goto(consolePathOf("consoleHome", "es"));
  await expect(page.getByTestId("console-who")).toContainText(admin);
  await page.getByTestId("console-sections").getByRole("link", { name: es["console.staff.title"] }).click();
  await expect(page).toHaveURL(consolePathOf("consoleStaff", "es"));

  const form = page.getByTestId("staff-form");
  await form.getByLabel(es["console.staff.email"]).fill(colleague.toUpperCase());
  await form.getByLabel(es["console.staff.role"]).selectOption("operator");
  await form.getByRole("button", { name: es["console.staff.save"] }).click();
  await expect(page.getByTestId("staff-saved")).toContainText(colleague);
  await expect(page.getByTestId("staff-members").getByRole("row", { name: new RegExp(colleague) })).toContainText(
    es["console.role.operator"],
  );

  await form.getByLabel(es["console.staff.email"]).fill("nadie.aqui@travesia.test");
  await form.getByRole("button", { name: es["console.staff.save"] }).click();
  await expect(page.getByTestId("staff-error")).toHaveText(es["error.NOT_FOUND"]);
  await checkA11y(page);

  await page
    .getByRole("navigation", { name: es["console.nav"] })
    .getByRole("link", { name: es["console.audit.title"] })
    .click();
  const entries = page.getByTestId("audit-entries");
  // Other journeys grant roles at the same time (every signInAsStaff does): find this test's entries by what they name.
  await expect(
    entries.locator('tr[data-action="staff.set_role"][data-outcome="applied"]', { hasText: colleague }).first(),
  ).toBeVisible();
  await expect(
    entries
      .locator('tr[data-action="staff.set_role"][data-outcome="refused"]', { hasText: "nadie.aqui@travesia.test" })
      .first(),
  ).toContainText("NOT_FOUND");
  await checkA11y(page);
});

for (const language of ["es", "en", "pt"] as const satisfies readonly Language[]) {
  test(
    `an agent sees the pier's sections only, and is refused the admin's (${language})`,
    sampledOnPhones(language === "es"),
    async ({ page, allowConsoleError }) => {
      allowConsoleError(/status of 403/);
      const t = CONSOLE_MESSAGES[language];
      await signInAsStaff(page, "agent", language);
      await page.goto(consolePathOf("consoleHome", language));
      await expect(page.getByTestId("console-who")).toContainText(t["console.role.agent"]);
      const navigation = page.getByRole("navigation", { name: t["console.nav"] });
      await expect(navigation.getByRole("link", { name: t["console.staff.title"] })).toHaveCount(0);
      await expect(navigation.getByRole("link", { name: t["console.audit.title"] })).toHaveCount(0);
      await checkA11y(page);

      await page.goto(consolePathOf("consoleStaff", language));
      await expect(page.getByTestId("console-forbidden")).toContainText(t["console.forbidden.title"]);
      await expect(page.getByTestId("staff-form")).toHaveCount(0);
    },
  );
}
