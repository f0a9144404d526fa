// Console samples the other journeys leave out, one per language: en, the fleet (a vessel that rules
// in force sail cannot retire, the refusal naming them; a new vessel added and retired); pt, the booth
// selling open tickets in euros with the passengers' names, and one sailing by hand (a new vessel's
// sailing added and moved, a capacity set by hand that the vessel's new one leaves); es, the closures
// list filtered by state; en, a sold booking moved to another sailing and cancelled with no money back;
// es, a presale tier added, refused twice and retired; pt, an audience added to a content slot and
// retired; es, an ended rule put back in force and deleted (on its own vessel and a crossing out of
// service). The breadth is in flows/sailing-admin.db.test.ts, flows/walk-up.db.test.ts,
// server/closure-operations.db.test.ts, flows/booking-care.db.test.ts, flows/cancellation.db.test.ts and
// flows/records-admin.db.test.ts.
import { consolePathOf } from "../../app/console/console-pages.ts";
import { en } from "../../lib/i18n/console/en.ts";
import { es } from "../../lib/i18n/console/es.ts";
import { pt } from "../../lib/i18n/console/pt.ts";
import { checkA11y, DESKTOP_ONLY, expect, test } from "./fixtures.ts";
import { buyFerrySeatOverHttp, cancunDate, dismissNotices } from "./shop.ts";
import {
  addAudience,
  addCrossing,
  addEndedRule,
  addPier,
  addPresaleTier,
  addSailingByHand,
  addVessel,
  audienceForm,
  changeVesselCapacity,
  closeActivityDay,
  reactivateThenDeleteRule,
  setSailingCapacity,
} from "./console-tasks.ts";
import { signInAsStaff } from "./staff.ts";

// The booth sells up to a week ahead; open tickets take no seat, so sharing a day is harmless. The
// closed day is one no other journey closes.
const BOOTH_DAYS_AHEAD = 5;
const CLOSURE_DAYS_AHEAD = 92;
const HAND_DAYS_AHEAD = 93;
const CARE_DAYS_AHEAD = 94;

test.beforeEach(async ({ context }) => {
  await dismissNotices(context);
});

test(
  "en: retiring a vessel that rules in force sail is refused with the rules named; a new one is added and retired",
  DESKTOP_ONLY,
  async ({ page, allowConsoleError }) => {
    allowConsoleError(/status of 409/);
    await signInAsStaff(page, "operator", "en");
    await page.goto(consolePathOf("consoleVessels", "en"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(en["ops.vessels.title"]);

    const caribe = page.getByTestId("vessel").filter({ hasText: "(caribe-1)" });
    await caribe.getByLabel(en["ops.vessels.active"]).uncheck();
    await caribe.getByTestId("save-vessel").click();
    const refusal = page.getByTestId("vessel").filter({ hasText: "(caribe-1)" }).getByTestId("console-refusal");
    await expect(refusal).toHaveAttribute("data-code", "VESSEL_IN_USE");
    await expect(refusal).toContainText(en["error.VESSEL_IN_USE"]);
    await expect(refusal.locator("li").first()).toHaveText(/^Rule #\d+ still sails it\.$/);
    await checkA11y(page);
    await page.reload();
    await expect(caribe.getByLabel(en["ops.vessels.active"])).toBeChecked();

    const code = `e2e-${Date.now().toString(36)}`;
    await addVessel(page, "en", { code, name: "Test Launch", capacity: 40 });
    const added = page.getByTestId("vessel").filter({ hasText: `(${code})` });
    await added.getByLabel(en["ops.vessels.active"]).uncheck();
    await added.getByTestId("save-vessel").click();
    await expect(page.getByTestId("vessel-saved")).toBeVisible();
    await page.reload();
    await expect(added.getByLabel(en["ops.vessels.active"])).not.toBeChecked();
  },
);

test("pt: the booth sells open tickets in euros with the passengers' names", DESKTOP_ONLY, async ({ page }) => {
  const date = cancunDate(BOOTH_DAYS_AHEAD);
  await signInAsStaff(page, "agent", "pt");
  const day = await (
    await page
      .context()
      .request.get(
        `/api/sailings?crossing=cancun-isla-mujeres&trip=one_way&date=${date}&adults=2&currency=MXN&language=pt`,
      )
  ).json();
  const sailing = (day.outbound as { id: number; selectable: boolean }[]).find((candidate) => candidate.selectable)!;
  await page.goto(`${consolePathOf("consoleWalkUp", "pt")}?date=${date}&sailing=${sailing.id}`);
  const form = page.getByTestId("walkup-form");
  await form.getByRole("radio", { name: pt["money.booth.trip.open"] }).check();
  await form.getByLabel(pt["console.walkup.adults"]).fill("2");
  await form.getByLabel(pt["money.booth.names"]).fill("Ana Souza\nBeto Souza");
  await form.getByLabel(pt["money.booth.currency"]).selectOption("EUR");
  await form.getByRole("button", { name: pt["console.walkup.sell"] }).click();
  const sold = page.getByTestId("walkup-sold");
  await expect(sold).toContainText("EUR");
  await expect(page.getByTestId("walkup-tickets").locator("li")).toHaveCount(2);
  await checkA11y(page);
});

test(
  "es: the closures list shows what is in force or lifted, as the operator filters it",
  DESKTOP_ONLY,
  async ({ page }) => {
    const date = cancunDate(CLOSURE_DAYS_AHEAD);
    const what = es["ops.closures.what.activity"].replace("{date}", date).replace("{activity}", "Xcaret");
    await signInAsStaff(page, "operator", "es");
    await page.goto(`${consolePathOf("consoleClosures", "es")}?date=${date}`);
    await closeActivityDay(page, "es", "Xcaret");
    await expect(page.getByTestId("closure-done")).toBeVisible();
    const closure = page.getByTestId("closure").filter({ hasText: what });
    await expect(closure).toHaveCount(1);
    await closure.getByTestId("reopen").click();
    // The close's notice is still on the page: the closure marked lifted is what says the reopen landed.
    await expect(closure).toContainText(es["ops.closures.lifted"]);

    const filter = page.getByTestId("closures-filter");
    await filter.getByLabel(es["ops.closures.filter.state"]).selectOption("open");
    await filter.getByRole("button", { name: es["ops.closures.filter.apply"] }).click();
    await expect(page).toHaveURL(/state=open/);
    await expect(closure).toHaveCount(0);
    await expect(page.getByTestId("closure").filter({ hasText: es["ops.closures.lifted"] })).toHaveCount(0);

    await filter.getByLabel(es["ops.closures.filter.state"]).selectOption("lifted");
    await filter.getByRole("button", { name: es["ops.closures.filter.apply"] }).click();
    await expect(page).toHaveURL(/state=lifted/);
    await expect(closure).toHaveCount(1);
    await expect(closure).toContainText(es["ops.closures.lifted"]);
    await expect(page.getByTestId("reopen")).toHaveCount(0);
    await checkA11y(page);
  },
);

test(
  "pt: an operator adds a sailing by hand for a new vessel, moves it, and sets its capacity by hand",
  DESKTOP_ONLY,
  async ({ page }) => {
    const date = cancunDate(HAND_DAYS_AHEAD);
    await signInAsStaff(page, "operator", "pt");
    await page.goto(consolePathOf("consoleVessels", "pt"));
    const name = `Lancha ${Date.now().toString(36)}`;
    await addVessel(page, "pt", { code: `e2e-pt-${Date.now().toString(36)}`, name, capacity: 60 });

    await page.goto(`${consolePathOf("consoleSailings", "pt")}?date=${date}`);
    const added = await addSailingByHand(page, "pt", name, "23:30");
    await expect(added).toContainText(pt["ops.sailings.addedByHand"]);
    await added.locator("summary").click();
    await added.getByLabel(pt["ops.sailings.time"]).fill("23:40");
    await added.getByTestId("move-sailing").click();
    await expect(page.getByTestId("sailing-done")).toHaveText(pt["ops.sailings.done.moved"]);
    await expect(added).toContainText("23:40");

    await setSailingCapacity(page, "pt", added, 45);
    await expect(added).toContainText(": 0 de 45 ");
    await checkA11y(page);

    // The vessel's new capacity leaves the one set by hand on this sailing.
    await page.goto(consolePathOf("consoleVessels", "pt"));
    await changeVesselCapacity(page, "pt", name, 70);
    await page.goto(`${consolePathOf("consoleSailings", "pt")}?date=${date}`);
    await expect(added).toContainText(": 0 de 45 ");
  },
);

test(
  "en: an operator moves a sold booking to another sailing, then cancels it with no money back",
  DESKTOP_ONLY,
  async ({ page }) => {
    test.slow(); // a purchase and a staff account made through its mail before the console
    const reference = await buyFerrySeatOverHttp(
      page,
      "en",
      { name: "Ada Lovelace", email: `ada.${Date.now().toString(36)}@travesia.test` },
      CARE_DAYS_AHEAD,
    );
    await signInAsStaff(page, "operator", "en");
    await page.goto(`${consolePathOf("consoleBookings", "en")}?ref=${reference}`);
    await page.getByTestId("booking-change").click();
    const line = page.getByTestId("care-line");
    const outbound = line.locator('select[name="outbound"]');
    const other = outbound.locator("option:not([disabled]):not([value=''])").first();
    await outbound.selectOption((await other.getAttribute("value")) ?? "");
    await line.getByRole("button", { name: en["money.care.moveSubmit"].replace("{count}", "1") }).click();
    await expect(page.getByTestId("care-done")).toHaveAttribute("data-done", "move");
    await expect(page.getByTestId("care-line-counts")).toBeVisible();
    await checkA11y(page);

    await page.goto(`${consolePathOf("consoleBookings", "en")}?ref=${reference}`);
    await page.getByTestId("cancel-line").getByLabel(en["console.cancel.reason"]).fill("Asked at the pier");
    await page.getByTestId("cancel-no-refund").click();
    await expect(page.getByTestId("cancel-done")).toHaveText(en["console.cancel.doneNoRefund"]);
  },
);

test(
  "es: an operator adds a presale tier, is refused the same one twice, and retires it",
  DESKTOP_ONLY,
  async ({ page, allowConsoleError }) => {
    // The refused form answers with its 4xx status, which the browser logs.
    allowConsoleError(/status of 4\d\d/);
    // Beyond the sale horizon (120 days): no price anyone can book changes while it is in force.
    const days = 130 + Math.floor(Math.random() * 235);
    await signInAsStaff(page, "operator", "es");
    await page.goto(consolePathOf("consolePrices", "es"));
    const add = () => addPresaleTier(page, "es", days);
    const product = await add();
    await expect(page.getByTestId("prices-done")).toHaveText(es["ops.prices.done.tierAdded"]);
    const tier = page.locator("li", { hasText: `${days}+ días antes · ${product}` });
    await expect(tier).toHaveCount(1);

    await add();
    await expect(page.getByTestId("console-refusal")).toBeVisible();
    await expect(page.getByTestId("console-refusal")).toContainText(/#\d+/);
    await checkA11y(page);

    await tier.getByLabel(es["ops.prices.active"]).uncheck();
    await tier.getByRole("button", { name: es["ops.prices.save"] }).click();
    await expect(page.getByTestId("prices-done")).toHaveText(es["ops.prices.done.tier"]);
    await expect(tier.getByLabel(es["ops.prices.active"])).not.toBeChecked();
  },
);

test("pt: an operator adds an audience to a content slot, and retires it", DESKTOP_ONLY, async ({ page }) => {
  const name = `e2e-${Date.now().toString(36)}`;
  await signInAsStaff(page, "operator", "pt");
  await page.goto(consolePathOf("consoleTexts", "pt"));
  // The last slot, and a rule no visitor meets: what other journeys see does not change.
  await addAudience(page, "pt", name, "Ninguém vê isto");
  const audience = audienceForm(page, "pt", name);
  await expect(audience).toHaveCount(1);
  await checkA11y(page);
  await audience.getByTestId("retire-audience").click();
  await expect(page.getByTestId("texts-done")).toHaveText(pt["ops.texts.done.audienceRetired"]);
  await expect(audienceForm(page, "pt", name)).toHaveCount(0);
});

test("es: an operator puts an ended rule back in force, then deletes it", DESKTOP_ONLY, async ({ page }) => {
  test.slow(); // a vessel, a pier and a crossing are made first
  const code = `sam-${Date.now().toString(36)}`;
  const vesselName = `Lancha ${code}`;
  const pier = `Punta Sam ${code}`;
  await signInAsStaff(page, "operator", "es");
  // Its own vessel and a crossing out of service: no sailing any other journey sees is touched.
  await page.goto(consolePathOf("consoleVessels", "es"));
  await addVessel(page, "es", { code, name: vesselName, capacity: 30 });
  await page.goto(consolePathOf("consoleRecords", "es"));
  await addPier(page, "es", { code, name: pier });
  await addCrossing(page, "es", { code: `${code}-isla`, fromPier: pier });

  // A rule whose only day was yesterday: it is ended as soon as it is saved.
  await page.goto(consolePathOf("consoleTimetable", "es"));
  const rule = await addEndedRule(page, "es", pier, vesselName, cancunDate(-1));
  await expect(page.getByTestId("timetable-done")).toHaveText(/^Regla #\d+ guardada/);
  await checkA11y(page);
  await reactivateThenDeleteRule(page, "es", rule);
});
