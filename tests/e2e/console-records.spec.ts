// The operator's console in its own frame, running one day's sailings by hand (es): seats blocked for a
// group and released, and a sailing added where its vessel is not refused with the clash named in the
// console's words. The breadth (capacity, moves, vessels, rules, every refusal and its audit entry) is
// in flows/sailing-admin.db.test.ts.
import { consolePathOf } from "../../app/console/console-pages.ts";
import { es as words } from "../../lib/i18n/console/es.ts";
import { pt } from "../../lib/i18n/console/pt.ts";
import { checkA11y, DESKTOP_ONLY, expect, test } from "./fixtures.ts";
import { cancunDate } from "./shop.ts";
import { signInAsStaff } from "./staff.ts";

// A day no other journey buys on.
const DAYS_AHEAD = 67;

test(
  "es: an operator blocks seats for a group and is refused a sailing its vessel cannot make",
  DESKTOP_ONLY,
  async ({ page, allowConsoleError }) => {
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
  },
);

// The records the site sells from (ADR 0063); each use case and refusal is in flows/records-admin.db.test.ts.
test(
  "es: an operator adds a pier and a crossing out of service, and is refused retiring a pier in use",
  DESKTOP_ONLY,
  async ({ page, allowConsoleError }) => {
    allowConsoleError(/status of 409 \(Conflict\).*\/es\/operador\/muelles\//);
    const code = `caracol-${Date.now().toString(36)}`;
    await signInAsStaff(page, "operator", "es");
    await page.goto(consolePathOf("consoleRecords", "es"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words["records.title"]);
    await checkA11y(page);

    const newPort = page.getByTestId("new-port-form");
    await newPort.getByLabel(words["records.code"]).fill(code);
    for (const language of ["ES", "EN", "PT"]) await newPort.getByLabel(`Nombre (${language})`).fill("Playa Caracol");
    await newPort.getByLabel("Dónde está (ES)").fill("Km 9.5, zona hotelera");
    await newPort.getByTestId("add-port").click();
    await expect(page.getByTestId("records-done")).toHaveText("Muelle Playa Caracol agregado.");

    const newCrossing = page.getByTestId("new-crossing-form");
    await newCrossing.getByLabel(words["records.code"]).fill(`${code}-isla`);
    await newCrossing.getByLabel(words["records.crossings.from"]).selectOption({ label: "Playa Caracol" });
    await newCrossing.getByLabel(words["records.crossings.duration"]).fill("30");
    await newCrossing.getByTestId("add-crossing").click();
    await expect(page.getByTestId("records-done")).toHaveText(`Travesía ${code}-isla agregada, fuera de servicio.`);
    await expect(page.locator(`[data-crossing-code="${code}-isla"]`)).toContainText(words["records.retired"]);

    // Cancún's pier still has its crossings in service: retiring it is refused, naming them.
    const cancun = page.locator('[data-port-code="cancun-el-embarcadero"]');
    await cancun.getByRole("checkbox", { name: words["records.inService"] }).uncheck();
    await cancun.getByTestId("save-port").click();
    const refusal = page.getByTestId("console-refusal");
    await expect(refusal).toHaveAttribute("data-code", "RECORD_IN_USE");
    await expect(refusal).toContainText("La travesía cancun-isla-mujeres está en servicio.");
  },
);

test(
  "pt: an operator takes a fare row off the price list and puts it back",
  DESKTOP_ONLY,
  async ({ page, allowConsoleError }) => {
    allowConsoleError(/status of 400 \(Bad Request\).*\/pt\/operador\/precos\//);
    await signInAsStaff(page, "operator", "pt");
    await page.goto(consolePathOf("consolePrices", "pt"));
    // Xplor Fuego's tour, resident child: a row no other journey buys.
    const row = page.locator('[data-fare="203:single:resident:child"]');
    await row.locator("xpath=ancestor::details").locator("summary").click();
    const amount = await row.getByRole("textbox").inputValue();
    await row.getByTestId("retire-fare").click();
    await expect(page.getByTestId("prices-done")).toHaveText(pt["ops.prices.done.fareRetired"]);
    await expect(page.locator('[data-fare="203:single:resident:child"]')).toHaveCount(0);

    const form = page.getByTestId("new-fare-form");
    await form.getByLabel(pt["ops.prices.product"]).selectOption("203");
    await form.getByLabel(pt["ops.prices.categoryLabel"]).selectOption("resident");
    await form.getByLabel(pt["ops.prices.passengerLabel"]).selectOption("child");
    // A park sells admissions, not one-way trips: refused in Portuguese.
    await form.getByLabel(pt["ops.prices.tripLabel"]).selectOption("one_way");
    await form.getByLabel(pt["ops.prices.amount"]).fill(amount);
    await form.getByTestId("add-fare").click();
    await expect(page.getByTestId("console-refusal")).toContainText(pt["records.issue.notSoldByProduct"]);
    await page.getByTestId("new-fare-form").getByLabel(pt["ops.prices.tripLabel"]).selectOption("single");
    await page.getByTestId("new-fare-form").getByTestId("add-fare").click();
    await expect(page.getByTestId("prices-done")).toHaveText(pt["ops.prices.done.fareAdded"]);
    await expect(page.locator('[data-fare="203:single:resident:child"]')).toHaveCount(1);
  },
);
