// The operator's console in its own frame, running one day's sailings by hand (es): seats blocked for a
// group and released, and a sailing added where its vessel is not refused with the clash named in the
// console's words. The breadth (capacity, moves, vessels, rules, every refusal and its audit entry) is
// in flows/sailing-admin.db.test.ts.
import { consolePathOf } from "../../app/console/console-pages.ts";
import { es as words } from "../../app/console/messages/es.ts";
import { checkA11y, DESKTOP_ONLY, expect, test } from "./fixtures.ts";
import { cancunDate } from "./shop.ts";
import { signInAsStaff } from "./staff.ts";

// A day no other journey buys on.
const DAYS_AHEAD = 67;

test("es: an operator blocks seats for a group and is refused a sailing its vessel cannot make", DESKTOP_ONLY, async ({ page, allowConsoleError }) => {
  // A refused form answers 409 with the refusal as its data: the browser logs the status.
  allowConsoleError(/status of 409 \(Conflict\).*\/es\/operador\/salidas\//);
  const date = cancunDate(DAYS_AHEAD);
  await signInAsStaff(page, "operator", "es");
  await page.goto(`${consolePathOf("consoleSailings", "es")}?date=${date}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(words["ops.sailings.title"]);
  // The console's own frame: no public header or footer around it.
  await expect(page.getByTestId("console-bar")).toBeVisible();
  await expect(page.locator("footer")).toHaveCount(0);
  await checkA11y(page);

  const first = page.getByTestId("hand-sailing").first();
  await first.locator("summary").click();
  await first.getByLabel(words["ops.sailings.blockSeats"]).fill("12");
  await first.getByLabel(words["ops.sailings.blockFor"]).fill("Escuela Isla");
  await first.getByTestId("block-seats").click();
  await expect(page.getByTestId("sailing-done")).toHaveText(words["ops.sailings.done.blocked"]);
  await expect(page.getByTestId("hand-sailing").first()).toContainText(": 12 de ");
  await expect(page.getByTestId("seat-block")).toHaveText(/12 lugares bloqueados · Escuela Isla/);
  await page.getByTestId("seat-block").getByRole("button", { name: words["ops.sailings.release"] }).click();
  await expect(page.getByTestId("sailing-done")).toHaveText(words["ops.sailings.done.released"]);

  // Caribe I leaves Cancún at 09:00: ten minutes later it is at sea, then at Isla Mujeres.
  const form = page.getByTestId("add-sailing-form");
  await form.getByLabel(words["ops.timetable.crossing"], { exact: true }).selectOption({ index: 1 });
  await form.getByLabel(words["ops.sailings.time"], { exact: true }).fill("09:10");
  await form.getByLabel(words["ops.timetable.vessel"], { exact: true }).selectOption({ index: 1 });
  await form.getByTestId("add-sailing").click();
  const refusal = page.getByTestId("console-refusal");
  await expect(refusal).toHaveAttribute("data-code", "VESSEL_DOUBLE_BOOKED");
  await expect(refusal).toContainText("La embarcación sigue en el mar o en el muelle");
  await expect(refusal).toContainText("está en el muelle isla-mujeres");
});
