// The operator's closures beyond one sailing (ADR 0064). en, the whole journey: a buyer pays a seat
// over HTTP, an operator closes that sailing, moves every passenger of it in one action to a sailing
// five days later (picked through the later-day form), and reopens it; the buyer's mails (new tickets, then "reopened, your booking stays as
// changed") arrive at the real SMTP server. pt: a park's day closed from the console and reopened,
// in the console's words. en: the closures list paged, its filter kept from page to page. The
// breadth — activity holders mailed, the return leg alone, seats never oversold, refusals, the list's
// paging — is in server/closure-operations.db.test.ts.
import { consolePathOf } from "../../app/console/console-pages.ts";
import { en as consoleEn } from "../../lib/i18n/console/en.ts";
import { pt as consolePt } from "../../lib/i18n/console/pt.ts";
import { checkA11y, DESKTOP_ONLY, expect, test } from "./fixtures.ts";
import { waitForMail } from "./mailbox.ts";
import { buyFerrySeatOverHttp, cancunDate } from "./shop.ts";
import { closeActivityDay } from "./console-tasks.ts";
import { signInAsStaff } from "./staff.ts";

// A day no other journey buys on: the sailing closed here must not be one another test wants.
const DAYS_AHEAD = 73;
// Park days beyond the sale horizon (120 days) that nobody can buy: the paging journey closes 21 of them.
const PAGING_DAYS_AHEAD = 200;
const PAGING_CLOSURES = 21;

// One after the other, in one worker: the paging journey's 21 closures would push this file's other
// closures, looked up on the list's first page, to the second.
test.describe.configure({ mode: "default" });

test(
  "en: an operator moves every passenger of a closed sailing at once, then reopens it; the buyer is e-mailed both",
  DESKTOP_ONLY,
  async ({ page }) => {
    test.slow(); // a purchase, a staff account made through its mail, a closure, a move and two mails
    const words = consoleEn;
    const email = `move.${Date.now().toString(36)}@example.com`;
    const date = cancunDate(DAYS_AHEAD);
    const reference = await buyFerrySeatOverHttp(page, "en", { name: "Grace Hopper", email }, DAYS_AHEAD);

    await signInAsStaff(page, "operator", "en");
    await page.goto(`${consolePathOf("consoleClosures", "en")}?date=${date}`);
    const bought = () => page.getByTestId("day-sailing").filter({ hasText: /: 1 of \d+ seats taken/ });
    await expect(bought()).toHaveCount(1);
    await bought().getByTestId("close-sailing").click();
    await expect(page.getByTestId("closure-done")).toHaveText(
      words["ops.closures.done.closed.one"].replace("{count}", "1"),
    );

    const closed = bought();
    await expect(closed).toHaveAttribute("data-status", "closed");
    const time = /\b\d{2}:\d{2}\b/.exec((await closed.textContent()) ?? "")?.[0] ?? "";
    // Beyond this day and the next: the operator asks for a later day, and its sailings are offered.
    const later = cancunDate(DAYS_AHEAD + 5);
    await closed.getByTestId("move-day-form").locator('input[name="moveDay"]').fill(later);
    await closed.getByTestId("move-day").click();
    await expect(page).toHaveURL(new RegExp(`moveDay=${later}`));
    const form = bought().getByTestId("move-holders-form");
    const target = form.getByLabel(words["ops.closures.move.to"]);
    const option = target.locator("option", { hasText: later }).first();
    await expect(option).toBeAttached();
    await target.selectOption((await option.getAttribute("value")) ?? "");
    await checkA11y(page);
    await form.getByTestId("move-holders").click();
    await expect(page.getByTestId("closure-done")).toHaveText(
      words["ops.closures.done.moved.one"].replace("{count}", "1"),
    );
    // Nobody is left on the closed sailing.
    await expect(
      page.locator('[data-testid="day-sailing"][data-status="closed"]').filter({ hasText: /: 0 of \d+ seats taken/ }),
    ).toHaveCount(1);
    const moved = await waitForMail(email, /^New date, new tickets/);
    expect(moved.subject).toContain(reference);

    // This journey's closure, not whichever another journey made last: its sailing's day and time.
    await page
      .getByTestId("closure")
      .filter({ hasText: words["ops.closures.what.sailing"].replace("{date}", date).replace("{time}", time) })
      .getByTestId("reopen")
      .click();
    await expect(page.getByTestId("closure-done")).toHaveText(
      words["ops.closures.done.reopenedNotified.one"].replace("{count}", "1"),
    );
    const reopened = await waitForMail(email, /^We reopened what we had closed/);
    expect(reopened.subject).toContain(reference);
    expect(reopened.text).toContain("Your booking had already been changed");
  },
);

test(
  "pt: an operator closes a park's day and reopens it, in the console's words",
  DESKTOP_ONLY,
  async ({ page, allowConsoleError }) => {
    allowConsoleError(/status of 409/);
    const words = consolePt;
    const date = cancunDate(DAYS_AHEAD + 1);
    await signInAsStaff(page, "operator", "pt");
    await page.goto(`${consolePathOf("consoleClosures", "pt")}?date=${date}&state=open`);
    await closeActivityDay(page, "pt", "Xcaret");
    await expect(page.getByTestId("closure-done")).toHaveText(
      words["ops.closures.done.closed.one"].replace("{count}", "0"),
    );
    const closure = page
      .getByTestId("closure")
      .filter({ hasText: words["ops.closures.what.activity"].replace("{date}", date).replace("{activity}", "Xcaret") });
    await expect(closure).toHaveCount(1);
    await checkA11y(page);
    // Closing it twice is refused in the console's words, changing nothing.
    await closeActivityDay(page, "pt", "Xcaret");
    await expect(page.getByTestId("console-refusal")).toHaveAttribute("data-code", "ALREADY_CLOSED");
    await expect(page.getByTestId("console-refusal")).toContainText(words["error.ALREADY_CLOSED"]);
    await page.goto(`${consolePathOf("consoleClosures", "pt")}?date=${date}&state=open`);
    await closure.getByTestId("reopen").click();
    await expect(page.getByTestId("closure-done")).toHaveText(
      words["ops.closures.done.reopenedNotified.one"].replace("{count}", "0"),
    );
  },
);

test("en: the closures list pages to older closures and back, keeping its filter", DESKTOP_ONLY, async ({ page }) => {
  const words = consoleEn;
  await signInAsStaff(page, "operator", "en");
  // More closures than a page holds, made through the staff API the console's session opens.
  const note = `paging ${Date.now().toString(36)}`;
  const ids: number[] = [];
  for (let index = 0; index < PAGING_CLOSURES; index += 1) {
    const made = await page.context().request.post("/api/admin/closures", {
      data: { activity: "xenses", date: cancunDate(PAGING_DAYS_AHEAD + index), reason: "weather", note },
    });
    expect(made.status(), await made.text()).toBe(201);
    ids.push(((await made.json()) as { closure: { id: number } }).closure.id);
  }
  const listed = (id: number) => page.locator(`[data-testid="closure"][data-closure-id="${id}"]`);
  const pages = page.getByTestId("closures-pages");

  await page.goto(consolePathOf("consoleClosures", "en"));
  const filter = page.getByTestId("closures-filter");
  await filter.getByLabel(words["ops.closures.filter.state"]).selectOption("open");
  await filter.getByRole("button", { name: words["ops.closures.filter.apply"] }).click();
  await expect(page).toHaveURL(/state=open/);
  await expect(listed(ids.at(-1)!)).toContainText(note);
  await expect(listed(ids[0]!)).toHaveCount(0);
  await expect(pages).toContainText(words["ops.closures.page"].replace("{page}", "1"));
  await expect(pages.getByRole("link", { name: words["ops.closures.previous"] })).toHaveCount(0);

  await pages.getByRole("link", { name: words["ops.closures.next"] }).click();
  await expect(page).toHaveURL(/state=open&page=2/);
  await expect(pages).toContainText(words["ops.closures.page"].replace("{page}", "2"));
  await expect(filter.getByLabel(words["ops.closures.filter.state"])).toHaveValue("open");
  await expect(listed(ids[0]!)).toHaveText(
    new RegExp(
      `${words["ops.closures.what.activity"].replace("{date}", cancunDate(PAGING_DAYS_AHEAD)).replace("{activity}", "Xenses")}.*${note}`,
    ),
  );
  await expect(listed(ids.at(-1)!)).toHaveCount(0);
  // Only closures in force, on this page too.
  await expect(page.getByTestId("closure").filter({ hasText: words["ops.closures.lifted"] })).toHaveCount(0);

  await pages.getByRole("link", { name: words["ops.closures.previous"] }).click();
  await expect(page).toHaveURL(/state=open&page=1/);
  await expect(listed(ids.at(-1)!)).toBeVisible();
  await expect(filter.getByLabel(words["ops.closures.filter.state"])).toHaveValue("open");
});
